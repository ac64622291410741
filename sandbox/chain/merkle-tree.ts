import { reversed, sha256d } from './bytes.ts';

/**
 * Bitcoin's Merkle tree over a block's transaction ids, and proofs in the TSC JSON form.
 * Ids are display-order hex; the tree hashes internal-order bytes; an odd level repeats its last hash.
 */

export interface TscProof {
  index: number;
  txOrId: string;
  target: string;
  nodes: string[];
  targetType?: 'hash' | 'header' | 'merkleRoot';
  proofType: 'branch' | null;
  composite: boolean | null;
}

function parent(left: Buffer, right: Buffer): Buffer {
  return sha256d(Buffer.concat([left, right]));
}

/** Every level of the tree, leaves first, in internal byte order. */
export function merkleLevels(txIds: readonly string[]): Buffer[][] {
  if (txIds.length === 0) throw new Error('a block has at least its coinbase');
  const levels: Buffer[][] = [txIds.map((id) => reversed(Buffer.from(id, 'hex')))];
  while (levels.at(-1)!.length > 1) {
    const level = levels.at(-1)!;
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(parent(level[i]!, level[i + 1] ?? level[i]!));
    levels.push(next);
  }
  return levels;
}

/** The Merkle root in display order. */
export function merkleRootOf(levels: Buffer[][]): string {
  return reversed(levels.at(-1)![0]!).toString('hex');
}

/** Sibling hashes from the leaf upward; "*" where the sibling is the node itself (odd level end). */
export function merkleBranch(levels: Buffer[][], index: number): string[] {
  const nodes: string[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    const siblingIndex = i ^ 1;
    nodes.push(siblingIndex < level.length ? reversed(level[siblingIndex]!).toString('hex') : '*');
    i >>= 1;
  }
  return nodes;
}
