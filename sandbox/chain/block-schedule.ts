/**
 * When the simulated chain's next block is due. The chain is a function of wall-clock time, not of
 * a timer in whichever process serves it: a block is due one interval after the tip, and whoever
 * reads the chain next finds the blocks due meanwhile mined, stamped with the times they were due.
 *
 * A transaction accepted at T waits for the first block due after T (never one stamped before it).
 * A quiet chain (nothing waiting) is bounded: after QUIET_BLOCKS empty blocks in a row at the
 * interval, each further empty block waits twice as long as the one before, so a machine asleep for
 * a month catches up with about QUIET_BLOCKS + 20 blocks, not millions. Heights and confirmation
 * counts stay those of the chain as mined: a record only counts fewer confirmations than the
 * wall-clock would give after more than QUIET_BLOCKS of them (the least kind direction), and the
 * next transaction brings the interval back at once.
 */

/**
 * Empty blocks in a row mined at the interval: more than any confirmation target a client waits for
 * (Notarium's profiles and `--confirmations` stop at 1000), so stretching never holds a target back.
 */
export const QUIET_BLOCKS = 1000;

/** Stretching stops doubling here (2^40 intervals: years even at 0.1 s), keeping times finite. */
const MAX_STRETCH = 40;

export interface ChainMoment {
  /** When the tip was mined (ms since the epoch). */
  tipAt: number;
  /** Empty blocks (a coinbase only) at the top of the chain, the genesis block included. */
  quietRun: number;
  /** When the first transaction waiting for a block was accepted (ms), or null when none waits. */
  firstWaitingAt: number | null;
}

/** The time (ms) the block after the tip is due, for blocks every `intervalMs`. */
export function nextBlockDue(moment: ChainMoment, intervalMs: number): number {
  const stretch = Math.min(MAX_STRETCH, Math.max(0, moment.quietRun - QUIET_BLOCKS + 1));
  const quietDue = moment.tipAt + intervalMs * 2 ** stretch;
  if (moment.firstWaitingAt === null) return quietDue;
  // The first point of the tip's grid strictly after the acceptance: a block due at T took only
  // what was accepted before T.
  const steps = Math.max(1, Math.floor((moment.firstWaitingAt - moment.tipAt) / intervalMs) + 1);
  return Math.min(quietDue, moment.tipAt + steps * intervalMs);
}

/** Whether a transaction accepted at `acceptedAt` goes into a block due at `dueAt`. */
export function takenBy(dueAt: number, acceptedAt: number): boolean {
  return acceptedAt < dueAt;
}
