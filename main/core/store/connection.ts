import { AsyncLocalStorage } from 'node:async_hooks';
import type Database from 'better-sqlite3';
import type { LibraryDatabase } from './database.ts';

/** A statement of the library, run in its turn. */
export interface LibraryStatement<P extends unknown[], R> {
  get(...params: P): Promise<R | undefined>;
  all(...params: P): Promise<R[]>;
  run(...params: P): Promise<Database.RunResult>;
}

/** An open write: the one transaction on the connection, and when it ends. */
interface OpenWrite {
  readonly ended: Promise<void>;
  savepoints: number;
}

const connections = new WeakMap<LibraryDatabase, LibraryConnection>();

/** The one connection object of a database handle: every Library over it takes its turns in one place. */
export function connectionOf(db: LibraryDatabase): LibraryConnection {
  let connection = connections.get(db);
  if (!connection) connections.set(db, (connection = new LibraryConnection(db)));
  return connection;
}

/**
 * The library's connection as the asynchronous store uses it (docs/design/team-library.md, "The
 * store's interface becomes asynchronous"): every statement returns a promise, and a write
 * transaction's body is asynchronous. Underneath is still one better-sqlite3 connection, which runs
 * whatever statement it is given inside whatever transaction is open on it; so the transactions
 * take turns here. While a write is open, a statement of any other caller waits until it ends, and
 * so does another write: two writers never interleave inside one transaction, as they could not
 * when a transaction was one synchronous call. The body's own statements, and anything it awaits,
 * are told apart by their asynchronous context (AsyncLocalStorage): they run at once, inside the
 * transaction, so a table's method behaves alike called inside a write or alone, and a write
 * inside a write is a savepoint of it (as better-sqlite3's nested transactions are; savepoints are
 * a stack, so a body awaits one nested write before it starts the next).
 *
 * A statement is run synchronously when its turn is free, at the moment it is asked for, exactly
 * as before: no turn of the event loop is added to a read.
 *
 * The tables not yet asynchronous still call the database directly: their statements do not wait
 * here, so until every table goes through this connection, one of theirs made by another caller
 * while a write's body awaits would run inside that write. So the store's bodies return a value,
 * not a promise, until then: such a body is committed before `write` returns, and from BEGIN to
 * COMMIT nothing else runs, as in a synchronous transaction.
 */
export class LibraryConnection {
  private open: OpenWrite | undefined;
  private readonly inside = new AsyncLocalStorage<OpenWrite>();

  constructor(private readonly db: LibraryDatabase) {}

  prepare<P extends unknown[] | object = unknown[], R = unknown>(sql: string): LibraryStatement<P extends unknown[] ? P : [P], R> {
    // Typed by the caller, as better-sqlite3's own prepare is; the parameters pass through as given.
    const statement = () => this.db.prepare<unknown[], R>(sql);
    return {
      get: (...params) => this.inTurn(() => statement().get(...(params as unknown[]))),
      all: (...params) => this.inTurn(() => statement().all(...(params as unknown[]))),
      run: (...params) => this.inTurn(() => statement().run(...(params as unknown[]))),
    };
  }

  /**
   * Runs `body` as one transaction that writes, taking the write lock at BEGIN (IMMEDIATE, as
   * `writeTransaction` does): committed when it resolves, rolled back when it rejects. A body that
   * returns a value, not a promise, is committed at once: from BEGIN to COMMIT nothing else runs.
   */
  async write<T>(body: () => T | Promise<T>): Promise<T> {
    const open = this.open;
    if (open !== undefined && this.inside.getStore() === open) return this.savepoint(open, body);
    // The check and the BEGIN in one synchronous step: another waiter woken by the same end may go first.
    while (this.busy()) await this.open!.ended;
    let end!: () => void;
    const write: OpenWrite = { ended: new Promise<void>((resolve) => (end = resolve)), savepoints: 0 };
    this.db.exec('BEGIN IMMEDIATE');
    this.open = write;
    try {
      const returned = this.inside.run(write, body);
      // Awaited only when it is a promise: `await` on a plain value would still let the microtasks queued meanwhile run before COMMIT.
      const result = returned instanceof Promise ? await returned : returned;
      this.db.exec('COMMIT');
      return result;
    } catch (err) {
      // A failed COMMIT may have ended the transaction already (SQLite rolls some errors back itself).
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    } finally {
      this.open = undefined;
      end();
    }
  }

  private async savepoint<T>(open: OpenWrite, body: () => T | Promise<T>): Promise<T> {
    const name = `nested_${++open.savepoints}`;
    this.db.exec(`SAVEPOINT ${name}`);
    try {
      const returned = body();
      const result = returned instanceof Promise ? await returned : returned;
      this.db.exec(`RELEASE ${name}`);
      return result;
    } catch (err) {
      this.db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      throw err;
    }
  }

  /** A write of another caller is open (never the caller's own). */
  private busy(): boolean {
    return this.open !== undefined && this.inside.getStore() !== this.open;
  }

  /**
   * Runs synchronous work of the store (a statement, or a table's method still synchronous
   * underneath: in-turns.ts) when its turn comes. Free: it runs now, in the caller's own step.
   */
  async inTurn<T>(statement: () => T): Promise<T> {
    // Otherwise the last check and the statement are one synchronous step.
    while (this.busy()) await this.open!.ended;
    return statement();
  }
}
