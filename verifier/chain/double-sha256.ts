import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';

/** Bitcoin's hashing: sha256d, and ids shown in display order (byte-reversed hex). */

export function sha256d(data: Uint8Array): Uint8Array {
  return sha256(sha256(data));
}

export function reversed(data: Uint8Array): Uint8Array {
  return Uint8Array.from(data).reverse();
}

/** reverse(sha256d(data)) as hex: a txid or block hash. */
export function displayHash(data: Uint8Array): string {
  return hex.encode(reversed(sha256d(data)));
}

/** Display-order hex -> internal byte order. */
export function internalBytes(displayHex: string): Uint8Array {
  return reversed(hex.decode(displayHex.toLowerCase()));
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
