import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';

/** The library compiles each statement once (statement-cache.ts): a page of the Library reads its rows through the same few. */

let lib: Library;
beforeEach(() => {
  lib = Library.open(':memory:');
  lib.db.exec("INSERT INTO settings (key, value) VALUES ('a', '1'), ('b', '2')");
});
afterEach(() => lib.close());

const SQL = "SELECT key, value FROM settings WHERE key IN ('a', 'b') ORDER BY key";

describe("the library's statements", () => {
  it('are compiled once for the same text', () => {
    expect(lib.db.prepare(SQL)).toBe(lib.db.prepare(SQL));
    expect(lib.db.prepare(SQL)).not.toBe(lib.db.prepare(`${SQL} DESC`));
  });

  it('give rows whole again after a caller asked for one value (pluck) or arrays (raw)', () => {
    expect(lib.db.prepare(SQL).pluck().all()).toEqual(['a', 'b']);
    expect(lib.db.prepare(SQL).all()).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
    ]);
    expect(lib.db.prepare(SQL).raw().get()).toEqual(['a', '1']);
    expect(lib.db.prepare(SQL).get()).toEqual({ key: 'a', value: '1' });
  });

  it('are not shared while one is still being read: the same text then gets a statement of its own', () => {
    const seen: unknown[] = [];
    for (const row of lib.db.prepare(SQL).iterate()) seen.push(row, lib.db.prepare(SQL).get());
    expect(seen).toHaveLength(4);
  });

  it('are kept up to a bound, the least recently used given up first', () => {
    const first = lib.db.prepare(SQL);
    for (let i = 0; i < 600; i++) lib.db.prepare(`SELECT ${i}`);
    expect(lib.db.prepare(SQL)).not.toBe(first);
    const kept = lib.db.prepare('SELECT 599');
    expect(lib.db.prepare('SELECT 599')).toBe(kept);
  });
});
