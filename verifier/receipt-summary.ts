import { networkOf } from './protocol/networks.ts';
import { hasSalt, saltHidden } from './protocol/salt-shown.ts';
import type { ReceiptV1 } from './receipt-v1.ts';
import { DEFAULT_TARGET_TYPE, targetTypeOf } from './chain/merkle-proof.ts';

/**
 * What a receipt holds, for people (`notarium receipt info`, like `ots info`): read from the receipt
 * alone, nothing checked (verification says what holds). The salt is not shown (salt-shown.ts:
 * it travels with the proof only).
 */

export interface ReceiptSummary {
  format: string;
  issuedAt: string;
  network: { label: string; known: boolean; testChain: boolean };
  file: { name: string; size: number; sha256: string };
  fingerprint: {
    /** The encode value with each salt shown as `<salt>`. */
    encode: string;
    salted: boolean;
    /** The bytes the service published (on the chain for anyone to see). */
    published: string;
  };
  registration: { kind: ReceiptV1['registration']['kind']; serviceUrl: string; txId: string; version: number | null; follows: string | null };
  /** `pending`: not in a block when the receipt was issued (`notarium receipt upgrade` completes it). */
  status: 'pending' | 'in-block';
  /** The block, with the confirmations it had when the receipt was issued. */
  block: { hash: string; timestamp: string | null; confirmations: number } | null;
  proofs: {
    merklePath: { index: number; nodes: number; target: string } | null;
    transaction: boolean;
    /** The 80-byte header, on its own or as the Merkle proof's target. */
    blockHeader: boolean;
    /** For a file notarised in a batch: the steps from the file to the batch's root. */
    batchPath: number | null;
  };
}

export function summariseReceipt(receipt: ReceiptV1): ReceiptSummary {
  const network = networkOf(receipt.network);
  const { registration: r, confirmation: c } = receipt;
  const target = c ? targetTypeOf(c.merkleProof) : DEFAULT_TARGET_TYPE;
  return {
    format: receipt.format,
    issuedAt: receipt.issuedAt,
    network: { label: receipt.network, known: network !== undefined, testChain: network?.testChain ?? false },
    file: { name: receipt.file.name, size: receipt.file.size, sha256: receipt.file.sha256 },
    fingerprint: {
      encode: saltHidden(receipt.fingerprint.encode),
      salted: receipt.fingerprint.salt !== undefined || hasSalt(receipt.fingerprint.encode),
      published: receipt.fingerprint.published,
    },
    registration: {
      kind: r.kind,
      serviceUrl: r.serviceUrl,
      txId: r.txId,
      version: r.version ?? (r.kind === 'linked-create' ? 1 : null),
      follows: r.prevTxId,
    },
    status: c ? 'in-block' : 'pending',
    block: c ? { hash: c.blockHash, timestamp: c.blockTimestamp ?? null, confirmations: c.confirmedBlocks } : null,
    proofs: {
      merklePath: c ? { index: c.merkleProof.index, nodes: c.merkleProof.nodes.length, target } : null,
      transaction: receipt.transaction !== undefined,
      blockHeader: receipt.blockHeader !== undefined || target === 'header',
      batchPath: receipt.aggregation ? receipt.aggregation.path.length : null,
    },
  };
}
