import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { MIGRATIONS } from '../../../../main/core/store/migrations.ts';

/**
 * The migration that adds `queued` and `superseded` rebuilds the records table (its state CHECK
 * grows), which documents and watched files refer to: an old library must come through whole.
 */

const BEFORE = MIGRATIONS.findIndex((m) => m.includes("'queued'")); // the schema of the release before the life-cycle states
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-migrate-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A library as the previous release wrote it: a document of two versions, a record, a watched file. */
function oldLibrary(): void {
  const db = new Database(join(dir, 'library.sqlite'));
  db.pragma('foreign_keys = ON');
  for (const sql of MIGRATIONS.slice(0, BEFORE)) db.exec(sql);
  db.pragma(`user_version = ${BEFORE}`);
  db.exec(`
    INSERT INTO profiles (name, kind, network, target_confirmations, expected_block_seconds, reject_after_seconds, idempotent_writes, created_at, updated_at)
      VALUES ('Sandbox', 'sandbox', 'sandbox', 3, 10, 120, 1, 1, 1), ('Acme', 'service', 'mainnet', 6, 600, 7200, 0, 1, 1);
    INSERT INTO documents (id, profile, name, first_tx_id, head_tx_id, update_token, created_at, updated_at)
      VALUES (7, 'Acme', 'contract.pdf', '${'a1'.repeat(32)}', '${'a2'.repeat(32)}', 'token-2', 1, 2);
    INSERT INTO records (id, profile, kind, state, name, path, sha256, encode, salt, idempotency_key, tx_id, prev_tx_id, document_id, version,
        confirmations, confirmation, update_token, proof_outcome, network, checks, next_check_at, created_at, updated_at)
      VALUES
        (3, 'Acme', 'linked-create', 'settled', 'contract.pdf', '/d/contract.pdf', '${'11'.repeat(32)}', 'SHA256(s)', 's', 'k-3', '${'a1'.repeat(32)}', NULL, 7, 1,
         6, '{"confirmedBlocks":6}', 'token-1', NULL, 'mainnet', 4, NULL, 10, 11),
        (5, 'Acme', 'linked-update', 'published', 'contract.pdf', '/d/contract.pdf', '${'22'.repeat(32)}', 'SHA256(s)', 's', 'k-5', '${'a2'.repeat(32)}', '${'a1'.repeat(32)}', 7, 2,
         0, NULL, 'token-2', NULL, 'mainnet', 1, 99, 20, 21),
        (9, 'Sandbox', 'record', 'confirmed', 'photo.jpg', NULL, '${'33'.repeat(32)}', '', NULL, NULL, '${'b1'.repeat(32)}', NULL, NULL, NULL,
         1, '{"confirmedBlocks":1}', NULL, 'partially-verified', 'sandbox', 2, 50, 30, 31);
    INSERT INTO watched_folders (id, path, profile, recursive, include, exclude, receipts, stable_ms, created_at, updated_at)
      VALUES (2, '/d', 'Acme', 1, '[]', '[]', 'beside', 500, 1, 1);
    INSERT INTO watched_files (folder_id, rel_path, size, mtime_ms, sha256, record_id, document_id, updated_at)
      VALUES (2, 'contract.pdf', 10, 1.5, '${'22'.repeat(32)}', 5, 7, 3);
  `);
  db.close();
}

describe('the life-cycle migration', () => {
  it('keeps every row and reference of an old library, and allows the new states', async () => {
    oldLibrary();
    const lib = Library.open(dir);
    try {
      expect(lib.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(lib.db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(lib.db.pragma('foreign_key_check')).toEqual([]);

      const rows = lib.db
        .prepare('SELECT id, state, tx_id, document_id, version, update_token, proof_outcome, confirmation, checks, next_check_at FROM records ORDER BY id')
        .all();
      expect(rows).toEqual([
        {
          id: 3,
          state: 'settled',
          tx_id: 'a1'.repeat(32),
          document_id: 7,
          version: 1,
          update_token: 'token-1',
          proof_outcome: null,
          confirmation: '{"confirmedBlocks":6}',
          checks: 4,
          next_check_at: null,
        },
        {
          id: 5,
          state: 'published',
          tx_id: 'a2'.repeat(32),
          document_id: 7,
          version: 2,
          update_token: 'token-2',
          proof_outcome: null,
          confirmation: null,
          checks: 1,
          next_check_at: 99,
        },
        {
          id: 9,
          state: 'confirmed',
          tx_id: 'b1'.repeat(32),
          document_id: null,
          version: null,
          update_token: null,
          proof_outcome: 'partially-verified',
          confirmation: '{"confirmedBlocks":1}',
          checks: 2,
          next_check_at: 50,
        },
      ]);
      const record = lib.records.get(5)!;
      expect(record).toMatchObject({ resubmits: null, supersededBy: null, possibleDuplicate: false, lastCheckedAt: null });
      expect(lib.watchedFolders.file(2, 'contract.pdf')).toMatchObject({ recordId: 5, documentId: 7 });
      expect(await lib.documents.byTxId('a2'.repeat(32))).toMatchObject({ id: 7, headTxId: 'a2'.repeat(32) });
      expect((await lib.profiles.require('Acme')).resubmitAfterSeconds).toBe(3600);

      // The rebuilt table keeps its indexes, its uniqueness and its references.
      const indexes = lib.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'records' AND name NOT LIKE 'sqlite_%'").pluck().all();
      expect(indexes).toEqual(expect.arrayContaining(['records_sha256', 'records_tx_id', 'records_pending', 'records_document', 'records_created']));
      expect(() => lib.db.prepare('UPDATE records SET tx_id = ? WHERE id = 9').run('a1'.repeat(32))).not.toThrow(); // other profile
      expect(() => lib.db.prepare("UPDATE records SET profile = 'Acme', tx_id = ? WHERE id = 9").run('a1'.repeat(32))).toThrow(/UNIQUE/);
      expect(() => lib.db.prepare('UPDATE records SET document_id = 99 WHERE id = 9').run()).toThrow(/FOREIGN KEY/);
      expect(() => lib.db.prepare('DELETE FROM records WHERE id = 5').run()).toThrow(/FOREIGN KEY/); // the watched file refers to it
      expect(() => lib.db.prepare("UPDATE records SET state = 'queued' WHERE id = 9").run()).not.toThrow();
      expect(() => lib.db.prepare("UPDATE records SET state = 'superseded', superseded_by = 3 WHERE id = 9").run()).not.toThrow();
      expect(() => lib.db.prepare('UPDATE records SET superseded_by = 404 WHERE id = 9').run()).toThrow(/FOREIGN KEY/);
      expect(() => lib.db.prepare("UPDATE records SET state = 'lost' WHERE id = 9").run()).toThrow(/CHECK/);
    } finally {
      lib.close();
    }
  });

  it('leaves an old library as it was when a reference would dangle after the upgrade', () => {
    oldLibrary();
    // A watched file naming a record that is not there (written with foreign keys off): the
    // upgrade's reference check refuses it, and the library stays at the version it had.
    const db = new Database(join(dir, 'library.sqlite'));
    db.pragma('foreign_keys = OFF');
    db.prepare('UPDATE watched_files SET record_id = 404').run();
    db.close();
    expect(() => Library.open(dir)).toThrow(/references between its tables/);
    const after = new Database(join(dir, 'library.sqlite'));
    expect(after.pragma('user_version', { simple: true })).toBe(BEFORE);
    expect(after.prepare("SELECT sql FROM sqlite_master WHERE name = 'records'").pluck().get()).not.toMatch(/queued/);
    after.close();
  });
});
