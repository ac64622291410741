import type Database from 'better-sqlite3';

/**
 * The library's statements, compiled once each. The store writes its SQL inline and prepares it at
 * every call; compiling a statement costs far more than running it on an index (half a millisecond
 * and more for a record's fifty columns, on a loaded machine), and a page of the Library reads each
 * of its 200 rows through several of them. So `db.prepare` gives back the statement it compiled for
 * the same text before, reset to the default way of returning rows (a caller may have asked for
 * `pluck` or `raw`). A statement still being iterated is not shared: that call gets a new one.
 */

/** How many distinct statements are kept: the store's fixed texts and the Library's query shapes, with room. */
const KEPT = 500;

export function cacheStatements(db: Database.Database): void {
  const compile = db.prepare.bind(db);
  const kept = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    const known = kept.get(sql);
    if (known && !known.busy) {
      // Most recently used last: the first entry is the one to drop when full.
      kept.delete(sql);
      kept.set(sql, known);
      return known.reader ? known.pluck(false).expand(false).raw(false) : known;
    }
    const stmt = compile(sql);
    if (known) return stmt;
    kept.set(sql, stmt);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return stmt;
  };
  db.prepare = prepare as Database.Database['prepare'];
}
