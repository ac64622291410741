import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { MIGRATIONS } from '../../../../main/core/store/migrations.ts';
import { RECORD_STATES } from '../../../../preload/record-states.ts';

/**
 * The Library lists one row per registration: of its submissions, the newest live one, or when none
 * is live the newest not superseded. The library keeps which row that is (records.listed) as rows
 * come, go and change state; here it is checked against the rule itself, written as the query that
 * used to compute it on every read, after an upgrade and after every write of a long random run.
 */

const LIVE = (t: string): string => `${t}.state NOT IN ('failed', 'rejected', 'superseded')`;
const RULE = `SELECT id FROM records r WHERE r.state != 'superseded' AND NOT EXISTS (SELECT 1 FROM records o WHERE o.id != r.id
  AND coalesce(o.resubmits, o.id) = coalesce(r.resubmits, r.id) AND o.state != 'superseded'
  AND (${LIVE('o')} AND (NOT ${LIVE('r')} OR o.id > r.id) OR NOT ${LIVE('r')} AND o.id > r.id)) ORDER BY id`;

const listed = (db: Database.Database): number[] => db.prepare<[], number>('SELECT id FROM records WHERE listed = 1 ORDER BY id').pluck().all();
const byRule = (db: Database.Database): number[] => db.prepare<[], number>(RULE).pluck().all();

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-listed-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const insert = (db: Database.Database, id: number | null, state: string, resubmits: number | null): number =>
  Number(
    db
      .prepare(
        `INSERT INTO records (id, profile, kind, state, name, sha256, resubmits, created_at, updated_at) VALUES (?, 'Sandbox', 'record', ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, state, `file-${id ?? 'new'}.txt`, null, resubmits, 1, 1).lastInsertRowid,
  );

describe('the row listed for each registration', () => {
  it('is worked out for every registration of a library written before it was kept', () => {
    const old = new Database(join(dir, 'library.sqlite'));
    const before = MIGRATIONS.findIndex((m) => m.includes('ADD COLUMN listed'));
    for (const sql of MIGRATIONS.slice(0, before)) old.exec(sql);
    old.pragma(`user_version = ${before}`);
    old.exec(`INSERT INTO profiles (name, kind, network, target_confirmations, expected_block_seconds, reject_after_seconds, created_at, updated_at)
      VALUES ('Sandbox', 'sandbox', 'sandbox', 3, 10, 120, 1, 1)`);
    // A file alone; sent again twice, the newest refused (the one before is the registration); given up (all failed: the newest);
    // sent again and the first in a block (the resubmission superseded); a batch's registration; every submission superseded.
    for (const [id, state, resubmits] of [
      [1, 'settled', null],
      [2, 'published', null],
      [3, 'published', 2],
      [4, 'failed', 2],
      [5, 'failed', null],
      [6, 'failed', 5],
      [7, 'confirmed', null],
      [8, 'superseded', 7],
      [9, 'submitting', null],
      [10, 'superseded', null],
    ] as const)
      insert(old, id, state, resubmits);
    old.close();

    const lib = Library.open(dir);
    try {
      expect(listed(lib.db)).toEqual([1, 3, 6, 7, 9]);
      expect(listed(lib.db)).toEqual(byRule(lib.db));
    } finally {
      lib.close();
    }
  });

  it('follows a registration sent again, refused, and its resubmission removed', () => {
    const lib = Library.open(':memory:');
    const db = lib.db;
    try {
      const first = insert(db, null, 'published', null);
      expect(listed(db)).toEqual([first]);
      const again = insert(db, null, 'submitting', first);
      expect(listed(db)).toEqual([again]);
      db.prepare("UPDATE records SET state = 'failed' WHERE id = ?").run(again);
      expect(listed(db)).toEqual([first]);
      db.prepare("UPDATE records SET state = 'published' WHERE id = ?").run(again);
      expect(listed(db)).toEqual([again]);
      db.prepare('DELETE FROM records WHERE id = ?').run(again);
      expect(listed(db)).toEqual([first]);
      db.prepare("UPDATE records SET state = 'superseded' WHERE id = ?").run(first);
      expect(listed(db)).toEqual([]);
    } finally {
      lib.close();
    }
  });

  it('follows every row that comes, goes or changes state', () => {
    const lib = Library.open(':memory:');
    const db = lib.db;
    let seed = 29;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor(seed / 65536) % n; // the high bits: the low ones of this generator repeat every few steps
    };
    try {
      for (let step = 0; step < 250; step++) {
        const ids = db.prepare<[], { id: number; resubmits: number | null }>('SELECT id, resubmits FROM records').all();
        const pick = ids[random(Math.max(1, ids.length))];
        const move = ids.length < 5 ? 0 : random(4);
        if (move === 0) insert(db, null, RECORD_STATES[random(RECORD_STATES.length)]!, null);
        else if (move === 1) insert(db, null, RECORD_STATES[random(RECORD_STATES.length)]!, pick!.resubmits ?? pick!.id);
        else if (move === 2) db.prepare('UPDATE records SET state = ? WHERE id = ?').run(RECORD_STATES[random(RECORD_STATES.length)], pick!.id);
        else if (!ids.some((r) => r.resubmits === pick!.id)) db.prepare('DELETE FROM records WHERE id = ?').run(pick!.id);
        expect({ step, listed: listed(db) }).toEqual({ step, listed: byRule(db) });
      }
      expect(listed(db).length).toBeGreaterThan(10);
    } finally {
      lib.close();
    }
  });
});
