import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explorerPreset, type ExplorerSettings } from '../../preload/explorer-presets.ts';
import { Notary } from '../../main/core/notary.ts';
import { parseReceipt, type ReceiptV1 } from '../../verifier/receipt-v1.ts';
import { parseBlockHeader } from '../../verifier/chain/block-header.ts';
import { verifyReceipt } from '../../verifier/verify-receipt.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { upgradeReceipt } from '../../main/core/usecases/receipt-upgrade.ts';
import { verifyFile } from '../../main/core/usecases/verify.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { receiptsOnChain } from '../support/receipts-on-chain.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// Proofs that change (service-notes.md: a Merkle proof may change for about an hour): a record
// confirmed in a block that a reorganisation then orphans ends with the new block's proof. Its
// evidence is taken again, its receipt rewritten, and a copy written before is brought up to date
// by `receipt upgrade`; every one verifies. The strict sandbox, in WhatsOnChain's shapes, proofs
// targeting the block hash: the header always comes from the explorer, so a stale one would show.

const root = mkdtempSync(join(tmpdir(), 'notarium-reorg-'));
const PROFILE = 'Reorganised';
let sb: TestSandbox;
let notary: Notary;

interface Reorganised {
  orphaned: string[];
  blocks: { hash: string; height: number; txIds: string[] }[];
}

beforeAll(async () => {
  sb = await startTestSandbox({ strict: true, blockInterval: 0 });
  mkdirSync(join(root, 'files'), { recursive: true });
  notary = new Notary({ dataDir: join(root, 'home'), secrets: new MemorySecretStore(), env: { NOTARIUM_API_KEY: sb.apiKey, NOTARIUM_BASE_URL: '' } });
  const explorer = explorerPreset('whatsonchain', 'regtest', `${sb.baseUrl}/explorer`) as ExplorerSettings;
  await notary.library.profiles.save({
    name: PROFILE,
    baseUrl: sb.baseUrl,
    ...explorer,
    network: 'regtest',
    // Followed past its first block (three to settle), checked as often as the profile allows.
    targetConfirmations: 3,
    expectedBlockSeconds: 0.2,
  });
  await notary.library.profiles.use(PROFILE);
  notary.startPoller();
});
afterAll(async () => {
  await notary?.close();
  await sb?.stop();
  rmSync(root, { recursive: true, force: true });
});

const receiptAt = (path: string): ReceiptV1 => parseReceipt(readFileSync(path, 'utf8'));
const recordOf = (id: number): StoredRecord => notary.library.records.get(id)!;

describe('a record whose block is orphaned by a reorganisation', () => {
  const file = join(root, 'files', 'deed.txt');
  const receiptPath = `${file}.receipt.json`;
  const oldCopy = join(root, 'files', 'kept', 'deed.txt.receipt.json');
  let record: StoredRecord;
  let firstBlock: string;
  let reorganised: Reorganised;

  it('is confirmed, and its receipt written with the first block', async () => {
    writeFileSync(file, 'A deed, before the chain changed its mind.\n');
    const [outcome] = await notarise(notary.context, [file]);
    if (outcome?.status !== 'registered') throw new Error(`not registered: ${JSON.stringify(outcome)}`);
    record = outcome.record;
    await sb.mine();
    await expect.poll(() => existsSync(receiptPath)).toBe(true);
    firstBlock = receiptAt(receiptPath).confirmation!.blockHash;
    expect(recordOf(record.id)).toMatchObject({ state: 'confirmed', blockHash: firstBlock });
    expect(verifyReceipt(receiptAt(receiptPath), { fileDigest: record.sha256! }).outcome).toBe('verified');
    mkdirSync(join(root, 'files', 'kept'));
    copyFileSync(receiptPath, oldCopy);
  });

  it('ends with the new block: evidence taken again, the receipt rewritten, and it verifies', async () => {
    // Mined again at once in the new branch (the strict sandbox's own reorganisations leave it in the mempool: below).
    reorganised = await sb.json<Reorganised>('/__sandbox/reorg', { method: 'POST', body: JSON.stringify({ depth: 1, remine: 'at-once' }) });
    expect(reorganised.orphaned).toEqual([firstBlock]);
    const newBlock = reorganised.blocks[0]!;
    expect(newBlock.txIds).toContain(record.txId);
    await expect.poll(() => receiptAt(receiptPath).confirmation!.blockHash).toBe(newBlock.hash);
    const receipt = receiptAt(receiptPath);
    expect(receipt.confirmation!.merkleProof).toMatchObject({ targetType: 'hash', target: newBlock.hash });
    expect(parseBlockHeader(receipt.blockHeader!).hash).toBe(newBlock.hash);
    expect(verifyReceipt(receipt, { fileDigest: record.sha256! }).outcome).toBe('verified');
    const now = recordOf(record.id);
    expect(now.blockHash).toBe(newBlock.hash);
    expect(parseBlockHeader(now.blockHeader!).hash).toBe(newBlock.hash);
  });

  it('a receipt written before fails verification at the best-chain step, saying where its transaction is now and what to do', async () => {
    const newBlock = reorganised.blocks[0]!;
    const verified = await verifyFile(notary.context, file, { receipt: oldCopy });
    // Not verified: the receipt as written names a block off the best chain.
    expect(verified.status).toBe('mismatch');
    expect(verified.report!.failedStep).toBe('chain');
    expect(verified.message).toContain(`block ${firstBlock}`);
    expect(verified.message).toContain(`The service says transaction ${record.txId} is now in block ${newBlock.hash}, with 2 confirmations (asked at `);
    expect(verified.message).toContain(
      `Now run notarium receipt upgrade ${oldCopy} to bring the receipt to the block its transaction is in, then verify it again.`,
    );
  });

  it("the evidence suites' check of receipts on disk finds that copy stale", async () => {
    const kept = await receiptsOnChain([join(root, 'files', 'kept')], sb.json);
    expect(kept.problems).toEqual([`${oldCopy}: names block ${firstBlock}, the sandbox holds ${record.txId} in ${reorganised.blocks[0]!.hash}`]);
  });

  it('a receipt written before is brought up to the new block by receipt upgrade, and verifies', async () => {
    const old = receiptAt(oldCopy);
    expect(old.confirmation!.blockHash).toBe(firstBlock);
    const upgraded = await upgradeReceipt(notary.context, notary.follower, oldCopy);
    expect(upgraded).toMatchObject({ status: 'upgraded', outcome: 'verified', blockHash: reorganised.blocks[0]!.hash });
    const receipt = receiptAt(oldCopy);
    expect(receipt.fingerprint).toEqual(old.fingerprint);
    expect(verifyReceipt(receipt, { fileDigest: record.sha256! }).outcome).toBe('verified');
    // Up to date now: left as it is.
    expect(await upgradeReceipt(notary.context, notary.follower, oldCopy)).toMatchObject({ status: 'complete', blockHash: reorganised.blocks[0]!.hash });
  });

  it("the orphaned block's header is still served, and its lookup says it is off the best chain", async () => {
    const header = await sb.json<{ hash: string }>(`/explorer/block/${firstBlock}/header`);
    expect(header.hash).toBe(firstBlock);
    expect(await sb.json(`/explorer/block/hash/${firstBlock}`)).toMatchObject({ hash: firstBlock, confirmations: -1 });
    expect(await sb.json(`/explorer/block/hash/${reorganised.blocks[0]!.hash}`)).toMatchObject({ confirmations: 2 });
    expect((await sb.call(`/explorer/block/hash/${'00'.repeat(32)}`)).status).toBe(404);
  });
});

describe('a record whose block is orphaned while its transaction waits in the mempool', () => {
  const file = join(root, 'files', 'will.txt');
  const receiptPath = `${file}.receipt.json`;
  let record: StoredRecord;
  let firstBlock: string;
  let written: string;

  it('goes back to published, in no block, its header dropped, and its receipt left as it was', async () => {
    writeFileSync(file, 'A will, whose block the chain took back for a while.\n');
    const [outcome] = await notarise(notary.context, [file]);
    if (outcome?.status !== 'registered') throw new Error(`not registered: ${JSON.stringify(outcome)}`);
    record = outcome.record;
    await sb.mine();
    await expect.poll(() => existsSync(receiptPath)).toBe(true);
    written = readFileSync(receiptPath, 'utf8');
    firstBlock = parseReceipt(written).confirmation!.blockHash;

    // The strict sandbox's reading, asked for by name: the new branch holds none of the orphaned transactions.
    const reorganised = await sb.json<Reorganised>('/__sandbox/reorg', { method: 'POST', body: JSON.stringify({ depth: 1, remine: 'mempool' }) });
    expect(reorganised.orphaned).toEqual([firstBlock]);
    expect(reorganised.blocks.flatMap((b) => b.txIds)).not.toContain(record.txId);
    await expect.poll(() => recordOf(record.id).state).toBe('published');
    expect(recordOf(record.id)).toMatchObject({ blockHash: null, blockHeader: null, confirmations: 0 });
    // Said, until its next block: not only "waiting for a block" as if it had never been in one.
    expect(recordOf(record.id).lastError).toBe(
      `Its block ${firstBlock} left the best chain (a reorganisation): the service holds the registration again and waits to mine it. Its receipt is rewritten once it is in a block again.`,
    );
    // Nothing is written with a block the transaction is not in.
    expect(readFileSync(receiptPath, 'utf8')).toBe(written);
  });

  it('its receipt fails at the best-chain step, saying the transaction is in no block now and what to do', async () => {
    const verified = await verifyFile(notary.context, file);
    expect(verified.status).toBe('mismatch');
    expect(verified.report!.failedStep).toBe('chain');
    expect(verified.message).toContain(`The service says transaction ${record.txId} is in no block now (asked at `);
    expect(verified.message).toContain(
      `Once it is in a block, run notarium receipt upgrade ${receiptPath} to bring the receipt to the block its transaction is in`,
    );
  });

  it('settles again once mined: evidence taken again, the receipt rewritten with the new block, and it verifies', async () => {
    const [mined] = (await sb.json<{ blocks: { hash: string; txIds: string[] }[] }>('/__sandbox/mine', { method: 'POST', body: JSON.stringify({ blocks: 3 }) }))
      .blocks;
    expect(mined!.txIds).toContain(record.txId);
    await expect.poll(() => recordOf(record.id).state).toBe('settled');
    expect(recordOf(record.id).lastError).toBeNull();
    await expect.poll(() => receiptAt(receiptPath).confirmation!.blockHash).toBe(mined!.hash);
    const receipt = receiptAt(receiptPath);
    expect(parseBlockHeader(receipt.blockHeader!).hash).toBe(mined!.hash);
    expect(verifyReceipt(receipt, { fileDigest: record.sha256! }).outcome).toBe('verified');
    expect(parseBlockHeader(recordOf(record.id).blockHeader!).hash).toBe(mined!.hash);
    expect((await verifyFile(notary.context, file)).status).toBe('verified');
  });
});

describe('--reorg-rate', () => {
  it('orphans scheduled blocks now and then, their transactions mined again in the new branch', async () => {
    let clock = Date.parse('2026-11-20T10:00:00Z');
    const rated = await startTestSandbox({ blockInterval: 10, reorgRate: 1, clock: () => clock });
    try {
      const { txId } = await rated.write('reorganised', '');
      clock += 10_000;
      const chain = await rated.json<{ tipHeight: number; tipHash: string }>('/__sandbox/chain');
      // The block due was mined, then replaced by a branch one block longer holding the same transaction.
      expect(chain.tipHeight).toBe(2);
      const status = await rated.json<{ confirmation: { blockHash: string; confirmedBlocks: number } }>(`/api/v1/records/${txId}/status`);
      expect(status.confirmation.confirmedBlocks).toBe(2);
      expect(await rated.json(`/explorer/block/${status.confirmation.blockHash}`)).toMatchObject({ height: 1, confirmations: 2 });
    } finally {
      await rated.stop();
    }
  });
});
