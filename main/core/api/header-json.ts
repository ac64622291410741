import { NotariumError } from '../errors/notarium-error.ts';

/**
 * A block header as explorers serve it in JSON (the shape of Bitcoin's verbose `getblockheader`,
 * as WhatsOnChain's `/block/{hash}/header`), rebuilt into its 80 bytes (service-notes.md, "Block
 * explorers"): version ‖ previousblockhash ‖ merkleroot ‖ time ‖ bits ‖ nonce, hashes reversed and
 * numbers little-endian. The caller checks that the bytes hash to the block asked for: the JSON's
 * own `hash` is not trusted.
 */

const HASH = /^[0-9a-fA-F]{64}$/;
const BITS = /^[0-9a-fA-F]{8}$/;
const UINT32_MAX = 0xffffffff;

/** The 80-byte header in lowercase hex; BAD_RESPONSE naming the field that cannot be used. */
export function headerFromJson(value: unknown): string {
  // An explorer may answer with a list of one header (some do for ranges of headers).
  const json = Array.isArray(value) && value.length === 1 ? (value[0] as unknown) : value;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw unusable('it is neither a header in hexadecimal nor a header object');
  const h = json as Record<string, unknown>;
  const bytes = new Uint8Array(80);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, uint32(h.version, 'version') >>> 0, true);
  // Genesis has no previous block: 32 zero bytes.
  bytes.set(h.previousblockhash === undefined || h.previousblockhash === null ? new Uint8Array(32) : reversedHash(h.previousblockhash, 'previousblockhash'), 4);
  bytes.set(reversedHash(h.merkleroot, 'merkleroot'), 36);
  view.setUint32(68, uint32(h.time, 'time'), true);
  if (typeof h.bits !== 'string' || !BITS.test(h.bits)) throw unusable('its bits are not 8 hexadecimal characters');
  view.setUint32(72, Number.parseInt(h.bits, 16), true);
  view.setUint32(76, uint32(h.nonce, 'nonce'), true);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A 32-bit field: the version may be given signed (Bitcoin Core prints it as a signed integer). */
function uint32(value: unknown, field: string): number {
  const ok = typeof value === 'number' && Number.isInteger(value) && value >= (field === 'version' ? -(2 ** 31) : 0) && value <= UINT32_MAX;
  if (!ok) throw unusable(`its ${field} is not a 32-bit whole number`);
  return value;
}

function reversedHash(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'string' || !HASH.test(value)) throw unusable(`its ${field} is not 64 hexadecimal characters`);
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[31 - i] = Number.parseInt(value.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function unusable(why: string): NotariumError {
  return new NotariumError('BAD_RESPONSE', `The block explorer's answer cannot be used: ${why}.`);
}
