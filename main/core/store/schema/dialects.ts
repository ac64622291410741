import type Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
} from 'kysely';
import pg from 'pg';

/**
 * The library's two backends as Kysely dialects (docs/design/team-library.md). Kysely's SQLite
 * dialect is adjusted in two ways the library needs: a transaction takes the write lock when it
 * begins (a deferred one that reads, then writes, fails with SQLITE_BUSY when another process wrote
 * meanwhile), and schema changes run inside a transaction (SQLite's DDL is transactional, which
 * Kysely's adapter does not assume), so a crash mid-upgrade leaves the schema as it was.
 */

export type LibraryDialect = 'sqlite' | 'postgres';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class LibrarySqliteDialect extends SqliteDialect {
  constructor(private readonly database: Database.Database) {
    super({ database });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.database });
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}

/** PostgreSQL's type id of `bigint`. */
const INT8 = 20;

/** Kysely over an open better-sqlite3 library (its pragmas set by whoever opened it). */
export function sqliteLibrary<DB>(database: Database.Database): Kysely<DB> {
  return new Kysely<DB>({ dialect: new LibrarySqliteDialect(database) });
}

/**
 * Kysely over a pool of connections to a PostgreSQL library. Its times and ids are `bigint`
 * columns, which node-postgres reads as strings: this pool reads them as numbers (milliseconds
 * since the epoch and row ids stay far below 2^53), without changing the parser of any other pool.
 */
export function postgresLibrary<DB>(config: pg.PoolConfig): Kysely<DB> {
  const pool = new pg.Pool({ ...config, types: { getTypeParser: libraryTypeParser as typeof pg.types.getTypeParser } });
  // An idle connection the server ended (a restart, a failover, its shutdown) is an 'error' of the
  // pool, which drops it; unheard, it would end the process. The next query opens another, and
  // meets the server's state itself.
  pool.on('error', () => undefined);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

function libraryTypeParser(oid: number, format: 'text' | 'binary' = 'text'): (value: string) => unknown {
  if (oid === INT8 && format === 'text') return Number;
  return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
}
