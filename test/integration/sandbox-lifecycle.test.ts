import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedSandbox } from '../../main/core/sandbox-host/embedded-sandbox.ts';
import { DEFAULT_LIFECYCLE, type Lifecycle } from '../../sandbox/index.ts';
import { problemOf, startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// The life-cycle rule (service-notes.md: Timing and life-cycle rules): an update or delete whose
// predecessor is not in a block is refused, accepted and never mined, or (kindly) allowed.

const sandboxes: TestSandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.stop())));
async function sandbox(lifecycle: Lifecycle, extra = {}): Promise<TestSandbox> {
  const sb = await startTestSandbox({ lifecycle, ...extra });
  sandboxes.push(sb);
  return sb;
}

const status = (sb: TestSandbox, txId: string) => sb.json<{ updatable: boolean; confirmation: unknown }>(`/api/v1/linkedrecords/${txId}/status`);
const forward = async (sb: TestSandbox, txId: string) => (await sb.json<{ txIds: string[] }>(`/api/v1/linkedrecords/${txId}/navigate?links=5`)).txIds;
const chain = (sb: TestSandbox) => sb.json<{ mempool: number; neverMined: number; records: number }>('/__sandbox/chain');
const deleteOf = (sb: TestSandbox, txId: string, token = '') =>
  sb.call(`/api/v1/linkedrecords/${txId}/delete${token && `?updateToken=${token}`}`, { method: 'POST' });

describe('lifecycle: refuse', () => {
  it('refuses an update or delete of an unmined record with 400 PREVIOUS_RECORD_NOT_MINED and a sentence, writing nothing', async () => {
    const sb = await sandbox('refuse');
    const v1 = await sb.createLinked('v1');
    const before = await chain(sb);
    for (const res of [
      await sb.call(`/api/v1/linkedrecords/${v1.txId}/update?encode=`, { method: 'POST', body: 'v2' }),
      await sb.call(`/api/v1/linkedrecords/${v1.txId}/update?encode=&updateToken=${v1.updateToken}`, { method: 'POST', body: 'v2' }),
      await deleteOf(sb, v1.txId),
      await deleteOf(sb, v1.txId, v1.updateToken),
    ]) {
      expect(res.status).toBe(400);
      expect(await problemOf(res)).toMatchObject({
        errorCode: 'PREVIOUS_RECORD_NOT_MINED',
        detail: expect.stringMatching(/not in a block yet.*wait until its status has a confirmation/),
      });
    }
    expect(await chain(sb)).toEqual(before);
    expect((await status(sb, v1.txId)).updatable).toBe(true);
    // Once the predecessor is mined, the same update goes through and is mined.
    await sb.mine();
    const v2 = await sb.updateLinked(v1.txId, 'v2', { token: v1.updateToken });
    await sb.mine();
    expect((await status(sb, v2.txId)).confirmation).not.toBeNull();
    expect(await forward(sb, v1.txId)).toEqual([v2.txId]);
  });
});

describe('lifecycle: never-mine', () => {
  it('accepts an update of an unmined record and never mines it; the chain does not grow and the predecessor stays updatable', async () => {
    const sb = await sandbox('never-mine');
    const v1 = await sb.createLinked('v1');
    const early = await sb.updateLinked(v1.txId, 'v2 too early', { token: v1.updateToken });
    await sb.mine(3);
    expect(await status(sb, early.txId)).toEqual({ updatable: true, confirmation: null });
    expect(await status(sb, v1.txId)).toMatchObject({ updatable: true, confirmation: { confirmedBlocks: 3 } });
    expect(await forward(sb, v1.txId)).toEqual([]);
    expect(await chain(sb)).toMatchObject({ mempool: 0, neverMined: 1 });
    // The same output spent again, now that v1 is mined: this one is the chain's next record.
    const v2 = await sb.updateLinked(v1.txId, 'v2', { token: v1.updateToken });
    await sb.mine();
    expect((await status(sb, v2.txId)).confirmation).not.toBeNull();
    expect(await forward(sb, v1.txId)).toEqual([v2.txId]);
    expect((await status(sb, early.txId)).confirmation).toBeNull();
  });

  it('a delete of an unmined record, and whatever spends a never-mined one, is never mined either', async () => {
    const sb = await sandbox('never-mine');
    const v1 = await sb.createLinked('v1');
    const early = await deleteOf(sb, v1.txId);
    expect(early.status).toBe(200);
    const { txId: deleteId } = (await early.json()) as { txId: string };
    const stray = await sb.createLinked('stray');
    await sb.mine();
    const child = await sb.updateLinked(stray.txId, 'child', { token: stray.updateToken });
    const grandchild = await sb.updateLinked(child.txId, 'grandchild', { token: child.updateToken });
    await sb.mine(2);
    for (const id of [deleteId, grandchild.txId]) expect((await status(sb, id)).confirmation).toBeNull();
    expect((await status(sb, child.txId)).confirmation).not.toBeNull();
    expect(await status(sb, v1.txId)).toMatchObject({ updatable: true });
  });
});

describe('lifecycle: allow', () => {
  it('mines an update sent before its predecessor was mined, in the same block', async () => {
    const sb = await sandbox('allow');
    const v1 = await sb.createLinked('v1');
    const v2 = await sb.updateLinked(v1.txId, 'v2', { token: v1.updateToken });
    const del = await deleteOf(sb, v2.txId);
    expect(del.status).toBe(200);
    await sb.mine();
    expect(await forward(sb, v1.txId)).toHaveLength(2);
    expect((await status(sb, v2.txId)).confirmation).not.toBeNull();
    expect(await chain(sb)).toMatchObject({ neverMined: 0 });
  });

  it('but not one that spends a never-mined record (--never-mine-rate): no chain could', async () => {
    const sb = await sandbox('allow', { faults: { neverMineRate: 1 } });
    const v1 = await sb.createLinked('v1');
    await sb.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify({ neverMineRate: 0 }) });
    const v2 = await sb.updateLinked(v1.txId, 'v2', { token: v1.updateToken });
    await sb.mine(2);
    for (const id of [v1.txId, v2.txId]) expect((await status(sb, id)).confirmation).toBeNull();
    expect(await chain(sb)).toMatchObject({ mempool: 0, neverMined: 2 });
  });
});

describe('the default rule', () => {
  const dir = mkdtempSync(join(tmpdir(), 'notarium-lifecycle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('startSandbox and the embedded sandbox follow DEFAULT_LIFECYCLE', async () => {
    const updateBeforeMined = async (baseUrl: string, apiKey: string) => {
      const post = (path: string, body: string) => fetch(baseUrl + path, { method: 'POST', body, headers: { 'x-api-key': apiKey } });
      const { txId } = (await (await post('/api/v1/linkedrecords?encode=', 'v1')).json()) as { txId: string };
      return (await post(`/api/v1/linkedrecords/${txId}/update?encode=`, 'v2')).status;
    };
    const refusedByDefault = DEFAULT_LIFECYCLE === 'refuse';
    const plain = await startTestSandbox();
    sandboxes.push(plain);
    expect(await updateBeforeMined(plain.baseUrl, plain.apiKey)).toBe(refusedByDefault ? 400 : 200);

    const embedded = new EmbeddedSandbox(join(dir, 'default'), { blockInterval: 0 });
    const byDefault = await embedded.connect();
    expect(await updateBeforeMined(byDefault.baseUrl, byDefault.apiKey)).toBe(refusedByDefault ? 400 : 200);
    await embedded.stop();
  });
});
