import { NotariumError } from '../errors/notarium-error.ts';
import { checkGapMs } from '../poller/schedule.ts';
import { FOLLOWED_STATES, groupOf, inBlock, isLive, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import type { MemberOfBatch } from '../store/batches.ts';
import { resolveRecord, resolveRegistration } from './resolve-target.ts';
import { settleInDoubt, settlingNow } from './in-doubt.ts';
import { leftInDoubt, sendingNow } from './submit.ts';
import { releaseQueue, sentHead, waitsFor } from './version-queue.ts';

/** Status and waiting: ask the service now, or follow a registration until it is deep enough. */

export interface Follower {
  /** Checks one record now and stores the answer; false when its pace allowed no request (asked less than a block time ago). */
  checkNow(record: StoredRecord): Promise<boolean>;
  /** Calls `listener` on every record change; returns the unsubscribe function. */
  subscribe(listener: (record: StoredRecord) => void): () => void;
}

export interface CurrentStatus {
  record: StoredRecord;
  /**
   * `service`: asked just now. `library`: the library's answer: offline, no longer followed, or
   * asked less than a block time ago (the service allows one status request per record per block
   * time: `lastCheckedAt` and `nextCheckAt` say when it was asked and will be).
   */
  source: 'service' | 'library';
  /** The file's place in the batch `record` registers, when the target was a file of a batch. */
  member?: MemberOfBatch;
}

/**
 * The record of `target`, refreshed from the service when it is still being followed and its pace
 * allows. A queued version's predecessor is asked instead: when it is in a block, the version is
 * sent now.
 */
export async function currentStatus(
  ctx: NotaryContext,
  follower: Follower,
  target: string,
  options: { profile?: string; offline?: boolean } = {},
): Promise<CurrentStatus> {
  const { record, member } = await resolveRegistration(ctx, target, options.profile);
  const asked = !options.offline && asksAbout(record) && (await follower.checkNow(record));
  if (!options.offline && record.state === 'queued') await nudgeQueue(ctx, follower, record);
  const now = ctx.library.records.get(record.id)!;
  // A member's receipt path may have been written by the check just made.
  return { record: now, source: asked ? 'service' : 'library', ...(member ? { member: ctx.library.batches.member(member.member.id)! } : {}) };
}

/**
 * Followed, or settled while its block may still change (a reorganisation: the poller keeps
 * following it slowly, poller/schedule.ts): its status is worth a request, its pace allowing. An
 * import the library chose not to follow (its service does not know it, or writes to another
 * network than its receipt names: importParsed) is never asked about, here either.
 */
function asksAbout(record: StoredRecord): boolean {
  if (record.proofOutcome !== null && record.nextCheckAt === null) return false;
  return FOLLOWED_STATES.includes(record.state) || (record.state === 'settled' && record.nextCheckAt !== null);
}

/** Asks after the version a queued one waits for, and sends the queue if its turn came. */
async function nudgeQueue(ctx: NotaryContext, follower: Follower, queued: StoredRecord): Promise<void> {
  const ahead = waitsFor(ctx, queued);
  if (ahead && FOLLOWED_STATES.includes(ahead.state)) await follower.checkNow(ahead);
  await sendIfItsTurn(ctx, queued);
}

/**
 * Sends the queue of `queued`'s document if its turn came (its predecessor in a block: the
 * poller's answer may have come before anyone waited). A queued version behind a write whose
 * answer was lost would wait for nothing: that write is awaited if this process is settling it,
 * else refused with a sentence. Returns whether `queued` left the queue (sent, or failed).
 */
async function sendIfItsTurn(ctx: NotaryContext, queued: StoredRecord, signal?: AbortSignal): Promise<boolean> {
  const ahead = sentHead(ctx.library.records.ofDocument(queued.documentId!));
  if (ahead?.state === 'submitting') await settledNow(ctx, ahead, signal);
  const failures = await releaseQueue(ctx, queued.documentId!, signal);
  if (failures.has(queued.id)) {
    const failure = failures.get(queued.id);
    // Sent, left in doubt: it left the queue, and the wait settles it from the chain.
    if (!(leftInDoubt(failure) && ctx.library.records.get(queued.id)!.state === 'submitting')) throw failure;
  }
  return ctx.library.records.get(queued.id)!.state !== 'queued';
}

export interface WaitOptions {
  profile?: string;
  /** Depth to wait for (default: the profile's target confirmations). */
  confirmations?: number;
  signal?: AbortSignal;
  onUpdate?(record: StoredRecord): void;
  /**
   * Before each wait for news: the time (ctx.now()) by which this wait looks at the record itself
   * if no check answered sooner. It can come before the record's `nextCheckAt` (the schedule's
   * next check): a countdown to the next answer counts to the earlier of the two.
   */
  onLook?(record: StoredRecord, at: number): void;
}

/**
 * Resolves once the registration has `confirmations` blocks (or is rejected or failed). The
 * poller drives the checks up to the profile's target (and sends a queued version when its turn
 * comes); deeper waits check once per block. A submission superseded by another is followed by
 * the one that is the registration.
 */
export async function waitFor(ctx: NotaryContext, follower: Follower, target: string, options: WaitOptions = {}): Promise<StoredRecord> {
  return waitForRecord(ctx, follower, await resolveRecord(ctx, target, options.profile), options);
}

export async function waitForRecord(
  ctx: NotaryContext,
  follower: Follower,
  start: StoredRecord,
  options: Omit<WaitOptions, 'profile'> = {},
): Promise<StoredRecord> {
  let record = registrationOf(ctx, start);
  // Settled already, its block may have changed since: asked once, its pace allowing, so the wait ends on the block it is in.
  if (record.state === 'settled' && asksAbout(record) && (await follower.checkNow(record))) record = registrationOf(ctx, ctx.library.records.get(record.id)!);
  const profile = await ctx.library.profiles.require(record.profile);
  const depth = options.confirmations ?? profile.targetConfirmations;
  const done = (r: StoredRecord) => r.state === 'rejected' || r.state === 'failed' || (r.confirmations >= depth && inBlock(r));
  /** A wait of `ms` before looking at the record again, said to onLook. */
  const look = (ms: number): number => (options.onLook?.(record, ctx.now() + ms), ms);
  while (!done(record)) {
    if (options.signal?.aborted) throw new NotariumError('CANCELLED');
    const sentNow = record.state === 'queued' && (await sendIfItsTurn(ctx, record, options.signal));
    if (record.state === 'submitting') {
      await settledNow(ctx, record, options.signal);
    } else if (sentNow) {
      // Looked at again below, before any waiting.
    } else if (record.state === 'settled') {
      // Past the profile's target the poller stops; go on once per block.
      await sleep(look(profile.expectedBlockSeconds * 1000), options.signal);
      await follower.checkNow(record);
    } else if (await nextUpdate(follower, record.id, look(checkGapMs(profile)), options.signal)) {
      // Nothing from this engine for a block time: another process (the app, a second command)
      // may have asked instead, or changed the record. Ask now if its pace allows; read it again below.
      if (FOLLOWED_STATES.includes(record.state)) await follower.checkNow(record);
    }
    record = registrationOf(ctx, ctx.library.records.get(record.id)!);
    options.onUpdate?.(record);
  }
  return record;
}

/**
 * A `submitting` record this engine is sending or settling is only unanswered yet: that is awaited.
 * One whose answer was lost is settled here, waiting for the chain as long as it takes
 * (in-doubt.ts); one another engine is sending is looked at again a block later. A settling that
 * ends the record (failed, superseded) returns it; other failures are thrown.
 */
async function settledNow(ctx: NotaryContext, record: StoredRecord, signal?: AbortSignal): Promise<StoredRecord> {
  const current = () => ctx.library.records.get(record.id)!;
  const pending = sendingNow(ctx, record.id) ?? settlingNow(ctx, record.id);
  if (pending) return pending.catch(current);
  try {
    return await settleInDoubt(ctx, record, { signal, waitForChain: true });
  } catch (err) {
    if (err instanceof NotariumError && err.code === 'BEING_SENT') {
      await sleep((await ctx.library.profiles.require(record.profile)).expectedBlockSeconds * 1000, signal);
      return current();
    }
    if (current().state !== 'submitting') return current();
    throw err;
  }
}

/**
 * The row that is (or will be) the registration of `record`'s content: itself, what superseded it,
 * or, once it was rejected, the submission sent once more after it (resubmit.ts).
 */
function registrationOf(ctx: NotaryContext, record: StoredRecord): StoredRecord {
  let current = record;
  while (current.state === 'superseded' && current.supersededBy !== null) current = ctx.library.records.get(current.supersededBy)!;
  if (current.state === 'rejected') return ctx.library.records.group(groupOf(current)).findLast(isLive) ?? current;
  return current;
}

/** Resolves on this engine's next change of the record (false), or after `ms` without one (true). */
function nextUpdate(follower: Follower, id: number, ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const stop = follower.subscribe((r) => {
      if (r.id !== id) return;
      cleanup();
      resolve(false);
    });
    const timer = setTimeout(() => (cleanup(), resolve(true)), ms);
    const onAbort = (): void => {
      cleanup();
      reject(new NotariumError('CANCELLED'));
    };
    const cleanup = (): void => {
      stop();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new NotariumError('CANCELLED'))), { once: true });
  });
}
