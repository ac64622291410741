import type { NotariumBridge, NotariumEvents, RecordState, WatchedFolderView, WatchProgressView, WatchSettingsView } from '../../../preload/contract.ts';
import { notarium, sentence } from '../../lib/bridge.ts';
import type { MessageKey } from '../../../preload/i18n/message-types.ts';
import { t } from '../../lib/locale.svelte.ts';

/** Watched folders: the list with each folder's state, live progress, recent activity, and the typed folder's completions. */

export interface Activity {
  key: number;
  at: number;
  folder: string;
  relPath: string;
  action: string;
  state: RecordState | null;
  /** The folder's round the file is in (registered, version). */
  round: { number: number; files: number } | null;
  message: string | null;
}

const MAX_ACTIVITY = 50;

export class WatchState {
  folders = $state<WatchedFolderView[]>([]);
  /** What the folders and the activity are filtered by (paths and file names). */
  filter = $state('');
  progress = $state<WatchProgressView | null>(null);
  activity = $state<Activity[]>([]);
  loaded = $state(false);
  busy = $state<string | null>(null);
  error = $state<string | null>(null);
  /** The folders the typed path completes to, and why there are none when the core refused to list. */
  completions = $state<string[]>([]);
  completionProblem = $state<string | null>(null);
  #key = 0;
  #started = false;
  #asked = 0;

  /** The bridge: the page's own, or a test's fake. */
  constructor(private readonly notarium: NotariumBridge) {}

  start(): void {
    if (this.#started) return;
    this.#started = true;
    const { notarium } = this;
    notarium.on('watch-folder', (f) => {
      this.folders = this.folders.some((x) => x.path === f.path) ? this.folders.map((x) => (x.path === f.path ? f : x)) : [...this.folders, f];
    });
    notarium.on('watch-progress', (p) => (this.progress = p));
    notarium.on('watch-file', (e) => this.#log(e));
    // A folder added elsewhere (`notarium watch <folder>` beside the app) is listed too.
    notarium.on('library-changed', () => void this.reload());
    void this.reload();
  }

  async reload(): Promise<void> {
    try {
      const [folders, progress] = await Promise.all([this.notarium.listWatchedFolders(), this.notarium.watchProgress()]);
      this.folders = folders;
      this.progress = progress;
    } catch (err) {
      this.error = sentence(err);
    } finally {
      this.loaded = true;
    }
  }

  /** Runs one change at a time; answers whether it worked (a failure is shown). */
  async #run(label: string, fn: () => Promise<void>): Promise<boolean> {
    this.busy = label;
    this.error = null;
    try {
      await fn();
      return true;
    } catch (err) {
      this.error = sentence(err);
      return false;
    } finally {
      this.busy = null;
    }
  }

  add(path: string, settings: Partial<WatchSettingsView>): Promise<boolean> {
    return this.#run('add', async () => {
      const added = await this.notarium.addWatchedFolder(path, settings);
      this.folders = [...this.folders.filter((f) => f.path !== added.path), added];
    });
  }

  update(path: string, changes: Partial<WatchSettingsView>): Promise<boolean> {
    return this.#run(`update:${path}`, async () => {
      const updated = await this.notarium.updateWatchedFolder(path, changes);
      this.folders = this.folders.map((f) => (f.path === path ? updated : f));
    });
  }

  /** Stops watching a folder until it is resumed (across restarts too); resuming catches up on what it missed. */
  setPaused(path: string, paused: boolean): Promise<boolean> {
    return this.#run(`${paused ? 'pause' : 'resume'}:${path}`, async () => {
      const changed = await (paused ? this.notarium.pauseWatchedFolder(path) : this.notarium.resumeWatchedFolder(path));
      this.folders = this.folders.map((f) => (f.path === path ? changed : f));
    });
  }

  /** A folder whose chain was finalised elsewhere: its next round starts a new chain, and it is watched again. */
  newChain(path: string): Promise<boolean> {
    return this.#run(`new-chain:${path}`, async () => {
      const changed = await this.notarium.startNewWatchedChain(path);
      this.folders = this.folders.map((f) => (f.path === path ? changed : f));
    });
  }

  /** Lists the folders a typed path completes to; only the latest answer counts (typing goes on meanwhile). */
  async complete(typed: string): Promise<void> {
    const asked = ++this.#asked;
    if (!typed.trim()) {
      this.completions = [];
      this.completionProblem = null;
      return;
    }
    try {
      const found = await this.notarium.completeFolder(typed);
      if (asked !== this.#asked) return;
      this.completions = found;
      this.completionProblem = null;
    } catch (err) {
      if (asked !== this.#asked) return;
      this.completions = [];
      this.completionProblem = sentence(err);
    }
  }

  remove(path: string): Promise<boolean> {
    return this.#run(`remove:${path}`, async () => {
      await this.notarium.removeWatchedFolder(path);
      this.folders = this.folders.filter((f) => f.path !== path);
    });
  }

  #log(e: NotariumEvents['watch-file']): void {
    const entry: Activity = {
      key: ++this.#key,
      at: Date.now(),
      folder: e.folder,
      relPath: e.relPath,
      action: e.action,
      state: e.state,
      round: e.round,
      message: e.error?.message ?? null,
    };
    this.activity = [entry, ...this.activity].slice(0, MAX_ACTIVITY);
  }
}

export const watchState = new WatchState(notarium);

const ACTION_TEXT: Record<string, MessageKey> = {
  registered: 'watch.actionRegistered',
  version: 'watch.actionVersion',
  waiting: 'watch.actionWaiting',
  known: 'watch.actionKnown',
  renamed: 'watch.actionRenamed',
  unchanged: 'watch.actionUnchanged',
  deleted: 'watch.actionDeleted',
  failed: 'watch.actionFailed',
};

const filesWord = (n: number): string => t('common.files', { count: n });

/** What happened to a file, in words: a file in a round says which, and how many files share its registration. */
export function actionText(a: Pick<Activity, 'action' | 'round'>): string {
  const key = ACTION_TEXT[a.action];
  const text = key ? t(key) : a.action;
  return a.round ? t('watch.inRound', { action: text, round: a.round.number, files: filesWord(a.round.files) }) : text;
}

const ROUND_STATE: Partial<Record<RecordState, MessageKey>> = {
  submitting: 'watch.roundSubmitting',
  published: 'watch.roundPublished',
  confirmed: 'watch.roundConfirmed',
  settled: 'watch.roundSettled',
  failed: 'watch.roundFailed',
  rejected: 'watch.roundFailed',
};

/** A folder's rounds in words: its latest round (its number in the folder's chain, its files, where it stands), and the files waiting for the next. */
export function roundText(f: Pick<WatchedFolderView, 'lastRound' | 'waiting'>): { last: string | null; waiting: string | null } {
  const roundState = f.lastRound && ROUND_STATE[f.lastRound.state];
  const last =
    f.lastRound &&
    t('watch.lastRound', { round: f.lastRound.number, files: filesWord(f.lastRound.files), state: roundState ? t(roundState) : f.lastRound.state });
  const inBlock = f.lastRound?.state === 'confirmed' || f.lastRound?.state === 'settled';
  const waiting =
    f.waiting > 0
      ? f.lastRound && !inBlock
        ? t('watch.waitAfter', { count: f.waiting, files: filesWord(f.waiting), round: f.lastRound.number })
        : t('watch.waitNext', { count: f.waiting, files: filesWord(f.waiting) })
      : null;
  return { last, waiting };
}

export const STATE_TEXT: Record<WatchedFolderView['state'], MessageKey> = {
  scanning: 'watch.stateScanning',
  watching: 'watch.stateWatching',
  unavailable: 'watch.stateUnavailable',
  stopped: 'watch.stateStopped',
  paused: 'watch.statePaused',
  error: 'watch.stateError',
};

/** Globs typed one per line or separated by commas. */
export function parseGlobs(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((g) => g.trim())
    .filter(Boolean);
}
