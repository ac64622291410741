import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aggregationLeaf,
  aggregationLeafAt,
  aggregationLevels,
  aggregationParent,
  aggregationPathAt,
  aggregationRootOf,
  aggregationTree,
  aggregationTreeOf,
  aggregationTreeRoot,
  buildAggregation,
  type AggregationStep,
} from '../../../../verifier/protocol/aggregation.ts';

/** The tree kept whole (one buffer of every node) and the paths read from it. */

const sha = (s: string) => createHash('sha256').update(s).digest();
const hexOf = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** The plain definition, level by level with each node's files carried up: what the tree must agree with. */
function referencePaths(leaves: Uint8Array[]): { root: string; paths: AggregationStep[][] } {
  const paths: AggregationStep[][] = leaves.map(() => []);
  let level = leaves.map((hash, i) => ({ hash, files: [i] }));
  while (level.length > 1) {
    const next: typeof level = [];
    for (let i = 0; i < level.length; i += 2) {
      const [left, right] = [level[i]!, level[i + 1]];
      if (!right) {
        next.push(left);
        continue;
      }
      for (const f of left.files) paths[f]!.push({ right: hexOf(right.hash) });
      for (const f of right.files) paths[f]!.push({ left: hexOf(left.hash) });
      next.push({ hash: aggregationParent(left.hash, right.hash), files: [...left.files, ...right.files] });
    }
    level = next;
  }
  return { root: hexOf(level[0]!.hash), paths };
}

const leavesOf = (n: number) => Array.from({ length: n }, (_, i) => aggregationLeaf(sha(`file ${i}`), new Uint8Array(16).fill(i % 251)));

describe('aggregationTree', () => {
  it('level sizes halve, rounding up, down to one root', () => {
    expect(aggregationLevels(1)).toEqual([1]);
    expect(aggregationLevels(5)).toEqual([5, 3, 2, 1]);
    expect(aggregationLevels(8)).toEqual([8, 4, 2, 1]);
    expect(() => aggregationLevels(0)).toThrow(/at least one/);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 9, 16, 17, 31, 33, 100])('N = %i: root and every path agree with the definition', (n) => {
    const leaves = leavesOf(n);
    const tree = aggregationTree(leaves);
    const reference = referencePaths(leaves);
    expect(aggregationTreeRoot(tree)).toBe(reference.root);
    for (let i = 0; i < n; i++) {
      expect(aggregationLeafAt(tree, i)).toBe(hexOf(leaves[i]!));
      expect(aggregationPathAt(tree, i)).toEqual(reference.paths[i]);
    }
  });

  it('a path read from the tree folds to its root from the file digest and nonce', () => {
    const digests = Array.from({ length: 11 }, (_, i) => sha(`doc ${i}`));
    const batch = buildAggregation(digests);
    batch.proofs.forEach((p, i) => expect(aggregationRootOf(digests[i]!, p.nonce, p.path)).toBe(batch.root));
  });

  it('a tree read back must have exactly its size; indices outside it are refused', () => {
    const tree = aggregationTree(leavesOf(5));
    expect(aggregationTreeOf(5, tree.nodes).nodes).toBe(tree.nodes);
    expect(() => aggregationTreeOf(6, tree.nodes)).toThrow(/not 352/);
    expect(() => aggregationTreeOf(5, tree.nodes.subarray(32))).toThrow(/352 bytes/);
    expect(() => aggregationPathAt(tree, 5)).toThrow(/No leaf 5/);
    expect(() => aggregationLeafAt(tree, -1)).toThrow(/No leaf -1/);
    expect(() => aggregationTree([new Uint8Array(31)])).toThrow(/32 bytes/);
  });
});
