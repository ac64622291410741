import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli } from '../support/cli.ts';
import { forgeFromNothing } from '../support/forged-from-nothing.ts';
import { branch } from '../support/receipt-fixture.ts';
import { aggregationRootOf } from '../../main/core/protocol/aggregation.ts';
import { fingerprintFor } from '../../main/core/protocol/fingerprint.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

/**
 * An import never loses to a weaker claim: a partially verified forgery naming a genuine
 * registration's txId (and other content), imported first, gives way to the genuine receipt, which
 * the library then verifies the file by; the words say what happened to the library.
 */

const dir = mkdtempSync(join(tmpdir(), 'notarium-import-weaker-'));
const made = join(dir, 'made');
const loose = join(dir, 'loose');
let sb: TestSandbox;
let maker: NodeJS.ProcessEnv;
let receiver: NodeJS.ProcessEnv;
const make = jsonCli((...args: string[]) => runCli(args, { env: maker, cwd: made }));
const receive = (...args: string[]) => runCli(args, { env: receiver, cwd: loose });
const receiveJson = jsonCli(receive);

beforeAll(async () => {
  sb = await startTestSandbox({ blockInterval: 0.2 });
  const common = { NOTARIUM_BASE_URL: sb.baseUrl, NOTARIUM_API_KEY: sb.apiKey, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2' };
  maker = { ...common, NOTARIUM_HOME: join(dir, 'maker-home') };
  receiver = { ...common, NOTARIUM_HOME: join(dir, 'receiver-home') };
  for (const dir of [made, loose]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(made, 'genuine.txt'), 'the genuine file\n');
  const run = await make('notarise', 'genuine.txt', '--wait');
  expect(run.code, run.stderr).toBe(0);
  for (const name of ['a.txt', 'b.txt']) writeFileSync(join(made, name), `the batch file ${name}\n`);
  const batch = await make('notarise', 'a.txt', 'b.txt', '--wait');
  expect(batch.code, batch.stderr).toBe(0);
  copyFileSync(join(made, 'a.txt'), join(loose, 'a.txt'));
  copyFileSync(join(made, 'genuine.txt'), join(loose, 'genuine.txt'));
});
afterAll(async () => {
  await sb.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a forged partial import under a genuine txId', () => {
  it('gives way to the genuine receipt, which the library then verifies the file by', async () => {
    const genuine = join(made, 'genuine.txt.receipt.json');
    const txId = JSON.parse(readFileSync(genuine, 'utf8')).registration.txId as string;
    const forgedPath = forgeFromNothing(join(dir, 'made'), 'other.txt', 'other content\n', {
      network: 'sandbox',
      evidence: 'none',
      serviceUrl: 'https://forger.example',
      confirmedBlocks: 100,
    });
    const forged = JSON.parse(readFileSync(forgedPath, 'utf8'));
    forged.registration.txId = txId;
    // A branch of the forger's making to a root of its own: no header says which block it is.
    const { nodes, root: merkleRoot } = branch(['aa', 'bb', 'cc'].map((b) => b.repeat(32)).concat(txId), 3);
    forged.confirmation.merkleProof = { index: 3, txOrId: txId, target: merkleRoot, nodes, targetType: 'merkleRoot' };
    writeFileSync(forgedPath, JSON.stringify(forged, null, 2));

    const first = await receiveJson('receipt', 'import', forgedPath);
    expect(first.code, first.stderr).toBe(0);
    expect(first.value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });

    const words = await receive('receipt', 'import', genuine);
    expect(words.code, words.stderr).toBe(0);
    expect(words.stdout).toMatch(/^imported +/m);
    expect(words.stdout).toContain(`It replaces what the library held under txId ${txId} (imported evidence, partially verified), which proved less.`);

    const verified = await receiveJson('verify', 'genuine.txt', '--offline');
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.value[0]).toMatchObject({ status: 'verified', txId });
    // A verified import is still no publication nor confirmation seen here.
    const status = await receiveJson('status', 'genuine.txt', '--offline');
    expect(status.value).toMatchObject({ txId, proofOutcome: 'verified', publishedAt: null, confirmedAt: null });

    // The forgery again: the library keeps the better-proven receipt and says so.
    const again = await receive('receipt', 'import', forgedPath);
    expect(again.stdout).toMatch(/^already in the library +/m);
    expect(again.stdout).toContain(`The library holds txId ${txId} as imported evidence, verified; it is kept, and this receipt is not imported.`);
  });
});

describe('a forged partial batch receipt under a genuine batch txId, with another root', () => {
  it('gives way to the genuine member receipt, which is imported as its batch member and verifies', async () => {
    const genuine = join(made, 'a.txt.receipt.json');
    const real = JSON.parse(readFileSync(genuine, 'utf8'));
    const txId = real.registration.txId as string;
    // Another nonce: another leaf, so another root, fingerprinted as the genuine one is.
    const nonce = 'ab'.repeat(16);
    const root = aggregationRootOf(Buffer.from(real.file.sha256, 'hex'), nonce, real.aggregation.path);
    const fp = fingerprintFor(Buffer.from(root, 'hex'), real.fingerprint.salt);
    const { nodes, root: merkleRoot } = branch(['aa', 'bb', 'cc'].map((b) => b.repeat(32)).concat(txId), 3);
    const forged = {
      ...real,
      fingerprint: { ...real.fingerprint, record: fp.record, published: fp.published, encode: fp.encode },
      aggregation: { ...real.aggregation, nonce, root },
      registration: { ...real.registration, serviceUrl: 'https://forger.example' },
      confirmation: { ...real.confirmation, merkleProof: { index: 3, txOrId: txId, target: merkleRoot, nodes, targetType: 'merkleRoot' } },
    };
    delete forged.transaction;
    delete forged.blockHeader;
    const forgedPath = join(dir, 'forged-a.txt.receipt.json');
    writeFileSync(forgedPath, JSON.stringify(forged, null, 2));
    const first = await receiveJson('receipt', 'import', forgedPath);
    expect(first.code, JSON.stringify(first.value)).toBe(0);
    expect(first.value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });

    const words = await receive('receipt', 'import', genuine);
    expect(words.code, words.stderr).toBe(0);
    expect(words.stdout).toContain(`It replaces what the library held under txId ${txId} (imported evidence, partially verified), which proved less.`);
    const verified = await receiveJson('verify', 'a.txt', '--offline');
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.value[0]).toMatchObject({ status: 'verified', txId });
  });
});
