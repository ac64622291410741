import { describe, expect, it } from 'vitest';
import { dataPushes, outputsCarrying, parseRawTransaction } from '../../../../../verifier/chain/raw-transaction.ts';
import { parseTx } from '../../../../support/bitcoin.ts';
import { failingWith } from '../../../../support/check-failures.ts';
import { dataScript, push, recordTx, serializeTx, txidOf } from '../../../../support/receipt-fixture.ts';

const published = Buffer.alloc(32, 0x5a);
const raw = recordTx(published);

describe('parseRawTransaction', () => {
  it('reads a transaction as an independent parser does', () => {
    const tx = parseRawTransaction(raw);
    const ref = parseTx(raw.toString('hex'));
    expect(tx.txid).toBe(ref.txid);
    expect(tx.txid).toBe(txidOf(raw));
    expect(tx.version).toBe(1);
    expect(tx.inputs.map((i) => i.prevTxId)).toEqual(ref.inputs.map((i) => i.prevTxId));
    expect(tx.outputs.map((o) => Buffer.from(o.script))).toEqual(ref.outputs.map((o) => o.script));
    expect(tx.lockTime).toBe(0);
  });

  it('fails cleanly at every truncation point', () => {
    for (let n = 0; n < raw.length; n++) expect(() => parseRawTransaction(raw.subarray(0, n)), `length ${n}`).toThrow(failingWith('transaction-truncated'));
    // The sentence says which field ran out.
    expect(() => parseRawTransaction(raw.subarray(0, raw.length - 1))).toThrow(/truncated: the lock time needs 4 bytes/);
  });

  it('refuses trailing bytes', () => {
    expect(() => parseRawTransaction(Buffer.concat([raw, Buffer.from([0])]))).toThrow(failingWith('transaction-trailing-bytes', { found: '1 byte' }));
  });

  it('does not trust declared counts or lengths', () => {
    const hugeInputs = Buffer.concat([raw.subarray(0, 4), Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f])]);
    expect(() => parseRawTransaction(hugeInputs)).toThrow(failingWith('transaction-truncated'));
    const hugeOutputs = Buffer.concat([raw.subarray(0, 4), Buffer.from([0x00])]);
    expect(() => parseRawTransaction(hugeOutputs)).toThrow(failingWith('transaction-no-inputs'));
    const hugeScript = serializeTx({ outputs: [{ satoshis: 0n, script: Buffer.alloc(300) }] });
    const cut = Buffer.from(hugeScript);
    cut[cut.length - 4 - 300 - 2] = 0xff; // script length varint low byte
    expect(() => parseRawTransaction(cut)).toThrow(failingWith('transaction-truncated'));
  });

  it('refuses non-canonical varints', () => {
    const tx = Buffer.from(raw);
    const withFd = Buffer.concat([tx.subarray(0, 4), Buffer.from([0xfd, 0x01, 0x00]), tx.subarray(5)]);
    expect(() => parseRawTransaction(withFd)).toThrow(failingWith('transaction-non-canonical'));
  });
});

describe('dataPushes', () => {
  it('reads direct pushes and OP_PUSHDATA1/2/4', () => {
    const a = Buffer.alloc(10, 1);
    const b = Buffer.alloc(100, 2);
    const c = Buffer.alloc(300, 3);
    const d = Buffer.alloc(5, 4);
    const pushdata4 = Buffer.concat([Buffer.from([0x4e, 5, 0, 0, 0]), d]);
    const script = Buffer.concat([dataScript(a, b, c), pushdata4, Buffer.from([0x00])]);
    expect(dataPushes(script)!.map((p) => Buffer.from(p))).toEqual([a, b, c, d, Buffer.alloc(0)]);
  });

  it('is null for other scripts, and stops at a truncated push or a non-push opcode', () => {
    expect(dataPushes(Buffer.from([0x6a, 0x01, 0x01]))).toBeNull();
    expect(dataPushes(Buffer.from([0x76, 0xa9]))).toBeNull();
    expect(dataPushes(Buffer.from([0x00, 0x6a, 0x05, 0x01]))).toEqual([]);
    expect(dataPushes(Buffer.from([0x00, 0x6a, 0x4d, 0x01]))).toEqual([]);
    expect(dataPushes(Buffer.from([0x00, 0x6a, 0x4e, 0xff, 0xff, 0xff, 0xff, 0x00]))).toEqual([]);
    expect(
      dataPushes(Buffer.concat([Buffer.from([0x00, 0x6a]), push(Buffer.from('x')), Buffer.from([0x51]), push(Buffer.from('y'))]))!.map((p) =>
        Buffer.from(p).toString(),
      ),
    ).toEqual(['x']);
  });
});

describe('outputsCarrying', () => {
  const carried = (...scripts: Buffer[]) =>
    outputsCarrying(parseRawTransaction(serializeTx({ outputs: scripts.map((script) => ({ satoshis: 0n, script })) })), published);

  it('finds the output with the published bytes, and how it holds them', () => {
    expect(outputsCarrying(parseRawTransaction(raw), published)).toEqual([{ output: 1, placement: 'own-push' }]);
    expect(outputsCarrying(parseRawTransaction(raw), Buffer.alloc(32, 1))).toEqual([]);
    expect(carried(dataScript(Buffer.from('meta'), published))).toEqual([{ output: 0, placement: 'own-push' }]);
    expect(carried(dataScript(Buffer.concat([Buffer.from('meta'), published])))).toEqual([{ output: 0, placement: 'in-push' }]);
    expect(carried(Buffer.concat([Buffer.from([0x6a]), push(published)]))).toEqual([{ output: 0, placement: 'in-script' }]);
    expect(carried(dataScript(Buffer.from('x')), dataScript(published), dataScript(Buffer.concat([published, published])))).toEqual([
      { output: 1, placement: 'own-push' },
      { output: 2, placement: 'in-push' },
    ]);
  });

  it('wants the bytes whole and in order', () => {
    expect(carried(dataScript(published.subarray(0, 16), published.subarray(16)))).toEqual([]);
    expect(carried(dataScript(published.subarray(0, 31)))).toEqual([]);
    expect(carried(dataScript(published.subarray(0, 16)), dataScript(published.subarray(16)))).toEqual([]);
  });

  it('finds bytes whose prefix repeats (the search does not skip a partial match)', () => {
    const needle = Buffer.from('aab'.repeat(11));
    const tx = parseRawTransaction(serializeTx({ outputs: [{ satoshis: 0n, script: dataScript(Buffer.concat([Buffer.from('aa'), needle])) }] }));
    expect(outputsCarrying(tx, needle)).toEqual([{ output: 0, placement: 'in-push' }]);
    expect(outputsCarrying(tx, new Uint8Array())).toEqual([]);
  });
});
