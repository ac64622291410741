import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bitsTarget, dataPushes, foldTscProof, parseHeader, parseTx } from '../support/bitcoin.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// The simulated chain in real formats, checked with an independent parser and Merkle fold.

interface Confirmation {
  confirmedBlocks: number;
  blockHash: string;
  blockTimestamp: string;
  merkleProof: { index: number; txOrId: string; target: string; nodes: string[]; targetType: string };
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.stop());

const explorer = async (path: string) => {
  const res = await fetch(sb.baseUrl + path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
};
const statusOf = async (txId: string) => (await sb.json<{ confirmation: Confirmation | null }>(`/api/v1/records/${txId}/status`)).confirmation;

describe('transactions', () => {
  it('a record: header and data outputs as OP_FALSE OP_RETURN pushes; txId = reverse(sha256d(tx))', async () => {
    const record = createHash('sha256').update('file').digest();
    const { txId } = await sb.write(record, 'SHA256(abc)');
    const tx = parseTx(await explorer(`/explorer/tx/${txId}/hex`));
    expect(tx.txid).toBe(txId);
    expect(tx.outputs).toHaveLength(2);
    expect(dataPushes(tx.outputs[0]!.script)).not.toBeNull();
    const published = createHash('sha256')
      .update(Buffer.concat([Buffer.from('abc'), record]))
      .digest();
    expect(dataPushes(tx.outputs[1]!.script)).toEqual([published]);
    expect(tx.outputs.every((o) => o.satoshis === 0n)).toBe(true);
  });

  it('linked records: each update spends the "fund for next" output of the one before', async () => {
    const v1 = await sb.createLinked('v1');
    await sb.mine();
    const v2 = await sb.updateLinked(v1.txId, 'v2', { token: v1.updateToken });
    await sb.mine();
    const del = await sb.json<{ txId: string }>(`/api/v1/linkedrecords/${v2.txId}/delete`, { method: 'POST' });
    const [t1, t2, t3] = await Promise.all([v1.txId, v2.txId, del.txId].map(async (id) => parseTx(await explorer(`/explorer/tx/${id}/hex`))));
    expect(t1!.outputs).toHaveLength(3);
    expect(t1!.outputs[2]!.satoshis).toBeGreaterThan(0n);
    expect(t2!.inputs[0]).toMatchObject({ prevTxId: v1.txId, vout: 2 });
    expect(t2!.outputs).toHaveLength(3);
    expect(dataPushes(t2!.outputs[1]!.script)).toEqual([Buffer.from('v2')]);
    expect(t3!.inputs[0]).toMatchObject({ prevTxId: v2.txId, vout: 2 });
    expect(t3!.outputs).toHaveLength(1);
    expect(dataPushes(t3!.outputs[0]!.script)).not.toBeNull();
  });
});

describe('layouts (service-notes.md: How the data sits on chain)', () => {
  const TAG = Buffer.from('notarium-sandbox-records');
  it.each([
    // [layout, outputs of a record, the pushes of the script holding the record: header (tag, format version, kind) and record]
    ['separate', 2, (kind: number, published: Buffer) => [published]],
    ['shared-output', 1, (kind: number, published: Buffer) => [TAG, Buffer.from([1]), Buffer.from([kind]), published]],
    ['shared-push', 1, (kind: number, published: Buffer) => [Buffer.concat([TAG, Buffer.from([1]), Buffer.from([kind]), published])]],
  ] as const)(
    '%s: the published bytes stand unchanged and contiguous in an output script; updates spend the "fund for next" output',
    async (layout, count, pushes) => {
      const other = await startTestSandbox({ layout });
      try {
        const hex = async (id: string) => parseTx(await (await fetch(`${other.baseUrl}/explorer/tx/${id}/hex`)).text());
        const record = createHash('sha256').update('file').digest();
        const published = createHash('sha256')
          .update(Buffer.concat([Buffer.from('abc'), record]))
          .digest();
        const tx = await hex((await other.write(record, 'SHA256(abc)')).txId);
        expect(tx.outputs).toHaveLength(count);
        expect(dataPushes(tx.outputs.at(-1)!.script)).toEqual(pushes(1, published));
        expect(tx.outputs.at(-1)!.script.includes(published)).toBe(true);

        const v1 = await other.createLinked('v1');
        await other.mine();
        const v2 = await other.updateLinked(v1.txId, 'v2');
        await other.mine();
        const del = await other.json<{ txId: string }>(`/api/v1/linkedrecords/${v2.txId}/delete`, { method: 'POST' });
        await other.mine();
        const [t1, t2, t3] = await Promise.all([v1.txId, v2.txId, del.txId].map(hex));
        expect(t1!.outputs).toHaveLength(count + 1);
        expect(t1!.outputs.at(-1)!.satoshis).toBeGreaterThan(0n);
        expect(dataPushes(t2!.outputs.at(-2)!.script)).toEqual(pushes(3, Buffer.from('v2')));
        expect(t2!.inputs[0]).toMatchObject({ prevTxId: v1.txId, vout: count });
        expect(t3!.inputs[0]).toMatchObject({ prevTxId: v2.txId, vout: count });
        expect(t3!.outputs).toHaveLength(1);
        expect((await other.json<{ confirmation: unknown }>(`/api/v1/linkedrecords/${del.txId}/status`)).confirmation).not.toBeNull();
      } finally {
        await other.stop();
      }
    },
  );
});

describe('blocks and proofs', () => {
  it('every proof folds to the Merkle root of a header that meets its target, at any block size', async () => {
    for (const count of [1, 2, 3, 6, 7, 12]) {
      const ids = [];
      for (let i = 0; i < count; i++) ids.push((await sb.write(`block of ${count}, tx ${i}`)).txId);
      await sb.mine();
      for (const txId of ids) {
        const c = (await statusOf(txId))!;
        const header = parseHeader(c.merkleProof.target);
        expect(c.merkleProof.txOrId).toBe(txId);
        expect(foldTscProof(txId, c.merkleProof.index, c.merkleProof.nodes)).toBe(header.merkleRoot);
        expect(header.hash).toBe(c.blockHash);
        expect(BigInt('0x' + header.hash) <= bitsTarget(header.bits)).toBe(true);
        expect(header.bits).toBe(0x207fffff);
        expect(new Date(c.blockTimestamp).getTime()).toBe(header.time * 1000);
      }
    }
  });

  it('uses "*" where the node is its own sibling, and the coinbase sits at index 0', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push((await sb.write(`odd ${i}`)).txId);
    // coinbase + 2 = 3 leaves: the last one pairs with itself
    const { blocks } = await sb.json<{ blocks: { txIds: string[] }[] }>('/__sandbox/mine', { method: 'POST', body: '{}' });
    expect(blocks[0]!.txIds.slice(1)).toEqual(ids);
    const last = (await statusOf(ids[1]!))!;
    expect(last.merkleProof.index).toBe(2);
    expect(last.merkleProof.nodes[0]).toBe('*');
    expect(await explorer(`/explorer/block/${last.blockHash}/header`)).toBe(last.merkleProof.target);
    const coinbase = parseTx(await explorer(`/explorer/tx/${blocks[0]!.txIds[0]}/hex`));
    expect(coinbase.inputs).toEqual([expect.objectContaining({ prevTxId: '00'.repeat(32), vout: 0xffffffff })]);
    expect(coinbase.outputs[0]!.satoshis).toBeGreaterThan(0n);
  });

  it('headers chain to their predecessors, and confirmations count from the tip', async () => {
    const { txId } = await sb.write('chained');
    const { blocks } = await sb.json<{ blocks: { hash: string; height: number }[] }>('/__sandbox/mine', {
      method: 'POST',
      body: JSON.stringify({ blocks: 4 }),
    });
    for (let i = 1; i < blocks.length; i++) {
      const header = parseHeader(await explorer(`/explorer/block/${blocks[i]!.hash}/header`));
      expect(header.prevHash).toBe(blocks[i - 1]!.hash);
      expect(header.hash).toBe(blocks[i]!.hash);
    }
    expect((await statusOf(txId))!.confirmedBlocks).toBe(4);
    expect((await statusOf(txId))!.blockHash).toBe(blocks[0]!.hash);
  });

  it('mines on its own every block interval', async () => {
    const fast = await startTestSandbox({ blockInterval: 0.1 });
    try {
      const { txId } = await fast.write('timed');
      let confirmation: unknown = null;
      for (let i = 0; i < 600 && !confirmation; i++) {
        await new Promise((r) => setTimeout(r, 50));
        confirmation = (await fast.json<{ confirmation: unknown }>(`/api/v1/records/${txId}/status`)).confirmation;
      }
      expect(confirmation).not.toBeNull();
    } finally {
      await fast.stop();
    }
  });

  it.each([
    ['hash', (c: Confirmation) => c.blockHash],
    ['merkleRoot', (c: Confirmation) => foldTscProof(c.merkleProof.txOrId, c.merkleProof.index, c.merkleProof.nodes)],
  ] as const)('can put the %s in the proof target', async (proofTarget, expected) => {
    const other = await startTestSandbox({ proofTarget });
    try {
      const { txId } = await other.write('target');
      await other.mine();
      const c = (await other.json<{ confirmation: Confirmation }>(`/api/v1/records/${txId}/status`)).confirmation;
      expect(c.merkleProof.targetType).toBe(proofTarget);
      expect(c.merkleProof.target).toBe(expected(c));
    } finally {
      await other.stop();
    }
  });

  it('the explorer page for people shows where a transaction is and the data it carries', async () => {
    const record = createHash('sha256').update('page').digest();
    const { txId } = await sb.write(record, 'SHA256');
    const page = async () => {
      const res = await fetch(`${sb.baseUrl}/explorer/tx/${txId.toUpperCase()}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      return res.text();
    };
    expect(await page()).toMatch(/Waiting for a block/);
    await sb.mine();
    await sb.mine();
    const html = await page();
    expect(html).toContain(txId);
    expect(html).toMatch(/In a block, 2 confirmations/);
    expect(html).toContain(createHash('sha256').update(record).digest('hex'));
    expect(html).not.toMatch(/<script/i);
  });

  it('the explorer answers 404 and 400 like a public explorer would', async () => {
    expect((await fetch(`${sb.baseUrl}/explorer/tx/${'00'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${sb.baseUrl}/explorer/tx/${'00'.repeat(32)}/hex`)).status).toBe(404);
    expect((await fetch(`${sb.baseUrl}/explorer/block/${'00'.repeat(32)}/header`)).status).toBe(404);
    expect((await fetch(`${sb.baseUrl}/explorer/block/${'00'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${sb.baseUrl}/explorer/tx/xyz/hex`)).status).toBe(400);
    expect((await fetch(`${sb.baseUrl}/explorer/block/xyz`)).status).toBe(400);
  });

  it('the block lookup places a block on its chain, as WhatsOnChain and getblockheader do, to any page that asks', async () => {
    const { txId } = await sb.write('looked up');
    await sb.mine();
    const { blockHash } = (await statusOf(txId))!;
    const { tipHeight } = await sb.json<{ tipHeight: number }>('/__sandbox/chain');
    const lookUp = async (hash: string) => {
      const res = await fetch(`${sb.baseUrl}/explorer/block/${hash}`);
      // A page opened from disk (Origin: null) reads the answer, 404 included: public data, no credentials.
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const fresh = await lookUp(blockHash.toUpperCase());
    expect(fresh).toEqual({
      status: 200,
      body: expect.objectContaining({ hash: blockHash, height: tipHeight, confirmations: 1, txcount: 2, bits: '207fffff' }),
    });
    const header = parseHeader(await explorer(`/explorer/block/${blockHash}/header`));
    expect(fresh.body).toMatchObject({ merkleroot: header.merkleRoot, time: header.time, previousblockhash: header.prevHash });
    expect(fresh.body).not.toHaveProperty('nextblockhash');
    await sb.mine(2);
    const deeper = await lookUp(blockHash);
    expect(deeper.body).toMatchObject({ confirmations: 3, height: tipHeight });
    const next = await lookUp(deeper.body.nextblockhash as string);
    expect(next.body).toMatchObject({ height: tipHeight + 1, confirmations: 2, previousblockhash: blockHash });
    expect(await lookUp('00'.repeat(32))).toMatchObject({ status: 404, body: { detail: 'No block with this hash is known to the explorer.' } });
  });
});

describe('rejected transactions', () => {
  it('are accepted, then rejected at the next block (404), with what spends them', async () => {
    // The update is sent before its predecessor is mined, so that it is in the mempool when that one is rejected.
    const faulty = await startTestSandbox({ faults: { rejectRate: 1 }, lifecycle: 'allow' });
    try {
      const created = await faulty.createLinked('doomed');
      const update = await faulty.updateLinked(created.txId, 'child', { token: created.updateToken });
      expect((await faulty.call(`/api/v1/linkedrecords/${update.txId}/status`)).status).toBe(200);
      await faulty.mine();
      for (const id of [created.txId, update.txId]) expect((await faulty.call(`/api/v1/records/${id}/status`)).status).toBe(404);
    } finally {
      await faulty.stop();
    }
  });
});

describe('never-mined transactions (--never-mine-rate)', () => {
  it('are accepted and stay unconfirmed for good, neither mined nor rejected; the rate can change at run time', async () => {
    const held = await startTestSandbox({ faults: { neverMineRate: 1 } });
    try {
      const { txId } = await held.write('never mined');
      await held.mine(3);
      expect(await held.json(`/api/v1/records/${txId}/status`)).toEqual({ confirmation: null });
      expect(await held.json('/__sandbox/chain')).toMatchObject({ mempool: 0, neverMined: 1, records: 1 });
      expect(await held.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify({ neverMineRate: 0 }) })).toMatchObject({
        neverMineRate: 0,
        rejectRate: 0,
      });
      const mined = await held.write('mined');
      await held.mine();
      expect((await held.json<{ confirmation: unknown }>(`/api/v1/records/${mined.txId}/status`)).confirmation).not.toBeNull();
      expect(await held.json(`/api/v1/records/${txId}/status`)).toEqual({ confirmation: null });
    } finally {
      await held.stop();
    }
  });
});
