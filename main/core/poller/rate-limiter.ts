/** A token bucket: at most `perSecond` requests per second on average, bursts up to `perSecond`. */
export class RateLimiter {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {
    this.tokens = perSecond;
    this.last = now();
  }

  /** Takes a token if one is free; otherwise returns how many ms until one is. */
  take(): number {
    const now = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }
}
