/**
 * A strict cap: request starts at least 1/perSecond s apart, so any one-second window holds at
 * most `perSecond` of them. (A token bucket would let a full bucket plus a second's refill — twice
 * the cap — through in the first second after a quiet spell.)
 */
export class RateLimiter {
  private readonly intervalMs: number;
  private nextAt = -Infinity;

  constructor(
    perSecond: number,
    private readonly now: () => number,
  ) {
    if (!(perSecond > 0)) throw new RangeError('The poller rate cap must be a number above 0.');
    this.intervalMs = 1000 / perSecond;
  }

  /** Takes the next slot if it is due; otherwise returns how many ms until it is. */
  take(): number {
    const now = this.now();
    if (now < this.nextAt) return Math.ceil(this.nextAt - now);
    this.nextAt = now + this.intervalMs;
    return 0;
  }

  /** Waits for a slot and takes it (a check on demand: it counts against the cap too). */
  async acquire(sleep: (ms: number) => Promise<void>): Promise<void> {
    for (let wait = this.take(); wait > 0; wait = this.take()) await sleep(wait);
  }
}
