import { firstCheckAt } from '../poller/schedule.ts';
import type { Profile } from '../store/profiles.ts';
import { groupOf, type StoredRecord } from '../store/record.ts';
import { landingAfter } from './chain-landing.ts';
import type { NotaryContext } from './context.ts';
import { extendedElsewhere } from './in-doubt.ts';
import { submitRecord } from './submit.ts';

/**
 * Resubmission. "There is no guarantee that a record will be mined": a record not mined within
 * about an hour should be submitted again, as a new transaction (service-notes.md, Timing and
 * life-cycle rules). A registration whose newest submission is still not in a block
 * `resubmitAfterSeconds` after it was published is sent again (same fingerprint and salt, a new
 * idempotency key, a new row that `resubmits` the first); every submission is followed, the first
 * in a block is the registration and the others become `superseded` (life-cycle.ts).
 */

/**
 * Whether this submission, as the poller just found it, is due to be sent again: the newest of its
 * registration, known to the service but not in a block (a transaction the service does not know
 * is rejected in time instead), for `resubmitAfterSeconds` since it was published.
 */
export function resubmitDue(record: StoredRecord, newest: boolean, profile: Pick<Profile, 'resubmitAfterSeconds'>, now: number): boolean {
  return record.state === 'published' && newest && record.unknownSince === null && record.publishedAt !== null && now - record.publishedAt >= profile.resubmitAfterSeconds * 1000;
}

/**
 * Sends the registration again when it is due. A document's later version is sent again only
 * when the chain shows the first did not land (chain-landing.ts): if the service holds our own
 * write unmined, it is not sent again (a second would spend the same output twice) and the record
 * says so; another transaction with our content after our predecessor is adopted as one more
 * submission; anything else means the document went on elsewhere, and the version fails.
 */
export async function resubmitIfDue(ctx: NotaryContext, record: StoredRecord): Promise<StoredRecord | undefined> {
  const profile = ctx.library.profiles.require(record.profile);
  const newest = ctx.library.records.group(groupOf(record)).at(-1)?.id === record.id;
  if (!resubmitDue(record, newest, profile, ctx.now())) return undefined;
  if (record.kind === 'linked-update' || record.kind === 'linked-delete') {
    const landing = await landingAfter(ctx, record);
    if (landing.kind === 'ours') {
      ctx.library.records.noteError(record.id, HELD_UNMINED);
      ctx.recordUpdated(ctx.library.records.get(record.id)!);
      return undefined;
    }
    if (landing.kind === 'same') return adopt(ctx, record, landing.txId, profile);
    if (landing.kind === 'elsewhere') {
      ctx.library.records.markFailed(record.id, extendedElsewhere(record, landing.txId));
      ctx.recordUpdated(ctx.library.records.get(record.id)!);
      return undefined;
    }
  }
  const again = ctx.library.records.insertResubmission(record, ctx.newKey());
  if (!again) return undefined; // another process sent it again first
  ctx.recordUpdated(again);
  return submitRecord(ctx, again, undefined);
}

const HELD_UNMINED =
  'Not in a block yet, and the service holds it: it is not sent again, because a second copy would spend the same output as this one. It is followed until it is mined.';

function adopt(ctx: NotaryContext, record: StoredRecord, txId: string, profile: Profile): StoredRecord {
  const adopted = ctx.library.records.insertAdopted(record, txId, firstCheckAt(profile, ctx.now()));
  ctx.recordUpdated(adopted);
  ctx.wakePoller();
  return adopted;
}
