import { MAX_RECEIPT_BYTES, readReceiptBytes, type ReceiptV1 } from './receipt-v1.ts';
import { VerifierError } from './verifier-error.ts';
import { verifyReceipt, type VerificationReport, type VerifyOptions } from './verify-receipt.ts';

/**
 * What a receipt's verification comes to for a person, the same wherever it runs: the engine (app
 * and CLI) and the standalone verifier page. Portable: the page bundles it.
 */

/**
 * A verified file's status as the verifier can give it: its report's outcome, a failed step being
 * a mismatch; `unreadable` when the receipt could not be read. The app lists these among the
 * statuses it counts and names (preload/verify-statuses.ts).
 */
export type VerdictStatus = Exclude<VerificationReport['outcome'], 'failed'> | 'mismatch' | 'unreadable';

/** A report's status in the list of verified files' statuses: a failed step is a mismatch. */
export function statusOf(report: VerificationReport): VerdictStatus {
  return report.outcome === 'failed' ? 'mismatch' : report.outcome;
}

/** A file too large to be a receipt, not read: `shown` is the receipt's name for people. */
export function receiptTooLarge(shown: string, size: number | undefined): string {
  return `${shown}: the file is ${size === undefined ? 'longer than 4 MiB' : `${size} bytes long`}; a receipt is at most ${MAX_RECEIPT_BYTES} bytes (4 MiB), so it was not read. This is not a Notarium receipt.`;
}

/** Why a receipt could not be read, naming it as people know it. */
export function receiptUnreadable(shown: string, message: string): string {
  return `${shown}: ${message}`;
}

export type ReceiptVerdict =
  /** `blockHash`: the block the receipt names (null before its confirmation), for the best-chain check. */
  | { status: VerdictStatus; message: string; report: VerificationReport; txId: string; blockHash: string | null }
  | { status: 'unreadable'; message: string; error: { code: string; message: string } };

/**
 * The verification of a receipt file's bytes (read by the one rule: readReceiptBytes), with the file's SHA-256 when the file is there and a block
 * lookup's answer when one was asked (offline otherwise): a receipt that cannot be read is
 * `unreadable`, never a mismatch (nothing was compared).
 */
export function verifyReceiptBytes(bytes: Uint8Array, shown: string, options: VerifyOptions = {}): ReceiptVerdict {
  let receipt: ReceiptV1;
  try {
    receipt = readReceiptBytes(bytes);
  } catch (err) {
    if (!(err instanceof VerifierError)) throw err;
    const message = receiptUnreadable(shown, err.message);
    return { status: 'unreadable', message, error: { code: err.code, message } };
  }
  const report = verifyReceipt(receipt, options);
  return {
    status: statusOf(report),
    message: report.summary,
    report,
    txId: receipt.registration.txId,
    blockHash: receipt.confirmation?.blockHash.toLowerCase() ?? null,
  };
}
