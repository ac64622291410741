import { afterEach, beforeEach } from 'vitest';
import { Poller, type StatusAnswer } from '../../main/core/poller/poller.ts';
import { Library } from '../../main/core/store/library.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { ManualClock } from './manual-clock.ts';
import { publishedRecord } from './published-record.ts';

/**
 * The status pace's tests (test/unit/core/poller/pace*.test.ts): a real library (SQLite in
 * memory), a manual clock and a scripted service. `clock` and `lib` are fresh for each test of a
 * file that calls pacedLibraryPerTest(); read through these live bindings.
 */

export const BLOCK = 10_000; // the Sandbox profile's block time
export const SLOW = 60_000; // a service profile's

export let clock: ManualClock;
export let lib: Library;
const pollers: Poller[] = [];

export function pacedLibraryPerTest(): void {
  beforeEach(async () => {
    clock = new ManualClock();
    lib = Library.open(':memory:', clock.now);
    await lib.profiles.save({
      name: 'Slow',
      baseUrl: 'https://records.example.com',
      network: 'testnet',
      expectedBlockSeconds: SLOW / 1000,
      targetConfirmations: 4,
    });
  });
  afterEach(async () => {
    // Checks under way end on the manual clock: move it while the pollers stop.
    const stopped = Promise.all(pollers.splice(0).map((p) => p.stop()));
    await clock.advance(10_000);
    await stopped;
    lib.close();
  });
}

export interface Call {
  txId: string;
  at: number;
  by: number;
}

export function newPoller(check: (r: StoredRecord) => Promise<StatusAnswer>, options: { ratePerSecond?: number; concurrency?: number } = {}): Poller {
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

/** A poller gone without stopping (its process killed): not stopped after the test. */
export function forget(poller: Poller): void {
  pollers.splice(pollers.indexOf(poller), 1);
}

export const publish = (txId: string, profile = 'Sandbox'): StoredRecord => publishedRecord(lib, txId, clock.now(), profile);

export const tx = (i: number) => String(i).padStart(64, '0');
export const confirmed = (n: number): StatusAnswer => ({
  kind: 'confirmed',
  confirmation: { confirmedBlocks: n, blockHash: 'ab'.repeat(32), blockTimestamp: null },
});

/** Per record, the shortest time between two of its requests. */
export function shortestGaps(calls: Call[]): Map<string, number> {
  const byTx = new Map<string, number[]>();
  for (const c of calls) byTx.set(c.txId, [...(byTx.get(c.txId) ?? []), c.at]);
  const gaps = new Map<string, number>();
  for (const [txId, times] of byTx) {
    times.sort((a, b) => a - b);
    gaps.set(txId, Math.min(Infinity, ...times.slice(1).map((t, i) => t - times[i]!)));
  }
  return gaps;
}
