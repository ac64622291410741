import { describe, expect, it } from 'vitest';
import { bitsTarget, foldTscProof, parseHeader } from '../../support/bitcoin.ts';

// The tests' independent Merkle fold is checked first on the public TSC reference vector,
// so that sandbox proofs are judged by a fold known to be right.
const VECTOR = {
  index: 12,
  txid: 'ffeff11c25cde7c06d407490d81ef4d0db64aad6ab3d14393530701561a465ef',
  nodes: [
    'b9ef07a62553ef8b0898a79c291b92c60f7932260888bde0dab2dd2610d8668e',
    '0fc1c12fb1b57b38140442927fbadb3d1e5a5039a5d6db355ea25486374f104d',
    '60b0e75dd5b8d48f2d069229f20399e07766dd651ceeed55ee3c040aa2812547',
    'c0d8dbda46366c2050b430a05508a3d96dc0ed55aea685bb3d9a993f8b97cc6f',
    '391e62b3419d8a943f7dbc7bddc90e30ec724c033000dc0c8872253c27b03a42',
  ],
  root: '96cbb75fd2ef98e4309eebc8a54d2386333d936ded2a0f3e06c23a91bb612f70',
  header:
    '000000208e33a53195acad0ab42ddbdbe3e4d9ca081332e5b01a62e340dbd8167d1a787b702f61bb913ac2063e0f2aed6d933d3386234da5c8eb9e30e498efd25fb7cb96fff12c60ffff7f2001000000',
  blockHash: '75edb0a69eb195cdd81e310553aa4d25e18450e08f168532a2c2e9cf447bf169',
};

describe('the test fold on the TSC reference vector', () => {
  it('folds the nodes to the published root', () => {
    expect(foldTscProof(VECTOR.txid, VECTOR.index, VECTOR.nodes)).toBe(VECTOR.root);
  });

  it('reads the root, hash and regtest bits from the header', () => {
    const header = parseHeader(VECTOR.header);
    expect(header.merkleRoot).toBe(VECTOR.root);
    expect(header.hash).toBe(VECTOR.blockHash);
    expect(header.bits).toBe(0x207fffff);
    expect(BigInt('0x' + header.hash) <= bitsTarget(header.bits)).toBe(true);
  });

  it('gives another root for a wrong index or a changed node', () => {
    expect(foldTscProof(VECTOR.txid, 13, VECTOR.nodes)).not.toBe(VECTOR.root);
    expect(foldTscProof(VECTOR.txid, VECTOR.index, [...VECTOR.nodes.slice(0, 4), '00'.repeat(32)])).not.toBe(VECTOR.root);
  });
});
