import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { QUIET_BLOCKS } from '../../../sandbox/chain/block-schedule.ts';
import { Chain } from '../../../sandbox/chain/chain.ts';
import { openDatabase } from '../../../sandbox/store/database.ts';
import { bitsTarget, foldTscProof, parseHeader } from '../../support/bitcoin.ts';

// The simulated chain as a function of the clock (block-schedule.ts), driven by an injected clock:
// no test waits, and none depends on how fast blocks are mined.

const I = 10_000;
const START = 1_700_000_000_000;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A chain on its own database with a clock that moves only when told to. */
function clocked(dataDir?: string) {
  const clock = { t: START };
  const chain = new Chain(openDatabase(dataDir), () => clock.t);
  let serial = 0;
  const accept = (): string => chain.accept({ raw: Buffer.from(`record ${++serial} at ${clock.t}`), kind: 'record' });
  return { clock, chain, accept };
}

const blockOf = (chain: Chain, txid: string) => chain.confirmation(chain.get(txid)!)!;

describe('the chain follows the clock', () => {
  it('has mined nothing before a block is due', () => {
    const { clock, chain } = clocked();
    clock.t = START + I - 1;
    expect(chain.catchUp(I)).toEqual([]);
    expect(chain.tipHeight).toBe(0);
  });

  it('finds the blocks due since the tip, stamped with the times they were due', () => {
    const { clock, chain } = clocked();
    clock.t = START + 3 * I + 1;
    const mined = chain.catchUp(I);
    expect(mined.map((b) => b.height)).toEqual([1, 2, 3]);
    expect(mined.map((b) => b.time)).toEqual([1, 2, 3].map((n) => Math.floor((START + n * I) / 1000)));
    expect(chain.catchUp(I)).toEqual([]);
  });

  it('puts a registration accepted at T in the first block due after T, with a real header and proof', () => {
    const { clock, chain, accept } = clocked();
    clock.t = START + 2.5 * I;
    expect(chain.catchUp(I)).toHaveLength(2); // blocks at 1 and 2 intervals, before T
    const txid = accept();
    clock.t = START + 10 * I;
    chain.catchUp(I);
    const c = blockOf(chain, txid);
    const header = parseHeader(c.merkleProof.target);
    expect(header.time).toBe(Math.floor((START + 3 * I) / 1000)); // the first block after T, not one before
    expect(c.confirmedBlocks).toBe(8); // blocks 3 to 10
    expect(foldTscProof(txid, c.merkleProof.index, c.merkleProof.nodes)).toBe(header.merkleRoot);
    expect(BigInt(`0x${header.hash}`) <= bitsTarget(header.bits)).toBe(true);
    expect(header.hash).toBe(c.blockHash);
  });

  it('keeps a registration accepted as a block is due for the next one', () => {
    const { clock, chain, accept } = clocked();
    clock.t = START + I;
    chain.catchUp(I); // the request that accepts it first finds the block due now
    const txid = accept();
    clock.t = START + 2 * I;
    chain.catchUp(I);
    expect(parseHeader(blockOf(chain, txid).merkleProof.target).time).toBe(Math.floor((START + 2 * I) / 1000));
  });

  it('is the same chain however often it is read', () => {
    const often = clocked();
    const once = clocked();
    const steps = [0.3, 1.7, 0.2, 4.1, 0.9, 2.2];
    for (const step of steps) {
      for (const c of [often, once]) {
        c.clock.t += step * I;
        c.accept();
      }
      often.chain.catchUp(I);
    }
    often.clock.t = once.clock.t = START + 20 * I;
    often.chain.catchUp(I);
    once.chain.catchUp(I);
    expect(once.chain.tipHeight).toBe(often.chain.tipHeight);
    expect(once.chain.tipHash).toBe(often.chain.tipHash);
  });

  it('after a month asleep, mines a bounded number of blocks; heights and confirmations stay consistent', () => {
    const { clock, chain, accept } = clocked();
    const before = accept();
    clock.t = START + 30 * 86_400_000;
    const mined = chain.catchUp(I);
    expect(mined.length).toBeLessThan(QUIET_BLOCKS + 40);
    expect(mined.map((b) => b.height)).toEqual(mined.map((_, i) => i + 1));
    expect(mined[0]!.txIds).toContain(before);
    expect(blockOf(chain, before).confirmedBlocks).toBe(chain.tipHeight);
    // The next registration is back on the interval: in a block one interval after it is accepted.
    const after = accept();
    const acceptedAt = clock.t;
    clock.t += I;
    chain.catchUp(I);
    const time = parseHeader(blockOf(chain, after).merkleProof.target).time;
    expect(time * 1000).toBeGreaterThan(acceptedAt - 1000);
    expect(time * 1000).toBeLessThanOrEqual(acceptedAt + I);
  });

  it('is caught up once by processes sharing its data directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'notarium-chain-clock-'));
    dirs.push(dir);
    const a = clocked(dir);
    const b = { clock: a.clock, chain: new Chain(openDatabase(dir), () => a.clock.t) };
    const txid = a.accept();
    a.clock.t = START + 5 * I;
    expect(a.chain.catchUp(I)).toHaveLength(5);
    expect(b.chain.catchUp(I)).toEqual([]);
    expect(b.chain.tipHash).toBe(a.chain.tipHash);
    a.clock.t += 2 * I;
    expect(b.chain.catchUp(I)).toHaveLength(2);
    expect(a.chain.catchUp(I)).toEqual([]);
    expect(blockOf(a.chain, txid).confirmedBlocks).toBe(7);
  });

  it('still mines on demand, taking what was accepted at that very instant', () => {
    const { chain, accept } = clocked();
    const txid = accept();
    const block = chain.mine();
    expect(block.txIds).toContain(txid);
    expect(chain.catchUp(I)).toEqual([]); // the next scheduled block is an interval after this one
  });
});
