import { describe, expect, it } from 'vitest';
import type { StatusAnswer } from '../../../../main/core/poller/poller.ts';
import type { StoredRecord } from '../../../../main/core/store/record.ts';
import { seededRandom } from '../../../support/seeded-random.ts';
import { BLOCK, clock, confirmed, lib, newPoller, publish, SLOW, shortestGaps, tx, pacedLibraryPerTest, type Call } from '../../../support/pace-harness.ts';

// The documented pace (service-notes.md: status "once every 10 minutes (at the most frequent)"):
// a record is asked about at most once per block time of its profile, whoever asks (the schedule,
// a status on demand, a second process), errors and retries included.
// A real library (SQLite in memory), a manual clock and a scripted service (pace-harness.ts).
// Hours of a simulated service, three seeds: a soak (scripts/test-tier.sh soak), not in the fast tier.

pacedLibraryPerTest();

describe('status pace, hours of it', () => {
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
