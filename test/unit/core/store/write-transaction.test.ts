import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLibrary, writeTransaction, type LibraryDatabase } from '../../../../main/core/store/database.ts';

// Two connections to one library file, as two processes have: a transaction that reads and then
// writes holds the write lock from its start, so a competing writer waits its turn instead of
// making the transaction fail half-way (SQLITE_BUSY on the reader-to-writer upgrade in WAL).

const dirs: string[] = [];
const open: LibraryDatabase[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function twoConnections(): [LibraryDatabase, LibraryDatabase] {
  const dir = mkdtempSync(join(tmpdir(), 'notarium-write-tx-'));
  dirs.push(dir);
  const first = openLibrary(join(dir, 'library.db'));
  const second = openLibrary(join(dir, 'library.db'));
  open.push(first, second);
  // One thread runs both here: the competitor cannot wait for the transaction to end, so it is told at once.
  second.pragma('busy_timeout = 0');
  return [first, second];
}

const put = (db: LibraryDatabase, key: string, value: string) => db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(key, value);
const read = (db: LibraryDatabase, key: string) => db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(key)?.value;

describe('writeTransaction', () => {
  it('reads then writes while another connection tries to write: the other waits, the transaction commits', () => {
    const [db, competitor] = twoConnections();
    put(db, 'counter', '1');
    writeTransaction(db, () => {
      const n = Number(read(db, 'counter'));
      expect(() => put(competitor, 'other', 'x')).toThrow(/locked|busy/i);
      put(db, 'counter', String(n + 1));
    });
    expect(read(competitor, 'counter')).toBe('2');
    // Its turn now.
    put(competitor, 'other', 'x');
    expect(read(db, 'other')).toBe('x');
  });

  it('returns what the function returns, and rolls everything back when it throws', () => {
    const [db] = twoConnections();
    expect(writeTransaction(db, () => (put(db, 'a', '1'), 42))).toBe(42);
    expect(() =>
      writeTransaction(db, () => {
        put(db, 'a', '2');
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(read(db, 'a')).toBe('1');
  });
});
