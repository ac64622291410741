import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseHeader } from '../support/bitcoin.ts';
import { startTestSandbox } from '../support/sandbox-client.ts';

// With a data directory, chain, mempool and records survive a restart.

const dataDir = mkdtempSync(join(tmpdir(), 'notarium-sandbox-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('restart with a data directory', () => {
  it('keeps the key, the chain, the mempool and linked records', async () => {
    const first = await startTestSandbox({ dataDir });
    const mined = await first.write('mined before restart', 'SHA256(p)');
    const v1 = await first.createLinked('v1');
    await first.mine();
    const v2 = await first.updateLinked(v1.txId, 'v2', { token: v1.updateToken });
    await first.mine();
    const pending = await first.write('still in the mempool');
    const before = await first.json<{ tipHeight: number; tipHash: string }>('/__sandbox/chain');
    const status = await first.json(`/api/v1/records/${mined.txId}/status`);
    await first.stop();

    const second = await startTestSandbox({ dataDir });
    try {
      expect(second.apiKey).toBe(first.apiKey);
      expect(second.envId).toBe(first.envId);
      expect(await second.json('/__sandbox/chain')).toEqual({
        tipHeight: before.tipHeight,
        tipHash: before.tipHash,
        mempool: 1,
        neverMined: 0,
        records: 4,
        orphaned: 0,
      });
      expect(await second.json(`/api/v1/records/${mined.txId}/status`)).toEqual(status);
      expect(await second.json(`/api/v1/linkedrecords/${v1.txId}/navigate?links=5`)).toEqual({ txIds: [v2.txId], endOfLinks: true });
      const v3 = await second.updateLinked(v2.txId, 'v3', { token: v2.updateToken });
      const { blocks } = await second.json<{ blocks: { hash: string; txIds: string[] }[] }>('/__sandbox/mine', { method: 'POST', body: '{}' });
      expect(blocks[0]!.txIds).toEqual(expect.arrayContaining([pending.txId, v3.txId]));
      const header = parseHeader(await (await fetch(`${second.baseUrl}/explorer/block/${blocks[0]!.hash}/header`)).text());
      expect(header.prevHash).toBe(before.tipHash);
      const after = await second.json<{ confirmation: { confirmedBlocks: number } }>(`/api/v1/records/${mined.txId}/status`);
      expect(after.confirmation.confirmedBlocks).toBe(3);
    } finally {
      await second.stop();
    }
  });

  it('brings a data directory made before never-mined transactions up to date', async () => {
    const older = join(dataDir, 'older');
    const first = await startTestSandbox({ dataDir: older });
    const kept = await first.write('kept');
    await first.stop();
    const db = new Database(join(older, 'sandbox.sqlite'));
    // The tables as an earlier sandbox made them.
    db.exec('ALTER TABLE txs DROP COLUMN never_mined');
    db.exec('ALTER TABLE blocks DROP COLUMN mined_at');
    db.close();
    const second = await startTestSandbox({ dataDir: older, faults: { neverMineRate: 1 } });
    try {
      const held = await second.write('held');
      await second.mine();
      expect(await second.json(`/api/v1/records/${held.txId}/status`)).toEqual({ confirmation: null });
      expect((await second.json<{ confirmation: unknown }>(`/api/v1/records/${kept.txId}/status`)).confirmation).not.toBeNull();
      expect(await second.json('/__sandbox/chain')).toMatchObject({ mempool: 0, neverMined: 1, records: 2 });
    } finally {
      await second.stop();
    }
  });

  it('finds the blocks due while it was stopped: a registration in the first block after it, the rest with their due times', async () => {
    const gap = join(dataDir, 'gap');
    let now = Date.parse('2026-01-05T09:00:00Z');
    const clock = () => now;
    const first = await startTestSandbox({ dataDir: gap, blockInterval: 10, clock });
    now += 4_000;
    const { txId } = await first.write('sent before closing');
    expect(await first.json(`/api/v1/records/${txId}/status`)).toEqual({ confirmation: null });
    await first.stop();

    now += 3600_000; // an hour later, another process serves the same data directory
    const second = await startTestSandbox({ dataDir: gap, blockInterval: 10, clock });
    try {
      const { confirmation } = await second.json<{ confirmation: { confirmedBlocks: number; blockTimestamp: string } }>(`/api/v1/records/${txId}/status`);
      expect(confirmation.blockTimestamp).toBe('2026-01-05T09:00:10Z');
      expect(confirmation.confirmedBlocks).toBe(360); // one block every 10 s from 09:00:10 to 10:00:04
      expect(await second.json('/__sandbox/chain')).toMatchObject({ tipHeight: 360, mempool: 0 });
    } finally {
      await second.stop();
    }
  });

  it('an explicit API key wins over the stored one', async () => {
    const sb = await startTestSandbox({ dataDir, apiKey: 'explicit-key' });
    try {
      expect(sb.apiKey).toBe('explicit-key');
      expect((await sb.call('/__sandbox/chain')).status).toBe(200);
    } finally {
      await sb.stop();
    }
  });
});
