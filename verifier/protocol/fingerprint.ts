import { hex } from '@scure/base';
import { VerifierError } from '../verifier-error.ts';
import { applyEncodeSpec, formatEncodeSpec, OWN_SALT_PATTERN } from './encode-spec.ts';

/**
 * The notarisation protocol's defaults (receipt-v1.md): the record is the file's 32-byte SHA-256,
 * so the file never leaves the machine; encode is SHA256(<fresh salt>), so the published bytes
 * reveal nothing about the file to someone who only has a guess of its content.
 */

export interface Fingerprint {
  /** `SHA256(<salt>)`. */
  encode: string;
  salt: string;
  /** Hex of the record body sent to the service (the file digest). */
  record: string;
  /** Hex of SHA-256(ASCII(salt) || record): what the service publishes. */
  published: string;
}

/** Letters and digits only: no '+' or '/' to mangle in URLs or file names. */
const SALT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 22 characters of 62 ≈ 131 bits of entropy. */
export const SALT_LENGTH = 22;
// Bytes at or above this would bias `byte % 62`; they are drawn again.
const UNBIASED_LIMIT = 256 - (256 % SALT_ALPHABET.length);

/** A fresh random salt from the platform CSPRNG (Web Crypto: works in Node and in the page). */
export function newSalt(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  let salt = '';
  while (salt.length < SALT_LENGTH) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < UNBIASED_LIMIT && salt.length < SALT_LENGTH) salt += SALT_ALPHABET[byte % SALT_ALPHABET.length];
    }
  }
  return salt;
}

/** The fingerprint registered for a file whose SHA-256 is `fileDigest`. */
export function fingerprintFor(fileDigest: Uint8Array, salt: string = newSalt()): Fingerprint {
  // A wrong length is a caller bug, not a user-facing failure.
  if (fileDigest.length !== 32) throw new RangeError(`A file digest is 32 bytes (SHA-256), not ${fileDigest.length}.`);
  if (!OWN_SALT_PATTERN.test(salt))
    throw new VerifierError('ENCODE_PARAM_INVALID', "A salt holds only ASCII letters, digits, '/', ':', '-' and '+', and at least one of them.");
  const steps = [{ encoder: 'SHA256' as const, salt }];
  return {
    encode: formatEncodeSpec(steps),
    salt,
    record: hex.encode(fileDigest),
    published: hex.encode(applyEncodeSpec(steps, fileDigest)),
  };
}
