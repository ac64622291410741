import { ByteReader, ByteWriter, displayHash, reversed } from './bytes.ts';

/** A Bitcoin-format transaction: the serialization the simulated chain hashes, mines and serves. */

export interface TxInput {
  /** Display-order id of the transaction whose output is spent. */
  prevTxId: string;
  vout: number;
  scriptSig: Uint8Array;
  sequence?: number;
}

export interface TxOutput {
  satoshis: bigint;
  script: Uint8Array;
}

export interface Transaction {
  version: number;
  inputs: TxInput[];
  outputs: TxOutput[];
  lockTime: number;
}

export function serializeTransaction(tx: Transaction): Buffer {
  const w = new ByteWriter().u32(tx.version).varint(tx.inputs.length);
  for (const input of tx.inputs) {
    w.bytes(reversed(Buffer.from(input.prevTxId, 'hex')))
      .u32(input.vout)
      .varbytes(input.scriptSig)
      .u32(input.sequence ?? 0xffffffff);
  }
  w.varint(tx.outputs.length);
  for (const output of tx.outputs) w.u64(output.satoshis).varbytes(output.script);
  return w.u32(tx.lockTime).toBuffer();
}

/** The inverse of serializeTransaction. */
export function parseTransaction(raw: Buffer): Transaction {
  const r = new ByteReader(raw);
  const version = r.u32();
  const inputs = Array.from({ length: r.varint() }, (): TxInput => ({
    prevTxId: reversed(r.bytes(32)).toString('hex'),
    vout: r.u32(),
    scriptSig: r.varbytes(),
    sequence: r.u32(),
  }));
  const outputs = Array.from({ length: r.varint() }, (): TxOutput => ({ satoshis: r.u64(), script: r.varbytes() }));
  const lockTime = r.u32();
  if (!r.done) throw new Error('trailing bytes after the transaction');
  return { version, inputs, outputs, lockTime };
}

/** txId = reverse(sha256d(serialized transaction)), in hex. */
export function transactionId(raw: Uint8Array): string {
  return displayHash(raw);
}
