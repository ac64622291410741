import { describe, expect, it } from 'vitest';
import { HttpClient, type FetchLike } from '../../../../main/core/api/http-client.ts';
import { ARRIVAL_MARGIN_MS, EXPLORER_REQUESTS_PER_SECOND, OriginPacer } from '../../../../main/core/api/origin-pacer.ts';

// The explorer pacer on a clock of its own: a sleep moves it, so slots are read, never waited for.

function virtualPacer(perSecond?: number): { pacer: OriginPacer; clock: { t: number } } {
  const clock = { t: 1_000_000 };
  const pacer = new OriginPacer({ perSecond, now: () => clock.t, sleep: async (ms) => void (clock.t += ms) });
  return { pacer, clock };
}

const gaps = (times: number[]): number[] => times.slice(1).map((t, i) => t - times[i]!);

describe('OriginPacer', () => {
  it('gives an origin its slots at the documented rate, each origin on its own', async () => {
    const { pacer, clock } = virtualPacer();
    const slots: number[] = [];
    for (let i = 0; i < 7; i++) slots.push(await pacer.slot('https://api.whatsonchain.com/v1/bsv/main/tx/a/hex'));
    expect(slots[0]).toBe(1_000_000);
    for (const gap of gaps(slots)) expect(gap).toBeGreaterThanOrEqual(1000 / EXPLORER_REQUESTS_PER_SECOND);
    // Seven slots at 3 a second: two seconds, not less.
    expect(slots[6]! - slots[0]!).toBeGreaterThanOrEqual(2000);
    // One more than the rate spans the window and a margin: arrivals bunched by up to the margin
    // still never put four in any one second of an explorer's sliding count.
    for (let i = 0; i + EXPLORER_REQUESTS_PER_SECOND < slots.length; i++)
      expect(slots[i + EXPLORER_REQUESTS_PER_SECOND]! - slots[i]!).toBeGreaterThanOrEqual(1000 + ARRIVAL_MARGIN_MS);
    // Another path on the same origin waits its turn; another origin does not.
    const before = clock.t;
    expect(await pacer.slot('https://explorer.example/block/b/header')).toBe(before);
    expect(await pacer.slot('https://api.whatsonchain.com/v1/bsv/main/block/b/header')).toBeGreaterThan(before);
  });

  it('holds an origin that answered 429: for its Retry-After (within the bound), else for one window', async () => {
    const { pacer, clock } = virtualPacer(1000);
    const url = 'https://api.whatsonchain.com/v1/bsv/main/tx/a/hex';
    await pacer.slot(url);
    const refusedAt = clock.t;
    pacer.refused(url, null);
    expect(await pacer.slot(url)).toBeGreaterThanOrEqual(refusedAt + 1000);
    const again = clock.t;
    pacer.refused(url, '5');
    expect(await pacer.slot(url)).toBeGreaterThanOrEqual(again + 5000);
    const late = clock.t;
    pacer.refused(url, '86400');
    expect(await pacer.slot(url)).toBe(late + 60_000);
  });

  it('paces each attempt of a request, retries included, and holds the origin after a 429', async () => {
    const { pacer, clock } = virtualPacer(1000);
    const answers = [429, 200];
    const sent: number[] = [];
    const fetch: FetchLike = async () => {
      sent.push(clock.t);
      return new Response('', { status: answers.shift() });
    };
    const http = new HttpClient({ fetch, pace: pacer, sleep: async () => {}, random: () => 0 });
    expect((await http.request({ method: 'GET', url: 'https://ex.example/a', kind: 'read' })).status).toBe(200);
    expect(gaps(sent)[0]).toBeGreaterThanOrEqual(1000);
  });

  it("starts an attempt's time limit once its slot is given: waiting in the queue is no timeout", async () => {
    // Real time: one request a second, three at once, each allowed 1.5 s: the third waits 2 s for its slot.
    const lines: string[] = [];
    const http = new HttpClient({
      fetch: async () => new Response('ok'),
      pace: new OriginPacer({ perSecond: 1 }),
      timeouts: { readMs: 1500 },
      log: (line) => lines.push(line),
    });
    const ask = () => http.request({ method: 'GET', url: 'https://queue.example/a', kind: 'read' });
    expect((await Promise.all([ask(), ask(), ask()])).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/ 200 attempt 1\//);
  });
});
