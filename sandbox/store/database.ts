import Database from 'better-sqlite3';
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The sandbox's state in SQLite: a file under --data DIR (survives restarts), or memory.
 * One schema for both, so the in-memory sandbox behaves exactly like the persistent one.
 */

export type SandboxDatabase = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS blocks (
  height  INTEGER PRIMARY KEY,
  hash    TEXT NOT NULL UNIQUE,
  header  BLOB NOT NULL,
  time    INTEGER NOT NULL,
  tx_ids  TEXT NOT NULL,         -- JSON array, coinbase first, in block order
  mined_at INTEGER               -- ms since the epoch: when the block was due (the header keeps seconds)
);
CREATE TABLE IF NOT EXISTS txs (
  seq           INTEGER PRIMARY KEY AUTOINCREMENT,   -- mempool order (parents before children)
  txid          TEXT NOT NULL UNIQUE,
  raw           BLOB NOT NULL,
  kind          TEXT NOT NULL,   -- coinbase | record | linked-create | linked-update | linked-delete | foreign | foreign-data | future
  published     BLOB,            -- the record as published (the bytes the transaction carries)
  prev_txid     TEXT,            -- linked: the record this one follows
  next_txid     TEXT,            -- linked: the record that follows this one
  encode        TEXT,            -- the encode value used at creation
  fund_script   TEXT,            -- linked create/update: locking script (hex) of the "fund for next" output
  fund_path     TEXT,            -- linked create/update: derivation path of the key that unlocks it
  block_height  INTEGER,
  block_index   INTEGER,
  doomed        INTEGER NOT NULL DEFAULT 0,          -- accepted but will be rejected at the next block
  accepted_at   INTEGER NOT NULL,
  never_mined   INTEGER NOT NULL DEFAULT 0           -- accepted and never mined (nor rejected)
);
CREATE TABLE IF NOT EXISTS orphan_blocks (  -- blocks a reorganisation took off the chain: explorers still know them
  hash    TEXT PRIMARY KEY,
  height  INTEGER NOT NULL,
  header  BLOB NOT NULL,
  tx_count INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS txs_mempool ON txs (block_height) WHERE block_height IS NULL;
CREATE INDEX IF NOT EXISTS txs_fund_script ON txs (fund_script) WHERE fund_script IS NOT NULL;
`;

/**
 * The data directory holds the API key and the identity signing key: on POSIX it is 0700 and its
 * files 0600 whatever the umask, and an existing one readable by others is tightened. The database
 * file is made 0600 before SQLite opens it, because SQLite gives its -wal and -shm files the
 * database's mode. (Windows ignores these modes; a per-user folder's ACLs apply there.)
 */
function ownerOnly(path: string): void {
  if (process.platform === 'win32') return;
  const mode = statSync(path).mode & 0o7777;
  if (mode & 0o077) chmodSync(path, mode & ~0o077);
}

function privateDatabaseFile(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  ownerOnly(dataDir);
  const path = join(dataDir, 'sandbox.sqlite');
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
    try {
      ownerOnly(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return path;
}

export function openDatabase(dataDir?: string): SandboxDatabase {
  let db: SandboxDatabase;
  if (dataDir) {
    db = new Database(privateDatabaseFile(dataDir));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  } else {
    db = new Database(':memory:');
  }
  db.pragma('foreign_keys = ON');
  db.exec(SCHEMA);
  addMissingColumns(db);
  return db;
}

/** Columns added since a data directory may have been made: an older one is brought up to date. */
const ADDED_COLUMNS = [
  { table: 'txs', column: 'never_mined', definition: 'INTEGER NOT NULL DEFAULT 0' },
  { table: 'blocks', column: 'mined_at', definition: 'INTEGER' },
] as const;

function addMissingColumns(db: SandboxDatabase): void {
  for (const { table, column, definition } of ADDED_COLUMNS) {
    const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all();
    if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
  }
}

/** A small key-value table for the sandbox's own settings (API key, counters, ...). */
export class MetaTable {
  private readonly getStmt;
  private readonly setStmt;

  constructor(db: SandboxDatabase) {
    this.getStmt = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
    this.setStmt = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  }

  get(key: string): string | undefined {
    return this.getStmt.get(key)?.value;
  }

  set(key: string, value: string): void {
    this.setStmt.run(key, value);
  }

  /** The stored value, or `make()` stored first (and kept for later starts). */
  getOrInit(key: string, make: () => string): string {
    const existing = this.get(key);
    if (existing !== undefined) return existing;
    const value = make();
    this.set(key, value);
    return value;
  }

  /** Increments a counter and returns its new value. */
  next(key: string): number {
    const value = Number(this.get(key) ?? '0') + 1;
    this.set(key, String(value));
    return value;
  }
}
