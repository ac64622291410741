import { watch, type FSWatcher } from 'chokidar';
import { said } from '../../../preload/i18n/said.ts';
import { realpathSync, statSync, type Stats } from 'node:fs';
import { EventEmitter, once } from 'node:events';
import { hostname } from 'node:os';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { expandHome } from '../fs/home-path.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { shellQuote } from '../text/shell-quote.ts';
import { fileError } from '../hashing/file-unreadable.ts';
import type { Timers } from '../poller/poller.ts';
import type { BatchMember } from '../store/batches.ts';
import { inBlock, type StoredRecord } from '../store/record.ts';
import { LibraryChanges } from '../store/library-changes.ts';
import type { WatchedFile, WatchedFolder, WatcherLease, WatchSettings } from '../store/watched-folders.ts';
import { profileName, type NotaryContext } from '../usecases/context.ts';
import { finaliseDocument } from '../usecases/documents.ts';
import { holderGone } from '../usecases/send-lease.ts';
import { checkGlobs, fileFilter, isNeverWatchedPath } from './filters.ts';
import { earlierVersionReceiptLocation, receiptLocation } from './receipt-location.ts';
import { mergeRescan, scanFolder, snapshotOf, type RescanCounts } from './rescan.ts';
import { chainClosed, releaseRound, type SentRound } from './rounds.ts';
import { Stability, type FileSnapshot } from './stability.ts';
import { syncFile, type WatchAction } from './sync-file.ts';
import { WorkQueue, type RunOutcome } from './work-queue.ts';
import { WATCH_DEFAULTS } from '../../../preload/watch-defaults.ts';

/**
 * Watched folders, live: chokidar reports what happens, each file waits until it is stable, then
 * a bounded queue takes it (sync-file.ts). On start every folder is rescanned first, so what
 * changed while Notarium was closed is caught up. One watcher per data directory: two processes
 * watching the same folder would both register its new files, so a watcher runs only while it
 * holds the library's watcher lease (WatchedFolders.takeWatcherLease), renewed as it re-reads the
 * library; the app waits for it, `notarium watch` is refused.
 */

const { stableSeconds: defaultStableSeconds, ...defaultSettings } = WATCH_DEFAULTS;
export const DEFAULT_WATCH_SETTINGS: WatchSettings = { ...defaultSettings, stableMs: defaultStableSeconds * 1000 };
const DEFAULT_CONCURRENCY = 4;

export interface WatchFileEvent {
  folderId: number;
  /** The watched folder. */
  folder: string;
  /** The file (absolute) and its path in the folder ('/'-separated). */
  path: string;
  relPath: string;
  action: WatchAction | 'failed';
  /** The registration the file's content is now (for 'deleted': was); null when none (waiting for its round). */
  record: StoredRecord | null;
  /** For 'registered' and 'version': the folder's round its content is a member of (docs/design/batches-and-rounds.md, rounds). */
  round: RoundFacts | null;
  error: NotariumError | null;
  /** A sentence about an outcome that is no failure: the content registered by another Notarium on the same library meanwhile. */
  note?: string;
}

/** A round of a folder's chain: its number (the chain's version), how many contents it anchors, and a file's leaf in it. */
export interface RoundFacts {
  number: number;
  files: number;
  position: number | null;
}

/** A round built and sent: one registration for every file taken since the folder's last round. */
export interface WatchRoundEvent {
  folderId: number;
  path: string;
  round: RoundFacts;
  /** The round's registration (the chain's next record). */
  record: StoredRecord;
  error: NotariumError | null;
}

/** `paused`: by its user, kept across restarts; resuming rescans it, as a start does. */
export type FolderState = 'scanning' | 'watching' | 'unavailable' | 'stopped' | 'paused';

export interface WatchFolderEvent {
  folderId: number;
  path: string;
  state: FolderState | 'error';
  /** Why a folder is unavailable, or what went wrong while watching it. */
  message: string | null;
  /** With 'watching': what the rescan found, by size and mtime (changed: new, modified or gone). */
  rescan: { unchanged: number; changed: number } | null;
}

/** The current batch of work: counts since the watcher was last idle. */
export interface WatchProgress {
  /** Waiting to be stable. */
  settling: number;
  queued: number;
  active: number;
  done: number;
  failed: number;
  idle: boolean;
}

export interface FolderWatcherEvents {
  file: [event: WatchFileEvent];
  round: [event: WatchRoundEvent];
  progress: [progress: WatchProgress];
  folder: [event: WatchFolderEvent];
}

export interface WatchedFolderView extends WatchedFolder {
  state: FolderState;
  /** Files taken and waiting for the folder's next round. */
  waiting: number;
  /** The folder's latest round (its chain's head), or null before its first. */
  lastRound: { number: number; files: number; record: StoredRecord } | null;
  /** Its chain was finalised elsewhere (chainClosed): it is stopped until its user starts a new chain (newChain). */
  chainClosed: boolean;
}

export interface FolderWatcherOptions {
  context: NotaryContext;
  /** Files taken at once (hashing and registering); default 4. */
  concurrency?: number;
  /** The quiet periods' clock (and, by default, the library's reads for writes made elsewhere). */
  timers?: Timers;
  /** What other processes write to the library (another process pausing, resuming or removing a folder): the engine's, or one of its own on `timers`. */
  changes?: LibraryChanges;
  /** How often a running watcher renews its lease (or looks whether it is free) and whether its folders are still there, or back; default 2 s, on `timers`. */
  tendMs?: number;
}

const DEFAULT_TEND_MS = 2000;
/** A round is cut when nothing of its folder is settling, queued or being hashed, or this long after its first file was taken (a file written without end never holds it back). */
export const ROUND_WAIT_MS = 60_000;
/** The rescan waits while this many files are settling or queued: what it holds stays bounded, whatever the folder's size. */
const RESCAN_HIGH_WATER = 10_000;
/** How long the watcher lease lasts unrenewed: a holder on another computer (a shared data directory) that stopped without a word is taken over after it. */
export const WATCHER_LEASE_MS = 60_000;

export interface WatchStartOptions {
  /** What this watcher is, for people ("the Notarium app", "notarium watch"): said to another process that finds it watching. */
  holder?: string;
  /** When another process watches this library's folders: wait and take over when it stops (the app), or refuse (a command). */
  ifWatchedElsewhere?: 'wait' | 'refuse';
}

interface Session {
  folder: WatchedFolder;
  accept: (relPath: string) => boolean;
  fsw: FSWatcher;
  /** Aborted when the folder stops being watched (perhaps before chokidar is ready). */
  closing: AbortController;
}

const SYSTEM_TIMERS: Timers = {
  now: Date.now,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

const toRelPath = (root: string, path: string): string => relative(root, path).split(sep).join('/');

function isInside(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

export class FolderWatcher {
  readonly events = new EventEmitter<FolderWatcherEvents>();
  private readonly ctx: NotaryContext;
  private readonly sessions = new Map<number, Session>();
  private readonly states = new Map<number, FolderState>();
  private readonly stability: Stability<number>;
  private readonly queue: WorkQueue<number>;
  private readonly contentRuns = new Map<string, Promise<unknown>>();
  private readonly idleWaiters: (() => void)[] = [];
  private readonly timers: Timers;
  private readonly changes: LibraryChanges;
  private stopHearing: (() => void) | null = null;
  private readonly tendMs: number;
  private tendTimer: unknown;
  /** The looks at the library and the folders, one at a time (news from elsewhere, or this watcher's own clock). */
  private looking: Promise<void> = Promise.resolve();
  /** Folders this process is pausing, resuming or removing now: the re-read leaves them to it. */
  private readonly changing = new Set<number>();
  private abort = new AbortController();
  private running = false;
  /** What this watcher is, for people, and the folders it was started for (null: every folder, those added later too). */
  private holder = 'Notarium';
  private wanted: ReadonlySet<number> | null = null;
  /** The lease of the process watching instead of this one, while this one waits for it. */
  private elsewhere: WatcherLease | null = null;
  private leaseRenewedAt = 0;
  private progressScheduled = false;
  /** Folders stopped because their chain was finalised elsewhere (stopIfChainClosed). */
  private readonly closedChains = new Set<number>();
  /** Folders with files taken since their last round, and the timer that cuts it at the latest. */
  private readonly roundsDue = new Map<number, unknown>();
  /** Per folder, its rounds being built, one after the other. */
  private readonly rounds = new Map<number, Promise<void>>();
  private roundsBuilding = 0;
  /** A rescan waiting for room (RESCAN_HIGH_WATER). */
  private roomWaiters: (() => void)[] = [];

  constructor(options: FolderWatcherOptions) {
    this.ctx = options.context;
    this.timers = options.timers ?? SYSTEM_TIMERS;
    this.changes = options.changes ?? new LibraryChanges(this.ctx.library.db, { timers: this.timers });
    this.tendMs = options.tendMs ?? DEFAULT_TEND_MS;
    this.stability = new Stability<number>({
      timers: this.timers,
      stat: snapshotOf,
      onStable: (path, folderId) => this.queue.push(path, folderId),
    });
    this.queue = new WorkQueue<number>({
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      run: (path, folderId) => this.take(path, folderId),
      onChange: () => this.changed(),
    });
  }

  private get store() {
    return this.ctx.library.watchedFolders;
  }

  /** The remembered folders, with what the watcher is doing with each. */
  async list(): Promise<WatchedFolderView[]> {
    return Promise.all(this.store.list().map((f) => this.view(f)));
  }

  /** A remembered folder by its path, or undefined. */
  async get(path: string): Promise<WatchedFolderView | undefined> {
    const folder = this.store.byPath(canonical(path));
    return folder && this.view(folder);
  }

  private async view(folder: WatchedFolder): Promise<WatchedFolderView> {
    // Awaited first: the rest is read in one step, the folder's state as it is when the view is given.
    const closed = await chainClosed(this.ctx, folder);
    const head =
      folder.documentId === null
        ? undefined
        : this.ctx.library.records
            .registrationsOf(folder.documentId)
            .filter((r) => r.kind !== 'linked-delete')
            .at(-1);
    const batch = head && this.ctx.library.batches.ofRecord(head);
    return {
      ...folder,
      state: this.stateOf(folder),
      waiting: this.store.waitingCount(folder.id),
      lastRound: head && batch ? { number: head.version ?? 0, files: batch.files, record: head } : null,
      chainClosed: closed,
    };
  }

  private stateOf(folder: WatchedFolder): FolderState {
    if (folder.paused) return 'paused';
    return this.closedChains.has(folder.id) ? 'stopped' : (this.states.get(folder.id) ?? 'stopped');
  }

  /**
   * Starts the folder's chain afresh, when the one it had was finalised elsewhere (chainClosed):
   * its next round is the first record of a new chain, and the folder is watched again (when the
   * watcher runs). Only at its user's word: a history that goes on in a new chain is theirs to decide.
   */
  async newChain(path: string): Promise<WatchedFolder> {
    const current = this.require(path);
    if (!(await chainClosed(this.ctx, current)))
      throw new NotariumError(
        'INVALID_ARGUMENT',
        `The chain of ${current.path} is not finalised: its next round goes on in it, so there is no new chain to start.`,
      );
    return this.changingNow(current.id, async () => {
      const folder = this.store.startNewChain(current.id);
      this.closedChains.delete(folder.id);
      if (this.running && !folder.paused && !this.sessions.has(folder.id))
        await this.watchIfHolding(folder, `Watching ${folder.path}: its next round starts a new chain.`);
      return folder;
    });
  }

  /** Remembers a folder (and watches it at once when the watcher runs). Its files go to `profile` (default: the current one). */
  async add(path: string, settings: Partial<WatchSettings> = {}, profile?: string): Promise<WatchedFolder> {
    const where = canonical(path);
    const refuseWatched = () => {
      if (this.store.byPath(where))
        throw new NotariumError('WATCH_OVERLAP', `${where} is already watched.`, { said: said('errorsWith.alreadyWatched', { path: where }) });
    };
    refuseWatched();
    const full = { ...DEFAULT_WATCH_SETTINGS, ...settings };
    this.check(where, full);
    const name = await profileName(this.ctx, profile);
    // Looked at again in the step of the write: another add of the same folder may have come while the profile was read.
    refuseWatched();
    const folder = this.store.add(where, name, full);
    if (this.running) await this.watchIfHolding(folder);
    return folder;
  }

  /** Changes a folder's settings; a running watch of it restarts with them (and rescans). */
  async update(path: string, changes: Partial<WatchSettings>): Promise<WatchedFolder> {
    const current = this.require(path);
    const full: WatchSettings = { ...pickSettings(current), ...changes };
    this.check(current.path, full, current.id);
    const folder = this.store.update(current.id, full);
    if (this.sessions.has(folder.id)) {
      await this.unwatchFolder(folder.id);
      await this.watchFolder(folder);
    }
    return folder;
  }

  /** Stops watching a folder until it is resumed, across restarts too; its files are left as they were last taken. */
  async pause(path: string): Promise<WatchedFolder> {
    const current = this.require(path);
    if (current.paused) return current;
    return this.changingNow(current.id, async () => {
      const folder = this.store.setPaused(current.id, true);
      await this.unwatchFolder(folder.id, 'paused');
      this.setState(folder, 'paused');
      return folder;
    });
  }

  /** Watches a paused folder again (when the watcher runs): its rescan catches up on what changed meanwhile. */
  async resume(path: string): Promise<WatchedFolder> {
    const current = this.require(path);
    if (!current.paused) return current;
    return this.changingNow(current.id, async () => {
      const folder = this.store.setPaused(current.id, false);
      if (this.running) await this.watchIfHolding(folder);
      else this.setState(folder, 'stopped');
      return folder;
    });
  }

  /**
   * Stops watching a folder and forgets it; the records of its files stay in the library. Its chain
   * is finalised (its final record sent once its last round is in a block); files still waiting for
   * a round are dropped with it.
   */
  async remove(path: string): Promise<void> {
    const folder = this.require(path);
    await this.changingNow(folder.id, async () => {
      await this.unwatchFolder(folder.id);
      this.clearRoundDue(folder.id);
      await this.rounds.get(folder.id);
      await this.finaliseChain(folder);
      this.store.remove(folder.id);
      this.states.delete(folder.id);
    });
  }

  /** The folder's chain closed for good: no round can follow. A send that fails leaves its record to say so (queued, in doubt, failed). */
  private async finaliseChain(folder: WatchedFolder): Promise<void> {
    const chain = folder.documentId === null ? [] : this.ctx.library.records.ofDocument(folder.documentId);
    if (!chain.some((r) => r.state !== 'failed' && r.state !== 'rejected')) return;
    await finaliseDocument(this.ctx, { documentId: folder.documentId! }, { folderRemoved: true }).catch(() => {});
  }

  private async changingNow<R>(id: number, change: () => Promise<R>): Promise<R> {
    this.changing.add(id);
    try {
      return await change();
    } finally {
      this.changing.delete(id);
    }
  }

  /**
   * What another process did to the folders this watcher watches or holds paused (the app, or
   * `notarium watch --pause`, `--resume`, `--remove`; the library is shared): read again from the
   * library when it heard of writes made elsewhere (library-changes.ts) while running, and acted
   * on, with a sentence on the folder's event. Another holder's release of the watcher lease is
   * such a write: taken at once.
   */
  private async reread(): Promise<void> {
    if (!(await this.keepLease())) return;
    for (const [id, state] of [...this.states]) {
      if (!this.running) return;
      if (this.changing.has(id)) continue;
      const folder = this.store.get(id);
      const session = this.sessions.get(id);
      if (!folder) {
        this.states.delete(id);
        if (!session) continue;
        await this.changingNow(id, () => this.unwatchFolder(id));
        this.events.emit('folder', {
          folderId: id,
          path: session.folder.path,
          state: 'stopped',
          message: `No longer watching ${session.folder.path}: it was removed from the watched folders (in the app, or with "${this.ctx.command('watch --remove')}").`,
          rescan: null,
        });
      } else if (folder.paused && session) {
        await this.changingNow(id, () => this.unwatchFolder(id, 'paused'));
        this.setState(
          folder,
          'paused',
          `Paused ${folder.path} (in the app, or with "${this.ctx.command('watch --pause')}"): its files are not taken until it is resumed.`,
        );
      } else if (!folder.paused && state === 'paused') {
        await this.watchAgain(folder, `Resumed ${folder.path}: catching up on what changed while it was paused.`);
      }
    }
    // Folders added by another process (the app's Settings, notarium watch <folder>), for a watcher of every folder.
    if (this.wanted !== null) return;
    for (const folder of this.store.list()) {
      if (!this.running) return;
      if (this.states.has(folder.id) || this.changing.has(folder.id)) continue;
      if (folder.paused) this.setState(folder, 'paused');
      else await this.watchAgain(folder, `Watching ${folder.path}, added to the watched folders.`);
    }
  }

  private watchAgain(folder: WatchedFolder, message: string): Promise<void> {
    return this.changingNow(folder.id, () => this.watchFolder(folder, message)).catch((err: unknown) =>
      this.setState(folder, 'error', `Watching ${folder.path} failed: ${err instanceof Error ? err.message : String(err)}.`),
    );
  }

  /**
   * Holds the watcher lease (renewed a few times per lease), or waits for it: false while another
   * process watches. A holder that lost it (suspended past its lease, and taken over) stops
   * watching, and waits in turn.
   */
  private async keepLease(): Promise<boolean> {
    if (!this.elsewhere && this.timers.now() - this.leaseRenewedAt < WATCHER_LEASE_MS / 4) return true;
    const other = this.claimLease();
    if (!other) {
      const was = this.elsewhere;
      if (was) {
        this.elsewhere = null;
        for (const folder of this.wantedFolders()) {
          if (!this.running) break;
          if (folder.paused) this.setState(folder, 'paused');
          else await this.watchAgain(folder, `Watching ${folder.path}: ${holderWords(was)} no longer watches it.`);
        }
      }
      return true;
    }
    if (!this.elsewhere) for (const id of [...this.sessions.keys()]) await this.changingNow(id, () => this.unwatchFolder(id, 'unavailable'));
    const news = this.elsewhere?.owner !== other.owner;
    this.elsewhere = other;
    if (news) this.waitFor(other, this.wantedFolders());
    return false;
  }

  /**
   * What no other process writes to say, looked at on this watcher's clock: its lease (renewed, or
   * found free when its holder went without a word), and whether its folders are still there.
   */
  private async tend(): Promise<void> {
    if (!(await this.keepLease())) return;
    for (const [id, state] of [...this.states]) {
      if (!this.running) return;
      const folder = this.store.get(id);
      if (!folder || this.changing.has(id)) continue;
      const session = this.sessions.get(id);
      if (!folder.paused && (session || this.closedChains.has(id)) && (await this.stopIfChainClosed(folder))) continue;
      if (session && !isReadableFolder(folder.path)) {
        // Gone while watched (a drive disconnected): its files are not marked deleted, and it is watched again when it comes back.
        await this.changingNow(id, () => this.unwatchFolder(id, 'unavailable'));
        this.setState(folder, 'unavailable', unavailableSentence(folder));
      } else if (!folder.paused && state === 'unavailable' && !session && isReadableFolder(folder.path)) {
        await this.watchAgain(folder, `${folder.path} is back: catching up on what changed while it was away.`);
      }
    }
  }

  /** One look at a time; a library busy beyond its timeout is looked at again next time: nothing is lost by waiting. */
  private inTurn(look: () => Promise<void>): Promise<void> {
    this.looking = this.looking.then(look).catch(() => {});
    return this.looking;
  }

  private scheduleTend(): void {
    this.tendTimer = this.timers.setTimeout(() => {
      void this.inTurn(() => this.tend()).finally(() => {
        if (this.running) this.scheduleTend();
      });
    }, this.tendMs);
  }

  /**
   * Watches the remembered folders (only those at `paths`, when given; else every one, those added
   * later too), each rescanned first; a paused one waits for its resume. While another process
   * watches this library's folders, waits for it, or throws WATCHED_ELSEWHERE (`ifWatchedElsewhere`).
   */
  async start(paths?: readonly string[], options: WatchStartOptions = {}): Promise<void> {
    const folders = paths ? paths.map((p) => this.require(p)) : this.store.list();
    if (!this.running) {
      this.holder = options.holder ?? this.holder;
      this.wanted = paths ? new Set(folders.map((f) => f.id)) : null;
      const other = this.claimLease();
      if (other && options.ifWatchedElsewhere === 'refuse') throw new WatchedElsewhereError(other);
      this.running = true;
      this.abort = new AbortController();
      this.stopHearing = this.changes.listen(() => this.inTurn(() => this.reread()));
      this.scheduleTend();
      if (other) this.elsewhere = other;
    } else this.wanted = paths && this.wanted ? new Set([...this.wanted, ...folders.map((f) => f.id)]) : null;
    if (this.elsewhere) return this.waitFor(this.elsewhere, folders);
    for (const folder of folders) {
      if (!this.running) break; // stopped while earlier folders were being set up: stop means stop
      if (folder.paused) this.setState(folder, 'paused');
      else if (!this.sessions.has(folder.id)) await this.watchFolder(folder);
    }
  }

  /** Stops watching; work under way is cancelled (a registration in doubt is resumed next time). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopHearing?.();
    this.stopHearing = null;
    this.timers.clearTimeout(this.tendTimer);
    this.abort.abort();
    await this.looking; // a look under way may be watching a folder again: it ends first
    await Promise.all([...this.sessions.keys()].map((id) => this.unwatchFolder(id)));
    this.stability.forget();
    this.queue.clear();
    await this.queue.drain();
    for (const id of [...this.roundsDue.keys()]) this.clearRoundDue(id);
    await Promise.all(this.rounds.values()); // a round being built is stored whole, or not at all; its send in doubt is settled next time
    if (!this.elsewhere) this.ctx.library.watchedFolders.releaseWatcherLease(this.ctx.leaseOwner);
    this.elsewhere = null;
    this.leaseRenewedAt = 0;
    this.changed();
  }

  /** The lease on watching, taken or renewed for this watcher; else the lease of the process that holds it. */
  private claimLease(): WatcherLease | null {
    const other = this.store.takeWatcherLease(
      { owner: this.ctx.leaseOwner, holder: this.holder, everyFolder: this.wanted === null },
      WATCHER_LEASE_MS,
      holderGone,
    );
    if (!other) this.leaseRenewedAt = this.timers.now();
    return other;
  }

  private wantedFolders(): WatchedFolder[] {
    return this.store.list().filter((f) => this.wanted === null || this.wanted.has(f.id));
  }

  /** Says, for each folder, who watches it instead of this watcher. */
  private waitFor(other: WatcherLease, folders: readonly WatchedFolder[]): void {
    const sentence = `${capitalised(holderWords(other))} is watching this library's folders: ${this.holder} watches them once it stops.`;
    for (const folder of folders) this.setState(folder, folder.paused ? 'paused' : 'unavailable', folder.paused ? null : sentence);
  }

  /** A folder named to a running watcher: watched, or left to the process watching instead. */
  private async watchIfHolding(folder: WatchedFolder, message: string | null = null): Promise<void> {
    if (this.wanted) this.wanted = new Set([...this.wanted, folder.id]);
    if (this.elsewhere) this.waitFor(this.elsewhere, [folder]);
    else await this.watchFolder(folder, message);
  }

  progress(): WatchProgress {
    const counts = this.queue.counts();
    const settling = this.stability.size;
    return { settling, ...counts, idle: settling + counts.queued + counts.active + this.roundsDue.size + this.roundsBuilding === 0 };
  }

  /** Resolves when no file is waiting, queued or being taken. */
  whenIdle(): Promise<void> {
    if (this.progress().idle) return Promise.resolve();
    return new Promise((resolveIdle) => this.idleWaiters.push(resolveIdle));
  }

  /**
   * Where the poller writes the receipt of a registration of a watched file (undefined: not one,
   * so beside its file as usual). The place of a file's receipt is its current content's: a
   * version since replaced, or a file since deleted, has its receipt kept under the folder's
   * `.notarium/` with its version in the name, never over the current one.
   */
  receiptPathFor(record: StoredRecord): { path: string; within: string } | undefined {
    const place = (files: readonly WatchedFile[], at: (folder: WatchedFolder, relPath: string) => string) => {
      const places = files.flatMap((file) => {
        const folder = this.store.get(file.folderId);
        return folder ? [{ file: resolve(folder.path, file.relPath), path: at(folder, file.relPath), within: folder.path }] : [];
      });
      // The file that was notarised, when it is still where it was; else where it went (a copy has the same content).
      const found = places.find((p) => p.file === record.path) ?? places[0];
      return found && { path: found.path, within: found.within };
    };
    const current = place(this.store.trackingRecord(record.id), receiptLocation);
    if (current || record.documentId === null) return current;
    return place(this.store.everHoldingDocument(record.documentId), (folder, relPath) => earlierVersionReceiptLocation(folder, relPath, record));
  }

  /**
   * Where the engine writes the receipt of a round's member (undefined: not a watched folder's
   * round): at its file's place while the file holds that content, else under the folder's
   * `.notarium/` with its round in the name (the file changed since, or was deleted).
   */
  memberReceiptPathFor(member: BatchMember, registration: StoredRecord): { path: string; within: string } | undefined {
    const folder = registration.documentId === null ? undefined : this.store.byDocument(registration.documentId);
    if (!folder || !member.path) return undefined;
    const relPath = toRelPath(folder.path, member.path);
    const tracking = this.store.trackingMember(member.id).find((f) => f.folderId === folder.id);
    if (tracking) return { path: receiptLocation(folder, tracking.relPath), within: folder.path };
    return { path: earlierVersionReceiptLocation(folder, relPath, registration), within: folder.path };
  }

  /**
   * A registration is in a block (the poller's answer): when it is a round of a folder this watcher
   * watches, the folder's next round may go now, with the files that waited for it.
   */
  roundMayGo(record: StoredRecord): void {
    if (!this.running || this.elsewhere || record.documentId === null || !inBlock(record)) return;
    const folder = this.store.byDocument(record.documentId);
    if (!folder || folder.paused || !this.states.has(folder.id) || this.store.waitingCount(folder.id) === 0) return;
    // Files still being taken (a rescan under way, a quiet period, a hash) join this round: it is cut once they are.
    if (this.nothingToTake(folder.id)) this.cutRound(folder.id);
    else this.roundDue(folder.id);
  }

  /** Nothing of the folder is being taken: not scanning, none settling nor queued. */
  private nothingToTake(folderId: number): boolean {
    return this.states.get(folderId) !== 'scanning' && this.stability.countOf(folderId) === 0 && this.queue.countOf(folderId) === 0;
  }

  private require(path: string): WatchedFolder {
    const folder = this.store.byPath(canonical(path));
    if (!folder) throw new NotariumError('NOT_IN_LIBRARY', `${resolve(path)} is not a watched folder.`);
    return folder;
  }

  /** A folder that exists, with usable globs, that no other watched folder already covers. */
  private check(path: string, settings: WatchSettings, self?: number): void {
    if (!isReadableFolder(path)) throw new NotariumError('FILE_UNREADABLE', `${path} is not a folder that Notarium can read.`);
    checkGlobs(settings.include);
    checkGlobs(settings.exclude);
    if (!Number.isFinite(settings.stableMs) || settings.stableMs < 0)
      throw new NotariumError('INVALID_SETTING', 'The time a file must stay unchanged must be zero or more seconds.');
    for (const other of this.store.list()) {
      if (other.id === self) continue;
      const clash = (isInside(path, other.path) && other.recursive) || (isInside(other.path, path) && settings.recursive);
      if (clash) {
        const sentence = `${path} overlaps the watched folder ${other.path}: a file would be watched twice.`;
        throw new NotariumError('WATCH_OVERLAP', sentence, { said: said('errorsWith.watchOverlap', { path, other: other.path }) });
      }
    }
  }

  private setState(folder: WatchedFolder, state: WatchFolderEvent['state'], message: string | null = null, rescan: WatchFolderEvent['rescan'] = null): void {
    if (state !== 'error') this.states.set(folder.id, state);
    this.events.emit('folder', { folderId: folder.id, path: folder.path, state, message, rescan });
  }

  /**
   * A folder whose chain is closed is not watched (its files would wait behind it for ever): it is
   * stopped with the reason, once; true while it stays so. One whose user started a new chain
   * meanwhile (in another process) is watched again.
   */
  private async stopIfChainClosed(folder: WatchedFolder): Promise<boolean> {
    if (!(await chainClosed(this.ctx, folder))) {
      if (this.closedChains.delete(folder.id) && this.running) await this.watchAgain(folder, `Watching ${folder.path}: its next round starts a new chain.`);
      return false;
    }
    if (this.closedChains.has(folder.id)) return true;
    this.closedChains.add(folder.id);
    if (this.sessions.has(folder.id)) await this.changingNow(folder.id, () => this.unwatchFolder(folder.id, 'unavailable'));
    this.setState(folder, 'stopped', chainClosedSentence(folder, this.ctx));
    return true;
  }

  /** `message`: why it is watched now, said with its 'scanning' event (a resume noticed in the library). */
  private async watchFolder(folder: WatchedFolder, message: string | null = null): Promise<void> {
    if (await this.stopIfChainClosed(folder)) return;
    if (!isReadableFolder(folder.path)) {
      this.setState(folder, 'unavailable', unavailableSentence(folder));
      return;
    }
    this.setState(folder, 'scanning', message);
    const accept = fileFilter(folder);
    const fsw = watch(folder.path, {
      ignoreInitial: true,
      depth: folder.recursive ? undefined : 0,
      followSymlinks: false,
      alwaysStat: true,
      ignorePermissionErrors: true,
      ignored: (path) => isNeverWatchedPath(toRelPath(folder.path, path)),
    });
    const session: Session = { folder, accept, fsw, closing: new AbortController() };
    this.sessions.set(folder.id, session);
    const onFile = (path: string, stats?: Stats) => this.onEvent(session, path, stats ?? null);
    fsw
      .on('add', onFile)
      .on('change', onFile)
      .on('unlink', (path) => this.onEvent(session, path, null));
    fsw.on('error', (err) => this.setState(folder, 'error', `Watching ${folder.path} failed: ${err instanceof Error ? err.message : String(err)}.`));
    try {
      await once(fsw, 'ready', { signal: session.closing.signal });
    } catch {
      return; // stopped before it was ready
    }
    // Watching first, then the rescan: nothing that happens in between is missed.
    const counts: RescanCounts = { unchanged: 0, changed: 0 };
    const identify = (file: WatchedFile, now: FileSnapshot) => this.store.noteIdentity(folder.id, file.relPath, now.ino!, now.ctimeMs!);
    for await (const { relPath, snapshot } of mergeRescan(
      this.store.filesInOrder(folder.id),
      scanFolder(folder.path, accept, folder.recursive),
      accept,
      counts,
      identify,
    )) {
      if (this.sessions.get(folder.id) !== session) return; // stopped meanwhile
      this.touch(resolve(folder.path, relPath), snapshot, folder);
      await this.room();
    }
    if (this.sessions.get(folder.id) !== session) return;
    // Files taken before a restart still wait for their round.
    if (this.store.waitingCount(folder.id) > 0) this.roundDue(folder.id);
    this.setState(folder, 'watching', null, counts);
    this.changed(); // what the rescan found is one round: cut once it is all taken
  }

  /** Resolves once fewer than RESCAN_HIGH_WATER files are settling or queued. */
  private room(): Promise<void> {
    if (this.stability.size + this.queue.counts().queued < RESCAN_HIGH_WATER) return Promise.resolve();
    return new Promise((resolveRoom) => this.roomWaiters.push(resolveRoom));
  }

  private async unwatchFolder(id: number, then: FolderState = 'stopped'): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    session.closing.abort();
    await session.fsw.close();
    this.stability.forget((_, folderId) => folderId !== id);
    this.queue.clear((_, folderId) => folderId !== id);
    const folder = this.store.get(id);
    if (folder && then === 'stopped') this.setState(folder, 'stopped');
  }

  private onEvent(session: Session, path: string, stats: Stats | null): void {
    if (this.sessions.get(session.folder.id) !== session) return;
    if (stats && !stats.isFile()) return;
    const relPath = toRelPath(session.folder.path, path);
    if (!session.accept(relPath)) return;
    this.touch(path, stats && { size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino, ctimeMs: stats.ctimeMs }, session.folder);
  }

  private touch(path: string, snapshot: FileSnapshot | null, folder: WatchedFolder): void {
    if (this.progress().idle) this.queue.resetCounts(); // a new batch
    this.stability.touch(path, snapshot, folder.stableMs, folder.id);
    this.changed();
  }

  /** Takes one stable file; its outcome is an event, never an exception. */
  private async take(path: string, folderId: number): Promise<RunOutcome> {
    const folder = this.sessions.get(folderId)?.folder;
    // A folder gone as a whole (a drive disconnected) has not lost its files: the re-read makes it unavailable.
    if (!folder || !isReadableFolder(folder.path)) return 'none';
    const relPath = toRelPath(folder.path, path);
    const signal = this.abort.signal;
    try {
      const result = await syncFile({ ctx: this.ctx, signal, exclusive: (sha, fn) => this.exclusive(sha, fn) }, folder, relPath);
      if (!result) return 'none';
      if (result.action === 'unsettled') {
        // It changed while it was hashed: wait for it to settle again.
        if (this.sessions.has(folderId)) this.touch(path, await snapshotOf(path), folder);
        return 'none';
      }
      if (result.action === 'waiting') this.roundDue(folderId);
      this.fileEvent(folder, relPath, result.action, result.record);
      return 'done';
    } catch (err) {
      if (signal.aborted || !this.sessions.has(folderId)) return 'none'; // stopping, or the folder was removed: nothing to report
      this.fileEvent(folder, relPath, 'failed', null, null, fileError(path, err));
      return 'failed';
    }
  }

  private fileEvent(
    folder: WatchedFolder,
    relPath: string,
    action: WatchFileEvent['action'],
    record: StoredRecord | null,
    round: RoundFacts | null = null,
    error: NotariumError | null = null,
    note?: string,
  ): void {
    this.events.emit('file', {
      folderId: folder.id,
      folder: folder.path,
      path: resolve(folder.path, relPath),
      relPath,
      action,
      record,
      round,
      error,
      ...(note === undefined ? {} : { note }),
    });
  }

  /** The folder has files waiting: its round is cut when nothing of it is left to take, or after ROUND_WAIT_MS at the latest. */
  private roundDue(folderId: number): void {
    if (this.roundsDue.has(folderId)) return;
    this.roundsDue.set(
      folderId,
      this.timers.setTimeout(() => this.cutRound(folderId), ROUND_WAIT_MS),
    );
  }

  private clearRoundDue(folderId: number): void {
    if (!this.roundsDue.has(folderId)) return;
    this.timers.clearTimeout(this.roundsDue.get(folderId));
    this.roundsDue.delete(folderId);
  }

  /** Builds and sends the folder's next round when its turn has come (else the block of the round before brings it: roundMayGo). */
  private cutRound(folderId: number): void {
    this.clearRoundDue(folderId);
    this.roundsBuilding++;
    const built = (this.rounds.get(folderId) ?? Promise.resolve())
      .then(async () => {
        if (!this.running || this.elsewhere) return;
        const { round, known } = await releaseRound(this.ctx, folderId, { signal: this.abort.signal });
        const folder = this.store.get(folderId);
        for (const k of folder ? known : [])
          this.fileEvent(folder!, k.relPath, 'known', k.registration.record, null, null, knownMeanwhile(k.registration.record));
        if (round) this.roundSent(round);
      })
      .catch((err: unknown) => {
        const folder = this.store.get(folderId);
        if (folder && !this.abort.signal.aborted)
          this.setState(folder, 'error', `The round of ${folder.path} could not be built: ${err instanceof Error ? err.message : String(err)}.`);
      })
      .finally(() => {
        this.roundsBuilding--;
        if (this.rounds.get(folderId) === built) this.rounds.delete(folderId);
        this.changed();
      });
    this.rounds.set(folderId, built);
  }

  /** Says what a round did: one event for the round, and one per file (registered: its first content; version: a later one). */
  private roundSent({ folder, registration, batch, files, error }: SentRound): void {
    const failure = error ? fileError(folder.path, error) : null;
    const number = registration.version ?? 0;
    this.events.emit('round', {
      folderId: folder.id,
      path: folder.path,
      round: { number, files: batch.files, position: null },
      record: registration,
      error: failure,
    });
    for (const file of files) {
      this.fileEvent(
        folder,
        file.relPath,
        file.continues ? 'version' : 'registered',
        registration,
        { number, files: batch.files, position: file.position },
        failure,
      );
    }
  }

  private exclusive<R>(sha256: string, fn: () => Promise<R>): Promise<R> {
    const before = this.contentRuns.get(sha256) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const settled = run.catch(() => undefined);
    this.contentRuns.set(sha256, settled);
    void settled.then(() => {
      if (this.contentRuns.get(sha256) === settled) this.contentRuns.delete(sha256);
    });
    return run;
  }

  /** Counts changed: rounds whose folder has nothing left to take are cut; one progress event per turn of the event loop, and the idle waiters. */
  private changed(): void {
    for (const id of this.roundsDue.keys()) if (this.nothingToTake(id)) this.cutRound(id);
    if (this.roomWaiters.length && this.stability.size + this.queue.counts().queued < RESCAN_HIGH_WATER / 2)
      this.roomWaiters.splice(0).forEach((wake) => wake());
    if (this.progress().idle) this.idleWaiters.splice(0).forEach((wake) => wake());
    if (this.progressScheduled) return;
    this.progressScheduled = true;
    setImmediate(() => {
      this.progressScheduled = false;
      this.events.emit('progress', this.progress());
    });
  }
}

/** Refused: another process holds the library's watcher lease (`lease`: who, and whether it watches every folder). */
export class WatchedElsewhereError extends NotariumError {
  constructor(readonly lease: WatcherLease) {
    super(
      'WATCHED_ELSEWHERE',
      `${capitalised(holderWords(lease))} is already watching this library's folders, and two watchers would register a new file twice: ${
        lease.everyFolder ? 'it watches every remembered folder, so the watching is left to it.' : 'stop it first to watch from here.'
      }`,
    );
  }
}

/** Who holds a lease, for people: "the Notarium app (process 4242)", naming the computer when it is another. */
function holderWords(lease: WatcherLease): string {
  const [host, pid] = lease.owner.split(':');
  return `${lease.holder} (process ${pid}${host === hostname() ? '' : ` on ${host}`})`;
}

const capitalised = (s: string) => (s.startsWith('the ') ? `T${s.slice(1)}` : s);

function isReadableFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Content registered by another Notarium on the same library while it waited for its round: taken as that registration, not anchored again. */
const knownMeanwhile = (record: StoredRecord) =>
  `another Notarium on this library (the app, or a command) registered this content meanwhile, as "${record.name}": the file is that registration, not anchored again.`;

/** Why a folder whose chain was finalised elsewhere is stopped, and how to go on. */
export const chainClosedSentence = (folder: Pick<WatchedFolder, 'path'>, ctx: Pick<NotaryContext, 'command'>) =>
  `${folder.path} is stopped: its chain was finalised elsewhere (by another computer sharing this library, or by an earlier Notarium), so no round can follow it, and its new or changed files are not notarised. Start a new chain to go on ("${ctx.command(`watch --new-chain ${shellQuote(folder.path)}`)}", or Start a new chain on the Watched folders screen).`;

const unavailableSentence = (folder: WatchedFolder) =>
  `${folder.path} cannot be read (missing, or a drive that is not connected): it is watched again as soon as it can be read.`;

function pickSettings(f: WatchSettings): WatchSettings {
  return { recursive: f.recursive, include: f.include, exclude: f.exclude, receipts: f.receipts, stableMs: f.stableMs };
}

/** The folder's real, absolute path (so the same folder named two ways is one; `~` is the home folder, for the CLI and the app alike). */
function canonical(path: string): string {
  const absolute = resolve(expandHome(path));
  try {
    // The native call also gives the folder's true case where names ignore case (macOS, Windows).
    return realpathSync.native(absolute);
  } catch {
    return absolute;
  }
}
