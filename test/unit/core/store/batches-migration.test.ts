import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { MIGRATIONS } from '../../../../main/core/store/migrations.ts';
import { batchSubmission } from '../../../../main/core/usecases/notarise-batch.ts';

/**
 * The upgrade that brings batches only adds their tables: a library written by the schema before it
 * comes through with every row as it was, and takes batches from then on.
 */

const BEFORE = MIGRATIONS.findIndex((m) => m.includes('CREATE TABLE batches'));
const TABLES = ['profiles', 'documents', 'records', 'watched_folders', 'watched_files', 'settings'];
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-migrate-batches-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A library as the release before batches wrote it: a document of two versions, a record, a watched file, a paused folder. */
function oldLibrary(): Database.Database {
  const db = new Database(join(dir, 'library.sqlite'));
  db.pragma('foreign_keys = ON');
  for (const sql of MIGRATIONS.slice(0, BEFORE)) db.exec(sql);
  db.pragma(`user_version = ${BEFORE}`);
  db.exec(`
    INSERT INTO settings (key, value) VALUES ('library-id', 'lib-1'), ('current-profile', 'Acme');
    INSERT INTO profiles (name, kind, network, target_confirmations, expected_block_seconds, reject_after_seconds, idempotent_writes, created_at, updated_at)
      VALUES ('Sandbox', 'sandbox', 'sandbox', 3, 10, 120, 1, 1, 1), ('Acme', 'service', 'mainnet', 6, 600, 7200, 0, 1, 1);
    INSERT INTO documents (id, profile, name, first_tx_id, head_tx_id, update_token, created_at, updated_at)
      VALUES (7, 'Acme', 'contract.pdf', '${'a1'.repeat(32)}', '${'a2'.repeat(32)}', 'token-2', 1, 2);
    INSERT INTO records (id, profile, kind, state, name, path, size, sha256, encode, salt, record_hex, published_hex, idempotency_key, tx_id,
        prev_tx_id, document_id, version, confirmations, confirmation, update_token, network, checks, next_check_at, resubmits, send_lease_owner,
        created_at, updated_at)
      VALUES
        (3, 'Acme', 'linked-create', 'settled', 'contract.pdf', '/d/contract.pdf', 5, '${'11'.repeat(32)}', 'SHA256(s)', 's', '${'11'.repeat(32)}',
         '${'f1'.repeat(32)}', 'k-3', '${'a1'.repeat(32)}', NULL, 7, 1, 6, '{"confirmedBlocks":6}', 'token-1', 'mainnet', 4, NULL, NULL, NULL, 10, 11),
        (5, 'Acme', 'linked-update', 'published', 'contract.pdf', '/d/contract.pdf', 6, '${'22'.repeat(32)}', 'SHA256(s)', 's', '${'22'.repeat(32)}',
         '${'f2'.repeat(32)}', 'k-5', '${'a2'.repeat(32)}', '${'a1'.repeat(32)}', 7, 2, 0, NULL, 'token-2', 'mainnet', 1, 99, NULL, NULL, 20, 21),
        (9, 'Sandbox', 'record', 'submitting', 'photo.jpg', '/p/photo.jpg', 7, '${'33'.repeat(32)}', 'SHA256(t)', 't', '${'33'.repeat(32)}',
         '${'f3'.repeat(32)}', 'k-9', NULL, NULL, NULL, NULL, 0, NULL, NULL, 'sandbox', 0, NULL, NULL, 'host:1:x', 30, 31);
    INSERT INTO watched_folders (id, path, profile, recursive, include, exclude, receipts, stable_ms, paused, created_at, updated_at)
      VALUES (2, '/d', 'Acme', 1, '[]', '[]', 'beside', 500, 1, 1, 1);
    INSERT INTO watched_files (folder_id, rel_path, size, mtime_ms, sha256, record_id, document_id, updated_at)
      VALUES (2, 'contract.pdf', 6, 1.5, '${'22'.repeat(32)}', 5, 7, 3);
  `);
  return db;
}

const dump = (db: Database.Database) => Object.fromEntries(TABLES.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]));

describe('the batches upgrade', () => {
  it('keeps every row of a library written before it', () => {
    const old = oldLibrary();
    const before = dump(old);
    old.close();

    const lib = Library.open(dir);
    try {
      expect(lib.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(lib.db.pragma('foreign_key_check')).toEqual([]);
      // The upgrades after it add records.service_override: 0, made for its profile's own service, for every earlier row;
      // and profiles.explorer_block_url: no block lookup, until one is set; records.listed: each row is its registration's;
      // records.receipts_due: 0, no receipt owed by an engine of before (what it wrote is on disk; none is rewritten at upgrade).
      const after = dump(lib.db);
      expect(after.records!.map((r) => (r as { service_override: number }).service_override)).toEqual([0, 0, 0]);
      expect(after.records!.map((r) => (r as { listed: number }).listed)).toEqual([1, 1, 1]);
      expect(after.records!.map((r) => (r as { receipts_due: number }).receipts_due)).toEqual([0, 0, 0]);
      after.records = after.records!.map((r) => {
        const { service_override: _, listed: __, receipts_due: ___, ...rest } = r as Record<string, unknown>;
        return rest;
      });
      expect(after.profiles!.map((p) => (p as { explorer_block_url: string | null }).explorer_block_url)).toEqual([null, null]);
      after.profiles = after.profiles!.map((p) => {
        const { explorer_block_url: _, ...rest } = p as Record<string, unknown>;
        return rest;
      });
      // The rounds upgrade (docs/design/batches-and-rounds.md, rounds) adds a folder's chain and a file's member, inode and ctime: none yet for earlier rows.
      expect(after.watched_folders).toMatchObject([{ document_id: null }]);
      expect(after.watched_files).toMatchObject([{ member_id: null, ino: null, ctime_ms: null, record_id: 5, document_id: 7 }]);
      after.watched_folders = after.watched_folders!.map((r) => {
        const { document_id: _, ...rest } = r as Record<string, unknown>;
        return rest;
      });
      after.watched_files = after.watched_files!.map((r) => {
        const { member_id: _m, ino: _i, ctime_ms: _c, ...rest } = r as Record<string, unknown>;
        return rest;
      });
      expect(after).toEqual(before);
      expect(lib.db.prepare('SELECT count(*) AS n FROM watch_pending').get()).toEqual({ n: 0 });
      expect(lib.db.prepare('SELECT count(*) AS n FROM batches').get()).toEqual({ n: 0 });
      // What the library did before, it does the same: the record in doubt, the document, found by content.
      expect(lib.records.inDoubt('Sandbox', () => true).map((r) => r.id)).toEqual([9]);
      expect(lib.records.ofDocument(7).map((r) => r.version)).toEqual([1, 2]);
      expect(lib.batches.membersBySha256('33'.repeat(32))).toEqual([]);

      // And it takes batches from now on.
      const files = ['a', 'b'].map((n) => ({ name: `${n}.txt`, path: `/p/${n}.txt`, size: 1, sha256: n.repeat(64) }));
      const created = lib.batches.create(batchSubmission({ newKey: () => 'k-new' }, 'Sandbox', { network: 'sandbox', serviceUrl: null }, files));
      expect(created.taken).toBeUndefined();
      expect(lib.batches.membersBySha256('a'.repeat(64))[0]!.member).toMatchObject({ name: 'a.txt', position: 0 });
    } finally {
      lib.close();
    }
  });
});
