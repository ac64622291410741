import { duration } from '../../../preload/duration.ts';
import type { Profile } from '../store/profiles.ts';
import { groupOf, oursToSend, type StoredRecord } from '../store/record.ts';
import type { Records } from '../store/records.ts';
import { RateLimiter } from './rate-limiter.ts';
import { afterError, afterPending, afterUnknown, checkGapMs, nextCheckAt, nextConfirmationAt, nextSettledCheckAt } from './schedule.ts';

/**
 * One scheduler for every pending registration. Checks are due at `next_check_at` in the library
 * (so progress survives a restart), when the record's next block is due (schedule.ts), run with
 * bounded concurrency under a global rate cap, and go on slowly past the profile's target depth
 * while the record's block may still change (schedule.ts). A record is asked about at most once
 * per block time of its profile, whoever asks (records.claimCheck). With nothing pending it sets
 * no timer and sends nothing.
 */

export interface ServiceConfirmation {
  confirmedBlocks: number;
  blockHash?: string | null;
  blockTimestamp?: string | null;
  [field: string]: unknown;
}

/** What the service says of a txId: unknown (404), known without a block, or in a block. */
export type StatusAnswer = { kind: 'unknown' } | { kind: 'pending' } | { kind: 'confirmed'; confirmation: ServiceConfirmation };

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PollerOptions {
  records: Records;
  profile(name: string): Promise<Profile>;
  /**
   * Asks the service for the record's status (record or linked endpoint by its kind), in one
   * request: a failed check is tried again by the schedule, a block later, never sooner.
   */
  check(record: StoredRecord): Promise<StatusAnswer>;
  /**
   * Called after every change of a record, with the record as it now is. `answer`: what the service
   * said, or undefined when nothing was asked of it (the check failed, or another submission of its
   * registration was found in a block first).
   */
  onUpdate?(record: StoredRecord, before: StoredRecord, answer: StatusAnswer | undefined): void | Promise<void>;
  /**
   * Called with the errors the poller only retries: a record's failed check, or the library failing
   * to read or store one (record null when none is concerned).
   */
  onError?(record: StoredRecord | null, err: unknown): void;
  timers?: Timers;
  concurrency?: number;
  ratePerSecond?: number;
}

/**
 * Since when `record` is in its block: the later of the library's first sight of it in a block and
 * the block's own time (a new block after a reorganisation starts the window again).
 */
function minedAt(record: StoredRecord, requestedAt: number, blockTimestamp: string | null | undefined): number {
  const blockTime = blockTimestamp ? Date.parse(blockTimestamp) : NaN;
  return Math.max(record.confirmedAt ?? requestedAt, Number.isFinite(blockTime) ? blockTime : 0);
}

export const SYSTEM_TIMERS: Timers = {
  now: Date.now,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** Longest single sleep: new work wakes the poller anyway; this bounds clock drift. */
const MAX_SLEEP_MS = 60 * 60_000;

/** After the library failed (busy beyond its timeout, say), the schedule is looked at again this much later. */
const STORE_RETRY_MS = 1000;

export class Poller {
  private readonly timers: Timers;
  private readonly concurrency: number;
  private readonly limiter: RateLimiter;
  private readonly inFlight = new Map<number, Promise<boolean>>();
  private readonly errorRuns = new Map<number, number>();
  private timer: unknown;
  private started = false;

  constructor(private readonly options: PollerOptions) {
    this.timers = options.timers ?? SYSTEM_TIMERS;
    this.concurrency = options.concurrency ?? 4;
    this.limiter = new RateLimiter(options.ratePerSecond ?? 10, () => this.timers.now());
  }

  get running(): boolean {
    return this.started;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops scheduling and waits for checks under way. */
  async stop(): Promise<void> {
    this.started = false;
    this.clearTimer();
    await Promise.allSettled(this.inFlight.values());
  }

  /** New or changed work (a fresh registration): look at the schedule again now. */
  wake(): void {
    if (this.started) this.schedule(0);
  }

  get busy(): number {
    return this.inFlight.size;
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = this.timers.setTimeout(() => this.pump(), Math.min(Math.max(0, ms), MAX_SLEEP_MS));
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private pump(): void {
    this.timer = undefined;
    if (!this.started) return;
    try {
      this.pumpDue();
    } catch (err) {
      // The library could not be read: never a crash of the process, the schedule is tried again.
      this.options.onError?.(null, err);
      this.schedule(STORE_RETRY_MS);
    }
  }

  private pumpDue(): void {
    const now = this.timers.now();
    const free = this.concurrency - this.inFlight.size;
    if (free > 0) {
      const due = this.options.records
        .due(now, this.concurrency * 2)
        .filter((r) => !this.inFlight.has(r.id))
        .slice(0, free);
      for (const record of due) {
        const wait = this.limiter.take();
        if (wait > 0) return this.schedule(wait);
        let again = 0;
        const run = this.checkOne(record)
          .catch((err: unknown) => {
            // The library failed to store the check or its answer: reported, and the record is due again.
            this.options.onError?.(record, err);
            again = STORE_RETRY_MS;
            return false;
          })
          .finally(() => {
            this.inFlight.delete(record.id);
            if (this.started) this.schedule(again);
          });
        this.inFlight.set(record.id, run);
      }
    }
    // Checks under way reschedule when they end; otherwise sleep until the next one is due.
    if (this.inFlight.size > 0) return;
    const next = this.options.records.nextDueAt();
    if (next !== null) this.schedule(next - now);
  }

  /**
   * Checks one record now, outside the schedule (a "status" command), and stores the answer.
   * Resolves false, without asking, when the record was asked about less than a block time ago
   * (here or by another process): the library's answer is then as fresh as the service allows.
   */
  checkNow(record: StoredRecord): Promise<boolean> {
    const running = this.inFlight.get(record.id);
    if (running) return running;
    // Registered as in flight in this step, so the schedule does not check the same record at the
    // same time; the pace is read inside the promise.
    const run = this.paced(record).then((paced) =>
      paced ? false : this.limiter.acquire((ms) => new Promise<void>((r) => this.timers.setTimeout(r, ms))).then(() => this.checkOne(record)),
    );
    // The schedule may have found nothing to start while this ran (it waits for checks under way): look again.
    const tracked = run.finally(() => {
      this.inFlight.delete(record.id);
      if (this.started) this.schedule(0);
    });
    this.inFlight.set(record.id, tracked);
    return tracked;
  }

  /**
   * Asked about less than a block time ago, as the library says now; or never asked, and published
   * less than a block time ago: not in a block before then (service-notes.md, Timing and life-cycle
   * rules: wait about 10 minutes before the first check). A record imported from a receipt was
   * published long before it came here.
   */
  private async paced(record: StoredRecord): Promise<boolean> {
    const gap = checkGapMs(await this.options.profile(record.profile));
    const current = this.options.records.get(record.id) ?? record;
    const since = current.lastCheckedAt ?? (current.proofOutcome === null ? current.publishedAt : null);
    const now = this.timers.now();
    return since !== null && since <= now && now - since < gap;
  }

  /** One status request and its answer stored; false when the record's pace did not allow one. */
  private async checkOne(record: StoredRecord): Promise<boolean> {
    const { records } = this.options;
    const profile = await this.options.profile(record.profile);
    const requestedAt = this.timers.now();
    if (!records.claimCheck(record.id, requestedAt, checkGapMs(profile))) return false;
    const next = (wantMs: number): number => nextCheckAt(profile, requestedAt, wantMs);
    let answer: StatusAnswer;
    try {
      answer = await this.options.check(record);
    } catch (err) {
      const run = (this.errorRuns.get(record.id) ?? 0) + 1;
      this.errorRuns.set(record.id, run);
      records.recordCheckError(record.id, err instanceof Error ? err.message : String(err), next(afterError(profile, run)));
      this.options.onError?.(record, err);
      await this.notify(record, undefined);
      return true;
    }
    this.errorRuns.delete(record.id);
    const now = this.timers.now();
    let superseded: StoredRecord[] = [];
    if (answer.kind === 'unknown') {
      const since = record.unknownSince ?? now;
      if (now - since >= profile.rejectAfterSeconds * 1000) {
        const unknownFor = duration((now - since) / 1000);
        records.markRejected(
          record.id,
          oursToSend(record)
            ? `The service has not known this transaction for ${unknownFor}: it was rejected, or never published.`
            : `The receipt's registration is not known to the service (for ${unknownFor}): it was rejected, never published, or the receipt was made up. It stays imported evidence; the library sends only what it registered itself.`,
        );
      } else {
        records.recordUnknown(record.id, next(afterUnknown(profile, record.checks)));
      }
    } else if (answer.kind === 'pending') {
      const tookBack = records.get(record.id)?.blockHash ?? null;
      records.recordConfirmation(
        record.id,
        { state: 'published', confirmations: 0, blockHash: null, blockTime: null, confirmation: null },
        next(afterPending(profile)),
      );
      // In a block before, in none now: a reorganisation took it back. Said until its next block.
      if (tookBack !== null)
        records.noteError(
          record.id,
          `Its block ${tookBack} left the best chain (a reorganisation): the service holds the registration again and waits to mine it. Its receipt is rewritten once it is in a block again.`,
        );
    } else {
      const c = answer.confirmation;
      const settled = c.confirmedBlocks >= profile.targetConfirmations;
      const beforeRace = new Map(records.group(groupOf(record)).map((r) => [r.id, r]));
      superseded = records
        .recordConfirmation(
          record.id,
          {
            state: settled ? 'settled' : 'confirmed',
            confirmations: c.confirmedBlocks,
            blockHash: c.blockHash ?? null,
            blockTime: c.blockTimestamp ?? null,
            confirmation: c,
          },
          settled
            ? nextSettledCheckAt(profile, requestedAt, minedAt(record, requestedAt, c.blockTimestamp))
            : nextConfirmationAt(profile, requestedAt, c.confirmedBlocks, c.blockTimestamp ? Date.parse(c.blockTimestamp) : null),
        )
        .map((r) => beforeRace.get(r.id) ?? r);
    }
    await this.notify(record, answer);
    // The other submissions of its registration this answer superseded (the race is settled in the store).
    for (const loser of superseded) if (loser.id !== record.id) await this.notify(loser, undefined);
    return true;
  }

  private async notify(before: StoredRecord, answer: StatusAnswer | undefined): Promise<void> {
    const after = this.options.records.get(before.id);
    if (!after || !this.options.onUpdate) return;
    try {
      await this.options.onUpdate(after, before, answer);
    } catch (err) {
      this.options.onError?.(after, err);
    }
  }
}
