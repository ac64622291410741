import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { LibraryChanges } from '../../main/core/store/library-changes.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import { FolderWatcher, type WatchFileEvent, type WatchFolderEvent } from '../../main/core/watch/folder-watcher.ts';
import { runCli } from '../support/cli.ts';
import { ManualClock } from '../support/manual-clock.ts';

// A running watcher (the app's, or `notarium watch`) is told nothing when another
// process pauses, resumes or removes one of its folders; the library they share is the news. The
// watcher reads it again when it hears of writes made elsewhere (library-changes.ts), looked for on
// its clock (a manual one here: the read happens when the test moves it, never by waiting), while
// `notarium watch --pause|--resume|--remove` run as processes of their own on the same library.

const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
const REREAD_MS = 1000;
const root = mkdtempSync(join(tmpdir(), 'notarium-watch-elsewhere-'));
const home = join(root, 'home');
const dir = join(root, 'inbox');
const env = { NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const elsewhere = async (...args: string[]) => {
  const r = await runCli(args, { env, cwd: root });
  expect(r.code, r.stderr).toBe(0);
};

let notary: Notary;
let watcher: FolderWatcher;
const clock = new ManualClock();
const folders: WatchFolderEvent[] = [];
const files: WatchFileEvent[] = [];

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  notary = new Notary({ dataDir: home, sandboxBlockInterval: 0.2, secrets: noSecrets, env: {} });
  watcher = new FolderWatcher({
    context: notary.context,
    timers: clock,
    changes: new LibraryChanges(notary.library.db, { timers: clock, everyMs: REREAD_MS }),
  });
  watcher.events.on('folder', (e) => folders.push(e));
  watcher.events.on('file', (e) => files.push(e));
  await watcher.add(dir, { stableMs: 0 });
  await watcher.start([dir]);
});
afterAll(async () => {
  await watcher.stop();
  await notary.close();
  rmSync(root, { recursive: true, force: true });
});

/** The folder events since `from`, as state and message. */
const since = (from: number) => folders.slice(from).map((e) => ({ state: e.state, message: e.message }));

describe('a running watcher and another process', () => {
  it('notices a pause at its next read of the library, says so and stops taking files; a resume catches up on what it missed', async () => {
    let mark = folders.length;
    await elsewhere('watch', '--pause', dir);
    expect(since(mark)).toEqual([]); // told nothing: it learns from the library, at its next read
    await clock.advance(REREAD_MS);
    expect(since(mark)).toEqual([
      { state: 'paused', message: `Paused ${dir} (in the app, or with "notarium watch --pause"): its files are not taken until it is resumed.` },
    ]);
    expect(await watcher.list()).toMatchObject([{ path: dir, paused: true, state: 'paused' }]);

    writeFileSync(join(dir, 'while-paused.txt'), 'written while the folder was paused\n');
    mark = folders.length;
    await elsewhere('watch', '--resume', dir);
    await clock.advance(REREAD_MS);
    expect(since(mark)[0]).toEqual({ state: 'scanning', message: `Resumed ${dir}: catching up on what changed while it was paused.` });
    // Had the file been taken while paused, the rescan would find it unchanged.
    await expect.poll(() => folders.slice(mark).find((e) => e.state === 'watching')?.rescan).toEqual({ unchanged: 0, changed: 1 });
    await expect
      .poll(async () => {
        await clock.advance(0); // the file's quiet period (none) on the watcher's clock
        return files.map((e) => [e.relPath, e.action]);
      })
      .toEqual([
        ['while-paused.txt', 'waiting'],
        ['while-paused.txt', 'registered'],
      ]);
  });

  it('a folder removed elsewhere is no longer watched, and it says so', async () => {
    const mark = folders.length;
    await elsewhere('watch', '--remove', dir);
    await clock.advance(REREAD_MS);
    expect(since(mark)).toEqual([
      { state: 'stopped', message: `No longer watching ${dir}: it was removed from the watched folders (in the app, or with "notarium watch --remove").` },
    ]);
    expect(await watcher.list()).toEqual([]);
  });
});
