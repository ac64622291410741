import type Database from 'better-sqlite3';

/**
 * A SQLite library's schema as SQLite itself reads it back (its catalogue and pragmas), in a form
 * that two schemas made differently can be compared in: the same tables, columns (in order, with
 * type, default, NOT NULL and key), checks, references, virtual tables' modules, indexes (keys,
 * collation, condition) and triggers. Spelling is set aside (case, quotes, spaces), nothing else.
 * The migrations' own bookkeeping tables are left out.
 */

export interface SqliteCatalogue {
  /** `virtual`: a virtual table's statement (its module and options: FTS5's content and tokenizer). */
  tables: Record<string, { columns: unknown[]; checks: string[]; references: unknown[]; virtual?: string }>;
  indexes: Record<string, unknown>;
  triggers: Record<string, string>;
}

/** SQL text with its spelling set aside: lower case, no quotes, one space, none inside brackets. */
export function normalSql(text: string): string {
  return text
    .toLowerCase()
    .replace(/--[^\n]*/g, ' ')
    .replace(/["`]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1')
    .trim();
}

/** The CHECK expressions of a CREATE TABLE statement (each without its brackets). */
function checksOf(createTable: string): string[] {
  const text = normalSql(createTable);
  const checks: string[] = [];
  for (const match of text.matchAll(/\bcheck\(/g)) {
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    for (; depth > 0 && i < text.length; i++) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
    checks.push(text.slice(start, i - 1));
  }
  return checks.sort();
}

const OWN_TABLES = /^(sqlite_|schema_migrations)/;

export function sqliteCatalogue(db: Database.Database): SqliteCatalogue {
  const objects = db
    .prepare<[], { type: string; name: string; tbl_name: string; sql: string | null }>('SELECT type, name, tbl_name, sql FROM sqlite_master')
    .all();
  const catalogue: SqliteCatalogue = { tables: {}, indexes: {}, triggers: {} };
  for (const table of objects.filter((o) => o.type === 'table' && !OWN_TABLES.test(o.name))) {
    const columns = db
      .prepare<[], { name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(`PRAGMA table_xinfo(${table.name})`)
      .all()
      .map((c) => ({ name: c.name, type: c.type.toUpperCase(), notNull: c.notnull, default: c.dflt_value, pk: c.pk }));
    const references = db
      .prepare<[], { table: string; from: string; to: string; on_update: string; on_delete: string; seq: number }>(`PRAGMA foreign_key_list(${table.name})`)
      .all()
      .map((f) => `${f.from} -> ${f.table}(${f.to}) on update ${f.on_update} on delete ${f.on_delete}`)
      .sort();
    catalogue.tables[table.name] = { columns, checks: checksOf(table.sql ?? ''), references };
    const statement = normalSql(table.sql ?? '');
    if (statement.startsWith('create virtual table')) catalogue.tables[table.name]!.virtual = statement;
    for (const index of db.prepare<[], { name: string; unique: number; origin: string; partial: number }>(`PRAGMA index_list(${table.name})`).all()) {
      const keys = db
        .prepare<[], { cid: number; name: string | null; desc: number; coll: string; key: number }>(`PRAGMA index_xinfo(${JSON.stringify(index.name)})`)
        .all()
        .filter((k) => k.key === 1)
        .map((k) => `${k.name ?? `expression ${k.cid}`} ${k.coll}${k.desc ? ' desc' : ''}`);
      const sql = objects.find((o) => o.type === 'index' && o.name === index.name)?.sql ?? null;
      const where = sql === null ? null : (normalSql(sql).split(' where ')[1] ?? null);
      catalogue.indexes[index.name] = { table: table.name, unique: index.unique, origin: index.origin, keys, where };
    }
  }
  for (const trigger of objects.filter((o) => o.type === 'trigger')) catalogue.triggers[trigger.name] = normalSql(trigger.sql ?? '');
  return catalogue;
}
