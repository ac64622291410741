/**
 * When to ask again. The service confirms in blocks, so checks are paced by the profile's block
 * time: the first one block after publication, the next when the target depth should be reached,
 * with backoff while the service has nothing new to say.
 */

export interface ScheduleProfile {
  expectedBlockSeconds: number;
  targetConfirmations: number;
}

const MAX_BACKOFF_BLOCKS = 3;
const ERROR_BASE_MS = 5_000;
const ERROR_CAP_MS = 10 * 60_000;

/** Not in a block yet: half a block, then growing to a few blocks. */
export function afterUnconfirmed(profile: ScheduleProfile, checks: number): number {
  return profile.expectedBlockSeconds * 1000 * Math.min(0.5 * 1.5 ** checks, MAX_BACKOFF_BLOCKS);
}

/** In a block at depth n: come back when the target depth is due (plus a small margin). */
export function afterConfirmed(profile: ScheduleProfile, confirmations: number): number {
  const blocksLeft = Math.max(1, profile.targetConfirmations - confirmations);
  return profile.expectedBlockSeconds * 1000 * (blocksLeft + 0.1);
}

/** The service could not be asked (network, 5xx): exponential backoff, capped. */
export function afterError(consecutiveErrors: number): number {
  return Math.min(ERROR_BASE_MS * 2 ** Math.max(0, consecutiveErrors - 1), ERROR_CAP_MS);
}
