import { hex } from '@scure/base';
import type { Network } from '../protocol/networks.ts';
import { CheckFailure } from '../check-failure.ts';
import { displayHash, reversed } from './double-sha256.ts';
import { counted } from '../counted.ts';

/** The 80-byte Bitcoin block header: its fields, its hash, and proof of work against `bits`. */

export interface BlockHeader {
  version: number;
  /** Display-order hex. */
  prevHash: string;
  /** Display-order hex (bytes 36..68 reversed). */
  merkleRoot: string;
  /** Seconds since the epoch, as the miner wrote it. */
  time: number;
  bits: number;
  nonce: number;
  /** reverse(sha256d(header)), hex. */
  hash: string;
}

export const HEADER_BYTES = 80;

export function parseBlockHeader(header: Uint8Array | string): BlockHeader {
  let bytes: Uint8Array;
  if (typeof header === 'string') {
    if (!/^[0-9a-fA-F]*$/.test(header) || header.length % 2 !== 0)
      throw new CheckFailure('header-malformed', 'The block header is not hexadecimal.', { expected: '160 hex', found: `${header.length} characters` });
    bytes = hex.decode(header.toLowerCase());
  } else {
    bytes = header;
  }
  if (bytes.length !== HEADER_BYTES) {
    throw new CheckFailure('header-malformed', `A block header is ${HEADER_BYTES} bytes, not ${bytes.length}.`, {
      expected: `${HEADER_BYTES} bytes`,
      found: counted(bytes.length, 'byte'),
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    version: view.getUint32(0, true),
    prevHash: hex.encode(reversed(bytes.subarray(4, 36))),
    merkleRoot: hex.encode(reversed(bytes.subarray(36, 68))),
    time: view.getUint32(68, true),
    bits: view.getUint32(72, true),
    nonce: view.getUint32(76, true),
    hash: displayHash(bytes),
  };
}

/**
 * The target a compact `bits` value encodes (mantissa * 256^(exponent-3)), rejecting what Bitcoin
 * rejects: a set sign bit, a value that overflows 256 bits, and a zero target.
 */
export function targetFromBits(bits: number): bigint {
  const b = bits >>> 0;
  const exponent = b >>> 24;
  // As Bitcoin Core's SetCompact: the sign and overflow tests look at the word after a small-exponent shift.
  const word = exponent <= 3 ? (b & 0x007fffff) >>> (8 * (3 - exponent)) : b & 0x007fffff;
  const shown = `0x${b.toString(16).padStart(8, '0')}`;
  if (word !== 0 && (b & 0x00800000) !== 0)
    throw new CheckFailure('header-bits-negative', `The header's bits ${shown} encode a negative target.`, { expected: 'a positive target', found: shown });
  if (word !== 0 && (exponent > 34 || (word > 0xff && exponent > 33) || (word > 0xffff && exponent > 32))) {
    throw new CheckFailure('header-bits-overflow', `The header's bits ${shown} encode a target larger than 256 bits.`, {
      expected: 'a target below 2^256',
      found: shown,
    });
  }
  const target = exponent <= 3 ? BigInt(word) : BigInt(word) << BigInt(8 * (exponent - 3));
  if (target === 0n)
    throw new CheckFailure('header-bits-zero', `The header's bits ${shown} encode a zero target, which no hash can meet.`, {
      expected: 'a non-zero target',
      found: shown,
    });
  return target;
}

/** Throws when the hash does not meet the target of the header's own bits; returns that target. */
export function checkOwnTarget(header: BlockHeader): bigint {
  const target = targetFromBits(header.bits);
  if (BigInt(`0x${header.hash}`) > target) {
    throw new CheckFailure('hash-above-target', `The block hash does not meet the target in the header's bits: no proof of work.`, {
      expected: `hash ≤ ${hex64(target)}`,
      found: header.hash,
    });
  }
  return target;
}

/**
 * Throws when the header's target is easier than its network's limit or work floor (networks.ts),
 * or its hash does not meet that target. The target is judged before the hash, so a header whose
 * target is too easy is refused for that, whatever its hash.
 */
export function checkProofOfWork(header: BlockHeader, network: Pick<Network, 'label' | 'powLimit' | 'workFloor'>): void {
  const target = targetFromBits(header.bits);
  if (target > network.powLimit) {
    throw new CheckFailure('target-above-network-limit', `The header's target is easier than this network allows.`, {
      expected: `target ≤ ${hex64(network.powLimit)}`,
      found: hex64(target),
    });
  }
  const floor = network.workFloor;
  if (floor && target > floor.target) {
    throw new CheckFailure(
      'work-below-floor',
      `The header's target is easier than ${floor.shown}, the least work Notarium accepts of a ${network.label} block: ${floor.why}`,
      {
        expected: `target ≤ ${hex64(floor.target)}`,
        found: hex64(target),
      },
    );
  }
  checkOwnTarget(header);
}

const hex64 = (n: bigint) => n.toString(16).padStart(64, '0');
