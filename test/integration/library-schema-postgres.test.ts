import Database from 'better-sqlite3';
import { sql, type Generated, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_SEARCH } from '../../main/core/store/schema/baseline.ts';
import { postgresLibrary, sqliteLibrary } from '../../main/core/store/schema/dialects.ts';
import { migrateLibrary, MIGRATION_TABLES } from '../../main/core/store/schema/migrate.ts';
import { sqliteCatalogue, type SqliteCatalogue } from '../support/library-catalogue.ts';
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.ts';

// The library's one schema on a real PostgreSQL server (a private cluster): the same tables and
// columns as on SQLite, in the same order, with each backend's types; made once however many
// processes open a new library at the same moment; the rule of the Library's listed rows kept by
// PostgreSQL's triggers exactly as by SQLite's; and the search of names by any part of them served
// by each backend's own trigram index (SQLite's FTS5 tables, PostgreSQL's pg_trgm GIN indexes).

interface Tables {
  profiles: {
    name: string;
    kind: string;
    network: string;
    target_confirmations: number;
    expected_block_seconds: number;
    reject_after_seconds: number;
    created_at: number;
    updated_at: number;
  };
  records: {
    id: Generated<number>;
    profile: string;
    kind: string;
    state: string;
    name: string;
    resubmits: number | null;
    listed: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  batches: { id: Generated<number>; record_id: number; files: number; created_at: number };
  batch_members: { batch_id: number; position: number; name: string; size: number; sha256: string; nonce: string; created_at: number };
}

let cluster: PostgresCluster;
const opened: Kysely<unknown>[] = [];
const postgres = <DB = unknown>() => {
  const db = postgresLibrary<DB>({ connectionString: cluster.url() });
  opened.push(db as Kysely<unknown>);
  return db;
};
const sqlite = <DB = unknown>(database = new Database(':memory:')) => {
  const db = sqliteLibrary<DB>(database);
  opened.push(db as Kysely<unknown>);
  return db;
};

beforeAll(async () => {
  cluster = await startPostgresCluster();
});
afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
  await cluster?.stop();
});

/**
 * SQLite's side of the name search: each of its trigram indexes is an FTS5 table there, with the
 * tables FTS5 keeps it in (external content: no copy of the names). PostgreSQL has indexes of those
 * names instead, checked as such below. Every other table is the same on both.
 */
const FTS5_SHADOWS = ['config', 'data', 'docsize', 'idx'];
function sharedTables(catalogue: SqliteCatalogue): SqliteCatalogue['tables'] {
  const search = NAME_SEARCH.flatMap(({ index }) => [index, ...FTS5_SHADOWS.map((shadow) => `${index}_${shadow}`)]);
  expect(Object.keys(catalogue.tables)).toEqual(expect.arrayContaining(search));
  const virtual = Object.entries(catalogue.tables).filter(([, table]) => table.virtual !== undefined);
  expect(virtual.map(([name, table]) => [name, table.virtual?.match(/using fts5\(name,content='(\w+)'.*tokenize='trigram'\)$/)?.[1]])).toEqual(
    NAME_SEARCH.map(({ index, table }) => [index, table]),
  );
  return Object.fromEntries(Object.entries(catalogue.tables).filter(([name]) => !search.includes(name)));
}

const POSTGRES_TYPE: Record<string, string> = { INTEGER: 'bigint', REAL: 'double precision', TEXT: 'text', BLOB: 'bytea' };

describe('the library schema on PostgreSQL', () => {
  it('two processes opening a new library at once: it is made once, and both go on', async () => {
    const [a, b] = [postgres(), postgres()]; // two pools: two sessions, as two processes have
    await Promise.all([migrateLibrary(a, 'postgres'), migrateLibrary(b, 'postgres')]);
    await migrateLibrary(postgres(), 'postgres'); // and a third, later: nothing to do
    const runs = await sql<{ name: string }>`SELECT name FROM ${sql.table(MIGRATION_TABLES.migrationTableName)}`.execute(a);
    expect(runs.rows).toEqual([{ name: '0001-baseline' }]);
  });

  it('has the tables and columns of SQLite, in the same order, with the same NOT NULLs and defaults, each in its own type', async () => {
    const database = new Database(':memory:');
    await migrateLibrary(sqlite(database), 'sqlite');
    const expected = Object.entries(sharedTables(sqliteCatalogue(database))).flatMap(([table, { columns }]) =>
      (columns as { name: string; type: string; notNull: number; default: string | null; pk: number }[]).map((c) => ({
        table,
        column: c.name,
        type: POSTGRES_TYPE[c.type],
        notNull: c.notNull === 1 || c.pk > 0, // SQLite lets a primary key other than a rowid be null; PostgreSQL does not
        default: c.default,
      })),
    );
    const { rows } = await sql<{ table: string; column: string; type: string; nullable: string; default: string | null }>`
      SELECT table_name AS table, column_name AS column, data_type AS type, is_nullable AS nullable, column_default AS default
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name NOT LIKE 'schema_migrations%'
      ORDER BY table_name, ordinal_position`.execute(postgres());
    const actual = rows.map((r) => ({ table: r.table, column: r.column, type: r.type, notNull: r.nullable === 'NO', default: r.default }));
    const byTable = (list: { table: string }[]) => [...list].sort((x, y) => x.table.localeCompare(y.table));
    expect(actual).toEqual(byTable(expected));
  });

  it('has the indexes, checks and references of SQLite, and trigram indexes of names where SQLite has FTS5 tables', async () => {
    const database = new Database(':memory:');
    await migrateLibrary(sqlite(database), 'sqlite');
    const catalogue = sqliteCatalogue(database);
    const db = postgres();
    const indexes = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'`.execute(db);
    const named = Object.keys(catalogue.indexes).filter((name) => !name.startsWith('sqlite_autoindex_'));
    expect(indexes.rows.map((r) => r.name)).toEqual(expect.arrayContaining(named));
    const search = await sql<{ name: string; table: string; definition: string }>`
      SELECT indexname AS name, tablename AS table, indexdef AS definition FROM pg_indexes
      WHERE schemaname = 'public' AND indexname IN (${sql.join(NAME_SEARCH.map((s) => s.index))})`.execute(db);
    expect(search.rows.map(({ name, table, definition }) => ({ name, table, gin: /USING gin \(name gin_trgm_ops\)$/.test(definition) }))).toEqual(
      expect.arrayContaining(NAME_SEARCH.map(({ index, table }) => ({ name: index, table, gin: true }))),
    );
    expect(search.rows).toHaveLength(NAME_SEARCH.length);
    const constraints = await sql<{ table: string; kind: string; count: number }>`
      SELECT conrelid::regclass::text AS table, contype::text AS kind, count(*)::int AS count FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace AND contype IN ('c', 'f') GROUP BY 1, 2`.execute(db);
    const count = (table: string, kind: string) => constraints.rows.find((r) => r.table === table && r.kind === kind)?.count ?? 0;
    for (const [table, { checks, references }] of Object.entries(sharedTables(catalogue))) {
      expect({ table, checks: count(table, 'c'), references: count(table, 'f') }).toEqual({ table, checks: checks.length, references: references.length });
    }
  });

  it('keeps the Library’s listed row of each registration as SQLite does, through every kind of write', async () => {
    const script = async (db: Kysely<Tables>): Promise<number[][]> => {
      const seen: number[][] = [];
      const listed = async () => {
        const rows = await db.selectFrom('records').select('id').where('listed', '=', 1).orderBy('id').execute();
        seen.push(rows.map((r) => r.id));
      };
      const at = { created_at: 1, updated_at: 1 };
      await db
        .insertInto('profiles')
        .values({ name: 'P', kind: 'service', network: 'testnet', target_confirmations: 6, expected_block_seconds: 600, reject_after_seconds: 3600, ...at })
        .execute();
      const insert = async (state: string, resubmits: number | null = null) =>
        (
          await db
            .insertInto('records')
            .values({ profile: 'P', kind: 'record', state, name: 'a.pdf', resubmits, ...at })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const first = await insert('published');
      await listed();
      const again = await insert('submitting', first); // a resubmission: the newest live submission is listed
      await listed();
      await db.updateTable('records').set({ state: 'failed' }).where('id', '=', again).execute(); // refused: the first is live again
      await listed();
      const other = await insert('failed'); // a registration of its own, none of it live
      await listed();
      await db.updateTable('records').set({ state: 'superseded' }).where('id', '=', first).execute(); // none live: the newest not superseded
      await listed();
      await db.deleteFrom('records').where('id', '=', other).execute();
      await listed();
      return seen;
    };
    const onSqlite = sqlite<Tables>();
    await migrateLibrary(onSqlite as Kysely<unknown>, 'sqlite');
    const onPostgres = postgres<Tables>();
    await migrateLibrary(onPostgres as Kysely<unknown>, 'postgres');
    const expected = [[1], [2], [1], [1, 3], [2, 3], [2]];
    expect(await script(onSqlite)).toEqual(expected);
    expect(await script(onPostgres)).toEqual(expected);
  });

  it('finds names by any part of them, in any case, from the trigram indexes: the same rows as SQLite’s FTS5 finds', async () => {
    // A database of its own, made as the harness makes its database: owned by the unprivileged role,
    // which creates pg_trgm itself (a trusted extension) when the baseline runs.
    const admin = await cluster.admin();
    await admin.query(`CREATE DATABASE search OWNER ${cluster.user}`);
    await admin.end();
    const pg = postgresLibrary<Tables>({ host: cluster.host, port: cluster.port, user: cluster.user, password: cluster.password, database: 'search' });
    opened.push(pg as Kysely<unknown>);
    await migrateLibrary(pg as Kysely<unknown>, 'postgres');
    expect((await sql<{ super: boolean }>`SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user`.execute(pg)).rows).toEqual([{ super: false }]);
    const lite = sqlite<Tables>();
    await migrateLibrary(lite as Kysely<unknown>, 'sqlite');

    const words = ['Invoice', 'contract', 'RECEIPT', 'photo', 'Scan'];
    const name = (i: number) => `${words[i % words.length]}-${(i * 7919) % 10007} ${words[(i * 3) % words.length]}.pdf`;
    const FILES = 3000;
    for (const db of [pg, lite]) {
      const at = { created_at: 1, updated_at: 1 };
      await db
        .insertInto('profiles')
        .values({ name: 'P', kind: 'service', network: 'testnet', target_confirmations: 6, expected_block_seconds: 600, reject_after_seconds: 3600, ...at })
        .execute();
      for (let from = 0; from < FILES; from += 500) {
        const rows = Array.from({ length: 500 }, (_, k) => ({ profile: 'P', kind: 'record', state: 'published', name: name(from + k), ...at }));
        await db.insertInto('records').values(rows).execute();
      }
      const batch = await db.insertInto('batches').values({ record_id: 1, files: FILES, created_at: 1 }).returning('id').executeTakeFirstOrThrow();
      for (let from = 0; from < FILES; from += 500) {
        const rows = Array.from({ length: 500 }, (_, k) => ({
          batch_id: batch.id,
          position: from + k,
          name: name(FILES - from - k),
          size: 1,
          sha256: 'ab',
          nonce: String(from + k),
          created_at: 1,
        }));
        await db.insertInto('batch_members').values(rows).execute();
      }
    }
    await sql`ANALYZE`.execute(pg);

    for (const text of ['receipt-12', 'ICE-99', 'act-10', '7 photo.p', 'SCAN.PDF']) {
      const pattern = `%${text}%`; // none of \ % _ in these
      for (const { index, table } of NAME_SEARCH) {
        const found = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE name ILIKE ${pattern} ORDER BY id`.execute(pg);
        const matched = await sql<{
          id: number;
        }>`SELECT rowid AS id FROM ${sql.table(index)} WHERE ${sql.table(index)} MATCH ${`"${text}"`} ORDER BY rowid`.execute(lite);
        expect(found.rows.length, `${text} in ${table}`).toBeGreaterThan(0);
        expect(found.rows, `${text} in ${table}`).toEqual(matched.rows);
        // The plan read from the index, whatever the planner thinks of so small a table.
        const plan = await pg.transaction().execute(async (trx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          const explained = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM ${sql.table(table)} WHERE name ILIKE ${pattern}`.execute(trx);
          return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
        });
        expect(plan).toContain(`Bitmap Index Scan on ${index}`);
      }
    }
  });

  it('reads times and ids as numbers, not the strings node-postgres gives for bigint', async () => {
    const db = postgres<Tables>();
    const row = await db.selectFrom('records').select(['id', 'created_at']).orderBy('id').executeTakeFirstOrThrow();
    expect(row).toEqual({ id: 1, created_at: 1 });
    expect(await sql<{ big: number }>`SELECT ${2 ** 52}::bigint AS big`.execute(db).then((r) => r.rows)).toEqual([{ big: 2 ** 52 }]);
  });
});
