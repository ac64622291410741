import type { Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { NotariumError } from '../../errors/notarium-error.ts';
import { createBaseline } from './baseline.ts';
import type { LibraryDialect } from './dialects.ts';

/**
 * The library's migrations from the baseline on: one list for both backends, run in order, each
 * once, recorded in `schema_migrations`. Pending ones run in one transaction (SQLite: BEGIN
 * IMMEDIATE; PostgreSQL: under Kysely's advisory lock, so two processes opening a new library at
 * once upgrade it once). A name is never changed once released: it is what a library remembers.
 */
export function libraryMigrations(dialect: LibraryDialect): Record<string, Migration> {
  return {
    '0001-baseline': { up: (db) => createBaseline(db as Kysely<unknown>, dialect) },
  };
}

export const MIGRATION_TABLES = { migrationTableName: 'schema_migrations', migrationLockTableName: 'schema_migrations_lock' } as const;

/** Brings the library's schema up to date; a failure leaves it as it was. */
export async function migrateLibrary(db: Kysely<unknown>, dialect: LibraryDialect): Promise<void> {
  const migrations = libraryMigrations(dialect);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...MIGRATION_TABLES });
  const { error } = await migrator.migrateToLatest();
  if (error === undefined) return;
  if (error instanceof NotariumError) throw error;
  const message = error instanceof Error ? error.message : JSON.stringify(error);
  // The migrator refuses a library that ran a migration this version does not have.
  if (/previously executed migration .* is missing/i.test(message))
    throw new NotariumError('STORE_ERROR', 'The library was written by a newer version of Notarium: update Notarium to open it.', { cause: error });
  throw new NotariumError('STORE_ERROR', `The library's schema could not be brought up to date: ${message}.`, { cause: error });
}
