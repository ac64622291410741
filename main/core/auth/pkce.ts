import { createHash, randomBytes } from 'node:crypto';

/** PKCE (RFC 7636, S256) and the `state` value of an authorization request (RFC 6749 §10.12). */

export interface Pkce {
  verifier: string;
  challenge: string;
}

/** 32 random bytes: a 43-character verifier, the minimum length and 256 bits. */
export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** 128 bits or more, so it cannot be guessed by a page that races the real callback. */
export function newState(): string {
  return randomBytes(24).toString('base64url');
}
