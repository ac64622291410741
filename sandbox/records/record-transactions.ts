import { sha256 } from '../chain/bytes.ts';
import { dataScript, hash160, p2pkhScript, pushData } from '../chain/script.ts';
import { parseTransaction, serializeTransaction, type TxInput, type TxOutput } from '../chain/transaction.ts';

/**
 * The on-chain layout of the service's transactions (service-notes.md, "How the data sits on chain"):
 * a service header, the record, and for linked records a small "fund for next" output, the last
 * one, that the next linked record's input 0 spends. The documentation does not say how the record
 * sits in its script, so where it goes is a setting:
 * - `separate`: output 0 the header, output 1 the record, each in its own OP_RETURN script;
 * - `shared-output`: one OP_RETURN script with the header's pushes and then the record's push;
 * - `shared-push`: one OP_RETURN script whose single push is the header followed by the record.
 * In every layout the published bytes stand, unchanged and contiguous, inside an output script.
 */

export const LAYOUTS = ['separate', 'shared-output', 'shared-push'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** Protocol tag and version in every service header; other versions read as unsupported. */
export const SERVICE_TAG = Buffer.from('notarium-sandbox-records', 'ascii');
export const HEADER_VERSION = 1;

export const KIND_BYTES = { record: 1, 'linked-create': 2, 'linked-update': 3, 'linked-delete': 4 } as const;
export type RecordKind = keyof typeof KIND_BYTES;

export const FUND_FOR_NEXT_SATOSHIS = 1n;

function headerPushes(kind: RecordKind, version: number): Buffer[] {
  return [SERVICE_TAG, Buffer.from([version]), Buffer.from([KIND_BYTES[kind]])];
}

export function headerScript(kind: RecordKind, version = HEADER_VERSION): Buffer {
  return dataScript(...headerPushes(kind, version));
}

/** The data outputs of a transaction: the header and, but for a delete, the record. */
function dataOutputs(layout: Layout, kind: RecordKind, published: Buffer | undefined): TxOutput[] {
  const header = headerPushes(kind, HEADER_VERSION);
  const record = kind === 'linked-delete' ? [] : [published ?? Buffer.alloc(0)];
  const scripts =
    layout === 'separate'
      ? [dataScript(...header), ...record.map((r) => dataScript(r))]
      : layout === 'shared-output'
        ? [dataScript(...header, ...record)]
        : [dataScript(Buffer.concat([...header, ...record]))];
  return scripts.map((script) => ({ satoshis: 0n, script }));
}

/**
 * Which output of a linked record's transaction is its "fund for next" output: found in the
 * transaction itself (a data directory may hold transactions of another layout), or where this
 * layout puts it when the transaction is not known.
 */
export function fundOutputIndex(layout: Layout, previous: { raw: Buffer; fund_script: string | null } | undefined): number {
  const outputs = previous ? parseTransaction(previous.raw).outputs : [];
  const index = outputs.findIndex((o) => Buffer.from(o.script).toString('hex') === previous?.fund_script);
  return index >= 0 ? index : dataOutputs(layout, 'linked-create', undefined).length;
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
  layout: Layout;
  kind: RecordKind;
  published?: Buffer;
  serial: number;
  /** Linked update/delete: the previous record's "fund for next" output, which input 0 spends. */
  spends?: { txid: string; vout: number; keyAlias: string; derivationPath: string };
  /** Linked create/update: the locking script of the new "fund for next" output. */
  nextFund?: Buffer;
}

export function buildRecordTransaction(parts: RecordTxParts): Buffer {
  const inputs: TxInput[] = [];
  if (parts.spends) {
    inputs.push({
      prevTxId: parts.spends.txid,
      vout: parts.spends.vout,
      scriptSig: pushData(hash160(Buffer.from(`${parts.spends.keyAlias}:${parts.spends.derivationPath}:unlock`))),
    });
  }
  inputs.push(fundingInput(parts.serial));
  const outputs = dataOutputs(parts.layout, parts.kind, parts.published);
  if (parts.nextFund) outputs.push({ satoshis: FUND_FOR_NEXT_SATOSHIS, script: parts.nextFund });
  return serializeTransaction({ version: 1, inputs, outputs, lockTime: 0 });
}
