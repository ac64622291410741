import { concatBytes } from '@noble/hashes/utils.js';
import { hex } from '@scure/base';
import { CheckFailure } from '../check-failure.ts';
import { displayHash, internalBytes, reversed, sha256d } from './double-sha256.ts';
import { counted } from '../counted.ts';

/**
 * TSC Merkle proofs in JSON form (service-notes.md): from a txid and its index in the block, up
 * the sibling `nodes`, to the block's Merkle root. Hashes are display-order hex.
 */

export interface TscMerkleProof {
  index: number;
  txOrId: string;
  target?: string | null;
  nodes: readonly string[];
  targetType?: string | null;
  proofType?: string | null;
  composite?: boolean | null;
}

export type MerkleTargetType = 'hash' | 'header' | 'merkleRoot';

/** What an absent or null `targetType` means (the TSC standard's default): the block hash. */
export const DEFAULT_TARGET_TYPE: MerkleTargetType = 'hash';

/** A block holds fewer than 2^53 transactions (the largest exact index), so a branch is at most this long. */
export const MAX_BRANCH_LENGTH = 53;
const HASH_HEX = /^[0-9a-fA-F]{64}$/;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;

const HEADER_HEX = /^[0-9a-fA-F]{160}$/;

/**
 * What `target` holds; absent or null = block hash, unless the target is 160 hex (80 bytes): only
 * a header is that long; `merkleroot` is an accepted spelling.
 */
export function targetTypeOf(proof: Pick<TscMerkleProof, 'targetType' | 'target'>): MerkleTargetType {
  const t = proof.targetType;
  if (t === undefined || t === null) return typeof proof.target === 'string' && HEADER_HEX.test(proof.target) ? 'header' : DEFAULT_TARGET_TYPE;
  if (t === 'hash') return 'hash';
  if (t === 'header') return 'header';
  if (t === 'merkleRoot' || t === 'merkleroot') return 'merkleRoot';
  throw new CheckFailure('proof-target-type-unknown', `The proof's target type "${String(t).slice(0, 40)}" is unknown.`, {
    expected: 'hash, header or merkleRoot',
    found: String(t).slice(0, 40),
  });
}

/** Only single branches are supported: proofType branch (or null/absent), composite false (or null/absent). */
export function checkProofKind(proof: Pick<TscMerkleProof, 'proofType' | 'composite'>): void {
  const { proofType, composite } = proof;
  if (proofType !== undefined && proofType !== null && proofType !== 'branch') {
    const why = proofType === 'tree' ? 'tree proofs are not supported' : 'it is not a known proof type';
    throw new CheckFailure('proof-kind-unsupported', `The proof's type is "${String(proofType).slice(0, 40)}": ${why}; only single branches can be checked.`, {
      expected: 'branch',
      found: String(proofType).slice(0, 40),
    });
  }
  if (composite !== undefined && composite !== null && composite !== false) {
    throw new CheckFailure('proof-kind-unsupported', 'The proof is composite: composite proofs are not supported; only single branches can be checked.', {
      expected: 'composite false',
      found: `composite ${String(composite)}`,
    });
  }
}

/** The txid a proof is about: `txOrId` itself (64 hex), or the id of the raw transaction it holds. */
export function txidOfTxOrId(txOrId: string): string {
  if (HASH_HEX.test(txOrId)) return txOrId.toLowerCase();
  if (txOrId.length > 64 && HEX.test(txOrId)) return displayHash(hex.decode(txOrId.toLowerCase()));
  throw new CheckFailure('proof-txid-malformed', "The proof's transaction is neither a 64-hex txid nor the hex of a raw transaction.", {
    expected: 'a txid or raw transaction hex',
    found: preview(txOrId),
  });
}

/**
 * A block's first transaction (index 0) is its coinbase, which the miner writes: never a record a
 * service registered. A proof that places the registration there proves nothing about it.
 */
export function checkNotCoinbasePosition(index: number): void {
  if (index === 0) {
    throw new CheckFailure(
      'proof-index-coinbase',
      "The proof places the transaction at index 0, the block's coinbase position: a registration is never the coinbase.",
      { expected: 'an index of 1 or more', found: '0' },
    );
  }
}

/** H(l, r) = reverse(sha256d(reverse(l) || reverse(r))), all display-order hex. */
export function merkleParent(left: string, right: string): string {
  return displayHash(concatBytes(internalBytes(left), internalBytes(right)));
}

/**
 * Folds `nodes` from `index` upward and returns the Merkle root (display hex). "*" duplicates the
 * current hash and is only valid where the current node is a left child (even index).
 */
export function foldMerkleBranch(txid: string, index: number, nodes: readonly string[]): string {
  if (!HASH_HEX.test(txid))
    throw new CheckFailure('proof-txid-malformed', 'The txid is not 64 hexadecimal characters.', { expected: '64 hex', found: preview(txid) });
  if (!Number.isSafeInteger(index) || index < 0)
    throw new CheckFailure('proof-index-invalid', `The proof's index ${index} is not a non-negative integer.`, {
      expected: 'an integer ≥ 0',
      found: String(index),
    });
  if (nodes.length > MAX_BRANCH_LENGTH) {
    throw new CheckFailure('proof-too-deep', `The proof has ${nodes.length} nodes; no block is that deep.`, {
      expected: `at most ${MAX_BRANCH_LENGTH} nodes`,
      found: `${nodes.length} nodes`,
    });
  }
  let current = internalBytes(txid);
  let i = index;
  nodes.forEach((node, depth) => {
    let sibling: Uint8Array;
    if (node === '*') {
      if (i % 2 === 1) {
        throw new CheckFailure(
          'proof-node-invalid',
          `Node ${depth} is "*", but there the current hash is a right child (index ${i} is odd): "*" is only valid for a left child.`,
          {
            expected: 'a sibling hash',
            found: '"*"',
          },
        );
      }
      sibling = current;
    } else if (HASH_HEX.test(node)) {
      sibling = internalBytes(node);
    } else {
      throw new CheckFailure('proof-node-invalid', `Node ${depth} is neither "*" nor a 64-hex hash.`, { expected: '"*" or 64 hex', found: preview(node) });
    }
    current = i % 2 === 0 ? sha256d(concatBytes(current, sibling)) : sha256d(concatBytes(sibling, current));
    i = Math.floor(i / 2);
  });
  if (i !== 0) {
    throw new CheckFailure(
      'proof-index-invalid',
      `The proof's index ${index} does not fit a branch of ${counted(nodes.length, 'node')}: the branch is too short for that position.`,
      {
        expected: `index below ${2 ** nodes.length}`,
        found: String(index),
      },
    );
  }
  return hex.encode(reversed(current));
}

function preview(text: string): string {
  return text.length > 72 ? `${text.slice(0, 72)}… (${text.length} characters)` : text;
}
