import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLibrary } from '../../../../main/core/store/database.ts';
import { Library } from '../../../../main/core/store/library.ts';
import { MIGRATIONS } from '../../../../main/core/store/migrations.ts';
import { sqliteLibrary } from '../../../../main/core/store/schema/dialects.ts';
import { libraryMigrations, migrateLibrary, MIGRATION_TABLES } from '../../../../main/core/store/schema/migrate.ts';
import { sqliteCatalogue } from '../../../support/library-catalogue.ts';

// The library's schema written once with Kysely's schema builder for both backends (the baseline):
// on SQLite it must be the very schema the SQLite migrations make, which the store's queries and
// their plans were written against; a library made by those migrations is left as it is.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-baseline-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const opened: Kysely<unknown>[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});
const kysely = (database: Database.Database) => {
  const db = sqliteLibrary<unknown>(database);
  opened.push(db);
  return db;
};
const migrationsRun = (database: Database.Database) =>
  database.prepare<[], string>(`SELECT name FROM ${MIGRATION_TABLES.migrationTableName} ORDER BY name`).pluck().all();

// Until the store opens its library through the Kysely migrator (docs/design/team-library.md, the
// plan), the SQLite migrations are what the app runs and the baseline restates them.
const BASELINE_BEHIND = [
  'The baseline (main/core/store/schema/baseline.ts) no longer makes the schema that the SQLite migrations',
  '(main/core/store/migrations.ts) make. A SQLite migration added or changed there must be written into the',
  'baseline too, in the same change: the same columns in the same places, checks, indexes and triggers on SQLite',
  '(raw SQL where Kysely has no builder), and their PostgreSQL equivalent with the types of',
  'docs/design/team-library.md; then run test/integration/library-schema-postgres.test.ts. Do not edit a',
  'migration that has shipped: add one.',
].join(' ');

describe('the baseline on SQLite', () => {
  it('makes the schema the SQLite migrations make: every table, column, check, reference, index and trigger', async () => {
    const database = new Database(':memory:');
    await migrateLibrary(kysely(database), 'sqlite');
    const legacy = openLibrary(':memory:');
    const made = sqliteCatalogue(database);
    expect(Object.keys(made.tables).sort(), BASELINE_BEHIND).toEqual(Object.keys(sqliteCatalogue(legacy).tables).sort());
    expect(made, BASELINE_BEHIND).toEqual(sqliteCatalogue(legacy));
    expect(database.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    legacy.close();
  });

  it('a library the store opens afterwards is up to date: the store runs no migration over it, and uses it', async () => {
    const path = join(dir, 'library.sqlite');
    const database = new Database(path);
    await migrateLibrary(kysely(database), 'sqlite');
    const before = sqliteCatalogue(database);
    const library = Library.open(dir);
    expect((await library.profiles.list()).map((p) => p.name)).toContain('Sandbox'); // the store wrote its built-in profile into it
    expect(sqliteCatalogue(library.db)).toEqual(before);
    library.close();
  });

  it('leaves a library the SQLite migrations made as it is, its rows too, and records the baseline once', async () => {
    const library = Library.open(dir);
    library.db.prepare("INSERT INTO settings (key, value) VALUES ('kept', 'yes')").run();
    const before = sqliteCatalogue(library.db);
    await migrateLibrary(kysely(library.db), 'sqlite');
    await migrateLibrary(kysely(library.db), 'sqlite');
    expect(sqliteCatalogue(library.db)).toEqual(before);
    expect(library.db.prepare("SELECT value FROM settings WHERE key = 'kept'").pluck().get()).toBe('yes');
    expect(migrationsRun(library.db)).toEqual(['0001-baseline']);
    library.close();
  });

  it('refuses a library at an earlier SQLite version (the store brings it up when it opens it): nothing changed', async () => {
    const database = new Database(join(dir, 'old.sqlite'));
    for (const migration of MIGRATIONS.slice(0, 5)) database.exec(migration);
    database.pragma('user_version = 5');
    const before = sqliteCatalogue(database);
    await expect(migrateLibrary(kysely(database), 'sqlite')).rejects.toMatchObject({
      code: 'STORE_ERROR',
      message: expect.stringMatching(/at version 5 /) as unknown,
    });
    expect(sqliteCatalogue(database)).toEqual(before);
  });

  it('a migration that fails leaves the schema as it was: the baseline before it is rolled back too', async () => {
    const database = new Database(join(dir, 'library.sqlite'));
    const migrator = new Migrator({
      db: kysely(database),
      provider: {
        getMigrations: async () => ({
          ...libraryMigrations('sqlite'),
          '0002-fails': {
            up: async () => {
              throw new Error('a migration that fails');
            },
          },
        }),
      },
      ...MIGRATION_TABLES,
    });
    const { error } = await migrator.migrateToLatest();
    expect(error).toMatchObject({ message: 'a migration that fails' });
    expect(Object.keys(sqliteCatalogue(database).tables)).toEqual([]);
    expect(database.pragma('user_version', { simple: true })).toBe(0);
  });

  it('a library that ran a migration this version does not know is refused as written by a newer Notarium', async () => {
    const database = new Database(join(dir, 'library.sqlite'));
    await migrateLibrary(kysely(database), 'sqlite');
    database.prepare(`INSERT INTO ${MIGRATION_TABLES.migrationTableName} (name, timestamp) VALUES ('0002-from-the-future', '2030-01-01')`).run();
    await expect(migrateLibrary(kysely(database), 'sqlite')).rejects.toMatchObject({
      code: 'STORE_ERROR',
      message: expect.stringMatching(/newer version of Notarium/) as unknown,
    });
  });

  it('a transaction takes the write lock when it begins: another process cannot start writing between its read and its write', async () => {
    const path = join(dir, 'library.sqlite');
    const database = new Database(path);
    database.pragma('journal_mode = WAL');
    await migrateLibrary(kysely(database), 'sqlite');
    const other = new Database(path, { timeout: 0 });
    await kysely(database)
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT count(*) FROM settings`.execute(trx); // a read only, so far
        expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/locked|busy/i);
      });
    other.close();
  });
});
