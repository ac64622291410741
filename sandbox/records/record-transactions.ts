import { sha256 } from '../chain/bytes.ts';
import { dataScript, hash160, p2pkhScript, pushData } from '../chain/script.ts';
import { serializeTransaction, type TxInput, type TxOutput } from '../chain/transaction.ts';

/**
 * The on-chain layout of the service's transactions (service-notes.md, "How the data sits on chain"):
 * output 0 a service header, output 1 the record, output 2 (linked) a small "fund for next" output
 * that the next linked record's input 0 spends.
 */

/** Protocol tag and version in every service header; other versions read as unsupported. */
export const SERVICE_TAG = Buffer.from('notarium-sandbox-records', 'ascii');
export const HEADER_VERSION = 1;

export const KIND_BYTES = { record: 1, 'linked-create': 2, 'linked-update': 3, 'linked-delete': 4 } as const;
export type RecordKind = keyof typeof KIND_BYTES;

export const FUND_FOR_NEXT_SATOSHIS = 1n;
export const FUND_OUTPUT_INDEX = 2;

export function headerScript(kind: RecordKind, version = HEADER_VERSION): Buffer {
  return dataScript(SERVICE_TAG, Buffer.from([version]), Buffer.from([KIND_BYTES[kind]]));
}

/**
 * A funding input. The sandbox keeps no wallet, so the outpoint is synthetic (unique per
 * transaction) and the scriptSig is a single push, not a signature: formats are real, value is not.
 */
export function fundingInput(serial: number): TxInput {
  const seed = Buffer.from(`notarium-sandbox-funding:${serial}`);
  return { prevTxId: sha256(seed).toString('hex'), vout: 0, scriptSig: pushData(sha256(Buffer.concat([seed, Buffer.from('sig')]))) };
}

/** The locking script of a "fund for next" output, derived from the key that will spend it. */
export function fundScript(keyAlias: string, derivationPath: string): Buffer {
  return p2pkhScript(hash160(Buffer.from(`${keyAlias}:${derivationPath}`)));
}

export interface RecordTxParts {
  kind: RecordKind;
  published?: Buffer;
  serial: number;
  /** Linked update/delete: the previous record whose output 2 input 0 spends. */
  spends?: { txid: string; keyAlias: string; derivationPath: string };
  /** Linked create/update: the locking script of the new "fund for next" output. */
  nextFund?: Buffer;
}

export function buildRecordTransaction(parts: RecordTxParts): Buffer {
  const inputs: TxInput[] = [];
  if (parts.spends) {
    inputs.push({
      prevTxId: parts.spends.txid,
      vout: FUND_OUTPUT_INDEX,
      scriptSig: pushData(hash160(Buffer.from(`${parts.spends.keyAlias}:${parts.spends.derivationPath}:unlock`))),
    });
  }
  inputs.push(fundingInput(parts.serial));
  const outputs: TxOutput[] = [{ satoshis: 0n, script: headerScript(parts.kind) }];
  if (parts.kind !== 'linked-delete') outputs.push({ satoshis: 0n, script: dataScript(parts.published ?? Buffer.alloc(0)) });
  if (parts.nextFund) outputs.push({ satoshis: FUND_FOR_NEXT_SATOSHIS, script: parts.nextFund });
  return serializeTransaction({ version: 1, inputs, outputs, lockTime: 0 });
}
