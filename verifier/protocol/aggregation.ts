import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { hex } from '@scure/base';

/**
 * Batch anchoring (receipt-v1.md, `aggregation`): one registration anchors many files.
 * leaf = SHA-256(0x00 || file digest || nonce), parent = SHA-256(0x01 || left || right); the
 * prefixes keep leaves and parents apart, and the per-file nonce keeps a file's digest from
 * being guessed by holders of the other files' receipts.
 *
 * Odd levels: the lone last node is promoted unchanged to the next level (no entry is added to
 * its path). Nothing is ever paired with itself, so no two different batches share a root the
 * way Bitcoin's duplicate-last-hash rule allows.
 */

export type AggregationStep = { left: string } | { right: string };

export interface AggregationProof {
  /** 16 random bytes, hex. */
  nonce: string;
  /** Siblings from the leaf upward: `{left: h}` = h is the left sibling of the current hash. */
  path: AggregationStep[];
  /** The batch root, hex: the record that is registered. */
  root: string;
}

export const NONCE_BYTES = 16;
const LEAF_PREFIX = Uint8Array.of(0x00);
const PARENT_PREFIX = Uint8Array.of(0x01);

export function aggregationLeaf(fileDigest: Uint8Array, nonce: Uint8Array): Uint8Array {
  if (fileDigest.length !== 32) throw new RangeError(`A file digest is 32 bytes (SHA-256), not ${fileDigest.length}.`);
  if (nonce.length !== NONCE_BYTES) throw new RangeError(`An aggregation nonce is ${NONCE_BYTES} bytes, not ${nonce.length}.`);
  return sha256(concatBytes(LEAF_PREFIX, fileDigest, nonce));
}

export function aggregationParent(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(concatBytes(PARENT_PREFIX, left, right));
}

/** Folds a path from a leaf to the root. Throws on a malformed entry (not exactly one 32-byte side). */
export function foldAggregationPath(leaf: Uint8Array, path: readonly AggregationStep[]): Uint8Array {
  let current = leaf;
  path.forEach((step, i) => {
    const hasLeft = 'left' in step;
    const hasRight = 'right' in step;
    if (hasLeft === hasRight) throw new RangeError(`Aggregation path entry ${i} must have exactly one of "left" and "right".`);
    const sibling = hex.decode(hasLeft ? step.left : step.right);
    if (sibling.length !== 32) throw new RangeError(`Aggregation path entry ${i} is not a 32-byte hash.`);
    current = hasLeft ? aggregationParent(sibling, current) : aggregationParent(current, sibling);
  });
  return current;
}

/** The root (hex) that `fileDigest` with `nonce` (hex) reaches along `path`. */
export function aggregationRootOf(fileDigest: Uint8Array, nonce: string, path: readonly AggregationStep[]): string {
  return hex.encode(foldAggregationPath(aggregationLeaf(fileDigest, hex.decode(nonce)), path));
}

export interface AggregationBatch {
  root: string;
  /** One proof per input digest, in input order. */
  proofs: AggregationProof[];
}

/**
 * Every node of a batch's tree, level by level from the leaves up to the root, 32 bytes each: what
 * a batch keeps (about 2N × 32 bytes) to give any of its files its path in O(log N).
 */
export interface AggregationTree {
  /** How many leaves (files) it has. */
  leaves: number;
  nodes: Uint8Array;
}

const NODE_BYTES = 32;

/** How many nodes each level of a tree of `leaves` leaves has, from the leaves to the root. */
export function aggregationLevels(leaves: number): number[] {
  if (!Number.isSafeInteger(leaves) || leaves < 1) throw new RangeError('A batch needs at least one file.');
  const sizes = [leaves];
  while (sizes.at(-1)! > 1) sizes.push(Math.ceil(sizes.at(-1)! / 2));
  return sizes;
}

/** Builds the tree over the leaves: each level once, into one buffer, nothing copied per file. */
export function aggregationTree(leaves: readonly Uint8Array[]): AggregationTree {
  const sizes = aggregationLevels(leaves.length);
  const nodes = new Uint8Array(sizes.reduce((a, b) => a + b, 0) * NODE_BYTES);
  leaves.forEach((leaf, i) => {
    if (leaf.length !== NODE_BYTES) throw new RangeError(`A leaf is ${NODE_BYTES} bytes, not ${leaf.length}.`);
    nodes.set(leaf, i * NODE_BYTES);
  });
  // A parent's input is written into one buffer: the prefix, then its two children, side by side in `nodes`.
  const input = new Uint8Array(1 + 2 * NODE_BYTES);
  input.set(PARENT_PREFIX);
  let start = 0;
  for (const size of sizes.slice(0, -1)) {
    const next = start + size;
    for (let i = 0; i < size; i += 2) {
      const at = (start + i) * NODE_BYTES;
      const to = (next + i / 2) * NODE_BYTES;
      if (i + 1 < size) {
        input.set(nodes.subarray(at, at + 2 * NODE_BYTES), 1);
        nodes.set(sha256(input), to);
      } else nodes.copyWithin(to, at, at + NODE_BYTES); // the lone last node of an odd level is promoted unchanged
    }
    start = next;
  }
  return { leaves: leaves.length, nodes };
}

/** Checks that `nodes` has exactly the size of a tree of `leaves` leaves (a tree read back from storage). */
export function aggregationTreeOf(leaves: number, nodes: Uint8Array): AggregationTree {
  const expected = aggregationLevels(leaves).reduce((a, b) => a + b, 0) * NODE_BYTES;
  if (nodes.length !== expected) throw new RangeError(`A tree of ${leaves} leaves has ${expected} bytes of nodes, not ${nodes.length}.`);
  return { leaves, nodes };
}

/** The root of a tree, hex. */
export function aggregationTreeRoot(tree: AggregationTree): string {
  return hex.encode(tree.nodes.subarray(tree.nodes.length - NODE_BYTES));
}

/** The leaf at `index` (0-based), hex. */
export function aggregationLeafAt(tree: AggregationTree, index: number): string {
  checkIndex(tree, index);
  return hex.encode(tree.nodes.subarray(index * NODE_BYTES, (index + 1) * NODE_BYTES));
}

/** The path of the leaf at `index` to the root: its sibling at each level, none where it is promoted. */
export function aggregationPathAt(tree: AggregationTree, index: number): AggregationStep[] {
  checkIndex(tree, index);
  const path: AggregationStep[] = [];
  let start = 0;
  let i = index;
  for (const size of aggregationLevels(tree.leaves).slice(0, -1)) {
    const sibling = i ^ 1;
    if (sibling < size) {
      const h = hex.encode(tree.nodes.subarray((start + sibling) * NODE_BYTES, (start + sibling + 1) * NODE_BYTES));
      path.push(i & 1 ? { left: h } : { right: h });
    }
    start += size;
    i >>= 1;
  }
  return path;
}

function checkIndex(tree: AggregationTree, index: number): void {
  if (!Number.isSafeInteger(index) || index < 0 || index >= tree.leaves) throw new RangeError(`No leaf ${index} in a tree of ${tree.leaves}.`);
}

/** Web Crypto gives at most 65,536 random bytes a call. */
const RANDOM_BYTES_PER_CALL = 65_536;

/** `count` fresh random nonces, drawn a few thousand at a time (one draw per file would cost more than the tree). */
export function randomAggregationNonces(count: number): Uint8Array[] {
  const all = new Uint8Array(count * NONCE_BYTES);
  for (let at = 0; at < all.length; at += RANDOM_BYTES_PER_CALL) crypto.getRandomValues(all.subarray(at, at + RANDOM_BYTES_PER_CALL));
  return Array.from({ length: count }, (_, i) => all.subarray(i * NONCE_BYTES, (i + 1) * NONCE_BYTES));
}

/** Builds the tree over `fileDigests`, with a fresh random nonce per file, and every file's proof. */
export function buildAggregation(fileDigests: readonly Uint8Array[], randomNonce?: () => Uint8Array): AggregationBatch {
  if (fileDigests.length === 0) throw new RangeError('A batch needs at least one file.');
  const nonces = randomNonce ? fileDigests.map(() => randomNonce()) : randomAggregationNonces(fileDigests.length);
  const tree = aggregationTree(fileDigests.map((digest, i) => aggregationLeaf(digest, nonces[i]!)));
  const root = aggregationTreeRoot(tree);
  return { root, proofs: nonces.map((nonce, i) => ({ nonce: hex.encode(nonce), path: aggregationPathAt(tree, i), root })) };
}
