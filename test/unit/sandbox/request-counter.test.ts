import { describe, expect, it } from 'vitest';
import { RequestCounter } from '../../../sandbox/admin/request-counter.ts';

// The sandbox's request counter: per route and per wall-clock second, what tests measure a
// client's request rate with.

describe('RequestCounter', () => {
  it('counts arrivals by route and second, with the busiest second', () => {
    let now = 1_000_000_000_000;
    const counter = new RequestCounter(() => now);
    const status = 'GET /api/v1/records/{txId}/status';
    for (let i = 0; i < 3; i++) counter.count(status);
    now += 1000;
    counter.count(status);
    counter.count('POST /api/v1/records');
    // The last arrival on a route was answered 429 by the rate it is held to.
    counter.limited(status);
    const { routes } = counter.view();
    expect(routes).toEqual(
      [
        {
          route: status,
          total: 4,
          limited: 1,
          peakPerSecond: 3,
          perSecond: [
            [1_000_000_000, 3],
            [1_000_000_001, 1],
          ],
        },
        { route: 'POST /api/v1/records', total: 1, limited: 0, peakPerSecond: 1, perSecond: [[1_000_000_001, 1]] },
      ].sort((a, b) => a.route.localeCompare(b.route)),
    );
    counter.reset();
    expect(counter.view()).toEqual({ since: now, routes: [] });
  });

  it('keeps per-second counts for an hour only, and totals for ever', () => {
    let now = 0;
    const counter = new RequestCounter(() => now);
    counter.count('GET /liveness');
    now = 3600 * 1000;
    counter.count('GET /liveness');
    expect(counter.view().routes[0]).toMatchObject({ total: 2, perSecond: [[3600, 1]] });
  });
});
