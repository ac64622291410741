import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explorerPreset, type ExplorerSettings } from '../../preload/explorer-presets.ts';
import { Notary } from '../../main/core/notary.ts';
import { parseReceipt, type ReceiptV1 } from '../../verifier/receipt-v1.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { importReceipt } from '../../main/core/usecases/receipts.ts';
import { forgeFromNothing } from '../support/forged-from-nothing.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// An import asks the best-chain question as verify does: the block lookup of the profile that
// reaches the receipt's service says whether the receipt's block is on its best chain. A receipt
// whose block a reorganisation left behind is not kept as evidence, whatever its network label;
// the same registration's receipt for its new block is. The strict sandbox, with a lookup.

const root = mkdtempSync(join(tmpdir(), 'notarium-import-best-chain-'));
const PROFILE = 'Reorganised';
let sb: TestSandbox;
let maker: Notary;
let importer: Notary;

const receiptAt = (path: string): ReceiptV1 => parseReceipt(readFileSync(path, 'utf8'));

async function profileOn(notary: Notary, name: string, network: string): Promise<void> {
  const explorer = explorerPreset('whatsonchain', 'regtest', `${sb.baseUrl}/explorer`) as ExplorerSettings;
  await notary.library.profiles.save({ name, baseUrl: sb.baseUrl, ...explorer, network, targetConfirmations: 3, expectedBlockSeconds: 0.2 });
  await notary.library.profiles.use(name);
}

beforeAll(async () => {
  sb = await startTestSandbox({ strict: true, blockInterval: 0 });
  mkdirSync(join(root, 'files', 'kept'), { recursive: true });
  const env = { NOTARIUM_API_KEY: sb.apiKey, NOTARIUM_BASE_URL: '' };
  maker = new Notary({ dataDir: join(root, 'maker'), secrets: new MemorySecretStore(), env });
  importer = new Notary({ dataDir: join(root, 'importer'), secrets: new MemorySecretStore(), env });
  await profileOn(maker, PROFILE, 'regtest');
  await profileOn(importer, PROFILE, 'regtest');
  maker.startPoller();
});
afterAll(async () => {
  await maker?.close();
  await importer?.close();
  await sb?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('an import whose block left the best chain', () => {
  const file = join(root, 'files', 'deed.txt');
  const receiptPath = `${file}.receipt.json`;
  const oldCopy = join(root, 'files', 'kept', 'deed.txt.receipt.json');
  let orphaned: string;

  it('is made by another library, whose block a reorganisation then leaves behind', async () => {
    writeFileSync(file, 'A deed, imported after the chain changed its mind.\n');
    const [outcome] = await notarise(maker.context, [file]);
    if (outcome?.status !== 'registered') throw new Error(`not registered: ${JSON.stringify(outcome)}`);
    await sb.mine();
    await expect.poll(() => existsSync(receiptPath)).toBe(true);
    orphaned = receiptAt(receiptPath).confirmation!.blockHash;
    copyFileSync(receiptPath, oldCopy);
    const reorganised = await sb.json<{ orphaned: string[]; blocks: { hash: string }[] }>('/__sandbox/reorg', {
      method: 'POST',
      // Mined again at once into the new branch (the strict default leaves it in the mempool for a while).
      body: JSON.stringify({ depth: 1, remine: 'at-once' }),
    });
    expect(reorganised.orphaned).toEqual([orphaned]);
    // The maker's own receipt follows its registration to the new block.
    await expect.poll(() => receiptAt(receiptPath).confirmation!.blockHash).toBe(reorganised.blocks[0]!.hash);
  });

  it('a genuine receipt of the orphaned block is refused at the chain step, and nothing is kept', async () => {
    // Every offline step passes, and the service still knows the txId (in its new block): only the lookup tells.
    await expect(importReceipt(importer.context, oldCopy)).rejects.toMatchObject({
      code: 'RECEIPT_INVALID',
      message: expect.stringMatching(
        new RegExp(
          `does not verify: .*${orphaned}.* is not on the best chain.* "notarium receipt upgrade .*deed\\.txt\\.receipt\\.json" completes it for that block`,
          's',
        ),
      ),
    });
    expect(importer.library.records.byTxId(receiptAt(oldCopy).registration.txId)).toBeUndefined();
  });

  it('the receipt of the same registration for its new block is imported, as verified evidence', async () => {
    const imported = await importReceipt(importer.context, receiptPath);
    expect(imported).toMatchObject({ imported: true, proof: { outcome: 'verified' } });
    expect(imported.record.blockHash).toBe(receiptAt(receiptPath).confirmation!.blockHash);
  });

  it('a receipt labelled mainnet that names the orphaned block is refused too: the lookup is asked whatever the label', async () => {
    await profileOn(importer, 'Mainnet service', 'mainnet');
    const forged = forgeFromNothing(join(root, 'files'), 'claim.txt', 'a claim on mainnet\n', { network: 'mainnet', evidence: 'none', serviceUrl: sb.baseUrl });
    const receipt = JSON.parse(readFileSync(forged, 'utf8'));
    receipt.confirmation.blockHash = orphaned;
    writeFileSync(forged, JSON.stringify(receipt, null, 2));
    await expect(importReceipt(importer.context, forged, { profile: 'Mainnet service' })).rejects.toMatchObject({
      code: 'RECEIPT_INVALID',
      message: expect.stringContaining(`${orphaned}`),
    });
    expect(importer.library.records.byTxId(receipt.registration.txId)).toBeUndefined();
  });
});
