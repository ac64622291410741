/**
 * Counts the service requests that arrive, by route template and method, per wall-clock second,
 * so tests can measure a client's request rate from the service's side (faulted requests
 * included: the client sent them). Test controls are not counted.
 */

/** Per-second counts older than this are dropped, so a long-running sandbox stays small. */
const KEEP_SECONDS = 3600;

interface RouteCount {
  total: number;
  /** Of them, answered 429 by a rate the sandbox holds the route to (the explorer's). */
  limited: number;
  /** Epoch second → requests that arrived in it. */
  seconds: Map<number, number>;
}

export interface RouteCountView {
  route: string;
  total: number;
  limited: number;
  /** The most requests that arrived in one wall-clock second. */
  peakPerSecond: number;
  /** [epoch second, requests], oldest first; seconds with none are left out. */
  perSecond: [number, number][];
}

export class RequestCounter {
  private routes = new Map<string, RouteCount>();
  private since: number;

  constructor(private readonly now: () => number) {
    this.since = now();
  }

  /** One arrival on `route`, e.g. "GET /api/v1/records/{txId}/status". */
  count(route: string): void {
    const second = Math.floor(this.now() / 1000);
    let entry = this.routes.get(route);
    if (!entry) this.routes.set(route, (entry = { total: 0, limited: 0, seconds: new Map() }));
    entry.total++;
    if (!entry.seconds.has(second)) {
      for (const old of entry.seconds.keys()) if (old <= second - KEEP_SECONDS) entry.seconds.delete(old);
    }
    entry.seconds.set(second, (entry.seconds.get(second) ?? 0) + 1);
  }

  /** The arrival just counted on `route` was answered 429: over the rate it is held to. */
  limited(route: string): void {
    const entry = this.routes.get(route);
    if (entry) entry.limited++;
  }

  view(): { since: number; routes: RouteCountView[] } {
    const routes = [...this.routes].map(([route, c]) => {
      const perSecond = [...c.seconds].sort((a, b) => a[0] - b[0]);
      return { route, total: c.total, limited: c.limited, peakPerSecond: Math.max(0, ...perSecond.map(([, n]) => n)), perSecond };
    });
    return { since: this.since, routes: routes.sort((a, b) => a.route.localeCompare(b.route)) };
  }

  reset(): void {
    this.routes = new Map();
    this.since = this.now();
  }
}
