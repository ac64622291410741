/**
 * When to ask again. The real service asks for status checks "once every 10 minutes (at the most
 * frequent)" per record, and advises waiting about 10 minutes before the first one
 * (service-notes.md: Timing and life-cycle rules): a profile's records are asked at most once per
 * block time (`expectedBlockSeconds`), the first one block after publication, errors and retries
 * included. Within that pace each check is made when the next confirmation is due, so that every
 * confirmation from the first to the target is seen: a block is due within a block
 * time of publication, and then one block time after the last block the answer showed.
 */

export interface ScheduleProfile {
  expectedBlockSeconds: number;
  targetConfirmations: number;
}

/** Backoff, in blocks, while the service does not know the transaction, and after errors. */
const MAX_BACKOFF_BLOCKS = 3;

/** The least time between two status requests for one record (ms): one block time. */
export function checkGapMs(profile: Pick<ScheduleProfile, 'expectedBlockSeconds'>): number {
  return Math.max(1, Math.round(profile.expectedBlockSeconds * 1000));
}

/** A registration published at `publishedAt` is first asked about a block later: its first block is due by then. */
export function firstCheckAt(profile: ScheduleProfile, publishedAt: number): number {
  return publishedAt + checkGapMs(profile);
}

/** The next check of a record last asked about at `requestedAt`: `wantMs` later, never sooner than a block after that request. */
export function nextCheckAt(profile: ScheduleProfile, requestedAt: number, wantMs: number): number {
  return requestedAt + Math.max(checkGapMs(profile), wantMs);
}

/**
 * In a block at depth `confirmations`, the block's time `blockTime` (ms; null when the answer gave
 * none): the next check when the next block is due, the record's block time plus a block per
 * confirmation, a tenth of a block late (a header's time is rounded down to the second, and the
 * service's clock is not this one's). Never sooner than the pace allows, and never more than that
 * tenth after it: a block's time is its miner's word, which a real chain lets be hours off.
 */
export function nextConfirmationAt(profile: ScheduleProfile, requestedAt: number, confirmations: number, blockTime: number | null): number {
  const gap = checkGapMs(profile);
  const paced = requestedAt + gap;
  if (blockTime === null || !Number.isFinite(blockTime)) return paced;
  const margin = gap / 10;
  const due = blockTime + confirmations * gap + margin;
  return Math.min(Math.max(paced, due), paced + margin);
}

/** Not in a block yet: its block can come at any block, so it is asked about once per block. */
export function afterPending(profile: ScheduleProfile): number {
  return checkGapMs(profile);
}

/** Not known to the service (404): one block, then growing to a few blocks. */
export function afterUnknown(profile: ScheduleProfile, checks: number): number {
  return checkGapMs(profile) * Math.min(1.5 ** checks, MAX_BACKOFF_BLOCKS);
}

/** The service could not be asked (network, 5xx): a block, then doubling, capped at a few blocks. */
export function afterError(profile: ScheduleProfile, consecutiveErrors: number): number {
  return checkGapMs(profile) * Math.min(2 ** Math.max(0, consecutiveErrors - 1), MAX_BACKOFF_BLOCKS);
}

/**
 * How long a settled record is still followed after its block: a Merkle proof "may change for
 * about an hour" after mining (service-notes.md, Block explorers), a reorganisation; taken at its
 * least kind, twice that. Its block is asked about again within it, at the slow pace below.
 */
export const PROOF_MAY_CHANGE_MS = 2 * 60 * 60_000;

/** Settled, a record is asked about once per this many block times while its proof may change. */
const SETTLED_PACE_BLOCKS = 3;

/**
 * The next check of a settled record last asked about at `requestedAt`, in a block since `minedAt`
 * (ms; the later of the library's first sight of it and the block's time, never after the
 * request): a few blocks later while its proof may still change, then none (null).
 */
export function nextSettledCheckAt(profile: ScheduleProfile, requestedAt: number, minedAt: number): number | null {
  const until = Math.min(minedAt, requestedAt) + PROOF_MAY_CHANGE_MS;
  if (requestedAt >= until) return null;
  return Math.min(requestedAt + checkGapMs(profile) * SETTLED_PACE_BLOCKS, until);
}
