import type { LibraryDatabase } from './database.ts';

/** The clock the reads are made on (a test's manual one, or the system's). */
export interface ChangeTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LibraryChangesOptions {
  timers: ChangeTimers;
  /** How often the library is looked at while anyone listens; default 2 s. */
  everyMs?: number;
}

const DEFAULT_EVERY_MS = 2000;

/**
 * What other processes wrote to the library (a command beside the app, `notarium watch`, another
 * engine: any other connection to the same file). SQLite's `data_version` changes when another
 * connection commits, and never for this one's own writes; it is read every `everyMs` on the
 * given clock while anyone listens, and the listeners are told when it moved, the next read waiting
 * until they are done. The one way Notarium learns of writes made elsewhere: a running watcher's
 * folders paused, resumed or removed (folder-watcher.ts), and the app's lists and poller (notary.ts).
 */
export class LibraryChanges {
  private readonly listeners = new Set<() => unknown>();
  private readonly everyMs: number;
  private timer: unknown;
  private seen = 0;

  constructor(
    private readonly db: LibraryDatabase,
    private readonly options: LibraryChangesOptions,
  ) {
    this.everyMs = options.everyMs ?? DEFAULT_EVERY_MS;
  }

  /** Calls `listener` (awaited) after each read that finds writes of another connection; until the returned function is called. */
  listen(listener: () => unknown): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1 && this.timer === undefined) {
      this.seen = this.version();
      this.schedule();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0 || this.timer === undefined) return;
      this.options.timers.clearTimeout(this.timer);
      this.timer = undefined;
    };
  }

  private version(): number {
    return this.db.pragma('data_version', { simple: true }) as number;
  }

  private schedule(): void {
    this.timer = this.options.timers.setTimeout(() => void this.read(), this.everyMs);
  }

  private async read(): Promise<void> {
    this.timer = undefined;
    try {
      const now = this.version();
      if (now !== this.seen) {
        this.seen = now;
        await Promise.allSettled([...this.listeners].map(async (listener) => listener()));
      }
    } catch {
      // The library busy beyond its timeout: read again at the next turn, nothing is lost by waiting.
    }
    if (this.listeners.size > 0 && this.timer === undefined) this.schedule();
  }
}
