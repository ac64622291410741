import { createHash } from 'node:crypto';

/** PKCE (RFC 7636) with the S256 method only: "plain" would not protect an intercepted code. */

/** Verifiers and S256 challenges use the unreserved URI characters, 43 to 128 of them (RFC 7636 §4.1). */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isPkceValue(value: string): boolean {
  return PKCE_VALUE.test(value);
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function verifierMatches(verifier: string, challenge: string): boolean {
  return isPkceValue(verifier) && s256Challenge(verifier) === challenge;
}
