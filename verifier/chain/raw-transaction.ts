import { hex } from '@scure/base';
import { CheckFailure } from '../check-failure.ts';
import { bytesEqual, displayHash, reversed } from './double-sha256.ts';
import { counted } from '../counted.ts';

/**
 * A serialized Bitcoin (BSV) transaction, read with a bounds check before every read: a count or
 * length taken from the data is never trusted beyond the bytes that are actually there.
 */

export interface TxInput {
  /** Display-order id of the transaction whose output this spends. */
  prevTxId: string;
  vout: number;
  script: Uint8Array;
  sequence: number;
}

export interface TxOutput {
  satoshis: bigint;
  script: Uint8Array;
}

export interface RawTransaction {
  version: number;
  inputs: TxInput[];
  outputs: TxOutput[];
  lockTime: number;
  /** reverse(sha256d(bytes)), hex. */
  txid: string;
}

// Smallest serialized input (outpoint 36 + script length 1 + sequence 4) and output (8 + 1).
const MIN_INPUT_BYTES = 41;
const MIN_OUTPUT_BYTES = 9;

class Reader {
  private offset = 0;

  constructor(private readonly bytes: Uint8Array) {}

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  take(n: number, what: string): Uint8Array {
    if (n > this.remaining) {
      throw new CheckFailure(
        'transaction-truncated',
        `The transaction is truncated: ${what} needs ${counted(n, 'byte')} at offset ${this.offset}, but only ${this.remaining} ${this.remaining === 1 ? 'remains' : 'remain'}.`,
        {
          expected: counted(n, 'more byte', 'more bytes'),
          found: counted(this.remaining, 'byte'),
        },
      );
    }
    this.offset += n;
    return this.bytes.subarray(this.offset - n, this.offset);
  }

  u32(what: string): number {
    const b = this.take(4, what);
    return new DataView(b.buffer, b.byteOffset, 4).getUint32(0, true);
  }

  u64(what: string): bigint {
    const b = this.take(8, what);
    return new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0, true);
  }

  /** A CompactSize; like Bitcoin Core, only the shortest encoding of a value is accepted. */
  varint(what: string): number {
    const first = this.take(1, what)[0]!;
    if (first < 0xfd) return first;
    const width = first === 0xfd ? 2 : first === 0xfe ? 4 : 8;
    const b = this.take(width, what);
    const view = new DataView(b.buffer, b.byteOffset, width);
    const value = width === 2 ? view.getUint16(0, true) : width === 4 ? view.getUint32(0, true) : view.getBigUint64(0, true);
    const min = width === 2 ? 0xfd : width === 4 ? 0x10000 : 0x100000000;
    if (value < min)
      throw new CheckFailure('transaction-non-canonical', `The transaction's ${what} uses a non-canonical length encoding.`, {
        expected: 'the shortest encoding',
        found: `0x${hex.encode(b)}`,
      });
    if (typeof value === 'bigint') {
      // Any 8-byte length exceeds what a receipt can hold; report it as truncation.
      return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
    }
    return value;
  }

  count(what: string, minBytesEach: number): number {
    const n = this.varint(`the ${what} count`);
    if (n * minBytesEach > this.remaining) {
      throw new CheckFailure(
        'transaction-truncated',
        `The transaction is truncated: it declares ${counted(n, what)}, which need at least ${counted(n * minBytesEach, 'byte')}, but only ${this.remaining} ${this.remaining === 1 ? 'remains' : 'remain'}.`,
        {
          expected: `at least ${counted(n * minBytesEach, 'more byte', 'more bytes')}`,
          found: counted(this.remaining, 'byte'),
        },
      );
    }
    return n;
  }
}

/** Parses a whole serialized transaction; throws CheckFailure on truncation, bad lengths or trailing bytes. */
export function parseRawTransaction(bytes: Uint8Array): RawTransaction {
  const r = new Reader(bytes);
  const version = r.u32('the version');
  const inputCount = r.count('input', MIN_INPUT_BYTES);
  if (inputCount === 0)
    throw new CheckFailure('transaction-no-inputs', 'The transaction has no inputs (segregated-witness serialization is not supported).', {
      expected: 'at least 1 input',
      found: '0 inputs',
    });
  const inputs: TxInput[] = [];
  for (let i = 0; i < inputCount; i++) {
    const prevTxId = hex.encode(reversed(r.take(32, `input ${i}'s outpoint`)));
    const vout = r.u32(`input ${i}'s output index`);
    const script = r.take(r.varint(`input ${i}'s script length`), `input ${i}'s script`);
    const sequence = r.u32(`input ${i}'s sequence`);
    inputs.push({ prevTxId, vout, script, sequence });
  }
  const outputCount = r.count('output', MIN_OUTPUT_BYTES);
  const outputs: TxOutput[] = [];
  for (let i = 0; i < outputCount; i++) {
    const satoshis = r.u64(`output ${i}'s value`);
    const script = r.take(r.varint(`output ${i}'s script length`), `output ${i}'s script`);
    outputs.push({ satoshis, script });
  }
  const lockTime = r.u32('the lock time');
  if (r.remaining !== 0) {
    throw new CheckFailure(
      'transaction-trailing-bytes',
      `The transaction has ${counted(r.remaining, 'byte')} after its end (lock time): it is not one transaction.`,
      {
        expected: '0 trailing bytes',
        found: counted(r.remaining, 'byte'),
      },
    );
  }
  return { version, inputs, outputs, lockTime, txid: displayHash(bytes) };
}

/**
 * A coinbase's input spends the null outpoint (txid all zeros, output 0xffffffff): the miner's own
 * transaction, which no service writes a record into.
 */
export function spendsNullOutpoint(tx: RawTransaction): boolean {
  return tx.inputs.some((input) => input.vout === 0xffffffff && /^0{64}$/.test(input.prevTxId));
}

const OP_FALSE = 0x00;
const OP_RETURN = 0x6a;
const OP_PUSHDATA1 = 0x4c;
const OP_PUSHDATA2 = 0x4d;
const OP_PUSHDATA4 = 0x4e;

/**
 * The pushes of an `OP_FALSE OP_RETURN <push>...` data output, or null for any other script.
 * Reading stops at the first non-push opcode or truncated push: what follows is not a push.
 */
export function dataPushes(script: Uint8Array): Uint8Array[] | null {
  if (script[0] !== OP_FALSE || script[1] !== OP_RETURN) return null;
  const pushes: Uint8Array[] = [];
  let o = 2;
  while (o < script.length) {
    const op = script[o++]!;
    if (op > OP_PUSHDATA4) break;
    const width = op === OP_PUSHDATA1 ? 1 : op === OP_PUSHDATA2 ? 2 : op === OP_PUSHDATA4 ? 4 : 0;
    if (o + width > script.length) break;
    let n = op;
    if (width > 0) {
      n = 0;
      for (let k = width - 1; k >= 0; k--) n = n * 256 + script[o + k]!;
    }
    o += width;
    if (n > script.length - o) break;
    pushes.push(script.subarray(o, o + n));
    o += n;
  }
  return pushes;
}

/** How an output holds the published bytes, for the report. */
export type Placement = 'own-push' | 'in-push' | 'in-script';

export interface Carrier {
  output: number;
  placement: Placement;
}

/**
 * The outputs whose script holds `data` as contiguous bytes (receipt-v1.md, `transaction`): the
 * service promises no layout, so the record may be a data push of its own, share a push with the
 * service's metadata, or stand in a script of another form (service-notes.md: How the data sits on
 * chain). What commits the transaction to the record is the bytes standing in an output, nothing
 * else. Empty data is carried by nothing.
 */
export function outputsCarrying(tx: RawTransaction, data: Uint8Array): Carrier[] {
  if (data.length === 0) return [];
  const table = prefixTable(data);
  const found: Carrier[] = [];
  tx.outputs.forEach((output, i) => {
    if (indexOfBytes(output.script, data, table) < 0) return;
    const pushes = dataPushes(output.script) ?? [];
    const placement = pushes.some((p) => bytesEqual(p, data)) ? 'own-push' : pushes.some((p) => indexOfBytes(p, data, table) >= 0) ? 'in-push' : 'in-script';
    found.push({ output: i, placement });
  });
  return found;
}

/** Knuth-Morris-Pratt's failure table: a search costs the script's length, whatever a forger puts in it. */
function prefixTable(needle: Uint8Array): Int32Array {
  const table = new Int32Array(needle.length);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle[i] !== needle[k]) k = table[k - 1]!;
    if (needle[i] === needle[k]) k++;
    table[i] = k;
  }
  return table;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, table: Int32Array): number {
  for (let i = 0, k = 0; i < haystack.length; i++) {
    while (k > 0 && haystack[i] !== needle[k]) k = table[k - 1]!;
    if (haystack[i] === needle[k]) k++;
    if (k === needle.length) return i - needle.length + 1;
  }
  return -1;
}
