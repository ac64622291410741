import * as z from 'zod';
import { RECEIPT_SUFFIX } from '../../../preload/notarium-files.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { parseEncodeSpec, SALT_PATTERN } from '../protocol/encode-spec.ts';

/**
 * Receipt format 1 (receipt-v1.md): schema, reading and writing. Readers ignore unknown fields
 * but keep them, so a receipt read and written again loses nothing a newer Notarium added.
 */

export const RECEIPT_FORMAT = 'notarium-receipt/1';
/**
 * Raw transactions can be large, but a receipt is not unbounded: a receipt file is at most 4 MiB,
 * and so its text at most 4 Mi characters (UTF-8 never takes fewer bytes than characters).
 */
export const MAX_RECEIPT_BYTES = 4 * 1024 * 1024;
export const MAX_RECEIPT_CHARS = MAX_RECEIPT_BYTES;
/** Format 1 nests 4 levels deep; the margin leaves room for unknown fields of later versions. */
export const MAX_JSON_DEPTH = 64;
/** Longest aggregation path: a batch of 2^64 files. */
export const MAX_AGGREGATION_PATH = 64;
/** Longest Merkle branch kept (a block of 2^64 transactions). */
export const MAX_PROOF_NODES = 64;

const HASH = /^[0-9a-fA-F]{64}$/;
const HEX_BYTES = /^(?:[0-9a-fA-F]{2})*$/;
const HEADER = /^[0-9a-fA-F]{160}$/;
const NONCE = /^[0-9a-fA-F]{32}$/;
const TX_OR_ID = /^(?:[0-9a-fA-F]{64}|(?:[0-9a-fA-F]{2}){33,})$/;

/** A string matching `pattern`; the same message for a wrong type, so every issue says what is expected. */
function text(pattern: RegExp, expected: string) {
  const error = `must be ${expected}`;
  return z.string({ error }).regex(pattern, { error });
}

const hash = (what: string) => text(HASH, `64 hexadecimal characters (${what})`);
const hexBytes = (what: string) => text(HEX_BYTES, `hexadecimal with an even number of digits (${what})`);
const count = (what: string, min = 0) =>
  z
    .number({ error: `must be ${what}` })
    .int({ error: `must be ${what}` })
    .min(min, { error: `must be ${what}` })
    .max(Number.MAX_SAFE_INTEGER, { error: `must be ${what}` });

const baseName = z
  .string({ error: 'must be the file name, a string' })
  .min(1, { error: 'must not be empty' })
  .max(1024, { error: 'must be at most 1024 characters' })
  .refine((name) => !/[/\\]/.test(name), { error: "must be a base name only, without '/' or '\\': never a path" })
  // Informational, and any name a file system allows (a newline or a tab included): shells escape it where they show it.
  .refine((name) => name !== '.' && name !== '..', { error: 'must be a file name, not "." or ".."' });

const encode = z.string({ error: 'must be the encode value, a string' }).superRefine((value, ctx) => {
  try {
    parseEncodeSpec(value);
  } catch (err) {
    const reason = (err as Error).message.replace(/\.$/, '');
    ctx.addIssue({ code: 'custom', message: `is not a valid encode value: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}` });
  }
});

const nullableHash = (what: string) =>
  z.union([z.null(), z.string()], { error: `must be null or 64 hexadecimal characters (${what})` }).refine((v) => v === null || HASH.test(v), {
    error: `must be null or 64 hexadecimal characters (${what})`,
  });

export const fileSchema = z.looseObject(
  {
    name: baseName,
    size: count('the file size in bytes, a whole number ≥ 0'),
    sha256: hash("the file's SHA-256"),
  },
  { error: 'must be an object with name, size and sha256' },
);

export const fingerprintSchema = z.looseObject(
  {
    encode,
    salt: text(SALT_PATTERN, "the salt: ASCII letters, digits, '/', ':', '-', '+' or '.'").optional(),
    record: hexBytes('the record sent to the service'),
    published: hexBytes('the bytes the service published'),
  },
  { error: 'must be an object with encode, record and published' },
);

export const RECORD_KINDS = ['record', 'linked-create', 'linked-update', 'linked-delete'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const registrationSchema = z
  .looseObject(
    {
      kind: z.enum(RECORD_KINDS, { error: `must be one of ${RECORD_KINDS.join(', ')}` }),
      serviceUrl: z.string({ error: 'must be the service URL, a string' }).max(2048, { error: 'must be at most 2048 characters' }),
      txId: hash('the transaction id'),
      prevTxId: nullableHash('the transaction id of the previous version'),
      version: count('the position in the linked chain, a whole number ≥ 1', 1).optional(),
    },
    { error: 'must be an object with kind, serviceUrl, txId and prevTxId' },
  )
  .superRefine((r, ctx) => {
    const follows = r.kind === 'linked-update' || r.kind === 'linked-delete';
    if (follows && r.prevTxId === null) ctx.addIssue({ code: 'custom', path: ['prevTxId'], message: `must name the version a ${r.kind} follows, not null` });
    if (!follows && r.prevTxId !== null)
      ctx.addIssue({ code: 'custom', path: ['prevTxId'], message: `must be null for a ${r.kind}: only updates and deletions follow another version` });
  });

export const TARGET_TYPES = ['hash', 'header', 'merkleRoot', 'merkleroot'] as const;

export const merkleProofSchema = z
  .looseObject(
    {
      index: count("the transaction's position in the block, a whole number ≥ 0"),
      txOrId: text(TX_OR_ID, 'a 64-hex txid or the hex of a raw transaction'),
      target: z.string({ error: 'must be a string (the block hash, header or Merkle root)' }),
      nodes: z
        .array(text(/^(?:\*|[0-9a-fA-F]{64})$/, '"*" or 64 hexadecimal characters (a sibling hash)'), { error: 'must be an array of sibling hashes' })
        .max(MAX_PROOF_NODES, { error: `must hold at most ${MAX_PROOF_NODES} nodes` }),
      targetType: z
        .enum(TARGET_TYPES, { error: `must be one of ${TARGET_TYPES.join(', ')}, null or absent` })
        .nullable()
        .optional(),
      proofType: z.string({ error: 'must be a string, null or absent' }).max(64, { error: 'must be at most 64 characters' }).nullable().optional(),
      composite: z.boolean({ error: 'must be true, false, null or absent' }).nullable().optional(),
    },
    { error: 'must be an object (the TSC Merkle proof)' },
  )
  .superRefine((p, ctx) => {
    const header = p.targetType === 'header';
    const pattern = header ? HEADER : HASH;
    if (!pattern.test(p.target)) {
      const what = header
        ? '160 hexadecimal characters (an 80-byte block header, as targetType is header)'
        : `64 hexadecimal characters (${p.targetType === 'merkleRoot' || p.targetType === 'merkleroot' ? 'the Merkle root' : 'the block hash'})`;
      ctx.addIssue({ code: 'custom', path: ['target'], message: `must be ${what}` });
    }
  });

export const confirmationSchema = z.looseObject(
  {
    confirmedBlocks: count('the number of confirmations, a whole number ≥ 0'),
    blockHash: hash('the block hash'),
    blockTimestamp: z.string({ error: 'must be a date-time string, null or absent' }).nullable().optional(),
    merkleProof: merkleProofSchema,
  },
  { error: "must be the service's confirmation object, null or absent" },
);

export const aggregationStepSchema = z
  .looseObject(
    {
      left: hash('the left sibling').optional(),
      right: hash('the right sibling').optional(),
    },
    { error: 'must be an object { "left": <hash> } or { "right": <hash> }' },
  )
  .refine((s) => (s.left === undefined) !== (s.right === undefined), { error: 'must have exactly one of "left" and "right"' });

export const aggregationSchema = z.looseObject(
  {
    nonce: text(NONCE, '32 hexadecimal characters (16 random bytes)'),
    path: z
      .array(aggregationStepSchema, { error: 'must be an array of path entries' })
      .max(MAX_AGGREGATION_PATH, { error: `must hold at most ${MAX_AGGREGATION_PATH} entries` }),
    root: hash('the batch root'),
  },
  { error: 'must be an object with nonce, path and root' },
);

export const receiptV1Schema = z.looseObject({
  format: z.literal(RECEIPT_FORMAT, { error: `must be "${RECEIPT_FORMAT}"` }),
  issuedAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time, e.g. 2026-11-22T10:15:00Z' }),
  network: z
    .string({ error: 'must be the network label, a string' })
    .min(1, { error: 'must not be empty' })
    .max(64, { error: 'must be at most 64 characters' }),
  file: fileSchema,
  fingerprint: fingerprintSchema,
  registration: registrationSchema,
  transaction: text(/^(?:[0-9a-fA-F]{2})+$/, 'the raw transaction in hexadecimal, or absent').optional(),
  confirmation: confirmationSchema.nullable().optional(),
  blockHeader: text(HEADER, '160 hexadecimal characters (an 80-byte block header), or absent').optional(),
  aggregation: aggregationSchema.optional(),
});

export type ReceiptV1 = z.infer<typeof receiptV1Schema>;
export type ReceiptConfirmation = z.infer<typeof confirmationSchema>;
export type ReceiptMerkleProof = z.infer<typeof merkleProofSchema>;
export type ReceiptAggregation = z.infer<typeof aggregationSchema>;

const WHAT_TO_DO =
  'Use the receipt file exactly as it was issued; if it was edited or damaged, export it again from Notarium or ask its issuer for the original.';

function invalid(message: string): NotariumError {
  return new NotariumError('RECEIPT_INVALID', message);
}

/** Reads a receipt; throws RECEIPT_INVALID saying what is wrong, where (JSON path) and what to do. */
export function parseReceipt(json: string): ReceiptV1 {
  if (typeof json !== 'string') throw invalid('A receipt is read from text, and no text was given.');
  if (json.length > MAX_RECEIPT_CHARS) {
    throw invalid(
      `The receipt is ${json.length} characters long; a receipt is at most ${MAX_RECEIPT_CHARS} (4 Mi). This is not a Notarium receipt, or it is damaged.`,
    );
  }
  const body = json.startsWith('\uFEFF') ? json.slice(1) : json;
  const depth = jsonDepth(body);
  if (depth > MAX_JSON_DEPTH)
    throw invalid(`The receipt nests objects or arrays ${depth} levels deep; a receipt nests at most ${MAX_JSON_DEPTH}. This is not a Notarium receipt.`);
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (err) {
    throw invalid(notJson(body, (err as Error).message));
  }
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
  const result = receiptV1Schema.safeParse(data);
  if (!result.success) throw invalid(describeIssues(result.error.issues, data));
  return result.data;
}

function describeIssues(issues: readonly z.core.$ZodIssue[], data: unknown): string {
  const [first] = issues;
  if (!first) return `The receipt does not match format 1. ${WHAT_TO_DO}`;
  const { present, value } = valueAt(data, first.path);
  const where = jsonPath(first.path);
  const problem = present ? `${first.message}; found ${preview(value)}` : `is missing: it ${first.message}`;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return `The receipt's field ${where} ${problem}${more}. ${WHAT_TO_DO}`;
}

/** `confirmation.merkleProof.nodes[2]`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(the whole receipt)';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

function valueAt(data: unknown, path: readonly PropertyKey[]): { present: boolean; value: unknown } {
  let current: unknown = data;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return { present: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { present: true, value: current };
}

function preview(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return value.length > 72 ? `${JSON.stringify(value.slice(0, 72))}… (${value.length} characters)` : JSON.stringify(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  return typeof value === 'number' || typeof value === 'boolean' || value === null ? String(value) : typeof value;
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
  const result = receiptV1Schema.safeParse(receipt);
  if (!result.success) throw invalid(describeIssues(result.error.issues, receipt));
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
