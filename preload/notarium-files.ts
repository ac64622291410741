import { isReceiptName, RECEIPT_SUFFIX } from '../verifier/receipt-name.ts';

/**
 * The names of the files Notarium writes beside people's files, matched without regard to case as
 * file associations are. One place for the core, the shells and the page; a receipt's own name is
 * the verifier's (verifier/receipt-name.ts).
 */

/** A document's exported index of versions: `<document>.versions.json`. */
export const VERSIONS_INDEX_SUFFIX = '.versions.json';

/** A receipt or a versions index: never a file to notarise or verify itself. */
export const isNotariumFile = (name: string): boolean => isReceiptName(name) || name.toLowerCase().endsWith(VERSIONS_INDEX_SUFFIX);

/**
 * The receipt of one registration among several of a file: `<name>.<label>.receipt.json`, the
 * label a version (`v2`) or the start of a txId. Document exports and a watched folder's
 * `.notarium/` name them so.
 */
export const labelledReceiptName = (name: string, label: string): string => `${name}.${label}${RECEIPT_SUFFIX}`;

/** A registration's label in such a name: its version (`v2`), or for a plain record the start of its txId. */
export const receiptLabel = (registration: { version?: number | null; txId: string | null }): string =>
  registration.version ? `v${registration.version}` : (registration.txId ?? 'unpublished').slice(0, 12);
