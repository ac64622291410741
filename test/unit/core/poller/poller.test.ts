import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Poller, type StatusAnswer } from '../../../../main/core/poller/poller.ts';
import { PROOF_MAY_CHANGE_MS } from '../../../../main/core/poller/schedule.ts';
import { Library } from '../../../../main/core/store/library.ts';
import type { StoredRecord } from '../../../../main/core/store/record.ts';
import { ManualClock } from '../../../support/manual-clock.ts';
import { publishedRecord } from '../../../support/published-record.ts';

// The scheduler with a real library (SQLite in memory) and a manual clock; the service's answers
// are scripted per txId, as the sandbox would give them block by block.

let clock: ManualClock;
let lib: Library;
let answers: Map<string, StatusAnswer>;
let calls: { txId: string; at: number }[];
let poller: Poller;
const BLOCK = 10_000; // the Sandbox profile: 10 s blocks, 3 confirmations, reject after 120 s

beforeEach(async () => {
  clock = new ManualClock();
  lib = Library.open(':memory:', clock.now);
  answers = new Map();
  calls = [];
  poller = new Poller({
    records: lib.records,
    profile: (name) => lib.profiles.require(name),
    check: async (r: StoredRecord) => {
      calls.push({ txId: r.txId!, at: clock.now() });
      const a = answers.get(r.txId!);
      if (!a) throw new Error('service unreachable');
      return a;
    },
    timers: clock,
    concurrency: 2,
    ratePerSecond: 5,
  });
});
afterEach(async () => {
  await poller.stop();
  lib.close();
});

const publish = (txId: string, profile = 'Sandbox'): StoredRecord => publishedRecord(lib, txId, clock.now(), profile);
/** In a block at depth n; the block's time (ms) as the service would stamp it, in whole seconds. */
const confirmed = (n: number, blockAt = Date.parse('2026-11-22T10:00:00Z')): StatusAnswer => ({
  kind: 'confirmed',
  confirmation: { confirmedBlocks: n, blockHash: 'ab'.repeat(32), blockTimestamp: new Date(Math.floor(blockAt / 1000) * 1000).toISOString() },
});
const tx = (i: number) => String(i).padStart(64, '0');

describe('poller', () => {
  it('sends nothing and sets no timer when nothing is pending', async () => {
    poller.start();
    await clock.advance(3600_000);
    expect(calls).toEqual([]);
    expect(clock.timerCount).toBe(0);
  });

  it('checks one block after publication, then when each next block is due: every confirmation seen, one call each', async () => {
    const r = publish(tx(1));
    const published = clock.now();
    poller.start();
    await clock.advance(BLOCK - 1);
    expect(calls).toHaveLength(0);
    // In a block mined 2 s after publication: the next blocks are due 10 s apart from it.
    const blockAt = published + 2_000;
    answers.set(tx(1), confirmed(1, blockAt));
    await clock.advance(1);
    expect(calls).toHaveLength(1);
    expect(lib.records.get(r.id)).toMatchObject({ state: 'confirmed', confirmations: 1 });
    for (const n of [2, 3]) {
      answers.set(tx(1), confirmed(n, blockAt));
      // A block after the last request: the next block (blockAt + (n - 1) blocks) is due by then.
      await clock.advance(BLOCK - 1);
      expect(calls).toHaveLength(n - 1);
      await clock.advance(1);
      expect(calls).toHaveLength(n);
    }
    // Settled: followed no more once its block can no longer change (the next test).
    expect(lib.records.get(r.id)).toMatchObject({ state: 'settled', confirmations: 3 });
    await clock.advance(PROOF_MAY_CHANGE_MS + 3600_000);
    expect(lib.records.get(r.id)!.nextCheckAt).toBeNull();
    const after = calls.length;
    await clock.advance(3600_000);
    expect(calls).toHaveLength(after);
    expect(clock.timerCount).toBe(0);
  });

  it('settled, a record is asked about every few blocks while its block may change, then no more', async () => {
    const r = publish(tx(9));
    answers.set(tx(9), confirmed(3, clock.now()));
    poller.start();
    await clock.advance(BLOCK);
    const seenInBlock = clock.now();
    expect(lib.records.get(r.id)).toMatchObject({ state: 'settled', nextCheckAt: seenInBlock + 3 * BLOCK });
    // A reorganisation: the next check finds it in another block.
    const moved: StatusAnswer = { kind: 'confirmed', confirmation: { confirmedBlocks: 3, blockHash: 'cd'.repeat(32), blockTimestamp: null } };
    answers.set(tx(9), moved);
    await clock.advance(3 * BLOCK);
    expect(calls).toHaveLength(2);
    expect(lib.records.get(r.id)).toMatchObject({ state: 'settled', blockHash: 'cd'.repeat(32) });
    await clock.advance(PROOF_MAY_CHANGE_MS);
    const asked = calls.map((c) => c.at);
    for (let i = 1; i < asked.length; i++) expect(asked[i]! - asked[i - 1]!).toBeGreaterThanOrEqual(i === 1 ? BLOCK : 3 * BLOCK);
    expect(asked.at(-1)!).toBeLessThanOrEqual(seenInBlock + PROOF_MAY_CHANGE_MS);
    expect(asked.at(-1)!).toBeGreaterThan(seenInBlock + PROOF_MAY_CHANGE_MS - 3 * BLOCK - 1);
    expect(lib.records.get(r.id)!.nextCheckAt).toBeNull();
    expect(clock.timerCount).toBe(0);
  });

  it("a check at the instant a block came: the next comes a tenth of a block after the next block's time, not at the pace's first moment", async () => {
    const r = publish(tx(6));
    answers.set(tx(6), { kind: 'pending' });
    poller.start();
    await clock.advance(BLOCK);
    expect(calls).toHaveLength(1);
    // At the next check the record's block is one block old, and the second block is mined that instant.
    const asked = clock.now() + BLOCK;
    answers.set(tx(6), confirmed(2, asked - BLOCK));
    await clock.advance(BLOCK);
    expect(calls.at(-1)!.at).toBe(asked);
    expect(lib.records.get(r.id)!.nextCheckAt).toBe(asked + BLOCK + BLOCK / 10);
  });

  it('asks once per block while the transaction waits for a block', async () => {
    publish(tx(2));
    answers.set(tx(2), { kind: 'pending' });
    poller.start();
    await clock.advance(10 * BLOCK);
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
    expect(calls).toHaveLength(10);
    expect(new Set(gaps)).toEqual(new Set([BLOCK]));
  });

  it('backs off while the service does not know the transaction', async () => {
    publish(tx(7));
    answers.set(tx(7), { kind: 'unknown' });
    poller.start();
    await clock.advance(10 * BLOCK);
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
    expect(gaps.length).toBeGreaterThan(2);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(BLOCK);
    expect(Math.max(...gaps)).toBe(3 * BLOCK);
  });

  it('marks a record rejected after the profile period of 404s', async () => {
    const r = publish(tx(3));
    answers.set(tx(3), { kind: 'unknown' });
    poller.start();
    await clock.advance(100_000);
    expect(lib.records.get(r.id)!.state).toBe('published');
    await clock.advance(200_000);
    expect(lib.records.get(r.id)).toMatchObject({ state: 'rejected', lastError: expect.stringMatching(/rejected, or never published/) });
    const n = calls.length;
    await clock.advance(3600_000);
    expect(calls).toHaveLength(n);
  });

  it('keeps the state and retries a block later, then backs off, when the service cannot be reached', async () => {
    const r = publish(tx(4));
    poller.start();
    await clock.advance(BLOCK + 60_000);
    expect(lib.records.get(r.id)).toMatchObject({ state: 'published', lastError: 'service unreachable' });
    const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.at);
    expect(gaps).toEqual([BLOCK, 2 * BLOCK, 3 * BLOCK]);
    answers.set(tx(4), confirmed(3));
    await clock.advance(60_000);
    expect(lib.records.get(r.id)).toMatchObject({ state: 'settled', lastError: null });
  });

  it('reports the library failing to store an answer, and checks again: no crash, nothing lost', async () => {
    const errors: unknown[] = [];
    const reporting = new Poller({
      records: lib.records,
      profile: (name) => lib.profiles.require(name),
      check: async () => confirmed(3),
      timers: clock,
      onError: (_r, err) => errors.push(err),
    });
    const r = publish(tx(9));
    const store = lib.records.recordConfirmation.bind(lib.records);
    let failures = 1;
    lib.records.recordConfirmation = (...args) => {
      if (failures-- > 0) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      return store(...args);
    };
    reporting.start();
    await clock.advance(BLOCK);
    expect(errors).toEqual([expect.objectContaining({ code: 'SQLITE_BUSY' })]);
    expect(lib.records.get(r.id)!.state).toBe('published');
    await clock.advance(2 * BLOCK);
    expect(lib.records.get(r.id)).toMatchObject({ state: 'settled', confirmations: 3 });
    await reporting.stop();
  });

  it('goes on with the schedule after a check on demand that ran while nothing else was due', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const gated = new Poller({
      records: lib.records,
      profile: (name) => lib.profiles.require(name),
      check: async (r: StoredRecord) => {
        calls.push({ txId: r.txId!, at: clock.now() });
        if (r.txId === tx(10)) await gate;
        return { kind: 'pending' };
      },
      timers: clock,
    });
    const first = publish(tx(10));
    await clock.advance(BLOCK);
    publish(tx(11)); // due a block from now
    const onDemand = gated.checkNow(first);
    gated.start();
    await clock.advance(0); // the schedule looks while the check on demand is under way: nothing else is due
    release();
    await onDemand;
    await clock.advance(2 * BLOCK);
    expect(calls.map((c) => c.txId)).toContain(tx(11));
    await gated.stop();
  });

  it('stays under the rate cap and the concurrency bound with many records due', async () => {
    for (let i = 10; i < 60; i++) {
      publish(tx(i));
      answers.set(tx(i), confirmed(3));
    }
    let inFlight = 0;
    let maxInFlight = 0;
    const original = answers;
    poller = new Poller({
      records: lib.records,
      profile: (name) => lib.profiles.require(name),
      check: async (r) => {
        calls.push({ txId: r.txId!, at: clock.now() });
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await new Promise((res) => setImmediate(res));
        inFlight--;
        return original.get(r.txId!)!;
      },
      timers: clock,
      concurrency: 2,
      ratePerSecond: 5,
    });
    poller.start();
    await clock.advance(BLOCK + 20_000);
    expect(calls).toHaveLength(50);
    expect(maxInFlight).toBeLessThanOrEqual(2);
    // A strict cap: starts at least 200 ms apart, so no one-second window holds more than 5.
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.at - calls[i - 1]!.at).toBeGreaterThanOrEqual(200);
    for (const c of calls) expect(calls.filter((d) => d.at >= c.at && d.at < c.at + 1000).length).toBeLessThanOrEqual(5);
  });

  it('resumes from the library after a restart', async () => {
    const r = publish(tx(5));
    answers.set(tx(5), confirmed(1));
    poller.start();
    await clock.advance(BLOCK);
    await poller.stop();
    expect(lib.records.get(r.id)!.state).toBe('confirmed');
    answers.set(tx(5), confirmed(3));
    const again = new Poller({ records: lib.records, profile: (n) => lib.profiles.require(n), check: async (x) => answers.get(x.txId!)!, timers: clock });
    again.start();
    await clock.advance(3 * BLOCK);
    expect(lib.records.get(r.id)!.state).toBe('settled');
    await again.stop();
  });
});
