import { describe, expect, it } from 'vitest';
import { bitsTarget, foldTscProof, parseHeader } from '../../support/bitcoin.ts';
import { TSC } from '../../support/tsc-vector.ts';

// The tests' independent Merkle fold is checked first on the public TSC reference vector,
// so that sandbox proofs are judged by a fold known to be right.

describe('the test fold on the TSC reference vector', () => {
  it('folds the nodes to the published root', () => {
    expect(foldTscProof(TSC.txid, TSC.index, TSC.nodes)).toBe(TSC.root);
  });

  it('reads the root, hash and regtest bits from the header', () => {
    const header = parseHeader(TSC.header);
    expect(header.merkleRoot).toBe(TSC.root);
    expect(header.hash).toBe(TSC.blockHash);
    expect(header.bits).toBe(0x207fffff);
    expect(BigInt('0x' + header.hash) <= bitsTarget(header.bits)).toBe(true);
  });

  it('gives another root for a wrong index or a changed node', () => {
    expect(foldTscProof(TSC.txid, 13, TSC.nodes)).not.toBe(TSC.root);
    expect(foldTscProof(TSC.txid, TSC.index, [...TSC.nodes.slice(0, 4), '00'.repeat(32)])).not.toBe(TSC.root);
  });
});
