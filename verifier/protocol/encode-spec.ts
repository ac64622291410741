import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { ascii, base64 } from '@scure/base';
import { VerifierError } from '../verifier-error.ts';

/**
 * The record service's `encode` parameter (record-service.md): encoders joined by '|', each `Name`
 * or `Name(salt)`. The salt's ASCII bytes are prepended to that step's input. '' = no encoder.
 */

export const ENCODER_NAMES = ['SHA256', 'Base64'] as const;
export type EncoderName = (typeof ENCODER_NAMES)[number];

export interface EncodeStep {
  encoder: EncoderName;
  salt?: string;
}

/**
 * Salt characters read (one or more): the reference's list (ASCII letters, digits, '/', ':', '-',
 * '+') and '.', which the service's own guides use (`SHA256(01-02T13.14.15)|Base64`,
 * `SHA256(23:59:59.123)`; service-notes.md: Timing and life-cycle rules), so receipts from such
 * salts verify. Notarium's own salts keep the reference's list (OWN_SALT_PATTERN).
 */
export const SALT_PATTERN = /^[A-Za-z0-9/:.+-]+$/;
/** The salt characters the API reference states: what Notarium itself ever sends. */
export const OWN_SALT_PATTERN = /^[A-Za-z0-9/:+-]+$/;
const SALT_CHARACTERS = "ASCII letters, digits, '/', ':', '-', '+' and '.'";
const STEP_PATTERN = /^([A-Za-z0-9]+)(?:\(([^()]*)\))?$/;
/** Longer values are not something Notarium writes; the cap keeps error messages and work bounded. */
const MAX_ENCODE_LENGTH = 4096;
/**
 * The bounds of an encoder chain, so a receipt or a profile cannot make Notarium hash or grow data
 * without end (500 `Base64` steps cost minutes and gigabytes). Real chains have one or two steps
 * (`SHA256(salt)`, `SHA256(salt)|Base64`); the spec sets no limit. The sandbox states the same.
 */
export const MAX_ENCODE_STEPS = 16;
/** No step of a chain may produce more than this many bytes (Base64 grows its input by a third). */
export const MAX_ENCODED_BYTES = 16 * 1024 * 1024;

function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

function invalid(message: string): VerifierError {
  return new VerifierError('ENCODE_PARAM_INVALID', message);
}

/** Parses an encode value into its steps; throws ENCODE_PARAM_INVALID / UNKNOWN_ENCODER saying what is wrong. */
export function parseEncodeSpec(value: string): EncodeStep[] {
  if (value === '') return [];
  if (value.length > MAX_ENCODE_LENGTH) throw invalid(`The encode value is ${value.length} characters long; at most ${MAX_ENCODE_LENGTH} are accepted.`);
  const parts = value.split('|');
  if (parts.length > MAX_ENCODE_STEPS) {
    throw invalid(
      `${quote(value)} chains ${parts.length} encoders; at most ${MAX_ENCODE_STEPS} are accepted (real chains have one or two, e.g. SHA256(salt)|Base64).`,
    );
  }
  return parts.map((part, position): EncodeStep => {
    if (part === '') {
      throw invalid(
        `${quote(value)} has an empty encoder at position ${position + 1}: encoders are joined by a single '|', with none before the first or after the last.`,
      );
    }
    const m = STEP_PATTERN.exec(part);
    if (!m) {
      const where = parts.length > 1 ? ` (encoder ${position + 1} of ${quote(value)})` : '';
      throw invalid(`${quote(part)}${where} is not an encoder: write a name with an optional salt in parentheses, e.g. SHA256(salt).`);
    }
    const name = m[1]!;
    const salt = m[2];
    if (!(ENCODER_NAMES as readonly string[]).includes(name)) {
      throw new VerifierError(
        'UNKNOWN_ENCODER',
        `Unknown encoder ${quote(name)} in ${quote(value)}: the encoders are ${ENCODER_NAMES.join(' and ')} (names are case-sensitive).`,
      );
    }
    if (salt === undefined) return { encoder: name as EncoderName };
    if (salt === '') throw invalid(`The salt of ${name} in ${quote(value)} is empty: write ${name} without parentheses for no salt.`);
    if (!SALT_PATTERN.test(salt)) {
      throw invalid(`The salt of ${name} in ${quote(value)} holds characters other than ${SALT_CHARACTERS}.`);
    }
    return { encoder: name as EncoderName, salt };
  });
}

/** The encode value for these steps (the inverse of parseEncodeSpec). */
export function formatEncodeSpec(steps: readonly EncodeStep[]): string {
  return steps
    .map((step) => {
      if (step.salt === undefined) return step.encoder;
      if (!SALT_PATTERN.test(step.salt)) throw invalid(`The salt ${quote(step.salt)} holds characters other than ${SALT_CHARACTERS}.`);
      return `${step.encoder}(${step.salt})`;
    })
    .join('|');
}

/** What a step gives for `length` input bytes: a digest, or Base64 text (4 characters per 3 bytes). */
function stepOutputLength(step: EncodeStep, length: number): number {
  const input = length + (step.salt?.length ?? 0);
  return step.encoder === 'SHA256' ? 32 : 4 * Math.ceil(input / 3);
}

/** Applies the chain to `record`: the bytes the service publishes. Refuses, before any work, a chain whose output would be too large. */
export function applyEncodeSpec(steps: readonly EncodeStep[], record: Uint8Array): Uint8Array {
  if (steps.length > MAX_ENCODE_STEPS) throw invalid(`The encode chain has ${steps.length} encoders; at most ${MAX_ENCODE_STEPS} are accepted.`);
  let length = record.length;
  steps.forEach((step, i) => {
    length = stepOutputLength(step, length);
    if (length > MAX_ENCODED_BYTES) {
      throw invalid(
        `Applying ${quote(formatEncodeSpec(steps))} to ${record.length} bytes would make ${length} bytes at encoder ${i + 1}; an encoder may produce at most ${MAX_ENCODED_BYTES} bytes (16 MiB).`,
      );
    }
  });
  let data = record;
  for (const step of steps) {
    const input = step.salt === undefined ? data : concatBytes(ascii.decode(step.salt), data);
    data = step.encoder === 'SHA256' ? sha256(input) : ascii.decode(base64.encode(input));
  }
  return data;
}

/** parseEncodeSpec then applyEncodeSpec. */
export function encodeRecord(encode: string, record: Uint8Array): Uint8Array {
  return applyEncodeSpec(parseEncodeSpec(encode), record);
}
