import { afterEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';

// The asynchronous write transaction over the one better-sqlite3 connection (connection.ts): its
// body awaits, and meanwhile nobody else's statement or write runs inside it.

const libraries: Library[] = [];
afterEach(() => {
  for (const library of libraries.splice(0)) library.close();
});

function open(): Library {
  const library = Library.open(':memory:');
  libraries.push(library);
  return library;
}

const put = (library: Library, key: string, value: string) =>
  library.connection.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)').run(key, value);
const read = async (library: Library, key: string) =>
  (await library.connection.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(key))?.value;

/** A promise the test settles when it chooses: a body paused on it holds its transaction open for as long. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

/** Lets every pending callback run (several turns of the event loop): what could run meanwhile has. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('Library.write', () => {
  it('two writers that read and then write never interleave: each increment counts', async () => {
    const library = open();
    await put(library, 'counter', '0');
    const steps: string[] = [];
    const paused = gate();
    const increment = (who: string, pause: Promise<void>) =>
      library.write(async () => {
        steps.push(`${who} reads`);
        const n = Number(await read(library, 'counter'));
        await pause;
        await put(library, 'counter', String(n + 1));
        steps.push(`${who} writes`);
      });
    const first = increment('first', paused.wait);
    const second = increment('second', Promise.resolve());
    await settle();
    // The first holds its transaction open; the second has not begun.
    expect(steps).toEqual(['first reads']);
    paused.open();
    await Promise.all([first, second]);
    expect(steps).toEqual(['first reads', 'first writes', 'second reads', 'second writes']);
    expect(await read(library, 'counter')).toBe('2');
  });

  it('another caller’s statement waits for the open write, and then reads what it committed', async () => {
    const library = open();
    await put(library, 'k', 'before');
    const paused = gate();
    const writing = library.write(async () => {
      await put(library, 'k', 'inside');
      await paused.wait;
    });
    let seen: string | undefined;
    const reading = read(library, 'k').then((v) => (seen = v));
    await settle();
    expect(seen).toBeUndefined();
    paused.open();
    await Promise.all([writing, reading]);
    expect(seen).toBe('inside');
  });

  it('a table still synchronous underneath (documents) takes its turn too: another caller’s write during an open write is not rolled back with it', async () => {
    const library = open();
    const paused = gate();
    const writing = library.write(async () => {
      await library.documents.create('Sandbox', 'undone.pdf');
      await paused.wait;
      throw new Error('rolled back');
    });
    let listed: string[] | undefined;
    const outside = library.documents.create('Sandbox', 'kept.pdf').then(async () => (listed = (await library.documents.list()).map((d) => d.name)));
    await settle();
    expect(listed).toBeUndefined();
    paused.open();
    await expect(writing).rejects.toThrow('rolled back');
    await outside;
    expect(listed).toEqual(['kept.pdf']);
  });

  it('a body that fails rolls back everything it wrote, the error reaches the caller, and the next write runs', async () => {
    const library = open();
    await put(library, 'k', 'kept');
    await expect(
      library.write(async () => {
        await put(library, 'k', 'lost');
        await library.identityPortals.rememberRefusesCodeVerifier('https://id.example/env');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await read(library, 'k')).toBe('kept');
    expect(await library.identityPortals.refusesCodeVerifier('https://id.example/env')).toBe(false);
    expect(library.db.inTransaction).toBe(false);
    expect(await library.write(async () => (await put(library, 'k', 'next'), 42))).toBe(42);
    expect(await read(library, 'k')).toBe('next');
  });

  it('a write inside a write is a savepoint of it: when it fails, only its own writes are undone', async () => {
    const library = open();
    await library.write(async () => {
      await put(library, 'outer', '1');
      await expect(
        library.write(async () => {
          await put(library, 'inner', '1');
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
      await library.write(async () => put(library, 'inner-2', '1'));
    });
    expect([await read(library, 'outer'), await read(library, 'inner'), await read(library, 'inner-2')]).toEqual(['1', undefined, '1']);
  });

  it('a body that returns a value, not a promise, is committed before write returns: nothing else runs inside it', async () => {
    const library = open();
    let inside: boolean | undefined;
    const writing = library.write(() => {
      library.db.prepare("INSERT INTO settings (key, value) VALUES ('k', 'v')").run();
      inside = library.db.inTransaction;
      return 7;
    });
    expect([inside, library.db.inTransaction]).toEqual([true, false]);
    expect(await writing).toBe(7);
    expect(await read(library, 'k')).toBe('v');
  });

  it('two Library objects over one database handle take turns in one place', async () => {
    const library = open();
    const other = new Library(library.db);
    await put(library, 'k', 'before');
    const paused = gate();
    const writing = library.write(async () => {
      await put(library, 'k', 'inside');
      await paused.wait;
      throw new Error('rolled back');
    });
    let seen: string | undefined;
    const reading = read(other, 'k').then((v) => (seen = v));
    await settle();
    expect(seen).toBeUndefined();
    paused.open();
    await expect(writing).rejects.toThrow('rolled back');
    await reading;
    expect(seen).toBe('before');
  });

  it('work a body started that outlives it runs outside it, in its turn', async () => {
    const library = open();
    const paused = gate();
    let later: Promise<unknown> | undefined;
    await library.write(async () => {
      // Started inside (it inherits the body's context) but awaited after the commit.
      later = paused.wait.then(() => library.write(async () => put(library, 'later', '1')));
      await put(library, 'first', '1');
    });
    let done = false;
    const finished = later!.then(() => (done = true));
    const second = gate();
    const holding = library.write(async () => second.wait);
    paused.open();
    await settle();
    expect(done).toBe(false);
    second.open();
    await Promise.all([holding, finished]);
    expect(await read(library, 'later')).toBe('1');
  });
});
