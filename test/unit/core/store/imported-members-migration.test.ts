import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { MIGRATIONS } from '../../../../main/core/store/migrations.ts';

/**
 * The upgrade that lets a batch be known from its files' receipts rebuilds `batches` and
 * `batch_members`: a library written before comes through with every batch, tree, member and
 * reference (a watched file's member) as it was, and then takes imported members, once each.
 */

const BEFORE = MIGRATIONS.findIndex((m) => m.includes('aggregation_path'));
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-migrate-imported-members-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const TREE = Buffer.alloc(3 * 32, 7);

function oldLibrary(): Database.Database {
  const db = new Database(join(dir, 'library.sqlite'));
  db.pragma('foreign_keys = ON');
  for (const sql of MIGRATIONS.slice(0, BEFORE)) db.exec(sql);
  db.pragma(`user_version = ${BEFORE}`);
  db.exec(`
    INSERT INTO settings (key, value) VALUES ('library-id', 'lib-1');
    INSERT INTO profiles (name, kind, network, target_confirmations, expected_block_seconds, reject_after_seconds, idempotent_writes, created_at, updated_at)
      VALUES ('Sandbox', 'sandbox', 'sandbox', 3, 10, 120, 1, 1, 1);
    INSERT INTO records (id, profile, kind, state, name, encode, salt, record_hex, published_hex, idempotency_key, tx_id, confirmations, created_at, updated_at)
      VALUES (4, 'Sandbox', 'record', 'settled', 'Batch of 2 files', 'SHA256(s)', 's', '${'0a'.repeat(32)}', '${'0b'.repeat(32)}', 'k-4', '${'c4'.repeat(32)}', 6, 1, 1);
    INSERT INTO watched_folders (id, path, profile, recursive, include, exclude, receipts, stable_ms, created_at, updated_at)
      VALUES (2, '/d', 'Sandbox', 1, '[]', '[]', 'beside', 500, 1, 1);
  `);
  db.prepare('INSERT INTO batches (id, record_id, files, tree, created_at) VALUES (3, 4, 2, ?, 5)').run(TREE);
  db.exec(`
    INSERT INTO batch_members (id, batch_id, position, name, path, size, sha256, nonce, receipt_path, created_at)
      VALUES (8, 3, 0, 'a.txt', '/d/a.txt', 1, '${'aa'.repeat(32)}', '${'01'.repeat(16)}', '/d/a.txt.receipt.json', 6),
             (9, 3, 1, 'b.txt', '/d/b.txt', 2, '${'bb'.repeat(32)}', '${'02'.repeat(16)}', NULL, 6);
    INSERT INTO watched_files (folder_id, rel_path, size, mtime_ms, sha256, member_id, updated_at) VALUES (2, 'a.txt', 1, 1.5, '${'aa'.repeat(32)}', 8, 3);
  `);
  return db;
}

describe('the imported-members upgrade', () => {
  it('keeps every batch, tree, member and reference; a built batch is not imported and its members keep their places', () => {
    oldLibrary().close();
    const lib = Library.open(dir);
    try {
      expect(lib.batches.get(3)).toEqual({ id: 3, recordId: 4, files: 2, imported: false, createdAt: 5 });
      expect(Buffer.from(lib.batches.tree(3).nodes)).toEqual(TREE);
      expect(lib.batches.membersOf(3).map((m) => [m.id, m.position, m.name, m.receiptPath, m.aggregationPath])).toEqual([
        [8, 0, 'a.txt', '/d/a.txt.receipt.json', null],
        [9, 1, 'b.txt', null, null],
      ]);
      expect(lib.db.prepare('SELECT member_id AS m FROM watched_files').get()).toEqual({ m: 8 });
      expect(lib.db.pragma('foreign_key_check')).toEqual([]);
      // A built batch's files are never imported into it.
      const built = lib.records.get(4)!;
      const file = { name: 'c.txt', path: null, size: 3, sha256: 'cc'.repeat(32), nonce: '03'.repeat(16), receiptPath: '/r/c.txt.receipt.json' };
      expect(() => lib.batches.addImported(built, { ...file, aggregationPath: [] })).toThrow(RangeError);
    } finally {
      lib.close();
    }
  });

  it('then takes a batch known from its files: each file once, with its own path, and no tree', () => {
    oldLibrary().close();
    const lib = Library.open(dir);
    try {
      const registration = lib.records.insertImported({
        profile: 'Sandbox',
        kind: 'record',
        name: 'Batch',
        path: null,
        size: null,
        sha256: null,
        encode: 'SHA256(t)',
        salt: 't',
        recordHex: 'dd'.repeat(32),
        publishedHex: 'ee'.repeat(32),
        txId: 'c5'.repeat(32),
        state: 'settled',
        confirmations: 6,
        blockHash: null,
        blockTime: null,
        confirmation: null,
        rawTx: null,
        blockHeader: null,
        receiptPath: '',
        follow: false,
        proofOutcome: 'partially-verified',
        network: 'sandbox',
        serviceUrl: null,
      });
      const file = (name: string, nonce: string) => ({
        name,
        path: null,
        size: 3,
        sha256: createHash('sha256').update(name).digest('hex'),
        nonce,
        receiptPath: `/r/${name}.receipt.json`,
        aggregationPath: [{ left: 'ab'.repeat(32) }],
      });
      const first = lib.batches.addImported(registration, file('c.txt', '03'.repeat(16)));
      const second = lib.batches.addImported(registration, file('d.txt', '04'.repeat(16)));
      const again = lib.batches.addImported(registration, file('c.txt', '03'.repeat(16)));
      expect([first.added, second.added, again.added]).toEqual([true, true, false]);
      expect(again.member.member.id).toBe(first.member.member.id);
      const batch = lib.batches.ofRecord(registration)!;
      expect(batch).toMatchObject({ files: 2, imported: true });
      expect(lib.batches.membersOf(batch.id).map((m) => [m.name, m.position, m.aggregationPath])).toEqual([
        ['c.txt', null, [{ left: 'ab'.repeat(32) }]],
        ['d.txt', null, [{ left: 'ab'.repeat(32) }]],
      ]);
      expect(() => lib.batches.tree(batch.id)).toThrow(/imported from its files' receipts/);
      expect(lib.batches.files({}).total).toBe(4);
    } finally {
      lib.close();
    }
  });
});
