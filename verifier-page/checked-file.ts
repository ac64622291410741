import { MAX_RECEIPT_BYTES } from '../verifier/receipt-v1.ts';
import type { ChainCheck } from '../verifier/best-chain.ts';
import { receiptTooLarge, verifyReceiptBytes, type ReceiptVerdict } from '../verifier/receipt-verdict.ts';
import { fileDigest } from './file-digest.ts';

/** A file being hashed in the page, and what became of it. */
export interface HashedFile {
  file: File;
  done: number;
  digest?: string;
  /** Why it could not be read, in the browser's words (said in a sentence of the page's language where shown). */
  error?: string;
}

/** Hashes `file`, telling each step; the last call wins when another file replaced it meanwhile. */
export async function hashFile(file: File, update: (state: HashedFile) => void): Promise<void> {
  const state: HashedFile = { file, done: 0 };
  update(state);
  try {
    state.digest = await fileDigest(file, (done) => update({ ...state, done }));
  } catch (err) {
    state.error = err instanceof Error ? err.message : String(err);
  }
  update(state);
}

/**
 * The receipt's verdict, with the file's digest when there is one and a block lookup's answer once
 * one was asked; a file too large to be a receipt is not read.
 */
export async function verdictFor(receipt: File, digest?: string, chain?: ChainCheck): Promise<ReceiptVerdict> {
  if (receipt.size > MAX_RECEIPT_BYTES) {
    const message = receiptTooLarge(receipt.name, receipt.size);
    return { status: 'unreadable', message, error: { code: 'RECEIPT_INVALID', message } };
  }
  // Its bytes, not receipt.text(): the browser's decoder would drop a byte-order mark on its own (receipt-v1.md, "Decoding").
  return verifyReceiptBytes(new Uint8Array(await receipt.arrayBuffer()), receipt.name, { fileDigest: digest, chain });
}
