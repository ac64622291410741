import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import { privateFile, privateFolder, restrictIfPresent } from '../fs/private-files.ts';
import { MIGRATIONS } from './migrations.ts';
import { cacheStatements } from './statement-cache.ts';

export type LibraryDatabase = Database.Database;

/** How long a write waits for another process's transaction on the library before giving up. */
const BUSY_TIMEOUT_MS = 60_000;

/**
 * Opens the library (WAL, synchronous=FULL: a registration the service accepted must survive a
 * crash or a power cut), keeps each statement it compiles (statement-cache.ts) and brings its
 * schema up to date. Its folder and files are the user's alone (private-files.ts), tightened if an
 * earlier version left them readable by others.
 */
export function openLibrary(path: string): LibraryDatabase {
  let db: LibraryDatabase;
  try {
    if (path !== ':memory:') {
      privateFolder(dirname(path));
      privateFile(path);
      for (const suffix of ['-wal', '-shm', '-journal']) restrictIfPresent(path + suffix);
    }
    db = new Database(path);
    // First, so that even switching a new file to WAL waits for another process opening it too.
    // Every transaction is short and synchronous, so a wait this long means a process is stuck, not
    // busy: on a loaded machine several processes writing at once can keep one waiting for seconds.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    cacheStatements(db);
  } catch (err) {
    throw new NotariumError('STORE_ERROR', `The library at ${path} could not be opened: ${(err as Error).message}.`, { cause: err });
  }
  migrate(db);
  return db;
}

/**
 * Runs `fn` as one transaction that writes, taking the write lock at BEGIN (IMMEDIATE). Every
 * transaction of the store that writes goes through here: a deferred one that reads and then
 * writes fails at once with SQLITE_BUSY in WAL when another process wrote meanwhile (busy_timeout
 * cannot help an upgrade from reader to writer), while BEGIN IMMEDIATE waits its turn.
 */
export function writeTransaction<T>(db: LibraryDatabase, fn: () => T): T {
  return db.transaction(fn).immediate();
}

function migrate(db: LibraryDatabase): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new NotariumError('STORE_ERROR', 'The library was written by a newer version of Notarium: update Notarium to open it.');
  }
  if (current === MIGRATIONS.length) return;
  // SQLite's way to rebuild a table that others refer to (a CHECK cannot be altered): foreign keys
  // off around the transactions (the pragma is a no-op inside one), every reference checked before
  // each commits, so a migration that would leave one dangling rolls back instead.
  db.pragma('foreign_keys = OFF');
  try {
    // Read again inside each transaction: another process opening the library at the same moment may have upgraded it meanwhile.
    while (writeTransaction(db, () => upgradeOnce(db))) {
      /* one version per transaction */
    }
  } finally {
    db.pragma('foreign_keys = ON');
  }
}

/** Brings the schema one version up; false when it was up to date already. */
function upgradeOnce(db: LibraryDatabase): boolean {
  const v = db.pragma('user_version', { simple: true }) as number;
  if (v >= MIGRATIONS.length) return false;
  db.exec(MIGRATIONS[v]!);
  const dangling = db.pragma('foreign_key_check') as unknown[];
  if (dangling.length > 0)
    throw new NotariumError(
      'STORE_ERROR',
      `Upgrading the library to version ${v + 1} would break ${dangling.length} references between its tables: it was left as it was.`,
    );
  db.pragma(`user_version = ${v + 1}`);
  return true;
}
