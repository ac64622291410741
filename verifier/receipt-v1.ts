import { RECEIPT_SUFFIX } from './receipt-name.ts';
import { VerifierError } from './verifier-error.ts';
import { duplicateKey } from './duplicate-keys.ts';
import { preview, RECEIPT_FORMAT, receiptProblems, type ReceiptV1 } from './receipt-v1-fields.ts';

export { RECEIPT_FORMAT, type ReceiptConfirmation, type ReceiptV1, type RecordKind } from './receipt-v1-fields.ts';

/** Receipt format 1 (receipt-v1.md): reading and writing; its fields and their check are receipt-v1-fields.ts'. */

/**
 * Raw transactions can be large, but a receipt is not unbounded: a receipt file is at most 4 MiB,
 * and so its text at most 4 Mi characters (UTF-8 never takes fewer bytes than characters).
 */
export const MAX_RECEIPT_BYTES = 4 * 1024 * 1024;
export const MAX_RECEIPT_CHARS = MAX_RECEIPT_BYTES;
/** Format 1 nests 4 levels deep; the margin leaves room for unknown fields of later versions. */
export const MAX_JSON_DEPTH = 64;

const WHAT_TO_DO =
  'Use the receipt file exactly as it was issued; if it was edited or damaged, export it again from Notarium or ask its issuer for the original.';

function invalid(message: string): VerifierError {
  return new VerifierError('RECEIPT_INVALID', message);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A receipt file's bytes as text, by the one rule every reader follows (receipt-v1.md, "Decoding"):
 * UTF-8, at most one leading byte-order mark, nothing else. The mark is kept (parseReceipt skips
 * one), so a browser's decoder, which drops one mark on its own, never makes two acceptable; UTF-16
 * and UTF-32 of either order and invalid UTF-8 are refused, never guessed. Throws RECEIPT_INVALID.
 */
export function decodeReceipt(bytes: Uint8Array): string {
  // UTF-32's marks first: little-endian's begins with UTF-16's.
  if (
    (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) ||
    (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff)
  )
    throw invalid(`The receipt is UTF-32 text; a receipt is UTF-8, so this is not one as issued. ${WHAT_TO_DO}`);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw invalid(`The receipt is UTF-16 text; a receipt is UTF-8, so this is not one as issued. ${WHAT_TO_DO}`);
  try {
    return UTF8.decode(bytes);
  } catch {
    throw invalid('The file is not UTF-8 text, so it is not JSON and not a Notarium receipt (a receipt is a UTF-8 JSON text file).');
  }
}

/** A receipt file's bytes read as a receipt: decodeReceipt, then parseReceipt. The one entry for the CLI, the app, the page and the certificate. */
export function readReceiptBytes(bytes: Uint8Array): ReceiptV1 {
  return parseReceipt(decodeReceipt(bytes));
}

/** Reads a receipt's text (at most one leading byte-order mark); throws RECEIPT_INVALID saying what is wrong, in words for people, and what to do. */
export function parseReceipt(json: string): ReceiptV1 {
  if (typeof json !== 'string') throw invalid('A receipt is read from text, and no text was given.');
  if (json.length > MAX_RECEIPT_CHARS) {
    throw invalid(
      `The receipt is ${json.length} characters long; a receipt is at most ${MAX_RECEIPT_CHARS} (4 Mi). This is not a Notarium receipt, or it is damaged.`,
    );
  }
  const body = json.startsWith('\uFEFF') ? json.slice(1) : json;
  if (body.startsWith('\uFEFF')) throw invalid(`The receipt begins with two byte-order marks; a receipt has at most one. ${WHAT_TO_DO}`);
  const depth = jsonDepth(body);
  if (depth > MAX_JSON_DEPTH)
    throw invalid(`The receipt nests objects or arrays ${depth} levels deep; a receipt nests at most ${MAX_JSON_DEPTH}. This is not a Notarium receipt.`);
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (err) {
    throw invalid(notJson(body, (err as Error).message));
  }
  const twice = duplicateKey(body);
  if (twice)
    throw invalid(
      `The receipt gives the field ${JSON.stringify(twice.name.slice(0, 40))} twice in one object (the second at line ${twice.line}); readers differ on which one counts, so a receipt gives each field once. ${WHAT_TO_DO}`,
    );
  return validateReceipt(data);
}

/** Control characters (but tab and line breaks) or undecodable bytes: a binary file, not text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;

/**
 * Why the text is not JSON, without quoting it: the parser's own message quotes the text (raw bytes
 * from a binary file), so only where it stopped is kept.
 */
function notJson(body: string, parserMessage: string): string {
  if (NOT_TEXT.test(body)) return 'The file is not text, so it is not JSON and not a Notarium receipt (a receipt is a JSON text file).';
  const at = /at position (\d+)/.exec(parserMessage);
  let where = '';
  if (at) {
    const before = body.slice(0, Number(at[1])).split('\n');
    where = ` at line ${before.length}, column ${before.at(-1)!.length + 1}`;
  } else if (/end of JSON input/.test(parserMessage)) where = ': it ends too soon';
  return `The receipt is not valid JSON${where}. ${WHAT_TO_DO}`;
}

/** Checks an already-parsed value against format 1. */
export function validateReceipt(data: unknown): ReceiptV1 {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw invalid('The receipt is not a JSON object. This is not a Notarium receipt.');
  const format = (data as Record<string, unknown>).format;
  if (format === undefined) throw invalid('This is not a Notarium receipt (it has no format).');
  if (typeof format === 'string' && format.startsWith('notarium-receipt/') && format !== RECEIPT_FORMAT) {
    throw invalid(
      `The receipt's format is ${JSON.stringify(format.slice(0, 40))}, which this version of Notarium cannot read: it reads "${RECEIPT_FORMAT}". Update Notarium to verify it.`,
    );
  }
  if (format !== RECEIPT_FORMAT) throw invalid(`The receipt's format is ${preview(format)}, not "${RECEIPT_FORMAT}", so it is not a Notarium receipt.`);
  checkFields(data as Record<string, unknown>);
  return data as ReceiptV1;
}

/** Throws RECEIPT_INVALID with the first problem of the receipt's fields, how many more there are, and what to do. */
function checkFields(receipt: Record<string, unknown>): void {
  const [first, ...more] = receiptProblems(receipt);
  if (first === undefined) return;
  const others = more.length === 0 ? '' : ` (and ${more.length} more problem${more.length > 1 ? 's' : ''})`;
  throw invalid(`${first}${others}. ${WHAT_TO_DO}`);
}

/** Deepest nesting of objects and arrays, by a scan that skips strings (JSON.parse itself recurses). */
export function jsonDepth(json: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) max = depth;
      if (max > MAX_JSON_DEPTH) return max;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return max;
}

/** 2-space-indented JSON with a trailing newline; refuses to write a receipt that would not read back. */
export function serializeReceipt(receipt: ReceiptV1): string {
  checkFields(receipt);
  const json = `${JSON.stringify(receipt, null, 2)}\n`;
  const bytes = new TextEncoder().encode(json).length;
  if (bytes > MAX_RECEIPT_BYTES)
    throw invalid(`The receipt would be ${bytes} bytes long; a receipt is at most ${MAX_RECEIPT_BYTES} (4 MiB): leave out the raw transaction.`);
  return json;
}

/** `<name>.receipt.json`, from the base name of `originalName`. */
export function receiptFileName(originalName: string): string {
  const base = originalName.split(/[/\\]/).pop() ?? '';
  return `${base === '' ? 'file' : base}${RECEIPT_SUFFIX}`;
}
