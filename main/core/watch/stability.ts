import type { Timers } from '../poller/poller.ts';

/**
 * A file is taken only once it has stopped changing: no event for the quiet period, and the same
 * snapshot at its end as at the last event. A copy, a download or an editor's save in progress is
 * therefore taken once, whole, instead of at every write.
 *
 * One timer, whatever the number of files (docs/design/batches-and-rounds.md, "A million files"): the files waiting are kept
 * in the order of their last event, one list per quiet period (a touch moves a file to the end of
 * its list, so each list is ordered by when its files are due), and the timer is armed for the
 * earliest head.
 */

export interface FileSnapshot {
  size: number;
  mtimeMs: number;
  /** The file's inode and change time: a file replaced by one of the same size and mtime differs in them. Null when not known (an entry kept before they were). */
  ino?: number | null;
  ctimeMs?: number | null;
}

/** null: the file is not there. Inode and ctime count when both sides know them. */
export function sameSnapshot(a: FileSnapshot | null, b: FileSnapshot | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.size !== b.size || a.mtimeMs !== b.mtimeMs) return false;
  const known = (x: FileSnapshot) => x.ino != null && x.ctimeMs != null;
  return !known(a) || !known(b) || (a.ino === b.ino && a.ctimeMs === b.ctimeMs);
}

export interface StabilityOptions<T> {
  timers: Timers;
  stat(path: string): Promise<FileSnapshot | null>;
  /** The file (or its absence) has been stable for its quiet period. */
  onStable(path: string, tag: T): void;
}

interface Entry<T> {
  snapshot: FileSnapshot | null;
  tag: T;
  /** When its quiet period ends (ms, on the timers' clock). */
  due: number;
}

/** Files whose stat is checked at once when due: the rest wait for the next turn. */
const CHECKS_AT_ONCE = 64;

export class Stability<T> {
  /** Per quiet period, the files waiting, earliest due first. */
  private readonly lists = new Map<number, Map<string, Entry<T>>>();
  private readonly quietOf = new Map<string, number>();
  /** Files waiting, per tag (a folder's: its round waits while it has some). */
  private readonly perTag = new Map<T, number>();
  private timer: unknown = undefined;
  private armedFor = Infinity;
  private checking = false;

  constructor(private readonly options: StabilityOptions<T>) {}

  /** Files waiting to become stable. */
  get size(): number {
    return this.quietOf.size;
  }

  /** Files with this tag waiting to become stable. */
  countOf(tag: T): number {
    return this.perTag.get(tag) ?? 0;
  }

  /** Something happened to `path` (it is now as `snapshot` says): its quiet period starts again. */
  touch(path: string, snapshot: FileSnapshot | null, quietMs: number, tag: T): void {
    this.remove(path);
    this.put(path, { snapshot, tag, due: this.options.timers.now() + quietMs }, quietMs);
    this.arm();
  }

  /** Stops waiting for the files that `keep` refuses (a folder no longer watched), or for all. */
  forget(keep: (path: string, tag: T) => boolean = () => false): void {
    for (const list of this.lists.values()) {
      for (const [path, entry] of list) if (!keep(path, entry.tag)) this.remove(path);
    }
    this.arm();
  }

  private put(path: string, entry: Entry<T>, quietMs: number): void {
    let list = this.lists.get(quietMs);
    if (!list) this.lists.set(quietMs, (list = new Map<string, Entry<T>>()));
    list.set(path, entry);
    this.quietOf.set(path, quietMs);
    this.perTag.set(entry.tag, this.countOf(entry.tag) + 1);
  }

  private remove(path: string): void {
    const quiet = this.quietOf.get(path);
    if (quiet === undefined) return;
    this.quietOf.delete(path);
    const list = this.lists.get(quiet)!;
    const { tag } = list.get(path)!;
    list.delete(path);
    if (list.size === 0) this.lists.delete(quiet);
    const n = this.countOf(tag) - 1;
    if (n === 0) this.perTag.delete(tag);
    else this.perTag.set(tag, n);
  }

  /** The one timer, armed for the earliest file due (re-armed only when that changes). */
  private arm(): void {
    if (this.checking) return; // the sweep arms it when it ends
    let earliest = Infinity;
    for (const list of this.lists.values()) earliest = Math.min(earliest, list.values().next().value!.due);
    if (earliest === this.armedFor) return;
    this.options.timers.clearTimeout(this.timer);
    this.armedFor = earliest;
    if (earliest === Infinity) return;
    this.timer = this.options.timers.setTimeout(() => void this.sweep(), Math.max(0, earliest - this.options.timers.now()));
  }

  /** Checks the files due, a few at a time: unchanged ones are stable, changed ones wait another quiet period. */
  private async sweep(): Promise<void> {
    this.armedFor = Infinity;
    this.checking = true;
    try {
      for (;;) {
        const now = this.options.timers.now();
        const due: [string, Entry<T>, number][] = [];
        for (const [quiet, list] of this.lists) {
          for (const [path, entry] of list) {
            if (entry.due > now || due.length >= CHECKS_AT_ONCE) break;
            due.push([path, entry, quiet]);
          }
        }
        if (due.length === 0) return;
        const seen = await Promise.all(due.map(([path]) => this.options.stat(path)));
        due.forEach(([path, entry, quiet], i) => {
          const current = this.lists.get(quiet)?.get(path);
          if (current !== entry) return; // touched again, or forgotten, meanwhile
          this.remove(path);
          if (sameSnapshot(entry.snapshot, seen[i]!)) this.options.onStable(path, entry.tag);
          // Changed without an event reaching us (writes can be coalesced): wait another quiet period.
          else this.put(path, { ...entry, snapshot: seen[i]!, due: this.options.timers.now() + quiet }, quiet);
        });
      }
    } finally {
      this.checking = false;
      this.arm();
    }
  }
}
