import { isOutcomeUnknown } from '../api/transport-failure.ts';
import { inBlock, oursToSend, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { settleAllInDoubt, settleInDoubtAtBlock } from './in-doubt.ts';
import { stopFollowingImported } from './give-up.ts';
import { resendRejected, resubmitIfDue } from './resubmit.ts';
import { releaseQueue, releaseQueues, waitsFor } from './version-queue.ts';

/**
 * What the engine does with a registration as the service's answers come (the poller's, or a
 * check on demand), and when a process starts: the life cycle of service-notes.md's Timing and
 * life-cycle rules, in one place.
 */

/**
 * After a status check (`before`: the record as it was): a submission in a block is the
 * registration (the store superseded the others of it with the answer, records.ts
 * recordConfirmation); when the answer shows a block this engine had not seen for it (in a block
 * for the first time, deeper, or another block), the profile's writes left in doubt are looked at
 * again, at most once per block time (in-doubt.ts: a block may show them); and its document's next
 * queued version goes. One the service has just said is not in a block (`answered` 'pending') may
 * be due to be sent again, or given up (an imported one is never sent, only no longer followed in
 * the end) — never after a check that failed (it may well be in a block); one the poller has just
 * marked rejected is sent once more (resubmit.ts). Failures of what it sends are thrown after the
 * records say what became of them.
 */
export async function afterStatus(
  ctx: NotaryContext,
  record: StoredRecord,
  answered: 'unknown' | 'pending' | 'confirmed' | undefined,
  before: StoredRecord,
): Promise<void> {
  if (inBlock(record)) {
    if (showsNewBlock(before, record)) await settleInDoubtAtBlock(ctx, record.profile);
    if (record.documentId === null) return;
    const failures = await releaseQueue(ctx, record.documentId);
    // A version sent whose outcome is unknown is in doubt, not failed: settled at a later block.
    for (const failure of failures.values()) if (!isOutcomeUnknown(failure)) throw failure;
  } else if (answered === 'pending') {
    if (oursToSend(record)) await resubmitIfDue(ctx, record);
    else await stopFollowingImported(ctx, record);
  } else if (record.state === 'rejected' && before.state !== 'rejected') {
    await resendRejected(ctx, record);
  }
}

/** The answer shows a block that the record's last one did not: a new block on the service's chain. */
function showsNewBlock(before: StoredRecord, after: StoredRecord): boolean {
  return !inBlock(before) || before.blockHash !== after.blockHash || after.confirmations > before.confirmations;
}

/**
 * What a process catches up on when it starts following registrations: writes left in doubt long
 * enough ago that no other process is still sending them (in-doubt.ts), then every queue whose
 * predecessor is already in a block.
 */
export async function catchUp(ctx: NotaryContext): Promise<void> {
  await settleAllInDoubt(ctx);
  await releaseQueues(ctx);
}

/** What a record's place in the life cycle refers to, for people: the rows it names by id. */
export interface LifeCycleFacts {
  /** A queued version: the version it waits for (sent, or queued ahead of it). */
  waitsFor: StoredRecord | null;
  /** A superseded row: the one that is the registration instead. */
  supersededBy: StoredRecord | null;
  /** A resubmission: the first submission of its registration. */
  resubmits: StoredRecord | null;
}

export function lifeCycleOf(ctx: NotaryContext, record: StoredRecord): LifeCycleFacts {
  const get = (id: number | null) => (id === null ? null : (ctx.library.records.get(id) ?? null));
  return {
    waitsFor: record.state === 'queued' ? (waitsFor(ctx, record) ?? null) : null,
    supersededBy: get(record.supersededBy),
    resubmits: get(record.resubmits),
  };
}
