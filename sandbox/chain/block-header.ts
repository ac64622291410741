import { ByteWriter, displayHash, reversed } from './bytes.ts';

/** The 80-byte block header, its hash, and proof of work against the compact `bits` target. */

export interface BlockHeader {
  version: number;
  prevHash: string;
  merkleRoot: string;
  time: number;
  bits: number;
  nonce: number;
}

/** Regtest difficulty: about one try in two meets it, so mining is real but instant. */
export const REGTEST_BITS = 0x207fffff;

export function serializeHeader(h: BlockHeader): Buffer {
  return new ByteWriter()
    .u32(h.version)
    .bytes(reversed(Buffer.from(h.prevHash, 'hex')))
    .bytes(reversed(Buffer.from(h.merkleRoot, 'hex')))
    .u32(h.time)
    .u32(h.bits)
    .u32(h.nonce)
    .toBuffer();
}

/** The fields of an 80-byte header (the inverse of serializeHeader). */
export function parseHeader(header: Buffer): BlockHeader {
  return {
    version: header.readUInt32LE(0),
    prevHash: reversed(header.subarray(4, 36)).toString('hex'),
    merkleRoot: reversed(header.subarray(36, 68)).toString('hex'),
    time: header.readUInt32LE(68),
    bits: header.readUInt32LE(72),
    nonce: header.readUInt32LE(76),
  };
}

/** The target a compact `bits` value encodes: mantissa * 256^(exponent - 3). */
export function targetFromBits(bits: number): bigint {
  const exponent = bits >>> 24;
  const mantissa = BigInt(bits & 0x007fffff);
  return exponent <= 3 ? mantissa >> BigInt(8 * (3 - exponent)) : mantissa << BigInt(8 * (exponent - 3));
}

export function meetsTarget(blockHash: string, bits: number): boolean {
  return BigInt('0x' + blockHash) <= targetFromBits(bits);
}

/** Searches nonces from 0 until the header's hash meets its target. */
export function mineHeader(template: Omit<BlockHeader, 'nonce'>): { header: Buffer; hash: string; nonce: number } {
  for (let nonce = 0; nonce <= 0xffffffff; nonce++) {
    const header = serializeHeader({ ...template, nonce });
    const hash = displayHash(header);
    if (meetsTarget(hash, template.bits)) return { header, hash, nonce };
  }
  throw new Error('no nonce meets the target; raise the difficulty bits');
}
