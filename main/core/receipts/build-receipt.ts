import { NotariumError } from '../errors/notarium-error.ts';
import type { AggregationProof } from '../../../verifier/protocol/aggregation.ts';
import { parseEncodeSpec } from '../../../verifier/protocol/encode-spec.ts';
import { NETWORK_CHOICES, networkOf, shownLabel } from '../../../verifier/protocol/networks.ts';
import { targetTypeOf } from '../../../verifier/chain/merkle-proof.ts';
import { RECEIPT_FORMAT, validateReceipt, type ReceiptV1, type RecordKind } from '../../../verifier/receipt-v1.ts';

/** Builds a format-1 receipt from what Notarium stores for a registration. */

/** The service's confirmation object, as returned (extra fields are kept). */
export interface ServiceConfirmation {
  confirmedBlocks: number;
  blockHash: string;
  blockTimestamp?: string | null;
  merkleProof: {
    index: number;
    txOrId: string;
    target: string;
    nodes: string[];
    targetType?: string | null;
    proofType?: string | null;
    composite?: boolean | null;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface ReceiptSource {
  file: { name: string; size: number; sha256: string };
  fingerprint: { encode: string; salt?: string | null; record: string; published: string };
  registration: { kind: RecordKind; serviceUrl: string; txId: string; prevTxId?: string | null; version?: number | null };
  /** A label of the network vocabulary (networks.ts); any other is refused. */
  network: string;
  /** Raw transaction hex, when it could be fetched. */
  transaction?: string | null;
  /** null or absent while the transaction is not in a block. */
  confirmation?: ServiceConfirmation | null;
  /** The 80-byte header hex, when the proof's target is not the header itself. */
  blockHeader?: string | null;
  aggregation?: AggregationProof | null;
}

export interface ReceiptClock {
  now(): Date;
}

/** Throws RECEIPT_INVALID (naming the field) when the data would not make a valid receipt. */
export function buildReceipt(source: ReceiptSource, clock: ReceiptClock): ReceiptV1 {
  const { file, fingerprint, registration, confirmation } = source;
  const salt = fingerprint.salt ?? saltOf(fingerprint.encode);
  // A receipt's proof of work is judged by its network's label: Notarium writes only labels it can judge.
  const network = networkOf(source.network);
  if (!network) {
    throw new NotariumError(
      'RECEIPT_INVALID',
      `The registration's network label ${shownLabel(source.network)} is not ${NETWORK_CHOICES}, so no receipt is written with it: set the profile's network to the one its service writes to.`,
    );
  }
  const receipt: Record<string, unknown> = {
    format: RECEIPT_FORMAT,
    issuedAt: clock
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z'),
    network: network.label,
    file: { name: baseName(file.name), size: file.size, sha256: file.sha256 },
    fingerprint: {
      encode: fingerprint.encode,
      ...(salt === undefined ? {} : { salt }),
      record: fingerprint.record,
      published: fingerprint.published,
    },
    registration: {
      kind: registration.kind,
      serviceUrl: registration.serviceUrl,
      txId: registration.txId,
      prevTxId: registration.prevTxId ?? null,
      ...(registration.version == null ? {} : { version: registration.version }),
    },
  };
  if (source.transaction) receipt.transaction = source.transaction;
  receipt.confirmation = confirmation ? { ...confirmation, merkleProof: { ...confirmation.merkleProof, nodes: [...confirmation.merkleProof.nodes] } } : null;
  const header = headerToEmbed(source);
  if (header) receipt.blockHeader = header;
  if (source.aggregation) {
    const { nonce, path, root } = source.aggregation;
    receipt.aggregation = { nonce, path: path.map((step) => ({ ...step })), root };
  }
  return validateReceipt(receipt);
}

/**
 * The header goes in `blockHeader` only when the proof's target is not already the header;
 * a different header given beside a header target is refused rather than silently dropped.
 */
function headerToEmbed(source: ReceiptSource): string | undefined {
  const proof = source.confirmation?.merkleProof;
  const given = source.blockHeader ?? undefined;
  if (!proof) return undefined;
  if (targetTypeOf(proof) === 'header') {
    if (given !== undefined && given.toLowerCase() !== proof.target.toLowerCase()) {
      throw new NotariumError(
        'RECEIPT_INVALID',
        "The block header given differs from the one the service's Merkle proof targets: fetch the header of the confirming block again.",
      );
    }
    return undefined;
  }
  return given;
}

/** The salt of a single-salt encode, shown to readers; undefined when there is none or several. */
function saltOf(encode: string): string | undefined {
  try {
    const salts = parseEncodeSpec(encode).flatMap((step) => (step.salt === undefined ? [] : [step.salt]));
    return salts.length === 1 ? salts[0] : undefined;
  } catch {
    return undefined; // validateReceipt reports the bad encode.
  }
}

function baseName(name: string): string {
  return name.split(/[/\\]/).pop() ?? name;
}
