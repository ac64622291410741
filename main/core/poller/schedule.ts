/**
 * When to ask again. The real service asks for status checks "once every 10 minutes (at the most
 * frequent)" per record, and advises waiting about 10 minutes before the first one
 * (service-notes.md: Timing and life-cycle rules): a profile's records are asked at most once per
 * block time (`expectedBlockSeconds`), the first one block after publication, errors and retries
 * included. Checks fall on one grid per profile (multiples of its block time), so registrations
 * published close together are asked together, in one wake-up of the poller.
 */

export interface ScheduleProfile {
  expectedBlockSeconds: number;
  targetConfirmations: number;
}

/** Backoff, in blocks, while the service has nothing new to say, and after errors. */
const MAX_BACKOFF_BLOCKS = 3;

/** The least time between two status requests for one record (ms): one block time. */
export function checkGapMs(profile: Pick<ScheduleProfile, 'expectedBlockSeconds'>): number {
  return Math.max(1, Math.round(profile.expectedBlockSeconds * 1000));
}

/** The first point of the profile's grid at or after `t`. */
function gridAtOrAfter(profile: ScheduleProfile, t: number): number {
  const gap = checkGapMs(profile);
  return Math.ceil(t / gap) * gap;
}

/** The grid point a check due at `dueAt` belongs to (its batch). */
function batchOf(profile: ScheduleProfile, dueAt: number): number {
  const gap = checkGapMs(profile);
  return Math.floor(dueAt / gap) * gap;
}

/** A registration published at `publishedAt` is first asked about on the grid, a block later at least. */
export function firstCheckAt(profile: ScheduleProfile, publishedAt: number): number {
  return gridAtOrAfter(profile, publishedAt + checkGapMs(profile));
}

/**
 * The next check of a record last asked about at `requestedAt`: `wantMs` later, on the grid, and
 * never sooner than a block after that request. A scheduled check (`dueAt`, the time it was due)
 * that ran within a block of its due time belongs to that batch and comes back with it: a batch the
 * rate cap spreads over a few seconds stays one batch, each member exactly a block after its own
 * request. A check on demand, or one long overdue (the app was closed), joins the grid afresh.
 */
export function nextCheckAt(profile: ScheduleProfile, requestedAt: number, wantMs: number, dueAt?: number): number {
  const gap = checkGapMs(profile);
  const inBatch = dueAt !== undefined && requestedAt - dueAt < gap;
  const from = inBatch ? batchOf(profile, dueAt) : requestedAt;
  return Math.max(requestedAt + gap, gridAtOrAfter(profile, from + wantMs));
}

/** Not in a block yet: one block, then growing to a few blocks. */
export function afterUnconfirmed(profile: ScheduleProfile, checks: number): number {
  return checkGapMs(profile) * Math.min(1.5 ** checks, MAX_BACKOFF_BLOCKS);
}

/** In a block at depth n: come back when the target depth is due (plus a small margin). */
export function afterConfirmed(profile: ScheduleProfile, confirmations: number): number {
  const blocksLeft = Math.max(1, profile.targetConfirmations - confirmations);
  return checkGapMs(profile) * (blocksLeft + 0.1);
}

/** The service could not be asked (network, 5xx): a block, then doubling, capped at a few blocks. */
export function afterError(profile: ScheduleProfile, consecutiveErrors: number): number {
  return checkGapMs(profile) * Math.min(2 ** Math.max(0, consecutiveErrors - 1), MAX_BACKOFF_BLOCKS);
}
