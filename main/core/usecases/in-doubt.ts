import { NotariumError } from '../errors/notarium-error.ts';
import type { RetryListener } from '../api/http-client.ts';
import type { StoredRecord } from '../store/record.ts';
import { landingAfter } from './chain-landing.ts';
import type { NotaryContext } from './context.ts';
import { OnePerRecord } from './one-per-record.ts';
import { checkGapMs } from '../poller/schedule.ts';
import { holderGone, leaseFor } from './send-lease.ts';
import { beingSent, markLanded, removedMeanwhile, submitRecord } from './submit.ts';
import { duration } from '../../../preload/duration.ts';

/**
 * A write whose answer was lost (a dropped connection, a gateway's answer, a crash) is settled
 * without relying on Idempotency-Key, which the real service does not document (service-notes.md,
 * Timing and life-cycle rules). Only a profile with `idempotentWrites` sends the same request again
 * (within the key's lifetime). Elsewhere:
 * - a document's later version reads the chain from its predecessor: what landed is adopted, and it
 *   is sent again only when nothing follows the predecessor *and* its resubmission time has passed
 *   since it was sent. Until then the write may be accepted and not yet visible: the service's
 *   navigate and `updatable` may see only mined transactions (a reading service-notes.md allows),
 *   and sending it again would spend the same output twice. After that time it is sent again as
 *   any registration not mined in time is (resubmit.ts);
 * - an independent record (or a document's first record) is sent again, marked
 *   `possible_duplicate`: the library keeps one record of it, and the service may hold a second,
 *   harmless registration of the same fingerprint.
 */

/** How long a service that honours Idempotency-Key is trusted to remember a key. */
const IDEMPOTENCY_WINDOW_MS = 23 * 3600 * 1000;

const settling = new OnePerRecord<StoredRecord>();

export interface SettleOptions {
  signal?: AbortSignal;
  onRetry?: RetryListener;
  /**
   * A document version not yet seen on the chain: look again once per block until it is, or until
   * its resubmission time has passed (a command run with --wait), instead of saying when to try again.
   */
  waitForChain?: boolean;
  /** With waitForChain, before each wait: the WRITE_IN_DOUBT sentence said without it (what is waited for). */
  onWaiting?: (sentence: string) => void;
}

/** One settling per record at a time in a process: a second caller waits for the first (one look at the chain, one send). */
export function settleInDoubt(ctx: NotaryContext, record: StoredRecord, options: SettleOptions = {}): Promise<StoredRecord> {
  return settling.run(ctx, record.id, async () => {
    // One engine settles a row at a time, and none while another sends it (send-lease.ts).
    if (!ctx.library.records.takeSendLease(record.id, leaseFor(ctx), holderGone)) {
      const current = ctx.library.records.get(record.id);
      if (!current) throw removedMeanwhile(record);
      if (current.state !== 'submitting') return current;
      throw beingSent(record);
    }
    try {
      return await settle(ctx, record, options);
    } finally {
      ctx.library.records.releaseSendLease(record.id, ctx.leaseOwner);
    }
  });
}

/** The settling of this record under way in this process, if one is. */
export function settlingNow(ctx: NotaryContext, id: number): Promise<StoredRecord> | undefined {
  return settling.current(ctx, id);
}

async function settle(ctx: NotaryContext, record: StoredRecord, options: SettleOptions): Promise<StoredRecord> {
  const { signal, onRetry } = options;
  const profile = await ctx.library.profiles.require(record.profile);
  // Never sent (its first send could not reach the service, or a crash came before it left): nothing to settle, it is sent.
  if (ctx.library.records.get(record.id)!.submittedAt === null) return submitRecord(ctx, record, signal, onRetry);
  if (profile.idempotentWrites && !record.writtenUnseen && ctx.now() - (record.submittedAt ?? 0) < IDEMPOTENCY_WINDOW_MS)
    return submitRecord(ctx, record, signal, onRetry);
  if (record.kind === 'record' || record.kind === 'linked-create') {
    ctx.library.records.markPossibleDuplicate(record.id); // before it leaves: a crash keeps the mark
    return submitRecord(ctx, ctx.library.records.get(record.id)!, signal, onRetry);
  }
  const landing = await landingAfter(ctx, record, signal);
  switch (landing.kind) {
    case 'nothing':
    case 'unseen': {
      const resendAt = (record.submittedAt ?? 0) + profile.resubmitAfterSeconds * 1000;
      // Written, by the service's own word, or the predecessor's output held by a write not yet in a
      // block: it is only looked for, once per block, however long it takes.
      const onlyLookedFor = record.writtenUnseen || landing.kind === 'unseen';
      if (!onlyLookedFor && ctx.now() >= resendAt) return submitRecord(ctx, record, signal, onRetry);
      const message = record.writtenUnseen
        ? writtenNotSeenYet(ctx, record)
        : landing.kind === 'unseen'
          ? heldNotSeenYet(ctx, record)
          : notSeenYet(ctx, record, resendAt - ctx.now());
      if (!options.waitForChain) {
        ctx.library.records.noteError(record.id, message);
        ctx.recordUpdated(ctx.library.records.get(record.id)!);
        throw new NotariumError('WRITE_IN_DOUBT', message);
      }
      options.onWaiting?.(message);
      ctx.library.records.takeSendLease(record.id, leaseFor(ctx), holderGone); // renewed while it waits: still this engine's to settle
      await delay(onlyLookedFor ? profile.expectedBlockSeconds * 1000 : Math.min(profile.expectedBlockSeconds * 1000, resendAt - ctx.now()), signal);
      return settle(ctx, ctx.library.records.get(record.id)!, options);
    }
    case 'ours': {
      // Another submission of this version holds the predecessor's output: this one did not land.
      const holder = ctx.library.records.byTxId(landing.txId, record.profile)!;
      ctx.library.records.supersede(
        record.id,
        holder.id,
        `Not registered: the service holds another submission of this version (txId ${landing.txId}), which is followed instead.`,
      );
      const superseded = ctx.library.records.get(record.id)!;
      ctx.recordUpdated(superseded);
      return superseded;
    }
    case 'same':
      return await markLanded(ctx, record, landing.txId);
    case 'elsewhere': {
      const message = extendedElsewhere(ctx, record, landing.txId);
      ctx.library.records.markFailed(record.id, message);
      ctx.recordUpdated(ctx.library.records.get(record.id)!);
      throw new NotariumError('NOT_LINKED_RECORDS_END', message);
    }
  }
}

/** A document's write in words, and the command that sends it. */
function writeOf(ctx: NotaryContext, record: StoredRecord): { what: string; command: string } {
  return record.kind === 'linked-delete'
    ? { what: 'The finalisation', command: ctx.command('version finalise') }
    : { what: `Version ${record.version}`, command: ctx.command('version add') };
}

/** The sentence of a version sent moments ago whose answer was lost, and which the chain does not show yet. */
function notSeenYet(ctx: NotaryContext, record: StoredRecord, waitMs: number): string {
  const { what, command } = writeOf(ctx, record);
  return `${what} of "${record.name}" was sent, its answer was lost, and the chain does not show it yet: it may still be on its way, and sending it again now could spend its predecessor's output twice. It is sent again only if the chain still does not show it in ${duration(waitMs / 1000)}: run "${command}" on it again then, or with --wait to wait for the chain now.`;
}

/** The sentence of a version whose predecessor's output is taken by a write the chain does not show yet. */
function heldNotSeenYet(ctx: NotaryContext, record: StoredRecord): string {
  const { what, command } = writeOf(ctx, record);
  return `${what} of "${record.name}" was sent and its answer was lost; the service says version ${(record.version ?? 2) - 1} can no longer take a version, but the chain does not show what follows it yet (it shows records once they are in a block): it is not sent again. Run "${command}" on it again after the next block, or with --wait to wait for it now.`;
}

/** The sentence of a finalisation the service took without saying its txId, not yet on the chain. */
function writtenNotSeenYet(ctx: NotaryContext, record: StoredRecord): string {
  return `The finalisation of "${record.name}" was taken by the service without its transaction id, and the chain does not show it yet (it shows records once they are in a block): it is not sent again. Run "${ctx.command('version finalise')}" on it again after the next block, or with --wait to wait for it now.`;
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new NotariumError('CANCELLED'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new NotariumError('CANCELLED'))), { once: true });
  });
}

/** The sentence of a version that can no longer be written: its document went on without it. */
export function extendedElsewhere(ctx: NotaryContext, record: StoredRecord, follower: string | null): string {
  const what = record.kind === 'linked-delete' ? 'The finalisation' : `Version ${record.version}`;
  return follower
    ? `${what} of "${record.name}" was not registered: on the service, version ${(record.version ?? 2) - 1} is already followed by another record (txId ${follower}), written from elsewhere. See the document's versions with "${ctx.command('versions')}", then add this one again.`
    : `${what} of "${record.name}" was not registered: the service says version ${(record.version ?? 2) - 1} can no longer take a version (finalised, or extended from elsewhere). See the document's versions with "${ctx.command('versions')}".`;
}

/**
 * Settles the in-doubt writes of a profile (or of all profiles): those no engine is sending (their
 * send lease is free, expired or its holder gone), so a send under way in another process (the
 * app's, while a command runs) is left to it.
 */
export async function settleAllInDoubt(ctx: NotaryContext, options: { profile?: string; signal?: AbortSignal } = {}): Promise<StoredRecord[]> {
  const inDoubt = ctx.library.records.inDoubt(options.profile, holderGone);
  const outcomes = await Promise.allSettled(inDoubt.map((r) => settleInDoubt(ctx, r, { signal: options.signal })));
  return outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
}

/** When each engine last settled each profile's writes in doubt at a block. */
const settledAtBlock = new WeakMap<NotaryContext, Map<string, number>>();

/**
 * A status answer found a record of `profile` in a block: its writes in doubt may show on the chain
 * now. Settled at most once per block time of the profile: N records in one block are N answers
 * about one block, and each settling reads the chain (a version's predecessor's navigate and
 * status), which the real service allows "once every 10 minutes (at the most frequent)" per
 * location (service-notes.md, Timing and life-cycle rules).
 */
export async function settleInDoubtAtBlock(ctx: NotaryContext, profile: string): Promise<void> {
  let last = settledAtBlock.get(ctx);
  if (!last) settledAtBlock.set(ctx, (last = new Map<string, number>()));
  // Read first: the look at the last time and the note of this one stay one step, so two calls at once settle once.
  const gap = checkGapMs(await ctx.library.profiles.require(profile));
  const now = ctx.now();
  const before = last.get(profile);
  if (before !== undefined && before <= now && now - before < gap) return;
  last.set(profile, now);
  await settleAllInDoubt(ctx, { profile });
}
