/**
 * "About N requests a second", read the least kind way: at most N in any one-second window, the
 * refused ones counted too (an API counts what arrives). Measured on the wall clock, not the chain
 * clock a test may move or hold still: a rate is about when requests arrive.
 */
export class RequestWindow {
  private arrivals: number[] = [];

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Counts one arrival; whether it is within the rate. */
  admit(): boolean {
    const at = this.now();
    this.arrivals = this.arrivals.filter((t) => t > at - 1000);
    const admitted = this.arrivals.length < this.perSecond;
    this.arrivals.push(at);
    return admitted;
  }
}
