import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordState, WatchedFolderView } from '../../../preload/contract.ts';
import { actionText, roundText, WatchState } from '../../../renderer/screens/watch/watch.svelte.ts';
import { FakeBridge } from '../../support/fake-bridge.ts';

// The Watched folders screen's state over a bridge in memory: pausing and resuming a folder, and the
// folders a typed path completes to.

const folder = (state: WatchedFolderView['state']): WatchedFolderView => ({
  path: '/home/ann/Contracts',
  profile: 'Sandbox',
  recursive: true,
  include: [],
  exclude: [],
  receipts: 'beside',
  stableSeconds: 3,
  state,
  message: null,
  waiting: 0,
  lastRound: null,
  chainClosed: false,
});

let fake: FakeBridge;
let state: WatchState;

beforeEach(async () => {
  fake = new FakeBridge();
  fake.answers.set('listWatchedFolders', async () => [folder('watching')]);
  fake.answers.set('watchProgress', async () => ({ settling: 0, queued: 0, active: 0, done: 0, failed: 0, idle: true }));
  state = new WatchState(fake.bridge);
  state.start();
  await state.reload();
});

describe('the Watched folders state', () => {
  it('pauses and resumes a folder, showing what the core answers', async () => {
    const asked: string[] = [];
    fake.answers.set('pauseWatchedFolder', async (path: string) => (asked.push(`pause ${path}`), folder('paused')));
    fake.answers.set('resumeWatchedFolder', async (path: string) => (asked.push(`resume ${path}`), folder('scanning')));
    expect(await state.setPaused('/home/ann/Contracts', true)).toBe(true);
    expect(state.folders.map((f) => f.state)).toEqual(['paused']);
    expect(await state.setPaused('/home/ann/Contracts', false)).toBe(true);
    expect(state.folders.map((f) => f.state)).toEqual(['scanning']);
    fake.emit('watch-folder', folder('watching')); // the rescan's end, live
    expect(state.folders.map((f) => f.state)).toEqual(['watching']);
    expect(asked).toEqual(['pause /home/ann/Contracts', 'resume /home/ann/Contracts']);
  });

  it('shows why a pause failed', async () => {
    fake.answers.set('pauseWatchedFolder', async () => {
      throw new Error('/home/ann/Contracts is not a watched folder.');
    });
    expect(await state.setPaused('/home/ann/Contracts', true)).toBe(false);
    expect(state.error).toBe('/home/ann/Contracts is not a watched folder.');
  });

  it('completes a typed path with the latest answer only, and says why when the core refuses', async () => {
    const waiting = new Map<string, (folders: string[]) => void>();
    fake.answers.set('completeFolder', (typed: string) => new Promise<string[]>((resolve) => waiting.set(typed, resolve)));
    const first = state.complete('/home/ann/C');
    const second = state.complete('/home/ann/Co');
    waiting.get('/home/ann/Co')!(['/home/ann/Contracts']);
    await second;
    waiting.get('/home/ann/C')!(['/home/ann/Calendar', '/home/ann/Contracts']); // late: typing went on
    await first;
    expect(state.completions).toEqual(['/home/ann/Contracts']);

    fake.answers.set('completeFolder', async () => {
      throw new Error('Notarium lists only your own folders, and /srv is not one: type the path in full, or start from /home/ann.');
    });
    await state.complete('/srv/');
    expect(state.completions).toEqual([]);
    expect(state.completionProblem).toMatch(/only your own folders/);
    await state.complete('');
    expect(state.completionProblem).toBeNull();
  });
});

describe('a folder’s rounds and its files, in words', () => {
  const round = (state: RecordState) => ({ number: 3, files: 1200, recordId: 9, state, txId: null });

  it('says the latest round, where it stands, and what waits for the next', () => {
    expect(roundText({ lastRound: null, waiting: 0 })).toEqual({ last: null, waiting: null });
    expect(roundText({ lastRound: round('published'), waiting: 2 })).toEqual({
      last: `Round 3: ${(1200).toLocaleString()} files in one registration, sent, waiting for its block`,
      waiting: '2 files wait for the next round, which goes once round 3 is in a block',
    });
    expect(roundText({ lastRound: round('settled'), waiting: 1 }).waiting).toBe('1 file waits for the next round');
  });

  it('says which round a file is in, and with how many', () => {
    expect(actionText({ action: 'waiting', round: null })).toBe("Taken — waits for the folder's next round");
    expect(actionText({ action: 'version', round: { number: 2, files: 1 } })).toBe('Notarised as a new version in round 2 (1 file, one registration)');
    expect(actionText({ action: 'registered', round: { number: 1, files: 3 } })).toBe('Notarised in round 1 (3 files, one registration)');
  });
});
