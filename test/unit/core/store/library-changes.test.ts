import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { LibraryChanges } from '../../../../main/core/store/library-changes.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

// Writes made elsewhere (another connection to the library's file: another process) are heard on
// a clock, a manual one here: a read happens when the test moves it, never by waiting.

let dir: string;
let here: Library;
let elsewhere: Library;
let clock: ManualClock;
let changes: LibraryChanges;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-changes-'));
  here = Library.open(dir);
  elsewhere = Library.open(dir);
  clock = new ManualClock();
  changes = new LibraryChanges(here.db, { timers: clock, everyMs: 1000 });
});
afterEach(async () => {
  here.close();
  elsewhere.close();
  rmSync(dir, { recursive: true, force: true });
});

const addProfile = async (lib: Library, name: string) => lib.profiles.save({ name, baseUrl: 'https://records.example.org' });

describe('library changes', () => {
  it("tells its listeners of another connection's writes at its next read, once; never of its own connection's", async () => {
    const heard: string[] = [];
    changes.listen(() => heard.push('a'));
    changes.listen(() => heard.push('b'));
    await clock.advance(1000);
    expect(heard).toEqual([]); // nothing written

    await addProfile(elsewhere, 'Work');
    expect(heard).toEqual([]); // told at the next read, not at once
    await clock.advance(1000);
    expect(heard).toEqual(['a', 'b']);
    await clock.advance(3000);
    expect(heard).toEqual(['a', 'b']);

    await addProfile(here, 'Home'); // this connection's own write: its writer knows
    await clock.advance(1000);
    expect(heard).toEqual(['a', 'b']);
    expect((await here.profiles.list()).map((p) => p.name)).toContain('Work');
  });

  it('reads only while someone listens, and the next read waits for the listeners', async () => {
    let finish = (): void => {};
    let calls = 0;
    const stop = changes.listen(() => {
      calls++;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    expect(clock.timerCount).toBe(1);
    await addProfile(elsewhere, 'One');
    await clock.advance(1000);
    expect(calls).toBe(1);
    expect(clock.timerCount).toBe(0); // a listener still at work: no read meanwhile
    await addProfile(elsewhere, 'Two');
    finish();
    await clock.advance(1000);
    expect(calls).toBe(2);
    finish();
    await clock.advance(0);
    stop();
    expect(clock.timerCount).toBe(0);
    await addProfile(elsewhere, 'Three');
    await clock.advance(5000);
    expect(calls).toBe(2);
  });
});
