import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryDatabase } from '../../../../main/core/store/database.ts';
import { Library } from '../../../../main/core/store/library.ts';
import { PENDING_STATES, type RecordState } from '../../../../main/core/store/record.ts';
import { countFiles, queryFiles, queryRecords, type FileQuery } from '../../../../main/core/store/record-query.ts';
import { Records } from '../../../../main/core/store/records.ts';

/**
 * Every query the Library, its counts and its search make is read from an index: SQLite's own plan
 * of each (EXPLAIN QUERY PLAN) has no scan run once per row of another loop (a join's inner table,
 * a correlated subquery), the shape that made the Library's first page take seconds in a large
 * library. One pass over an index (a count; a search of names that finds many, or of one or two
 * characters) is allowed; a sort of the rows a filter kept is too. A search that finds few names
 * reads nothing but its matches: no table or index read whole.
 */

interface PlanRow {
  id: number;
  parent: number;
  detail: string;
}

interface Statement {
  sql: string;
  plan: PlanRow[];
}

let lib: Library;
beforeEach(() => {
  lib = Library.open(':memory:');
});
afterEach(() => lib.close());

/** The statements `run` reads through `db`, each with its plan (for the values it was run with). */
function statementsOf(db: LibraryDatabase, run: (db: LibraryDatabase) => unknown): Statement[] {
  const seen: Statement[] = [];
  const watched = new Proxy(db, {
    get(target, key) {
      if (key !== 'prepare') return Reflect.get(target, key, target) as unknown;
      return (sql: string) => {
        const stmt = target.prepare(sql);
        const explain = (args: unknown[]): void => {
          seen.push({ sql, plan: target.prepare<unknown[], PlanRow>(`EXPLAIN QUERY PLAN ${sql}`).all(...args) });
        };
        return {
          all: (...args: unknown[]) => (explain(args), stmt.all(...args)),
          get: (...args: unknown[]) => (explain(args), stmt.get(...args)),
        };
      };
    },
  });
  run(watched);
  return seen;
}

/** The plan's steps that read a whole table or index once per row of something else. */
export function scansPerRow(plan: readonly PlanRow[]): string[] {
  const byId = new Map(plan.map((r) => [r.id, r]));
  const loop = (r: PlanRow): boolean => /^(SCAN|SEARCH) /.test(r.detail) && !r.detail.startsWith('SCAN CONSTANT ROW');
  // A search by a filter's value alone (every registration of a state) reads as much as a scan, once per row when inner.
  const byFilterAlone = (r: PlanRow): boolean => /^SEARCH \w+ USING (COVERING )?INDEX \w+ \((state|profile)=\?( AND (state|profile)=\?)*\)$/.test(r.detail);
  return plan.flatMap((r) => {
    const scan = (r.detail.startsWith('SCAN ') && loop(r)) || byFilterAlone(r) || r.detail.includes('AUTOMATIC');
    if (!scan) return [];
    // An inner loop: a loop before it at the same level runs it once per row.
    const inner = plan.some((o) => o.parent === r.parent && o.id < r.id && loop(o));
    let correlated = false;
    for (let up = byId.get(r.parent); up; up = byId.get(up.parent)) if (up.detail.includes('CORRELATED')) correlated = true;
    return inner || correlated ? [r.detail] : [];
  });
}

/** The plan's steps that read a stored table or index whole (not a name index's matches, nor a subquery's rows). */
function wholeReads(plan: readonly PlanRow[]): string[] {
  return plan.map((r) => r.detail).filter((d) => /^SCAN /.test(d) && !/VIRTUAL TABLE|CONSTANT ROW|^SCAN h$|^SCAN \(subquery-\d+\)$/.test(d));
}

const SORTS = ['created', 'name', 'state', 'confirmations'] as const;
const FILTERS: (RecordState[] | undefined)[] = [undefined, [...PENDING_STATES], ['queued'], ['settled'], ['failed', 'rejected']];
const SEARCHES = [undefined, 'contract', 'abcd12', 'co'];

/** Every query the Library's screen can make: each sort, direction, state filter, search, and one batch's files. */
function libraryQueries(searches: readonly (string | undefined)[] = SEARCHES): FileQuery[] {
  const queries: FileQuery[] = [];
  for (const sort of SORTS)
    for (const direction of ['asc', 'desc'] as const)
      for (const states of FILTERS)
        for (const search of searches)
          for (const batch of [undefined, 1])
            queries.push({
              sort,
              direction,
              limit: 200,
              offset: 400,
              ...(states ? { states } : {}),
              ...(search ? { search } : {}),
              ...(batch ? { batch } : {}),
            });
  return queries;
}

describe("the Library's queries", () => {
  it('the check finds a scan per row where there is one (a correlated subquery over a column no index serves)', () => {
    const [statement] = statementsOf(lib.db, (db) =>
      db
        .prepare(
          `SELECT id FROM records r WHERE NOT EXISTS (SELECT 1 FROM records o WHERE o.id != r.id AND coalesce(o.resubmits, o.id) = coalesce(r.resubmits, r.id) AND o.state != 'superseded')`,
        )
        .all(),
    );
    expect(scansPerRow(statement!.plan)).not.toEqual([]);
  });

  it('list every file, sorted, filtered, searched and one batch alone, from indexes', () => {
    for (const q of libraryQueries()) {
      for (const { sql, plan } of statementsOf(lib.db, (db) => queryFiles(db, q))) {
        expect({ query: q, sql, scans: scansPerRow(plan) }).toEqual({ query: q, sql, scans: [] });
      }
    }
  });

  it('search few names, a digest or a txId from their indexes alone, never reading every row', () => {
    const queries = libraryQueries(['contract', 'abcd12']);
    let statements = 0;
    for (const q of queries)
      for (const { sql, plan } of statementsOf(lib.db, (db) => queryFiles(db, q))) {
        statements++;
        expect({ query: q, sql, whole: wholeReads(plan), scans: scansPerRow(plan) }).toEqual({ query: q, sql, whole: [], scans: [] });
      }
    expect(statements).toBeGreaterThanOrEqual(queries.length * 2);
  });

  it('search many names in one pass over the list in its order, never a pass per row', () => {
    lib.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 2500)
         INSERT INTO records (profile, kind, state, name, created_at, updated_at) SELECT 'Sandbox', 'record', 'settled', 'contract-' || i, i, i FROM n`,
      )
      .run();
    for (const q of libraryQueries(['contract']))
      for (const { sql, plan } of statementsOf(lib.db, (db) => queryFiles(db, q)))
        expect({ query: q, sql, scans: scansPerRow(plan) }).toEqual({ query: q, sql, scans: [] });
  });

  it("list by name what a filter keeps many of in name order, and what it keeps few of from its state; a batch's files from their names", () => {
    lib.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < 2500)
         INSERT INTO records (profile, kind, state, name, created_at, updated_at) SELECT 'Sandbox', 'record', 'settled', printf('contract-%04d', 2499 - i), i, i FROM n`,
      )
      .run();
    const anchor = Number(
      lib.db.prepare(`INSERT INTO records (profile, kind, state, name, created_at, updated_at) VALUES ('Sandbox', 'record', 'settled', 'Batch', 1, 1)`).run()
        .lastInsertRowid,
    );
    const batch = Number(lib.db.prepare(`INSERT INTO batches (record_id, files, tree, created_at) VALUES (?, 1, x'00', 1)`).run(anchor).lastInsertRowid);
    lib.db
      .prepare(
        `INSERT INTO batch_members (batch_id, position, name, path, size, sha256, nonce, created_at) VALUES (?, 0, 'contract-0000a', '/a', 1, 'aa', '00', 1)`,
      )
      .run(batch);
    const listOf = (states: RecordState[]) => {
      const seen = statementsOf(lib.db, (db) => queryFiles(db, { states, sort: 'name', direction: 'asc', limit: 3, offset: 0 }));
      return seen.find(({ sql }) => sql.includes('UNION ALL'))!.plan.map((r) => r.detail);
    };
    // Settled keeps 2,500: the registrations read from the names' index, never sorted whole nor read by state; the batch's files from theirs.
    const settled = listOf(['settled']);
    expect(settled).toContain('SCAN r USING INDEX records_listed_name');
    expect(settled.filter((d) => /^SCAN r|records_listed_state/.test(d))).toEqual(['SCAN r USING INDEX records_listed_name']);
    const first = queryFiles(lib.db, { states: ['settled'], sort: 'name', direction: 'asc', limit: 3, offset: 0 }).rows;
    expect(first.map(({ recordId, memberId }) => ({ recordId, memberId }))).toEqual([
      { recordId: 2500, memberId: null },
      { recordId: anchor, memberId: 1 },
      { recordId: 2499, memberId: null },
    ]);
    // Failed keeps none: read from its state.
    expect(listOf(['failed']).some((d) => d.includes('records_listed_state (state=?)'))).toBe(true);
    // Counted as every listed registration less those of the other states (a failed one, one being sent, one sent again): each of them the same as counted one by one.
    const sentAgain = Number(
      lib.db.prepare(`INSERT INTO records (profile, kind, state, name, created_at, updated_at) VALUES ('Sandbox', 'record', 'superseded', 'x', 1, 1)`).run()
        .lastInsertRowid,
    );
    for (const [state, resubmits] of [
      ['failed', null],
      ['submitting', null],
      ['published', sentAgain],
    ] as const)
      lib.db
        .prepare(`INSERT INTO records (profile, kind, state, name, resubmits, created_at, updated_at) VALUES ('Sandbox', 'record', ?, 'y', ?, 1, 1)`)
        .run(state, resubmits);
    const oneByOne = (states: RecordState[]) =>
      lib.db
        .prepare<unknown[], number>(`SELECT count(*) FROM records WHERE listed = 1 AND state IN (${states.map(() => '?').join(', ')})`)
        .pluck()
        .get(...states)!;
    for (const states of [['settled'], ['settled', 'failed'], [...PENDING_STATES], ['failed', 'rejected']] as RecordState[][])
      expect({ states, total: queryFiles(lib.db, { states, limit: 1, offset: 0 }).total }).toEqual({ states, total: oneByOne(states) });
    expect(queryFiles(lib.db, { states: ['settled'], limit: 1, offset: 0 }).total).toBe(2501);
  });

  it("count the sidebar's pending files, a document's versions and the registrations under way, from indexes", () => {
    const statements = [
      ...statementsOf(lib.db, (db) => countFiles(db, { states: [...PENDING_STATES] })),
      ...statementsOf(lib.db, (db) => countFiles(db, { states: [...PENDING_STATES], profile: 'Sandbox' })),
      ...statementsOf(lib.db, (db) => queryRecords(db, { documentId: 1, sort: 'version', direction: 'asc', limit: -1 })),
      ...statementsOf(lib.db, (db) => new Records(db).statesOf(PENDING_STATES)),
      ...statementsOf(lib.db, (db) => new Records(db).pendingCount()),
    ];
    expect(statements.length).toBeGreaterThan(0);
    for (const { sql, plan } of statements) expect({ sql, scans: scansPerRow(plan) }).toEqual({ sql, scans: [] });
  });

  it('the engine reads what is due, in doubt or held at every start and poll without reading every record', () => {
    const statements = [
      ...statementsOf(lib.db, (db) => new Records(db).due(Date.now(), 50)),
      ...statementsOf(lib.db, (db) => new Records(db).nextDueAt()),
      ...statementsOf(lib.db, (db) => new Records(db).heldReceipts()),
      ...statementsOf(lib.db, (db) => new Records(db).inDoubt(undefined, () => false)),
    ];
    // What is due and when, each for the followed records and for the settled ones still followed.
    expect(statements).toHaveLength(6);
    const settling = statements.filter(({ sql }) => sql.includes("state = 'settled'"));
    expect(settling).toHaveLength(2);
    for (const { plan } of settling) expect(plan.map((r) => r.detail).join('; ')).toContain('records_settling');
    // A table read whole, with no index: every record, at every poll.
    for (const { sql, plan } of statements)
      expect({ sql, whole: plan.filter((r) => /^SCAN \w+$/.test(r.detail)).map((r) => r.detail) }).toEqual({ sql, whole: [] });
  });
});
