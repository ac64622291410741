import { parseEncodeSpec, SALT_PATTERN } from './protocol/encode-spec.ts';

/**
 * The fields of receipt format 1 (receipt-v1.md): their types, and the check of a value against
 * them, written by hand rather than with a schema library so that verifying a file by its receipt
 * loads and builds nothing more than this. Every problem is a sentence for people
 * naming the field by what it means, never by its JSON path. Unknown fields are allowed
 * everywhere, and kept: a receipt read and written again loses nothing a newer Notarium added.
 */

export const RECEIPT_FORMAT = 'notarium-receipt/1';
/** Longest aggregation path: a batch of 2^64 files. */
const MAX_AGGREGATION_PATH = 64;
/** Longest Merkle branch kept (a block of 2^64 transactions). */
const MAX_PROOF_NODES = 64;
const MAX_FILE_NAME = 1024;
const MAX_NETWORK_LABEL = 64;
const MAX_SERVICE_URL = 2048;
const MAX_PROOF_TYPE = 64;

const RECORD_KINDS = ['record', 'linked-create', 'linked-update', 'linked-delete'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
const TARGET_TYPES = ['hash', 'header', 'merkleRoot', 'merkleroot'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

export interface ReceiptFile {
  name: string;
  size: number;
  sha256: string;
  [key: string]: unknown;
}

export interface ReceiptFingerprint {
  encode: string;
  salt?: string;
  record: string;
  published: string;
  [key: string]: unknown;
}

export interface ReceiptRegistration {
  kind: RecordKind;
  serviceUrl: string;
  txId: string;
  prevTxId: string | null;
  version?: number;
  [key: string]: unknown;
}

/** The service's TSC Merkle proof. */
export interface ReceiptMerkleProof {
  index: number;
  txOrId: string;
  target: string;
  nodes: string[];
  targetType?: TargetType | null;
  proofType?: string | null;
  composite?: boolean | null;
  [key: string]: unknown;
}

export interface ReceiptConfirmation {
  confirmedBlocks: number;
  blockHash: string;
  blockTimestamp?: string | null;
  merkleProof: ReceiptMerkleProof;
  [key: string]: unknown;
}

/** `{ "left": <hash> }` or `{ "right": <hash> }`. */
export interface ReceiptAggregationStep {
  left?: string;
  right?: string;
  [key: string]: unknown;
}

export interface ReceiptAggregation {
  nonce: string;
  path: ReceiptAggregationStep[];
  root: string;
  [key: string]: unknown;
}

export interface ReceiptV1 {
  format: typeof RECEIPT_FORMAT;
  issuedAt: string;
  network: string;
  file: ReceiptFile;
  fingerprint: ReceiptFingerprint;
  registration: ReceiptRegistration;
  transaction?: string;
  /** null or absent while the transaction is not in a block. */
  confirmation?: ReceiptConfirmation | null;
  blockHeader?: string;
  aggregation?: ReceiptAggregation;
  [key: string]: unknown;
}

const HASH = /^[0-9a-fA-F]{64}$/;
const HEX_BYTES = /^(?:[0-9a-fA-F]{2})*$/;
const SOME_HEX_BYTES = /^(?:[0-9a-fA-F]{2})+$/;
const HEADER = /^[0-9a-fA-F]{160}$/;
const NONCE = /^[0-9a-fA-F]{32}$/;
const TX_OR_ID = /^(?:[0-9a-fA-F]{64}|(?:[0-9a-fA-F]{2}){33,})$/;
const NODE = /^(?:\*|[0-9a-fA-F]{64})$/;
/** RFC 3339 with seconds and a zone (Z or ±hh:mm), fractions of any length, real calendar dates only. */
const DATE_TIME = new RegExp(
  '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8])))' +
    'T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$',
);

const HEX_64 = '64 hexadecimal characters';
const WHOLE = (min: number) => `a whole number, ${min} or more`;

type Json = Record<string, unknown>;

/** A field as a sentence names it: its subject, and what to say when it is not there at all. */
interface Field {
  subject: string;
  absent?: string;
}

/** A field of the receipt known by a name for people, e.g. "file size". */
function named(name: string): Field {
  return { subject: `The receipt's ${name}`, absent: `The receipt has no ${name}` };
}

/** A value as a sentence shows it: never more than 72 characters of a string. */
export function preview(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return value.length > 72 ? `${JSON.stringify(value.slice(0, 72))}… (${value.length} characters)` : JSON.stringify(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'a JSON object';
  return typeof value === 'number' || typeof value === 'boolean' || value === null ? String(value) : typeof value;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= Number.MAX_SAFE_INTEGER;

/** May the value be absent (undefined) or null? */
interface Presence {
  optional?: boolean;
  nullable?: boolean;
}

/**
 * The problems of a receipt, in the order of the format's description: each a sentence without its
 * final full stop, which the reader of the list adds with what to do.
 */
class Problems {
  readonly sentences: string[] = [];

  say(sentence: string): void {
    this.sentences.push(sentence);
  }

  /** Whether to check the value further: it is there (a missing required field is a problem). */
  private there(value: unknown, field: Field, presence: Presence): boolean {
    if (value === undefined) {
      if (!presence.optional) this.say(field.absent ?? `${field.subject} is missing`);
      return false;
    }
    return !(value === null && presence.nullable);
  }

  private wrong(field: Field, expected: string, value: unknown): void {
    this.say(`${field.subject} is not ${expected}: it is ${preview(value)}`);
  }

  object(value: unknown, field: Field, presence: Presence = {}): Json | undefined {
    if (!this.there(value, field, presence)) return undefined;
    if (isObject(value)) return value;
    this.wrong(field, presence.nullable ? 'a JSON object, or null' : 'a JSON object', value);
    return undefined;
  }

  /** Text; matching `pattern` (described as `expected`) when one is given. */
  text(value: unknown, field: Field, expected: string, pattern?: RegExp, presence: Presence = {}): value is string {
    if (!this.there(value, field, presence)) return false;
    if (typeof value === 'string' && (!pattern || pattern.test(value))) return true;
    this.wrong(field, expected, value);
    return false;
  }

  /** Text of `min` to `max` characters. */
  sized(value: unknown, field: Field, min: number, max: number, presence: Presence = {}): value is string {
    if (!this.text(value, field, `text of at most ${max} characters${presence.nullable ? ', or null' : ''}`, undefined, presence)) return false;
    if (value.length < min) this.say(`${field.subject} is empty`);
    else if (value.length > max) this.say(`${field.subject} is ${value.length} characters long; it may be at most ${max}`);
    else return true;
    return false;
  }

  count(value: unknown, field: Field, expected: string, min: number, presence: Presence = {}): void {
    if (this.there(value, field, presence) && !isCount(value, min)) this.wrong(field, expected, value);
  }

  oneOf<T extends string>(value: unknown, field: Field, choices: readonly T[]): value is T {
    if (!this.there(value, field, {})) return false;
    if ((choices as readonly unknown[]).includes(value)) return true;
    this.wrong(field, `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`, value);
    return false;
  }

  boolean(value: unknown, field: Field, presence: Presence = {}): void {
    if (this.there(value, field, presence) && typeof value !== 'boolean') this.wrong(field, 'true or false', value);
  }

  list(value: unknown, field: Field, max: number, what: string): unknown[] | undefined {
    if (!this.there(value, field, {})) return undefined;
    if (!Array.isArray(value)) this.wrong(field, `a list of ${what}`, value);
    else if (value.length > max) this.say(`${field.subject} holds ${value.length} ${what}; it may hold at most ${max}`);
    else return value as unknown[];
    return undefined;
  }
}

/** The problems of a receipt's fields (its format already known to be format 1); none when it is one. */
export function receiptProblems(receipt: Json): string[] {
  const problems = new Problems();
  problems.text(receipt.issuedAt, named('date of issue'), 'a date and time such as 2026-11-22T10:15:00Z (ISO 8601, with its time zone)', DATE_TIME);
  problems.sized(receipt.network, named('network name'), 1, MAX_NETWORK_LABEL);
  const file = problems.object(receipt.file, named('description of the file'));
  if (file) checkFile(problems, file);
  const fingerprint = problems.object(receipt.fingerprint, named('fingerprint'));
  if (fingerprint) checkFingerprint(problems, fingerprint);
  const registration = problems.object(receipt.registration, named('registration'));
  if (registration) checkRegistration(problems, registration);
  problems.text(receipt.transaction, named('raw transaction'), 'hexadecimal bytes (a receipt without the transaction leaves the field out)', SOME_HEX_BYTES, {
    optional: true,
  });
  const confirmation = problems.object(receipt.confirmation, named('confirmation'), { optional: true, nullable: true });
  if (confirmation) checkConfirmation(problems, confirmation);
  problems.text(receipt.blockHeader, named('block header'), 'an 80-byte block header (160 hexadecimal characters)', HEADER, { optional: true });
  const aggregation = problems.object(receipt.aggregation, named('batch proof'), { optional: true });
  if (aggregation) checkAggregation(problems, aggregation);
  return problems.sentences;
}

function checkFile(problems: Problems, file: Json): void {
  const name = named('file name');
  if (problems.sized(file.name, name, 1, MAX_FILE_NAME)) {
    // Informational, and any name a file system allows (a newline or a tab included): shells escape it where they show it.
    if (/[/\\]/.test(file.name)) problems.say(`${name.subject} is a path (${preview(file.name)}); a receipt names the file alone, never a path`);
    else if (file.name === '.' || file.name === '..') problems.say(`${name.subject} is ${preview(file.name)}, which names a folder, not a file`);
  }
  problems.count(file.size, named('file size'), `a number of bytes (${WHOLE(0)})`, 0);
  problems.text(file.sha256, named('SHA-256 digest of the file'), HEX_64, HASH);
}

function checkFingerprint(problems: Problems, fingerprint: Json): void {
  const encode = named('fingerprint encoding');
  if (problems.text(fingerprint.encode, encode, 'text')) {
    try {
      parseEncodeSpec(fingerprint.encode);
    } catch (err) {
      const reason = (err as Error).message.replace(/\.$/, '');
      problems.say(`${encode.subject} is not one Notarium can apply: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
    }
  }
  problems.text(fingerprint.salt, named('fingerprint salt'), "made of ASCII letters, digits, '/', ':', '-', '+' or '.'", SALT_PATTERN, { optional: true });
  const hexBytes = 'hexadecimal bytes (an even number of hexadecimal digits)';
  problems.text(fingerprint.record, named('fingerprint record (the bytes sent to the service)'), hexBytes, HEX_BYTES);
  problems.text(fingerprint.published, named('published fingerprint (the bytes the service published)'), hexBytes, HEX_BYTES);
}

function checkRegistration(problems: Problems, registration: Json): void {
  const kind = problems.oneOf(registration.kind, named('kind of registration'), RECORD_KINDS) ? registration.kind : undefined;
  problems.sized(registration.serviceUrl, named('service address'), 0, MAX_SERVICE_URL);
  problems.text(registration.txId, named('transaction id'), HEX_64, HASH);
  const previous: Field = {
    subject: "The receipt's previous transaction id",
    absent: 'The receipt does not say which version its registration follows (a previous transaction id, or null for none)',
  };
  const prevTxId = registration.prevTxId;
  if (problems.text(prevTxId, previous, `null or ${HEX_64}`, HASH, { nullable: true }) || prevTxId === null) {
    const follows = kind === 'linked-update' || kind === 'linked-delete';
    if (kind && follows && prevTxId === null) problems.say(`The receipt's registration is a ${kind} but does not name the version it follows`);
    if (kind && !follows && prevTxId !== null)
      problems.say(`The receipt's registration is a ${kind}, yet it names a previous version: only updates and deletions follow another version`);
  }
  problems.count(registration.version, named('version number'), WHOLE(1), 1, { optional: true });
}

function checkConfirmation(problems: Problems, confirmation: Json): void {
  problems.count(confirmation.confirmedBlocks, named('number of confirmations'), WHOLE(0), 0);
  problems.text(confirmation.blockHash, named('block hash'), HEX_64, HASH);
  problems.text(confirmation.blockTimestamp, named('block time'), 'text (a date and time), or null', undefined, { optional: true, nullable: true });
  const proof = problems.object(confirmation.merkleProof, named('Merkle proof'));
  if (!proof) return;
  problems.count(proof.index, named("Merkle proof index (the transaction's position in the block)"), WHOLE(0), 0);
  problems.text(proof.txOrId, named('transaction in the Merkle proof'), `a transaction id (${HEX_64}) or a raw transaction in hexadecimal`, TX_OR_ID);
  const target = named('Merkle proof target');
  problems.text(proof.target, target, 'text (the block hash, header or Merkle root)');
  const nodes = problems.list(proof.nodes, named('Merkle proof branch'), MAX_PROOF_NODES, 'hashes');
  nodes?.forEach((node, i) => problems.text(node, { subject: `Hash ${i + 1} of the receipt's Merkle proof branch` }, `"*" or ${HEX_64}`, NODE));
  const targetType = proof.targetType;
  const knownType = targetType === undefined || targetType === null || problems.oneOf(targetType, named('Merkle proof target type'), TARGET_TYPES);
  problems.sized(proof.proofType, named('Merkle proof type'), 0, MAX_PROOF_TYPE, { optional: true, nullable: true });
  problems.boolean(proof.composite, named('Merkle proof composite flag'), { optional: true, nullable: true });
  if (knownType && typeof proof.target === 'string') checkTarget(problems, target, proof.target, targetType ?? undefined);
}

/** The target is what its type announces: a header, a Merkle root, or (by default) the block hash. */
function checkTarget(problems: Problems, field: Field, target: string, targetType: TargetType | undefined): void {
  const header = targetType === 'header';
  // Without a type, a target of 80 bytes can only be a header (merkle-proof.ts, targetTypeOf).
  if ((header ? HEADER : HASH).test(target) || (targetType === undefined && HEADER.test(target))) return;
  const expected = header
    ? 'an 80-byte block header (160 hexadecimal characters), as its target type says'
    : targetType === 'merkleRoot' || targetType === 'merkleroot'
      ? `a Merkle root (${HEX_64}), as its target type says`
      : `a block hash (${HEX_64})`;
  problems.say(`${field.subject} is not ${expected}: it is ${preview(target)}`);
}

function checkAggregation(problems: Problems, aggregation: Json): void {
  problems.text(aggregation.nonce, named('batch proof nonce'), '16 random bytes (32 hexadecimal characters)', NONCE);
  const path = problems.list(aggregation.path, named('batch proof path'), MAX_AGGREGATION_PATH, 'steps');
  path?.forEach((value, i) => {
    const where = `step ${i + 1} of the receipt's batch proof path`;
    const step = problems.object(value, { subject: `${where.charAt(0).toUpperCase()}${where.slice(1)}` });
    if (!step) return;
    problems.text(step.left, { subject: `The left hash of ${where}` }, HEX_64, HASH, { optional: true });
    problems.text(step.right, { subject: `The right hash of ${where}` }, HEX_64, HASH, { optional: true });
    if ((step.left === undefined) === (step.right === undefined))
      problems.say(
        `${step.left === undefined ? 'Neither a left nor a right hash is given' : 'Both a left and a right hash are given'} at ${where}; a step names exactly one`,
      );
  });
  problems.text(aggregation.root, named('batch root'), HEX_64, HASH);
}
