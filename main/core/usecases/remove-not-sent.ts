import { visibleName } from '../../../preload/visible-text.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { notSent, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { settlingNow } from './in-doubt.ts';
import { holderGone, leaseFor } from './send-lease.ts';
import { beingSent, sendingNow } from './submit.ts';

/**
 * A registration that never reached the service (not sent: nothing of it was registered) removed
 * at its user's word, for the app's Library: otherwise it would wait to be sent for good, count as
 * pending and keep its profile. Never one that may have reached the service: that one is followed
 * until the service or the chain says what became of it. Returns the rows removed with it
 * (records.ts removeNotSent).
 */
export function removeNotSent(ctx: NotaryContext, id: number): StoredRecord[] {
  const { records } = ctx.library;
  const record = records.get(id);
  if (!record) throw new NotariumError('NOT_IN_LIBRARY', 'The library has no such registration.');
  if (!notSent(record)) throw notRemovable(record);
  // Being sent, here or by another process: its send decides (the lease keeps others off while it is removed).
  if (sendingNow(ctx, id) || settlingNow(ctx, id) || !records.takeSendLease(id, leaseFor(ctx), holderGone)) throw beingSent(record);
  const removed = records.removeNotSent(id, ctx.leaseOwner);
  if (removed.length > 0) return removed;
  records.releaseSendLease(id, ctx.leaseOwner);
  throw notRemovable(records.get(id) ?? record);
}

function notRemovable(record: StoredRecord): NotariumError {
  return new NotariumError(
    'INVALID_ARGUMENT',
    `"${visibleName(record.name)}" may have reached the service, so it is not removed: only a registration that never reached it can be, since nothing of it was registered.`,
  );
}
