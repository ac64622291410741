import { describe, expect, it } from 'vitest';
import type { StatusAnswer } from '../../../../main/core/poller/poller.ts';
import { BLOCK, clock, forget, lib, newPoller, publish, SLOW, shortestGaps, tx, pacedLibraryPerTest, type Call } from '../../../support/pace-harness.ts';

// The documented pace (service-notes.md: status "once every 10 minutes (at the most frequent)"):
// a record is asked about at most once per block time of its profile, whoever asks (the schedule,
// a status on demand, a second process), errors and retries included.
// A real library (SQLite in memory), a manual clock and a scripted service (pace-harness.ts).

pacedLibraryPerTest();

describe('status pace', () => {
  it('asks about each registration first a block after its own publication, then a block after each request', async () => {
    const calls: Call[] = [];
    const poller = newPoller(async (r) => (calls.push({ txId: r.txId!, at: clock.now(), by: 0 }), { kind: 'pending' }));
    const published = new Map<string, number>();
    const start = clock.now();
    for (const [i, offset] of [1_000, 2_500, 4_000, 6_000, 9_900].entries()) {
      await clock.advance(start + offset - clock.now());
      publish(tx(i));
      published.set(tx(i), clock.now());
    }
    poller.start();
    await clock.advance(5 * BLOCK);
    // Its block is due within a block of publication: each is asked then, on its own, and a block after each request.
    for (const [txId, at] of published) {
      const times = calls.filter((c) => c.txId === txId).map((c) => c.at - at);
      expect(times.length, txId).toBeGreaterThanOrEqual(4);
      times.forEach((t, n) => expect(t, txId).toBe((n + 1) * BLOCK));
    }
  });

  it('records the rate cap delays come back a block after their own request, never sooner', async () => {
    const calls: Call[] = [];
    const poller = newPoller(async (r) => (calls.push({ txId: r.txId!, at: clock.now(), by: 0 }), { kind: 'pending' }), { ratePerSecond: 2 });
    for (let i = 0; i < 12; i++) publish(tx(100 + i)); // 12 records at 2/s: 6 s to ask them all
    poller.start();
    await clock.advance(10 * BLOCK);
    for (const gap of shortestGaps(calls).values()) expect(gap).toBeGreaterThanOrEqual(BLOCK);
    expect(calls.length).toBeGreaterThanOrEqual(12 * 8);
  });

  it('a status on demand within a block of the last request answers from the library, then asks once the block time is over', async () => {
    const calls: Call[] = [];
    const poller = newPoller(async (r) => (calls.push({ txId: r.txId!, at: clock.now(), by: 0 }), { kind: 'pending' }));
    const r = publish(tx(200));
    await clock.advance(BLOCK); // a block after publication: the first check on demand may ask
    expect(await poller.checkNow(r)).toBe(true);
    await clock.advance(BLOCK - 1);
    expect(await poller.checkNow(r)).toBe(false);
    expect(calls).toHaveLength(1);
    expect(lib.records.get(r.id)!.lastCheckedAt).toBe(calls[0]!.at);
    await clock.advance(1);
    expect(await poller.checkNow(r)).toBe(true);
    expect(calls.map((c) => c.at - calls[0]!.at)).toEqual([0, BLOCK]);
  });

  it('a status on demand of a record just published does not ask before a block has passed since it was published', async () => {
    const calls: Call[] = [];
    const poller = newPoller(async (r) => (calls.push({ txId: r.txId!, at: clock.now(), by: 0 }), { kind: 'pending' }));
    const r = publish(tx(210));
    expect(await poller.checkNow(r)).toBe(false);
    await clock.advance(BLOCK - 1);
    expect(await poller.checkNow(r)).toBe(false);
    expect(calls).toHaveLength(0);
    await clock.advance(1);
    expect(await poller.checkNow(r)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('the last request time is when the request left, not when its answer came', async () => {
    let answer: (a: StatusAnswer) => void = () => {};
    const poller = newPoller(() => new Promise<StatusAnswer>((resolve) => (answer = resolve)));
    const r = publish(tx(220));
    await clock.advance(BLOCK);
    const asked = clock.now();
    const check = poller.checkNow(r);
    await clock.advance(3_000); // a slow answer
    answer({ kind: 'pending' });
    expect(await check).toBe(true);
    expect(lib.records.get(r.id)!.lastCheckedAt).toBe(asked);
  });

  it('a request lost in a crash is not repeated early by the next process', async () => {
    const calls: Call[] = [];
    publish(tx(300));
    // The first process sends its request and never hears back (it is killed).
    const first = newPoller(async (x) => (calls.push({ txId: x.txId!, at: clock.now(), by: 1 }), new Promise<StatusAnswer>(() => {})));
    first.start();
    await clock.advance(BLOCK);
    expect(calls).toHaveLength(1);
    forget(first); // gone without stopping: its check never ends
    const second = newPoller(async (x) => (calls.push({ txId: x.txId!, at: clock.now(), by: 2 }), { kind: 'pending' }));
    second.start();
    await clock.advance(BLOCK - 1);
    expect(calls).toHaveLength(1);
    await clock.advance(BLOCK);
    expect(calls.map((c) => c.by)).toEqual([1, 2]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(BLOCK);
  });

  it('a profile whose block time grew is asked at its new pace, without spinning', async () => {
    const calls: Call[] = [];
    const poller = newPoller(async (r) => (calls.push({ txId: r.txId!, at: clock.now(), by: 0 }), { kind: 'pending' }));
    publish(tx(400), 'Slow');
    poller.start();
    await clock.advance(2 * SLOW - 1);
    expect(calls).toHaveLength(1);
    await lib.profiles.save({ name: 'Slow', baseUrl: 'https://records.example.com', network: 'testnet', expectedBlockSeconds: 600 });
    await clock.advance(3 * 600_000);
    expect(Math.min(...shortestGaps(calls).values())).toBeGreaterThanOrEqual(600_000);
    expect(calls.length).toBeGreaterThan(1);
    expect(clock.timerCount).toBeLessThanOrEqual(1);
  });
});
