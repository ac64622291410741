import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Opaque secrets (authorization codes, refresh tokens): 256 random bits, stored only as SHA-256
 * hashes so a copy of the database does not hand out working credentials.
 */

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time equality that also hides the lengths (both sides are hashed first). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
