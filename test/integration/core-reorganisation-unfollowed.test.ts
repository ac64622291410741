import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { parseReceipt, type ReceiptV1 } from '../../verifier/receipt-v1.ts';
import { verifyReceipt } from '../../verifier/verify-receipt.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { currentStatus, waitFor } from '../../main/core/usecases/follow.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { upgradeReceipt } from '../../main/core/usecases/receipt-upgrade.ts';
import { verifyFile } from '../../main/core/usecases/verify.ts';
import { closedPort } from '../support/closed-port.ts';
import { runCli } from '../support/cli.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { startStrictService, type StrictService } from '../support/strict-service.ts';

// A record settled, then its block orphaned, with no poller running (a command line run later):
// nothing follows it in the background, so what brings it to the new block is what the user runs.
// The profile's block time is a millisecond: the status pace never holds a request back here.

const root = mkdtempSync(join(tmpdir(), 'notarium-reorg-unfollowed-'));
let service: StrictService;
let notary: Notary;

interface Reorganised {
  orphaned: string[];
  blocks: { hash: string; height: number; txIds: string[] }[];
}

beforeAll(async () => {
  service = await startStrictService(join(root, 'home'), { blockInterval: 0, blockSeconds: 0.001, targetConfirmations: 1 });
  mkdirSync(join(root, 'files', 'kept'), { recursive: true });
  notary = new Notary({ dataDir: join(root, 'home'), secrets: new MemorySecretStore(), env: service.env });
});
afterAll(async () => {
  await notary?.close();
  await service?.stop();
  rmSync(root, { recursive: true, force: true });
});

const receiptAt = (path: string): ReceiptV1 => parseReceipt(readFileSync(path, 'utf8'));
// Mined again at once in the new branch (the strict sandbox's default leaves them in the mempool).
const reorganise = () => service.sandbox.json<Reorganised>('/__sandbox/reorg', { method: 'POST', body: JSON.stringify({ depth: 1, remine: 'at-once' }) });

/** The profile with the strict sandbox's block lookup (WhatsOnChain's shape), so verify's chain step asks it. */
async function withBlockLookup(): Promise<void> {
  const profile = await notary.library.profiles.require(service.profile);
  await notary.library.profiles.save({
    name: profile.name,
    baseUrl: profile.baseUrl!,
    explorerTxUrl: profile.explorerTxUrl,
    explorerHeaderUrl: profile.explorerHeaderUrl,
    explorerBlockUrl: `${service.sandbox.baseUrl}/explorer/block/hash/{blockHash}`,
    network: 'regtest',
    targetConfirmations: profile.targetConfirmations,
    expectedBlockSeconds: profile.expectedBlockSeconds,
    resubmitAfterSeconds: profile.resubmitAfterSeconds,
    idempotentWrites: profile.idempotentWrites,
  });
}

/** A file notarised and settled in the sandbox's next block, its receipt written beside it. */
async function settled(name: string): Promise<{ file: string; record: StoredRecord; block: string }> {
  const file = join(root, 'files', name);
  writeFileSync(file, `${name}: settled, then orphaned.\n`);
  const [outcome] = await notarise(notary.context, [file]);
  if (outcome?.status !== 'registered') throw new Error(`not registered: ${JSON.stringify(outcome)}`);
  await service.sandbox.mine();
  const record = await notary.ensureReceipts(await waitFor(notary.context, notary.follower, file));
  expect(record.state).toBe('settled');
  return { file, record, block: receiptAt(`${file}.receipt.json`).confirmation!.blockHash };
}

describe('receipt upgrade of a copy whose block was orphaned after it settled', () => {
  it('asks the service, though the library names a block, and moves the copy to the new block', async () => {
    const { file, record, block } = await settled('deed.txt');
    const copy = join(root, 'files', 'kept', 'deed.txt.receipt.json');
    copyFileSync(`${file}.receipt.json`, copy);
    await withBlockLookup();
    const reorganised = await reorganise();
    expect(reorganised.orphaned).toEqual([block]);
    const newBlock = reorganised.blocks[0]!.hash;

    // The command line's verify asks the service where the transaction is now, and says what to run.
    const verified = await runCli(['verify', file, '--receipt', copy], { env: service.env });
    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain(`is not on the best chain (it answered confirmations -1)`);
    expect(verified.stdout.replace(/\s+/g, ' ')).toContain(
      `The service says transaction ${record.txId} is now in block ${newBlock}, with 2 confirmations (asked at `,
    );
    expect(verified.stdout.replace(/\s+/g, ' ')).toMatch(
      /Now run (npx )?notarium receipt upgrade \S+ to bring the receipt to the block its transaction is in, then verify it again\./,
    );

    const upgraded = await upgradeReceipt(notary.context, notary.follower, copy);
    expect(upgraded).toMatchObject({ status: 'upgraded', outcome: 'verified', blockHash: newBlock, movedFrom: block });
    expect(verifyReceipt(receiptAt(copy), { fileDigest: record.sha256! }).outcome).toBe('verified');
    // The library's record and the receipt beside the file went with it.
    expect(notary.library.records.get(record.id)).toMatchObject({ state: 'settled', blockHash: newBlock });
    expect(receiptAt(`${file}.receipt.json`).confirmation!.blockHash).toBe(newBlock);
  });
});

describe('a settled record whose block was orphaned', () => {
  it('is still asked about by status while its block may change: the new block, its receipt rewritten', async () => {
    const { file, record, block } = await settled('will.txt');
    expect(record.nextCheckAt).not.toBeNull();
    const newBlock = (await reorganise()).blocks[0]!.hash;
    expect(newBlock).not.toBe(block);

    const status = await currentStatus(notary.context, notary.follower, file);
    expect(status).toMatchObject({ source: 'service', record: { state: 'settled', blockHash: newBlock } });
    const receipt = receiptAt(`${file}.receipt.json`);
    expect(receipt.confirmation!.blockHash).toBe(newBlock);
    expect(verifyReceipt(receipt, { fileDigest: record.sha256! }).outcome).toBe('verified');
  });

  it('is asked about once by a wait that finds it settled, which ends on the new block', async () => {
    const { file, block } = await settled('lease.txt');
    const newBlock = (await reorganise()).blocks[0]!.hash;
    expect(newBlock).not.toBe(block);
    expect(await waitFor(notary.context, notary.follower, file)).toMatchObject({ state: 'settled', blockHash: newBlock });
    expect(receiptAt(`${file}.receipt.json`).confirmation!.blockHash).toBe(newBlock);
  });
});

describe('a receipt the explorer could not complete', () => {
  it('is written with a warning on its record saying what is missing and what to do; the evidence is asked for again', async () => {
    const explorer = (where: string) => ({
      explorerTxUrl: `${service.sandbox.baseUrl}/${where}/tx/{txId}/hex`,
      explorerHeaderUrl: `${service.sandbox.baseUrl}/${where}/block/{blockHash}/header`,
    });
    const profile = {
      name: 'Explorer elsewhere',
      baseUrl: service.sandbox.baseUrl,
      ...explorer('nowhere'),
      network: 'regtest',
      targetConfirmations: 1,
      expectedBlockSeconds: 0.001,
      idempotentWrites: false,
    };
    await notary.library.profiles.save(profile);
    await notary.library.profiles.use(profile.name);

    const { file, record } = await settled('partial.txt');
    expect(record.lastError).toMatch(
      /^Its receipt verifies only partially: the explorer did not give the raw transaction \(it answered HTTP 404\), nor the block header \(it answered HTTP 404\)\. Check the explorer templates of profile "Explorer elsewhere"/,
    );
    expect(record.lastError).toContain('receipt upgrade');
    expect(verifyReceipt(receiptAt(`${file}.receipt.json`), { fileDigest: record.sha256! }).outcome).toBe('partially-verified');

    // The templates mended: the next status check takes the evidence, and the receipt is written again.
    await notary.library.profiles.save({ ...profile, ...explorer('explorer') });
    notary.connections.reset(); // as the app does when a profile is saved; a command line starts afresh
    const { record: now } = await currentStatus(notary.context, notary.follower, file);
    expect(now).toMatchObject({ state: 'settled', lastError: null });
    expect(verifyReceipt(receiptAt(`${file}.receipt.json`), { fileDigest: record.sha256! }).outcome).toBe('verified');
  });
});

describe('a required best-chain check that could not be made', () => {
  it('does not pass: the file reads partially verified, saying the lookup could not be asked', async () => {
    const { file } = await settled('required.txt');
    const name = await notary.library.profiles.currentName();
    const profile = await notary.library.profiles.require(name);
    await notary.library.profiles.save({
      name,
      baseUrl: profile.baseUrl!,
      explorerTxUrl: profile.explorerTxUrl,
      explorerHeaderUrl: profile.explorerHeaderUrl,
      explorerBlockUrl: `http://127.0.0.1:${await closedPort()}/block/hash/{blockHash}`,
      network: 'regtest',
    });
    notary.connections.reset();
    const asked = await verifyFile(notary.context, file, { requireChain: true });
    expect(asked.status).toBe('partially-verified');
    expect(asked.message).toMatch(
      /^Partially verified, not verified: every offline check passed, but the best-chain check that was asked for could not be made\. The block lookup at .* could not be asked/,
    );
    // Not asked for, the step is only skipped.
    expect((await verifyFile(notary.context, file)).status).toBe('verified');
  });
});
