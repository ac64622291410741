import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import { DEFAULT_WATCH_SETTINGS } from '../../main/core/watch/folder-watcher.ts';
import { syncFile, type SyncOptions } from '../../main/core/watch/sync-file.ts';

// One save seen twice (an editor's two writes make two events): the second take waits for the
// other (the same content) and then finds the save taken. It waits once for its round.

const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
const root = mkdtempSync(join(tmpdir(), 'notarium-one-save-'));
const folder = join(root, 'watched');
let notary: Notary;

beforeAll(() => {
  mkdirSync(folder, { recursive: true });
  notary = new Notary({ dataDir: join(root, 'home'), sandboxBlockInterval: 600, secrets: noSecrets, env: {} });
});
afterAll(async () => {
  await notary.close();
  rmSync(root, { recursive: true, force: true });
});

/** Runs one at a time per content, as the watcher does. */
function serialised(): SyncOptions['exclusive'] {
  const runs = new Map<string, Promise<unknown>>();
  return (sha256, fn) => {
    const run = (runs.get(sha256) ?? Promise.resolve()).then(fn, fn);
    runs.set(
      sha256,
      run.catch(() => undefined),
    );
    return run;
  };
}

describe('a save taken twice at once', () => {
  it("waits for its folder's round once", async () => {
    const watched = notary.library.watchedFolders.add(folder, 'Sandbox', DEFAULT_WATCH_SETTINGS);
    const options: SyncOptions = { ctx: notary.context, signal: new AbortController().signal, exclusive: serialised() };
    writeFileSync(join(folder, 'q.txt'), 'q 1\n');
    const takes = await Promise.all([syncFile(options, watched, 'q.txt'), syncFile(options, watched, 'q.txt')]);
    // Whichever take finished hashing first took the save (the order is the hashing's, not the calls').
    expect(takes.filter((t) => t !== null)).toEqual([{ action: 'waiting', record: null }]);
    expect(takes.filter((t) => t === null)).toHaveLength(1);
    expect(notary.library.watchedFolders.waiting(watched.id).map((w) => w.relPath)).toEqual(['q.txt']);
  });
});
