import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import { LibraryChanges } from '../../main/core/store/library-changes.ts';
import { FolderWatcher, WATCHER_LEASE_MS, WatchedElsewhereError, type WatchFileEvent, type WatchFolderEvent } from '../../main/core/watch/folder-watcher.ts';
import { runCli } from '../support/cli.ts';
import { ManualClock } from '../support/manual-clock.ts';

// One watcher per data directory. Two watchers on one library (the app and `notarium
// watch`) would both register a new file. The right to watch is a lease in the library: the app
// waits for it, a command is refused with who holds it, a holder that is gone is taken over. Each
// watcher runs on a manual clock: its re-reads of the library happen when the test moves it.

const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
const REREAD_MS = 1000;
const root = mkdtempSync(join(tmpdir(), 'notarium-watcher-lease-'));
const home = join(root, 'home');
const inbox = join(root, 'inbox');
const env = { NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };

/** An engine of its own on the shared library, as another process has: its own lease owner. */
function engine() {
  const notary = new Notary({ dataDir: home, sandboxBlockInterval: 0.2, secrets: noSecrets, env: {} });
  const clock = new ManualClock();
  const watcher = new FolderWatcher({
    context: notary.context,
    timers: clock,
    changes: new LibraryChanges(notary.library.db, { timers: clock, everyMs: REREAD_MS }),
    tendMs: REREAD_MS,
  });
  const folders: WatchFolderEvent[] = [];
  watcher.events.on('folder', (e) => folders.push(e));
  const states = () => folders.map((e) => ({ path: e.path, state: e.state, message: e.message }));
  return { notary, clock, watcher, folders, states };
}
type Engine = ReturnType<typeof engine>;
const engines: Engine[] = [];
const started = (): Engine => {
  const e = engine();
  engines.push(e);
  return e;
};

beforeAll(async () => {
  mkdirSync(inbox, { recursive: true });
  const setup = started();
  await setup.watcher.add(inbox, { stableMs: 0 });
});
afterEach(async () => {
  for (const e of engines.splice(1)) {
    await e.watcher.stop();
    await e.notary.close();
  }
});
afterAll(async () => {
  for (const e of engines) await e.notary.close();
  rmSync(root, { recursive: true, force: true });
});

describe('one watcher per library', () => {
  it('a command is refused while the app watches, with who holds the lease; the app watches a folder the command adds', async () => {
    const app = started();
    await app.watcher.start(undefined, { holder: 'the Notarium app', ifWatchedElsewhere: 'wait' });
    expect((await app.watcher.get(inbox))?.state).toBe('watching');

    const other = started();
    const refused = await other.watcher.start([inbox], { holder: 'notarium watch', ifWatchedElsewhere: 'refuse' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WatchedElsewhereError);
    expect(refused).toMatchObject({
      code: 'WATCHED_ELSEWHERE',
      lease: { holder: 'the Notarium app', everyFolder: true },
      message: `The Notarium app (process ${process.pid}) is already watching this library's folders, and two watchers would register a new file twice: it watches every remembered folder, so the watching is left to it.`,
    });
    expect(other.folders).toEqual([]); // nothing was watched by the refused one

    // The command line, as a process of its own: the folder is remembered, and left to the app, which is not a failure.
    const added = join(root, 'added');
    mkdirSync(added);
    const cli = await runCli(['watch', added], { env, cwd: root });
    expect(cli.stderr).toContain(`The Notarium app (process ${process.pid}) is already watching this library's folders`);
    expect(cli.code).toBe(0);
    const mark = app.folders.length;
    await app.clock.advance(REREAD_MS);
    expect(app.states().slice(mark)[0]).toEqual({ path: added, state: 'scanning', message: `Watching ${added}, added to the watched folders.` });
    await expect.poll(async () => (await app.watcher.get(added))?.state).toBe('watching');
    await runCli(['watch', '--remove', added], { env, cwd: root });
  });

  it('a second app waits, saying who watches, and takes over when the first stops', async () => {
    const first = started();
    await first.watcher.start(undefined, { holder: 'the Notarium app', ifWatchedElsewhere: 'wait' });
    const second = started();
    await second.watcher.start(undefined, { holder: 'the Notarium app', ifWatchedElsewhere: 'wait' });
    expect(second.states()).toEqual([
      {
        path: inbox,
        state: 'unavailable',
        message: `The Notarium app (process ${process.pid}) is watching this library's folders: the Notarium app watches them once it stops.`,
      },
    ]);
    await second.clock.advance(REREAD_MS);
    expect(second.folders).toHaveLength(1); // still held: nothing new to say

    await first.watcher.stop();
    await second.clock.advance(REREAD_MS);
    expect(second.states()[1]).toEqual({
      path: inbox,
      state: 'scanning',
      message: `Watching ${inbox}: the Notarium app (process ${process.pid}) no longer watches it.`,
    });
    await expect.poll(async () => (await second.watcher.get(inbox))?.state).toBe('watching');
  });

  it('a lease whose holder is gone is taken at once; one of another computer only once it has expired', async () => {
    const store = engines[0]!.notary.library.watchedFolders;
    const ended = spawnSync(process.execPath, ['-e', '0']).pid; // a process of this computer that has ended
    store.releaseWatcherLease(store.watcherLease()?.owner ?? '');
    expect(
      store.takeWatcherLease({ owner: `${hostname()}:${ended}:crashed`, holder: 'notarium watch', everyFolder: false }, WATCHER_LEASE_MS, () => false),
    ).toBeNull();

    const next = started();
    await next.watcher.start(undefined, { holder: 'the Notarium app', ifWatchedElsewhere: 'refuse' });
    expect((await next.watcher.get(inbox))?.state).toBe('watching');
    await next.watcher.stop();

    const elsewhere = `nas-${hostname()}:4242:another`;
    expect(store.takeWatcherLease({ owner: elsewhere, holder: 'notarium watch', everyFolder: false }, WATCHER_LEASE_MS, () => false)).toBeNull();
    const refused = await next.watcher.start(undefined, { holder: 'the Notarium app', ifWatchedElsewhere: 'refuse' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'WATCHED_ELSEWHERE',
      message: `notarium watch (process 4242 on nas-${hostname()}) is already watching this library's folders, and two watchers would register a new file twice: stop it first to watch from here.`,
    });
    // Expired: that computer stopped renewing it (switched off, or its process killed).
    expect(store.takeWatcherLease({ owner: elsewhere, holder: 'notarium watch', everyFolder: false }, -1, () => false)).toBeNull();
    await next.watcher.start(undefined, { holder: 'the Notarium app', ifWatchedElsewhere: 'refuse' });
    expect((await next.watcher.get(inbox))?.state).toBe('watching');
  });

  it('a holder whose lease was taken over (it was suspended past it) stops watching, and says by whom', async () => {
    const app = started();
    await app.watcher.start(undefined, { holder: 'the Notarium app', ifWatchedElsewhere: 'wait' });
    const store = app.notary.library.watchedFolders;
    // Another process took it after it expired, while this one slept.
    expect(
      store.takeWatcherLease({ owner: `${hostname()}:${process.pid}:woke-first`, holder: 'notarium watch', everyFolder: true }, WATCHER_LEASE_MS, () => true),
    ).toBeNull();
    const mark = app.folders.length;
    await app.clock.advance(WATCHER_LEASE_MS / 4);
    expect(app.states().slice(mark)).toEqual([
      {
        path: inbox,
        state: 'unavailable',
        message: `notarium watch (process ${process.pid}) is watching this library's folders: the Notarium app watches them once it stops.`,
      },
    ]);
    expect((await app.watcher.get(inbox))?.state).toBe('unavailable');
    store.releaseWatcherLease(`${hostname()}:${process.pid}:woke-first`);
  });

  it('a watched folder that goes away is unavailable, its files not marked deleted, and watched again when it comes back', async () => {
    const app = started();
    const files: WatchFileEvent[] = [];
    app.watcher.events.on('file', (e) => files.push(e));
    await app.watcher.start(undefined, { holder: 'the Notarium app', ifWatchedElsewhere: 'wait' });
    writeFileSync(join(inbox, 'kept.txt'), 'on the drive that will be unplugged\n');
    await expect
      .poll(async () => {
        await app.clock.advance(0); // its quiet period (none) on the watcher's clock
        return files.map((e) => [e.relPath, e.action]);
      })
      .toEqual([
        ['kept.txt', 'waiting'],
        ['kept.txt', 'registered'],
      ]);
    // Unplugged: the drive's files vanish with it (its files removed from sight one by one, their size and time kept).
    const away = `${inbox}-unplugged`;
    mkdirSync(away);
    renameSync(join(inbox, 'kept.txt'), join(away, 'kept.txt'));
    rmSync(inbox, { recursive: true });
    await expect.poll(() => app.watcher.progress().settling + app.watcher.progress().queued).toBeGreaterThan(0); // the file system's word reached the watcher
    await app.clock.advance(0); // and is taken now, before the re-read notices the folder gone
    await app.watcher.whenIdle();
    let mark = app.folders.length;
    await app.clock.advance(REREAD_MS);
    expect(app.states().slice(mark)).toEqual([
      {
        path: inbox,
        state: 'unavailable',
        message: `${inbox} cannot be read (missing, or a drive that is not connected): it is watched again as soon as it can be read.`,
      },
    ]);
    renameSync(away, inbox);
    mark = app.folders.length;
    await app.clock.advance(REREAD_MS);
    expect(app.states().slice(mark)[0]).toEqual({
      path: inbox,
      state: 'scanning',
      message: `${inbox} is back: catching up on what changed while it was away.`,
    });
    await expect.poll(async () => (await app.watcher.get(inbox))?.state).toBe('watching');
    // Moved back, its ctime changed (a drive plugged in again keeps it): hashed once, found as it was, nothing registered.
    expect(app.folders.at(-1)?.rescan).toEqual({ unchanged: 0, changed: 1 });
    await expect
      .poll(async () => {
        await app.clock.advance(0);
        return files.map((e) => [e.relPath, e.action]);
      })
      .toEqual([
        ['kept.txt', 'waiting'],
        ['kept.txt', 'registered'],
        ['kept.txt', 'unchanged'],
      ]);
    const folderId = (await app.watcher.get(inbox))!.id;
    expect(app.notary.library.watchedFolders.file(folderId, 'kept.txt')?.goneAt).toBeNull();
  });
});
