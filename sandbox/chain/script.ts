import { createHash } from 'node:crypto';
import { sha256 } from './bytes.ts';

/** Bitcoin script pieces used by the simulated service: data carriers and pay-to-pubkey-hash. */

const OP_FALSE = 0x00;
const OP_PUSHDATA1 = 0x4c;
const OP_PUSHDATA2 = 0x4d;
const OP_PUSHDATA4 = 0x4e;
const OP_RETURN = 0x6a;
const OP_DUP = 0x76;
const OP_EQUALVERIFY = 0x88;
const OP_HASH160 = 0xa9;
const OP_CHECKSIG = 0xac;

/** The minimal push of `data`: direct length byte, or OP_PUSHDATA1/2/4. */
export function pushData(data: Uint8Array): Buffer {
  const n = data.length;
  let prefix: Buffer;
  if (n < OP_PUSHDATA1) prefix = Buffer.from([n]);
  else if (n <= 0xff) prefix = Buffer.from([OP_PUSHDATA1, n]);
  else if (n <= 0xffff) {
    prefix = Buffer.alloc(3);
    prefix[0] = OP_PUSHDATA2;
    prefix.writeUInt16LE(n, 1);
  } else {
    prefix = Buffer.alloc(5);
    prefix[0] = OP_PUSHDATA4;
    prefix.writeUInt32LE(n, 1);
  }
  return Buffer.concat([prefix, data]);
}

/** `OP_FALSE OP_RETURN <push>...`: an unspendable output that carries data. */
export function dataScript(...pushes: Uint8Array[]): Buffer {
  return Buffer.concat([Buffer.from([OP_FALSE, OP_RETURN]), ...pushes.map(pushData)]);
}

export function hash160(data: Uint8Array): Buffer {
  return createHash('ripemd160').update(sha256(data)).digest();
}

/** `OP_DUP OP_HASH160 <20 bytes> OP_EQUALVERIFY OP_CHECKSIG`. */
export function p2pkhScript(pubKeyHash: Uint8Array): Buffer {
  if (pubKeyHash.length !== 20) throw new Error('a pubkey hash is 20 bytes');
  return Buffer.concat([Buffer.from([OP_DUP, OP_HASH160, 20]), pubKeyHash, Buffer.from([OP_EQUALVERIFY, OP_CHECKSIG])]);
}
