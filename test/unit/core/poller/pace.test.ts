import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Poller, type StatusAnswer } from '../../../../main/core/poller/poller.ts';
import { Library } from '../../../../main/core/store/library.ts';
import type { StoredRecord } from '../../../../main/core/store/record.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { publishedRecord } from '../../../support/published-record.ts';
import { seededRandom } from '../../../support/seeded-random.ts';

// The documented pace (service-notes.md: status "once every 10 minutes (at the most frequent)"):
// a record is asked about at most once per block time of its profile, whoever asks (the schedule,
// a status on demand, a second process), errors and retries included.
// A real library (SQLite in memory), a manual clock and a scripted service.

const BLOCK = 10_000; // the Sandbox profile's block time
const SLOW = 60_000; // a service profile's

let clock: ManualClock;
let lib: Library;
const pollers: Poller[] = [];

beforeEach(() => {
  clock = new ManualClock();
  lib = Library.open(':memory:', clock.now);
  lib.profiles.save({ name: 'Slow', baseUrl: 'https://records.example.com', network: 'testnet', expectedBlockSeconds: SLOW / 1000, targetConfirmations: 4 });
});
afterEach(async () => {
  // Checks under way end on the manual clock: move it while the pollers stop.
  const stopped = Promise.all(pollers.splice(0).map((p) => p.stop()));
  await clock.advance(10_000);
  await stopped;
  lib.close();
});

interface Call {
  txId: string;
  at: number;
  by: number;
}

function newPoller(check: (r: StoredRecord) => Promise<StatusAnswer>, options: { ratePerSecond?: number; concurrency?: number } = {}): Poller {
  const poller = new Poller({
    records: lib.records,
    profile: (n) => lib.profiles.require(n),
    check,
    timers: clock,
    concurrency: options.concurrency ?? 4,
    ratePerSecond: options.ratePerSecond ?? 5,
  });
  pollers.push(poller);
  return poller;
}

const publish = (txId: string, profile = 'Sandbox'): StoredRecord => publishedRecord(lib, txId, clock.now(), profile);

const tx = (i: number) => String(i).padStart(64, '0');
const confirmed = (n: number): StatusAnswer => ({ kind: 'confirmed', confirmation: { confirmedBlocks: n, blockHash: 'ab'.repeat(32), blockTimestamp: null } });

/** Per record, the shortest time between two of its requests. */
function shortestGaps(calls: Call[]): Map<string, number> {
  const byTx = new Map<string, number[]>();
  for (const c of calls) byTx.set(c.txId, [...(byTx.get(c.txId) ?? []), c.at]);
  const gaps = new Map<string, number>();
  for (const [txId, times] of byTx) {
    times.sort((a, b) => a - b);
    gaps.set(txId, Math.min(Infinity, ...times.slice(1).map((t, i) => t - times[i]!)));
  }
  return gaps;
}

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
    pollers.splice(pollers.indexOf(first), 1); // gone without stopping: its check never ends
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
    lib.profiles.save({ name: 'Slow', baseUrl: 'https://records.example.com', network: 'testnet', expectedBlockSeconds: 600 });
    await clock.advance(3 * 600_000);
    expect(Math.min(...shortestGaps(calls).values())).toBeGreaterThanOrEqual(600_000);
    expect(calls.length).toBeGreaterThan(1);
    expect(clock.timerCount).toBeLessThanOrEqual(1);
  });

  it.each([1, 2, 3])(
    'never asks about a record twice within its block time: hours of errors, 404s, latency, statuses on demand and two processes (seed %i)',
    async (seed) => {
      const random = seededRandom(seed);
      const calls: Call[] = [];
      const depth = new Map<string, number>();
      let errors = 0;
      let paced = 0;
      // The service: answers after 0–3 s; a quarter of requests fail; a record is unknown for a while, then pending, then deeper in the chain.
      const service =
        (by: number) =>
        async (r: StoredRecord): Promise<StatusAnswer> => {
          calls.push({ txId: r.txId!, at: clock.now(), by });
          await new Promise<void>((resolve) => clock.setTimeout(resolve, Math.floor(random() * 3000)));
          const roll = random();
          if (roll < 0.25) {
            errors++;
            throw new Error('the service is unavailable');
          }
          if (roll < 0.35) return { kind: 'unknown' };
          if (roll < 0.55) return { kind: 'pending' };
          const n = (depth.get(r.txId!) ?? 0) + 1;
          depth.set(r.txId!, n);
          return confirmed(n);
        };
      // The app and a command-line session, on one library, each with its own rate cap.
      const app = newPoller(service(1), { ratePerSecond: 5, concurrency: 4 });
      const cli = newPoller(service(2), { ratePerSecond: 3, concurrency: 2 });
      app.start();
      cli.start();
      const records: StoredRecord[] = [];
      const hours = 3;
      for (let t = 0; t < hours * 3600_000; t += 20_000) {
        // New registrations over the first two hours, on both profiles; statuses asked now and then.
        if (t < 2 * 3600_000 && random() < 0.3) records.push(publish(tx(1000 + records.length), random() < 0.7 ? 'Sandbox' : 'Slow'));
        for (let i = 0; i < 3 && records.length > 0; i++) {
          const r = records[Math.floor(random() * records.length)]!;
          // Not awaited: the answer comes on the manual clock, which moves below.
          void (random() < 0.5 ? app : cli).checkNow(lib.records.get(r.id)!).then((asked) => void (asked || paced++));
        }
        await clock.advance(20_000);
      }
      console.log(
        `seed ${seed}: ${records.length} records, ${calls.length} requests, ${errors} errors, ${paced} statuses paced, ${lib.records.query({ states: ['settled'], limit: 1000 }).total} settled`,
      );
      const blockOf = new Map(records.map((r) => [r.txId!, r.profile === 'Slow' ? SLOW : BLOCK]));
      for (const [txId, gap] of shortestGaps(calls)) expect(gap, txId).toBeGreaterThanOrEqual(blockOf.get(txId)!);
      // Each process under its own cap: starts at least 1/cap apart.
      for (const [by, cap] of [
        [1, 5],
        [2, 3],
      ] as const) {
        const times = calls
          .filter((c) => c.by === by)
          .map((c) => c.at)
          .sort((a, b) => a - b);
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000 / cap);
      }
      // The run went through what it is meant to: many records, many checks by both, errors, and statuses the pace answered from the library.
      expect(records.length).toBeGreaterThan(50);
      expect(new Set(calls.map((c) => c.by))).toEqual(new Set([1, 2]));
      expect(calls.length).toBeGreaterThan(500);
      expect(errors).toBeGreaterThan(50);
      expect(paced).toBeGreaterThan(20);
      // Many records went all the way (a third at least: the slow profile's late ones are still on their way when the run ends).
      expect(lib.records.query({ states: ['settled'], limit: 1000 }).total).toBeGreaterThan(records.length / 3);
    },
  );
});
