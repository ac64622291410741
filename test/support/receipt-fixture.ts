import { createHash } from 'node:crypto';
import { fingerprintFor } from '../../verifier/protocol/fingerprint.ts';
import type { ReceiptV1 } from '../../verifier/receipt-v1.ts';
import { bitsTarget, rev, sha256d } from './bitcoin.ts';

/**
 * A complete, valid receipt built here from first principles (transaction, 5-transaction block,
 * regtest header), so unit tests need no sandbox. Our transaction sits at index 4, so its branch
 * uses "*" twice.
 */

export const FILE_CONTENT = Buffer.from('The quick brown fox signs the contract.');
export const FILE_DIGEST = createHash('sha256').update(FILE_CONTENT).digest();
export const SALT = 'k3J9xQ2pL8mN4vR7tY1wZ5';
export const REGTEST_BITS = 0x207fffff;

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
};
const varint = (n: number) => (n < 0xfd ? Buffer.from([n]) : Buffer.concat([Buffer.from([0xfd]), Buffer.from([n & 0xff, n >> 8])]));
export const push = (data: Buffer) =>
  data.length < 0x4c
    ? Buffer.concat([Buffer.from([data.length]), data])
    : data.length <= 0xff
      ? Buffer.concat([Buffer.from([0x4c, data.length]), data])
      : Buffer.concat([Buffer.from([0x4d]), Buffer.from([data.length & 0xff, data.length >> 8]), data]);
export const dataScript = (...pushes: Buffer[]) => Buffer.concat([Buffer.from([0x00, 0x6a]), ...pushes.map(push)]);

export interface FixtureTx {
  inputs?: { prev: Buffer; vout: number; script: Buffer }[];
  outputs: { satoshis: bigint; script: Buffer }[];
}

export function serializeTx(tx: FixtureTx): Buffer {
  const inputs = tx.inputs ?? [{ prev: Buffer.alloc(32, 0x11), vout: 0, script: push(Buffer.from('signature')) }];
  return Buffer.concat([
    u32(1),
    varint(inputs.length),
    ...inputs.flatMap((i) => [i.prev, u32(i.vout), varint(i.script.length), i.script, u32(0xffffffff)]),
    varint(tx.outputs.length),
    ...tx.outputs.flatMap((o) => [u64(o.satoshis), varint(o.script.length), o.script]),
    u32(0),
  ]);
}

export const txidOf = (raw: Buffer) => rev(sha256d(raw)).toString('hex');

/** Levels of the Bitcoin Merkle tree (internal byte order), duplicating an odd level's last hash. */
function levels(txids: string[]): Buffer[][] {
  const all: Buffer[][] = [txids.map((id) => rev(Buffer.from(id, 'hex')))];
  while (all.at(-1)!.length > 1) {
    const level = all.at(-1)!;
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha256d(Buffer.concat([level[i]!, level[i + 1] ?? level[i]!])));
    all.push(next);
  }
  return all;
}

export function branch(txids: string[], index: number): { nodes: string[]; root: string } {
  const ls = levels(txids);
  const nodes: string[] = [];
  let i = index;
  for (const level of ls.slice(0, -1)) {
    nodes.push((i ^ 1) < level.length ? rev(level[i ^ 1]!).toString('hex') : '*');
    i >>= 1;
  }
  return { nodes, root: rev(ls.at(-1)![0]!).toString('hex') };
}

export function header(merkleRoot: string, opts: { time?: number; bits?: number; meets?: boolean } = {}): { hex: string; hash: string } {
  const bits = opts.bits ?? REGTEST_BITS;
  const meets = opts.meets ?? true;
  for (let nonce = 0; ; nonce++) {
    const h = Buffer.concat([
      u32(0x20000000),
      Buffer.alloc(32, 0x22),
      rev(Buffer.from(merkleRoot, 'hex')),
      u32(opts.time ?? 1_795_000_000),
      u32(bits),
      u32(nonce),
    ]);
    const hash = rev(sha256d(h)).toString('hex');
    if (BigInt(`0x${hash}`) <= bitsTarget(bits) === meets) return { hex: h.toString('hex'), hash };
  }
}

export interface Fixture {
  receipt: ReceiptV1;
  raw: Buffer;
  txid: string;
  txids: string[];
  header: { hex: string; hash: string };
  root: string;
}

/** The record transaction: output 0 a service header, output 1 the published fingerprint. */
export function recordTx(published: Buffer): Buffer {
  return serializeTx({
    outputs: [
      { satoshis: 0n, script: dataScript(Buffer.from('service'), Buffer.from([1]), Buffer.from([1])) },
      { satoshis: 0n, script: dataScript(published) },
    ],
  });
}

export function makeFixture(): Fixture {
  const fp = fingerprintFor(FILE_DIGEST, SALT);
  const raw = recordTx(Buffer.from(fp.published, 'hex'));
  const txid = txidOf(raw);
  const others = [0, 1, 2, 3].map((i) => createHash('sha256').update(`other ${i}`).digest('hex'));
  const txids = [...others, txid];
  const { nodes, root } = branch(txids, 4);
  const h = header(root);
  const receipt = {
    format: 'notarium-receipt/1',
    issuedAt: '2026-11-22T10:15:00Z',
    network: 'sandbox',
    file: { name: 'contract.pdf', size: FILE_CONTENT.length, sha256: FILE_DIGEST.toString('hex') },
    fingerprint: { encode: fp.encode, salt: fp.salt, record: fp.record, published: fp.published },
    registration: { kind: 'record', serviceUrl: 'http://127.0.0.1:1', txId: txid, prevTxId: null },
    transaction: raw.toString('hex'),
    confirmation: {
      confirmedBlocks: 1,
      blockHash: h.hash,
      blockTimestamp: '2026-11-19T08:13:20Z',
      merkleProof: { index: 4, txOrId: txid, target: h.hex, nodes, targetType: 'header', proofType: null, composite: null },
    },
  } as ReceiptV1;
  return { receipt, raw, txid, txids, header: h, root };
}

/** A receipt as loose JSON, for tests that tamper with any path. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tampering reaches arbitrary paths
export type Draft = Record<string, any>;

/** A deep copy to tamper with. */
export const clone = <T>(value: T): T => structuredClone(value);
