/**
 * Work on keys (files), at most `concurrency` at once, one run per key at a time: a key pushed
 * while it is queued is not queued twice, and one pushed while it runs runs once more afterwards
 * (the file changed while it was being taken).
 */

export interface QueueCounts {
  queued: number;
  active: number;
  /** Runs finished (or failed) since the counts were last reset. */
  done: number;
  failed: number;
}

/** 'none': nothing was to be done, so the run is not counted. */
export type RunOutcome = 'done' | 'failed' | 'none';

export interface WorkQueueOptions<T> {
  concurrency: number;
  /** Never rejects. */
  run(key: string, item: T): Promise<RunOutcome>;
  /** The counts changed. */
  onChange(): void;
}

export class WorkQueue<T> {
  private readonly waiting = new Map<string, T>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Map<string, T>();
  /** Keys queued or running, per item (a folder's files: its round is cut when it has none). */
  private readonly perItem = new Map<T, number>();
  private done = 0;
  private failed = 0;

  constructor(private readonly options: WorkQueueOptions<T>) {}

  push(key: string, item: T): void {
    if (this.running.has(key)) {
      if (!this.again.has(key)) this.count(item, 1);
      this.again.set(key, item);
    } else {
      if (!this.waiting.has(key)) this.count(item, 1);
      this.waiting.set(key, item);
    }
    this.pump();
    this.options.onChange();
  }

  /** Keys of this item queued or running. */
  countOf(item: T): number {
    return this.perItem.get(item) ?? 0;
  }

  private count(item: T, by: number): void {
    const n = (this.perItem.get(item) ?? 0) + by;
    if (n === 0) this.perItem.delete(item);
    else this.perItem.set(item, n);
  }

  counts(): QueueCounts {
    return { queued: this.waiting.size + this.again.size, active: this.running.size, done: this.done, failed: this.failed };
  }

  resetCounts(): void {
    this.done = 0;
    this.failed = 0;
  }

  /** Drops the queued work that `keep` refuses (all of it by default); runs under way finish. */
  clear(keep: (key: string, item: T) => boolean = () => false): void {
    for (const queue of [this.waiting, this.again]) {
      for (const [key, item] of queue) {
        if (keep(key, item)) continue;
        queue.delete(key);
        this.count(item, -1);
      }
    }
    this.options.onChange();
  }

  /** Resolves once no run is under way. */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.all(this.running.values());
  }

  private pump(): void {
    while (this.running.size < this.options.concurrency && this.waiting.size) {
      const [key, item] = this.waiting.entries().next().value!;
      this.waiting.delete(key);
      const run = this.options.run(key, item).then((outcome) => {
        if (outcome === 'done') this.done++;
        if (outcome === 'failed') this.failed++;
        this.running.delete(key);
        this.count(item, -1);
        const again = this.again.get(key);
        if (again !== undefined) {
          this.again.delete(key);
          this.waiting.set(key, again);
        }
        this.pump();
        this.options.onChange();
      });
      this.running.set(key, run);
    }
  }
}
