import type { Timers } from '../poller/poller.ts';

/**
 * A file is taken only once it has stopped changing: no event for the quiet period, and the same
 * size and mtime at its end as at the last event. A copy, a download or an editor's save in
 * progress is therefore taken once, whole, instead of at every write.
 */

export interface FileSnapshot {
  size: number;
  mtimeMs: number;
}

/** null: the file is not there. */
export function sameSnapshot(a: FileSnapshot | null, b: FileSnapshot | null): boolean {
  return a === null || b === null ? a === b : a.size === b.size && a.mtimeMs === b.mtimeMs;
}

export interface StabilityOptions<T> {
  timers: Timers;
  stat(path: string): Promise<FileSnapshot | null>;
  /** The file (or its absence) has been stable for its quiet period. */
  onStable(path: string, tag: T): void;
}

interface Entry<T> {
  snapshot: FileSnapshot | null;
  quietMs: number;
  tag: T;
  timer: unknown;
  /** Bumped by every touch: a check that raced with a newer event is dropped. */
  generation: number;
}

export class Stability<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly options: StabilityOptions<T>) {}

  /** Files waiting to become stable. */
  get size(): number {
    return this.entries.size;
  }

  /** Something happened to `path` (it is now as `snapshot` says): its quiet period starts again. */
  touch(path: string, snapshot: FileSnapshot | null, quietMs: number, tag: T): void {
    const entry = this.entries.get(path);
    if (entry) this.options.timers.clearTimeout(entry.timer);
    const next: Entry<T> = { snapshot, quietMs, tag, timer: undefined, generation: (entry?.generation ?? 0) + 1 };
    this.entries.set(path, next);
    this.arm(path, next);
  }

  /** Stops waiting for the files that `keep` refuses (a folder no longer watched), or for all. */
  forget(keep: (path: string, tag: T) => boolean = () => false): void {
    for (const [path, entry] of this.entries) {
      if (keep(path, entry.tag)) continue;
      this.options.timers.clearTimeout(entry.timer);
      this.entries.delete(path);
    }
  }

  private arm(path: string, entry: Entry<T>): void {
    entry.timer = this.options.timers.setTimeout(() => void this.check(path, entry.generation), entry.quietMs);
  }

  private async check(path: string, generation: number): Promise<void> {
    const now = await this.options.stat(path);
    const entry = this.entries.get(path);
    if (!entry || entry.generation !== generation) return; // touched again, or forgotten, meanwhile
    if (!sameSnapshot(entry.snapshot, now)) {
      // Changed without an event reaching us (writes can be coalesced): wait another quiet period.
      entry.snapshot = now;
      this.arm(path, entry);
      return;
    }
    this.entries.delete(path);
    this.options.onStable(path, entry.tag);
  }
}
