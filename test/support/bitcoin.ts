import { createHash } from 'node:crypto';

/**
 * An independent reading of Bitcoin formats for tests: it shares no code with the sandbox, so a
 * conformance test compares two implementations instead of one with itself.
 */

export const sha256d = (b: Uint8Array): Buffer => createHash('sha256').update(createHash('sha256').update(b).digest()).digest();
export const rev = (b: Uint8Array): Buffer => Buffer.from(b).reverse();
export const hexRev = (hex: string): Buffer => rev(Buffer.from(hex, 'hex'));

export interface ParsedTx {
  version: number;
  inputs: { prevTxId: string; vout: number; scriptSig: Buffer; sequence: number }[];
  outputs: { satoshis: bigint; script: Buffer }[];
  lockTime: number;
  txid: string;
}

export function parseTx(hex: string): ParsedTx {
  const b = Buffer.from(hex, 'hex');
  let o = 0;
  const u32 = () => ((o += 4), b.readUInt32LE(o - 4));
  const varint = (): number => {
    const first = b[o++]!;
    if (first < 0xfd) return first;
    if (first === 0xfd) return ((o += 2), b.readUInt16LE(o - 2));
    if (first === 0xfe) return u32();
    return ((o += 8), Number(b.readBigUInt64LE(o - 8)));
  };
  const take = (n: number) => ((o += n), b.subarray(o - n, o));
  const version = u32();
  const inputs = Array.from({ length: varint() }, () => ({
    prevTxId: rev(take(32)).toString('hex'),
    vout: u32(),
    scriptSig: take(varint()),
    sequence: u32(),
  }));
  const outputs = Array.from({ length: varint() }, () => ({ satoshis: ((o += 8), b.readBigUInt64LE(o - 8)), script: take(varint()) }));
  const lockTime = u32();
  if (o !== b.length) throw new Error(`trailing bytes after the transaction: ${b.length - o}`);
  return { version, inputs, outputs, lockTime, txid: rev(sha256d(b)).toString('hex') };
}

/** The pushes of an `OP_FALSE OP_RETURN <push>...` script, or null for any other script. */
export function dataPushes(script: Buffer): Buffer[] | null {
  if (script[0] !== 0x00 || script[1] !== 0x6a) return null;
  const pushes: Buffer[] = [];
  let o = 2;
  while (o < script.length) {
    const op = script[o++]!;
    if (op > 0x4e) return null;
    const width = op === 0x4c ? 1 : op === 0x4d ? 2 : op === 0x4e ? 4 : 0;
    const n = width === 0 ? op : script.readUIntLE(o, width);
    o += width;
    pushes.push(script.subarray(o, o + n));
    o += n;
  }
  return pushes;
}

export interface ParsedHeader {
  version: number;
  prevHash: string;
  merkleRoot: string;
  time: number;
  bits: number;
  nonce: number;
  hash: string;
}

export function parseHeader(hex: string): ParsedHeader {
  const h = Buffer.from(hex, 'hex');
  if (h.length !== 80) throw new Error(`a header is 80 bytes, not ${h.length}`);
  return {
    version: h.readUInt32LE(0),
    prevHash: rev(h.subarray(4, 36)).toString('hex'),
    merkleRoot: rev(h.subarray(36, 68)).toString('hex'),
    time: h.readUInt32LE(68),
    bits: h.readUInt32LE(72),
    nonce: h.readUInt32LE(76),
    hash: rev(sha256d(h)).toString('hex'),
  };
}

export function bitsTarget(bits: number): bigint {
  const exponent = BigInt(bits >>> 24);
  const mantissa = BigInt(bits & 0x7fffff);
  return mantissa * 256n ** (exponent - 3n);
}

/** The TSC fold: from the txid and index up the nodes to the Merkle root (display hex). */
export function foldTscProof(txid: string, index: number, nodes: string[]): string {
  let current = txid;
  let i = index;
  for (const node of nodes) {
    const sibling = node === '*' ? current : node;
    if (node === '*' && i % 2 === 1) throw new Error('"*" is only valid for a left child');
    const [left, right] = i % 2 === 0 ? [current, sibling] : [sibling, current];
    current = rev(sha256d(Buffer.concat([hexRev(left), hexRev(right)]))).toString('hex');
    i >>= 1;
  }
  return current;
}
