import { firstCheckAt } from '../poller/schedule.ts';
import type { Profile } from '../store/profiles.ts';
import { groupOf, isLive, oursToSend, type StoredRecord } from '../store/record.ts';
import { duration } from '../../../preload/duration.ts';
import { landingAfter } from './chain-landing.ts';
import { GIVE_UP_PERIODS, pastGiveUp } from './give-up.ts';
import type { NotaryContext } from './context.ts';
import { extendedElsewhere } from './in-doubt.ts';
import { submitRecord } from './submit.ts';
import { leaseFor } from './send-lease.ts';

/**
 * Resubmission. "There is no guarantee that a record will be mined": a record not mined within
 * about an hour should be submitted again, as a new transaction (service-notes.md, Timing and
 * life-cycle rules). A registration whose newest submission is still not in a block
 * `resubmitAfterSeconds` after it was published is sent again (same fingerprint and salt, a new
 * idempotency key, a new row that `resubmits` the first); every submission is followed, the first
 * in a block is the registration and the others become `superseded` (records.ts recordConfirmation).
 * The service may also never mine it: a registration still not in a block GIVE_UP_PERIODS periods
 * after it was first published is given up (failed, with a sentence), so that nothing — `wait`,
 * `notarise --wait`, a watched folder — waits for it forever.
 */

/**
 * Whether this submission, as the poller just found it, is due to be sent again: the newest of its
 * registration, known to the service but not in a block (a transaction the service does not know
 * is rejected in time instead), for `resubmitAfterSeconds` since it was published; and the library's
 * own (oursToSend): an imported receipt is followed, never sent.
 */
export function resubmitDue(record: StoredRecord, newest: boolean, profile: Pick<Profile, 'resubmitAfterSeconds'>, now: number): boolean {
  return (
    record.state === 'published' &&
    oursToSend(record) &&
    newest &&
    record.unknownSince === null &&
    record.publishedAt !== null &&
    now - record.publishedAt >= profile.resubmitAfterSeconds * 1000
  );
}

/**
 * Sends the registration again when it is due. A document's later version is sent again only
 * when the chain shows the first did not land (chain-landing.ts): if the service holds our own
 * write unmined, it is not sent again (a second would spend the same output twice) and the record
 * says so; another transaction with our content after our predecessor is adopted as one more
 * submission; anything else means the document went on elsewhere, and the version fails.
 */
export async function resubmitIfDue(ctx: NotaryContext, record: StoredRecord): Promise<StoredRecord | undefined> {
  const profile = await ctx.library.profiles.require(record.profile);
  const group = ctx.library.records.group(groupOf(record));
  // The newest live submission: one the service refused, or rejected, is not the one to send again.
  const newest = group.filter(isLive).at(-1)?.id === record.id;
  if (!resubmitDue(record, newest, profile, ctx.now())) return undefined;
  if (pastGiveUp(group[0]?.publishedAt ?? null, profile, ctx.now())) {
    for (const r of ctx.library.records.giveUp(groupOf(record), notMined(ctx, record, profile), queueStuck(ctx, record))) ctx.recordUpdated(r);
    return undefined;
  }
  if (record.kind === 'linked-update' || record.kind === 'linked-delete') {
    const landing = await landingAfter(ctx, record);
    if (landing.kind === 'ours' || landing.kind === 'unseen') {
      ctx.library.records.noteError(record.id, HELD_UNMINED);
      ctx.recordUpdated(ctx.library.records.get(record.id)!);
      return undefined;
    }
    if (landing.kind === 'same') return adopt(ctx, record, landing.txId, profile);
    if (landing.kind === 'elsewhere') {
      ctx.library.records.markFailed(record.id, extendedElsewhere(ctx, record, landing.txId));
      ctx.recordUpdated(ctx.library.records.get(record.id)!);
      return undefined;
    }
  }
  const again = ctx.library.records.insertResubmission(record, ctx.newKey(), leaseFor(ctx));
  if (!again) return undefined; // another process sent it again first
  ctx.recordUpdated(again);
  return submitRecord(ctx, again, undefined);
}

/**
 * A submission the service stopped knowing (404 for the profile's rejection period: "it may still
 * be publishing, or it was rejected", record-service.md) is sent once more, as a new transaction,
 * before its registration is given up: "there is no guarantee that a record will be mined", and
 * such a record "should be submitted again" (service-notes.md, Timing and life-cycle rules). Once
 * only: a registration one of whose submissions was rejected before ends with this one. A
 * document's later version is sent again only when the chain shows nothing took its
 * predecessor's output (chain-landing.ts); one found there is adopted. Only the library's own
 * registrations: an imported receipt the service does not know stays rejected evidence (oursToSend).
 */
export async function resendRejected(ctx: NotaryContext, record: StoredRecord): Promise<StoredRecord | undefined> {
  if (!oursToSend(record)) return undefined;
  const group = ctx.library.records.group(groupOf(record));
  if (group.some((r) => r.id !== record.id && r.state === 'rejected') || group.some(isLive)) return undefined;
  if (record.kind === 'linked-update' || record.kind === 'linked-delete') {
    const landing = await landingAfter(ctx, record);
    if (landing.kind === 'same') return adopt(ctx, record, landing.txId, await ctx.library.profiles.require(record.profile));
    if (landing.kind !== 'nothing') return undefined;
  }
  const again = ctx.library.records.insertResubmission(record, ctx.newKey(), leaseFor(ctx));
  if (!again) return undefined; // another process sent it again first
  ctx.recordUpdated(again);
  return submitRecord(ctx, again, undefined);
}

/** The sentence of a registration given up: what happened, and what to do. */
function notMined(ctx: NotaryContext, record: StoredRecord, profile: Pick<Profile, 'resubmitAfterSeconds'>): string {
  if (record.kind === 'linked-update' || record.kind === 'linked-delete') {
    const what = record.kind === 'linked-delete' ? 'The finalisation' : `Version ${record.version}`;
    return `${what} of "${record.name}" was accepted by the service (txId ${record.txId}) but not mined in ${duration(GIVE_UP_PERIODS * profile.resubmitAfterSeconds)}, so it is no longer followed. It may still hold version ${(record.version ?? 2) - 1}'s output: a new version can be refused until the service drops it. Check with "${ctx.command('versions')}", then add the version again.`;
  }
  return `Not mined: the service accepted "${record.name}" but did not get it into a block in ${duration(GIVE_UP_PERIODS * profile.resubmitAfterSeconds)}, sent again every ${duration(profile.resubmitAfterSeconds)}, so it is no longer followed. Notarise the file again later, or ask the service's provider.`;
}

/** The sentence of a version queued behind one given up. */
function queueStuck(ctx: NotaryContext, record: StoredRecord): string {
  return `Not sent: it waited for version ${record.version ?? 1} of "${record.name}", which was never mined, and it would have followed the output that version may still hold. Add this version again once "${ctx.command('versions')}" shows the document can take one.`;
}

const HELD_UNMINED =
  'Not in a block yet, and the service holds it: it is not sent again, because a second copy would spend the same output as this one. It is followed until it is mined.';

function adopt(ctx: NotaryContext, record: StoredRecord, txId: string, profile: Profile): StoredRecord {
  const adopted = ctx.library.records.insertAdopted(record, txId, firstCheckAt(profile, ctx.now()));
  ctx.recordUpdated(adopted);
  ctx.wakePoller();
  return adopted;
}
