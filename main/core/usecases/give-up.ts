import { duration } from '../../../preload/duration.ts';
import type { Profile } from '../store/profiles.ts';
import { importedPending, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';

/** When following a registration without a block ends (resubmit.ts gives the library's own up; an import stops being followed). */

/**
 * Periods of `resubmitAfterSeconds` a registration is followed without a block, resubmissions
 * included, before it is given up: six hours on the default hour, six times the chance the
 * documentation's "about an hour" gives a record to be mined.
 */
export const GIVE_UP_PERIODS = 6;

/** Whether a registration followed since `since` (its first submission's publication) has been for GIVE_UP_PERIODS periods or more. */
export function pastGiveUp(since: number | null, profile: Pick<Profile, 'resubmitAfterSeconds'>, now: number): boolean {
  return since !== null && now - since >= GIVE_UP_PERIODS * profile.resubmitAfterSeconds * 1000;
}

/**
 * An imported pending receipt's registration that the service holds but no block takes: not the
 * library's to send again (oursToSend), so it is followed for as long as the library's own would be
 * without a block (GIVE_UP_PERIODS periods, from its import: it was published before then), and no
 * longer: imported evidence that never got into a block (importedNeverMined), said so. `withheld`:
 * why the block its service names was not taken as its own (receipts.ts withholdBlock).
 */
export async function stopFollowingImported(ctx: NotaryContext, record: StoredRecord, withheld?: string): Promise<StoredRecord | undefined> {
  if (!importedPending(record)) return undefined;
  const profile = await ctx.library.profiles.require(record.profile);
  if (!pastGiveUp(record.createdAt, profile, ctx.now())) return undefined;
  const followed = duration(GIVE_UP_PERIODS * profile.resubmitAfterSeconds);
  ctx.library.records.markFailed(
    record.id,
    withheld === undefined
      ? `Imported evidence that never got into a block: the service holds the receipt's registration (txId ${record.txId}), but no block took it in the ${followed} it was followed since it was imported, so it is no longer followed. Notarium never sends it itself (it did not register it): notarise the file to register it as your own.`
      : `Imported evidence never tied to a block in the ${followed} it was followed since it was imported, so it is no longer followed. ${withheld} Notarium never sends it itself (it did not register it): notarise the file to register it as your own.`,
  );
  const ended = ctx.library.records.get(record.id)!;
  ctx.recordUpdated(ended);
  return ended;
}
