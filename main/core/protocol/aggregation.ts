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

/** Builds the tree over `fileDigests`, with a fresh random nonce per file. */
export function buildAggregation(
  fileDigests: readonly Uint8Array[],
  randomNonce: () => Uint8Array = () => crypto.getRandomValues(new Uint8Array(NONCE_BYTES)),
): AggregationBatch {
  if (fileDigests.length === 0) throw new RangeError('A batch needs at least one file.');
  const nonces = fileDigests.map(() => randomNonce());
  const paths: AggregationStep[][] = fileDigests.map(() => []);
  // Each node carries the indices of the files below it, so siblings are appended to their paths.
  let level = fileDigests.map((digest, i) => ({ hash: aggregationLeaf(digest, nonces[i]!), files: [i] }));
  while (level.length > 1) {
    const next: typeof level = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i]!;
      const right = level[i + 1];
      if (!right) {
        next.push(left);
        continue;
      }
      for (const f of left.files) paths[f]!.push({ right: hex.encode(right.hash) });
      for (const f of right.files) paths[f]!.push({ left: hex.encode(left.hash) });
      next.push({ hash: aggregationParent(left.hash, right.hash), files: [...left.files, ...right.files] });
    }
    level = next;
  }
  const root = hex.encode(level[0]!.hash);
  return { root, proofs: fileDigests.map((_, i) => ({ nonce: hex.encode(nonces[i]!), path: paths[i]!, root })) };
}
