import { ByteWriter, displayHash, reversed } from './bytes.ts';

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

/** txId = reverse(sha256d(serialized transaction)), in hex. */
export function transactionId(raw: Uint8Array): string {
  return displayHash(raw);
}
