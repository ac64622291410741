import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { MIGRATIONS } from '../../../../main/core/store/migrations.ts';
import { queryFiles, type FileQuery } from '../../../../main/core/store/record-query.ts';
import { seededRandom } from '../../../support/seeded-random.ts';

/**
 * The Library's search of names reads trigram indexes of the names (migrations.ts), kept in step
 * with their tables by triggers; a search finding many names reads the list in its order instead.
 * Checked here against the names compared one by one (LIKE, as every search did before), after
 * an upgrade, after every write of a random run, and through the Library's list both ways.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-names-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const PROBES = ['abc', 'bca', 'cab', 'a-b', 'ABC', 'c.t', 'aaa', '%_a'];

/** Each probe's rows of `table`, from its names' index and from its names compared one by one. */
function bothWays(db: Database.Database, table: 'records' | 'batch_members', names: string) {
  return PROBES.map((probe) => ({
    probe,
    indexed: db.prepare<[string], number>(`SELECT rowid FROM ${names} WHERE ${names} MATCH ? ORDER BY rowid`).pluck().all(`"${probe}"`),
    compared: db
      .prepare<[string], number>(`SELECT id FROM ${table} WHERE name LIKE ? ESCAPE '\\' ORDER BY id`)
      .pluck()
      .all(`%${probe.replace(/[\\%_]/g, (ch) => '\\' + ch)}%`),
  }));
}

/** Every probe finds the same rows both ways; how many it found (a check that found nothing proves little). */
function expectInStep(db: Database.Database, step: unknown = null): number {
  let found = 0;
  for (const [table, names] of [
    ['records', 'records_names'],
    ['batch_members', 'members_names'],
  ] as const)
    for (const { probe, indexed, compared } of bothWays(db, table, names)) {
      expect({ step, table, probe, indexed }).toEqual({ step, table, probe, indexed: compared });
      found += indexed.length;
    }
  return found;
}

const insertRecord = (db: Database.Database, name: string, state = 'settled', resubmits: number | null = null, createdAt = 1): number =>
  Number(
    db
      .prepare(
        `INSERT INTO records (profile, kind, state, name, sha256, tx_id, resubmits, created_at, updated_at) VALUES ('Sandbox', 'record', ?, ?, lower(hex(randomblob(32))), lower(hex(randomblob(32))), ?, ?, 1)`,
      )
      .run(state, name, resubmits, createdAt).lastInsertRowid,
  );
const insertBatch = (db: Database.Database, recordId: number, files: number): number =>
  Number(db.prepare(`INSERT INTO batches (record_id, files, tree, created_at) VALUES (?, ?, x'00', 1)`).run(recordId, files).lastInsertRowid);
const insertMember = (db: Database.Database, batchId: number, position: number, name: string): number =>
  Number(
    db
      .prepare(
        `INSERT INTO batch_members (batch_id, position, name, path, size, sha256, nonce, created_at) VALUES (?, ?, ?, '/docs/' || ?, 1, lower(hex(randomblob(32))), '00', 1)`,
      )
      .run(batchId, position, name, name).lastInsertRowid,
  );

describe("the names' trigram indexes", () => {
  it('hold the names of a library written before them', () => {
    const old = new Database(join(dir, 'library.sqlite'));
    for (const sql of MIGRATIONS.slice(0, -1)) old.exec(sql);
    old.pragma(`user_version = ${MIGRATIONS.length - 1}`);
    old.exec(`INSERT INTO profiles (name, kind, network, target_confirmations, expected_block_seconds, reject_after_seconds, created_at, updated_at)
      VALUES ('Sandbox', 'sandbox', 'sandbox', 3, 10, 120, 1, 1)`);
    for (const name of ['abc.txt', 'xbcab', 'A-B c.t', 'none']) insertRecord(old, name);
    const batch = insertBatch(old, insertRecord(old, 'Batch of 2 files'), 2);
    insertMember(old, batch, 0, 'cabin.pdf');
    insertMember(old, batch, 1, '%_aaa');
    old.close();

    const lib = Library.open(dir);
    try {
      expect(expectInStep(lib.db)).toBeGreaterThan(3);
      expect(bothWays(lib.db, 'batch_members', 'members_names').find((p) => p.probe === 'cab')!.indexed).toHaveLength(1);
    } finally {
      lib.close();
    }
  });

  it('follow every name that comes, changes or goes, in records and in batches', () => {
    const lib = Library.open(':memory:');
    const db = lib.db;
    const random = seededRandom(34);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const name = (): string => Array.from({ length: 2 + Math.floor(random() * 6) }, () => pick(['a', 'b', 'c', 'A', '-', '.', 't', '%', '_'])).join('');
    try {
      const batch = insertBatch(db, insertRecord(db, 'Batch of files'), 1);
      let position = 0;
      let found = 0;
      for (let step = 0; step < 200; step++) {
        const records = db.prepare<[], number>("SELECT id FROM records WHERE name != 'Batch of files'").pluck().all();
        const members = db.prepare<[], number>('SELECT id FROM batch_members').pluck().all();
        const move = Math.floor(random() * 6);
        if (move === 0 || records.length < 3) insertRecord(db, name());
        else if (move === 1) db.prepare('UPDATE records SET name = ? WHERE id = ?').run(name(), pick(records));
        else if (move === 2) db.prepare('DELETE FROM records WHERE id = ?').run(pick(records));
        else if (move === 3 || members.length < 3) insertMember(db, batch, position++, name());
        else if (move === 4) db.prepare('UPDATE batch_members SET name = ? WHERE id = ?').run(name(), pick(members));
        else db.prepare('DELETE FROM batch_members WHERE id = ?').run(pick(members));
        found += expectInStep(db, step);
      }
      expect(found).toBeGreaterThan(100);
    } finally {
      lib.close();
    }
  });
});

/** The Library's rows as every search read them before: each row's name (or digest, txId) compared in turn. */
function compared(db: Database.Database, q: FileQuery): { rows: { recordId: number; memberId: number | null }[]; total: number } {
  const text = q.search!;
  const hex = /^[0-9a-fA-F]{4,64}$/.test(text) ? text.toLowerCase() : '\u0000';
  const where = `r.listed = 1 AND ${q.states ? `r.state IN (${q.states.map((s) => `'${s}'`).join(', ')}) AND ` : ''}(coalesce(m.name, r.name) LIKE ? ESCAPE '\\'
    OR coalesce(m.sha256, r.sha256) LIKE ? OR r.tx_id LIKE ? OR r.published_hex LIKE ?)`;
  const params = [`%${text.replace(/[\\%_]/g, (ch) => '\\' + ch)}%`, `${hex}%`, `${hex}%`, `${hex}%`];
  const from = `records r LEFT JOIN batches b ON b.record_id = coalesce(r.resubmits, r.id) LEFT JOIN batch_members m ON m.batch_id = b.id`;
  const d = q.direction === 'asc' ? 'ASC' : 'DESC';
  const order =
    q.sort === 'name'
      ? `coalesce(m.name, r.name) COLLATE NOCASE ${d}, coalesce(m.id, 0) ${d}, r.id ${d}`
      : `r.created_at ${d}, r.id ${d}, m.path ASC, m.position ASC`;
  return {
    rows: db
      .prepare<unknown[], { recordId: number; memberId: number | null }>(
        `SELECT r.id AS recordId, m.id AS memberId FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(...params, q.limit, q.offset),
    total: db
      .prepare<unknown[], number>(`SELECT count(*) FROM ${from} WHERE ${where}`)
      .pluck()
      .get(...params)!,
  };
}

describe("the Library's search", () => {
  it('finds what comparing every name finds, whether it finds few names or many (read in the list order)', () => {
    const lib = Library.open(':memory:');
    const db = lib.db;
    try {
      // Many reports (more than the search sorts: it reads the list in its order), a few contracts; a
      // batch of both; a registration sent again (its first submission superseded); a failed one.
      db.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 2100)
         INSERT INTO records (profile, kind, state, name, sha256, tx_id, created_at, updated_at)
         SELECT 'Sandbox', 'record', 'settled', printf('report-%04d.pdf', i), lower(hex(randomblob(32))), lower(hex(randomblob(32))), i % 700, 1 FROM n`,
      ).run();
      for (let i = 0; i < 5; i++) insertRecord(db, `Contract ${i}.pdf`, i === 4 ? 'failed' : 'settled', null, 10 + i);
      const first = insertRecord(db, 'contract-resent.pdf', 'superseded', null, 20);
      insertRecord(db, 'contract-resent.pdf', 'published', first, 21);
      const batch = insertBatch(db, insertRecord(db, 'Batch of 3 files', 'settled', null, 30), 3);
      ['report-b.pdf', 'contract-b.pdf', 'notes.txt'].forEach((name, i) => insertMember(db, batch, i, name));
      const someTx = db.prepare<[], string>("SELECT tx_id FROM records WHERE name = 'Batch of 3 files'").pluck().get()!;
      const someSha = db.prepare<[], string>("SELECT sha256 FROM batch_members WHERE name = 'notes.txt'").pluck().get()!;

      let cappedCounts = 0;
      for (const search of ['report', 'contract', 'CONTRACT', 'port-00', 'ct', 'r', someTx.slice(0, 10).toUpperCase(), someSha.slice(0, 8), 'nothing'])
        for (const sort of ['created', 'name'] as const)
          for (const direction of ['asc', 'desc'] as const)
            for (const states of [undefined, ['settled' as const]])
              for (const offset of [0, 150]) {
                const q: FileQuery = { search, sort, direction, limit: 100, offset, ...(states ? { states } : {}) };
                const { rows, total, capped } = queryFiles(db, q);
                const expected = compared(db, q);
                // Counted whole, or, when more match, up to the first thousand past the page's end.
                const counted = capped && expected.total > 1000 ? { total: 1000, capped: true } : { total: expected.total, capped: false };
                if (capped) cappedCounts++;
                expect({ q, rows: rows.map(({ recordId, memberId }) => ({ recordId, memberId })), total, capped }).toEqual({
                  q,
                  rows: expected.rows,
                  ...counted,
                });
              }
      // 'report' and 'r' find more than a thousand rows: each of their 16 queries counted them only so far.
      expect(cappedCounts).toBe(32);
      expect(queryFiles(db, { search: 'contract', limit: 100 }).total).toBe(7);
      expect(queryFiles(db, { search: someTx.slice(0, 10), limit: 100 }).total).toBe(3);
    } finally {
      lib.close();
    }
  });
});

describe("the Library's count of a search that finds many", () => {
  it('stops a thousand past the page, counts further for a page further on, and counts whole near the end', () => {
    const lib = Library.open(':memory:');
    const db = lib.db;
    try {
      db.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 2500)
         INSERT INTO records (profile, kind, state, name, sha256, tx_id, created_at, updated_at)
         SELECT 'Sandbox', 'record', 'settled', printf('scan-%04d.pdf', i), lower(hex(randomblob(32))), lower(hex(randomblob(32))), i, 1 FROM n`,
      ).run();
      // Files of a batch match too, counted after the registrations of a file; the batch's registration is no row.
      const batch = insertBatch(db, insertRecord(db, 'Batch of 3 files', 'settled', null, 3000), 3);
      ['scan-b1.pdf', 'scan-b2.pdf', 'other.txt'].forEach((name, i) => insertMember(db, batch, i, name));
      const count = (offset: number, limit = 200, search = 'scan') => {
        const { rows, total, capped } = queryFiles(db, { search, limit, offset });
        return { rows: rows.length, total, capped };
      };
      expect(count(0)).toEqual({ rows: 200, total: 1000, capped: true });
      expect(count(800)).toEqual({ rows: 200, total: 2000, capped: true });
      expect(count(1800)).toEqual({ rows: 200, total: 2502, capped: false });
      expect(count(2400)).toEqual({ rows: 102, total: 2502, capped: false });
      // The newest first: the batch's two files, then the newest scans.
      expect(queryFiles(db, { search: 'scan', limit: 3, offset: 0 }).rows.map((r) => r.memberId !== null)).toEqual([true, true, false]);
      // Few: counted whole, however the page lies.
      expect(count(0, 200, 'scan-01')).toEqual({ rows: 100, total: 100, capped: false });
    } finally {
      lib.close();
    }
  });
});
