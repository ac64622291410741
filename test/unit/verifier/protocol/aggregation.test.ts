import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aggregationLeaf,
  aggregationParent,
  aggregationRootOf,
  buildAggregation,
  foldAggregationPath,
  type AggregationStep,
} from '../../../../verifier/protocol/aggregation.ts';

const sha = (...parts: Uint8Array[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const digests = (n: number) => Array.from({ length: n }, (_, i) => sha(Buffer.from(`file ${i}`)));

describe('leaf and parent', () => {
  it('prefix 0x00 for leaves and 0x01 for parents', () => {
    const d = digests(1)[0]!;
    const nonce = new Uint8Array(16).fill(7);
    expect(Buffer.from(aggregationLeaf(d, nonce))).toEqual(sha(Buffer.from([0]), d, nonce));
    expect(Buffer.from(aggregationParent(d, nonce))).toEqual(sha(Buffer.from([1]), d, nonce));
  });

  it('refuses wrong lengths', () => {
    expect(() => aggregationLeaf(new Uint8Array(31), new Uint8Array(16))).toThrow(/32 bytes/);
    expect(() => aggregationLeaf(new Uint8Array(32), new Uint8Array(15))).toThrow(/16 bytes/);
  });
});

describe('buildAggregation', () => {
  it.each([1, 2, 3, 5, 8])('N = %i: every file folds to the root; paths have the expected length', (n) => {
    const files = digests(n);
    const batch = buildAggregation(files);
    expect(batch.proofs).toHaveLength(n);
    const depth = Math.ceil(Math.log2(n));
    batch.proofs.forEach((proof, i) => {
      expect(proof.root).toBe(batch.root);
      expect(proof.nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(proof.path.length).toBeLessThanOrEqual(depth);
      expect(aggregationRootOf(files[i]!, proof.nonce, proof.path)).toBe(batch.root);
    });
    expect(new Set(batch.proofs.map((p) => p.nonce)).size).toBe(n);
  });

  it('N = 1: the root is the leaf', () => {
    const [d] = digests(1);
    const nonce = new Uint8Array(16).fill(3);
    const batch = buildAggregation([d!], () => nonce);
    expect(batch.proofs[0]!.path).toEqual([]);
    expect(batch.root).toBe(Buffer.from(aggregationLeaf(d!, nonce)).toString('hex'));
  });

  it('N = 3: the lone third node is promoted, not paired with itself', () => {
    const files = digests(3);
    const nonces = [1, 2, 3].map((v) => new Uint8Array(16).fill(v));
    let k = 0;
    const batch = buildAggregation(files, () => nonces[k++]!);
    const leaves = files.map((d, i) => aggregationLeaf(d, nonces[i]!));
    const expected = aggregationParent(aggregationParent(leaves[0]!, leaves[1]!), leaves[2]!);
    expect(batch.root).toBe(Buffer.from(expected).toString('hex'));
    expect(batch.proofs[2]!.path).toEqual([{ left: Buffer.from(aggregationParent(leaves[0]!, leaves[1]!)).toString('hex') }]);
  });

  it('tampering with the digest, nonce or path changes the root', () => {
    const files = digests(5);
    const batch = buildAggregation(files);
    const proof = batch.proofs[1]!;
    expect(aggregationRootOf(digests(6)[5]!, proof.nonce, proof.path)).not.toBe(batch.root);
    expect(aggregationRootOf(files[1]!, 'ff'.repeat(16), proof.path)).not.toBe(batch.root);
    const flipped = proof.path.map((s): AggregationStep => ('left' in s ? { right: s.left } : { left: s.right }));
    expect(aggregationRootOf(files[1]!, proof.nonce, flipped)).not.toBe(batch.root);
    expect(aggregationRootOf(files[1]!, proof.nonce, proof.path.slice(1))).not.toBe(batch.root);
  });

  it('refuses an empty batch and malformed path entries', () => {
    expect(() => buildAggregation([])).toThrow(/at least one/);
    expect(() => foldAggregationPath(new Uint8Array(32), [{ left: 'ab' }])).toThrow(/32-byte/);
    expect(() => foldAggregationPath(new Uint8Array(32), [{ left: 'a'.repeat(64), right: 'b'.repeat(64) }])).toThrow(/exactly one/);
  });
});
