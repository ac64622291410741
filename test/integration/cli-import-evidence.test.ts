import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli } from '../support/cli.ts';
import { forgeFromNothing } from '../support/forged-from-nothing.ts';

/**
 * An import is evidence, never a registration of its own: a receipt forged from nothing (an
 * invented txId, no transaction, no header, 100 confirmations claimed) for a file the forger
 * knows is kept as imported evidence, and `notarise --wait` of that file registers it, exiting 0
 * only once the file's own registration is in a block.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-import-evidence-'));
const work = join(root, 'work');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: work });
const json = jsonCli(cli);

beforeAll(() => {
  mkdirSync(env.NOTARIUM_HOME, { recursive: true });
  mkdirSync(work, { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a partially verified import of a file never registered', () => {
  it('is shown as imported evidence; notarise --wait registers the file and exits 0 once its own registration is in a block', async () => {
    const forged = forgeFromNothing(work, 'contract.pdf', 'the file a forger knows\n', { network: 'sandbox', evidence: 'none', confirmedBlocks: 100 });
    const forgedTxId = JSON.parse(readFileSync(forged, 'utf8')).registration.txId as string;
    const imported = await json('receipt', 'import', forged);
    expect(imported.code).toBe(0);
    expect(imported.value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });

    // Status: the forger's 100 confirmations are the receipt's claim, not the library's; exit 3.
    const status = await json('status', 'contract.pdf', '--offline');
    expect(status.code).toBe(3);
    expect(status.value).toMatchObject({ txId: forgedTxId, state: 'imported', confirmations: null, receiptClaims: { state: 'settled', confirmations: 100 } });
    // Its import is no publication nor confirmation seen here: neither time reads as one.
    expect(status.value).toMatchObject({ publishedAt: null, confirmedAt: null });
    expect((await cli('status', 'contract.pdf', '--offline')).stdout).toMatch(
      /^"contract\.pdf": imported evidence, not verified: its partially verified receipt claims "settled \(100 confirmations\)"$/m,
    );

    const words = await cli('notarise', 'contract.pdf', '--wait');
    expect(words.code).toBe(0);
    expect(words.stdout).toMatch(/^registered +contract\.pdf/m);
    expect(words.stdout).toContain(
      `contract.pdf: an imported receipt of this content exists (txId ${forgedTxId}, partially verified on sandbox); it never stood for a registration, so the file was registered now. Its receipt was moved to ${join(work, `contract.pdf.${forgedTxId.slice(0, 12)}.receipt.json`)}, and the file's own takes its place.`,
    );
    const now = await json('status', 'contract.pdf', '--offline');
    expect(now.code).toBe(0);
    expect(now.value).toMatchObject({ state: expect.stringMatching(/^(confirmed|settled)$/), proofOutcome: null });
    expect(now.value.txId).not.toBe(forgedTxId);
    // The file's own receipt takes the plain name; the imported one moves beside it under its label.
    const own = JSON.parse(readFileSync(join(work, 'contract.pdf.receipt.json'), 'utf8'));
    expect(own.registration.txId).toBe(now.value.txId);
    const moved = join(work, `contract.pdf.${forgedTxId.slice(0, 12)}.receipt.json`);
    expect(existsSync(moved)).toBe(true);
    expect(JSON.parse(readFileSync(moved, 'utf8')).registration.txId).toBe(forgedTxId);
    const verified = await json('verify', 'contract.pdf', '--offline');
    expect(verified.code).toBe(0);
    expect(verified.value[0]).toMatchObject({ status: 'verified', txId: now.value.txId });
    // Notarising again: the file's own registration stands now, so nothing more is sent.
    const again = await json('notarise', 'contract.pdf');
    expect(again.value[0]).toMatchObject({ status: 'already-registered', importedEvidence: null, record: { txId: now.value.txId } });
  });

  it('a test-chain receipt with a mined header that no service of the library confirmed is evidence too, on the test chains mined at their limit', async () => {
    // Bits 0x207fffff: the header is valid at nonce 1, so its proof of work proves nothing.
    const forged = forgeFromNothing(work, 'deed.pdf', 'a deed the forger knows\n', {
      network: 'sandbox',
      evidence: 'mined',
      serviceUrl: 'https://forger.example',
      confirmedBlocks: 100,
    });
    const forgedTxId = JSON.parse(readFileSync(forged, 'utf8')).registration.txId as string;
    const imported = await json('receipt', 'import', forged);
    expect(imported.code).toBe(0);
    expect(imported.value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });
    expect((await cli('receipt', 'import', forged)).stdout).not.toMatch(/does not know this registration/);
    const status = await json('status', 'deed.pdf', '--offline');
    expect(status.code).toBe(3);
    expect(status.value).toMatchObject({ txId: forgedTxId, state: 'imported', confirmations: null });
    const words = await cli('notarise', 'deed.pdf', '--wait');
    expect(words.code).toBe(0);
    expect(words.stdout).toMatch(/^registered +deed\.pdf/m);
    // Regtest's limit admits the same header (testnet's and stn's refuse it: it is easier than theirs).
    const onRegtest = forgeFromNothing(work, 'deed-regtest.pdf', 'a deed on regtest\n', {
      network: 'regtest',
      evidence: 'mined',
      serviceUrl: 'https://forger.example',
    });
    expect((await json('receipt', 'import', onRegtest)).value[0]).toMatchObject({ imported: true, outcome: 'partially-verified' });
  });

  it('in a batch too: each file with a forged import is registered with the others, and says so', async () => {
    const a = forgeFromNothing(work, 'a.pdf', 'batch file a\n', { network: 'sandbox', evidence: 'none', confirmedBlocks: 100 });
    forgeFromNothing(work, 'b.pdf', 'batch file b\n', { network: 'sandbox', evidence: 'none' });
    expect((await cli('receipt', 'import', a)).code).toBe(0);
    const done = await json('notarise', 'a.pdf', 'b.pdf', '--wait');
    expect(done.code).toBe(0);
    expect(done.value.map((o: { status: string }) => o.status)).toEqual(['registered', 'registered']);
    // Where the imported receipt is now: moved to its labelled name, the file's own taking the plain one.
    const aTxId = JSON.parse(readFileSync(join(work, `a.pdf.${done.value[0].importedEvidence.txId.slice(0, 12)}.receipt.json`), 'utf8')).registration.txId;
    expect(done.value[0].importedEvidence).toMatchObject({
      proofOutcome: 'partially-verified',
      txId: aTxId,
      receiptPath: join(work, `a.pdf.${aTxId.slice(0, 12)}.receipt.json`),
    });
    expect(JSON.parse(readFileSync(join(work, 'a.pdf.receipt.json'), 'utf8')).registration.txId).toBe(done.value[0].record.txId);
    expect(done.value[1].importedEvidence).toBeNull();
    expect(done.value[0].record.batch).toMatchObject({ files: 2 });
  });
});

describe('a folder planted at the imported receipt’s labelled name', () => {
  it('is stepped around: the imported receipt moves to the next free name, and the file’s own receipt is written', async () => {
    const forged = forgeFromNothing(work, 'will.pdf', 'a will the forger knows\n', { network: 'sandbox', evidence: 'none', confirmedBlocks: 100 });
    const forgedText = readFileSync(forged, 'utf8');
    const forgedTxId = JSON.parse(forgedText).registration.txId as string;
    expect((await cli('receipt', 'import', forged)).code).toBe(0);
    const planted = join(work, `will.pdf.${forgedTxId.slice(0, 12)}.receipt.json`);
    mkdirSync(planted);
    const done = await json('notarise', 'will.pdf', '--wait');
    expect(done.code, done.stderr).toBe(0);
    const own = JSON.parse(readFileSync(join(work, 'will.pdf.receipt.json'), 'utf8'));
    expect(own.registration.txId).toBe(done.value[0].record.txId);
    const moved = join(work, `will.pdf.${forgedTxId.slice(0, 12)}-2.receipt.json`);
    expect(readFileSync(moved, 'utf8')).toBe(forgedText);
    expect(done.value[0].importedEvidence).toMatchObject({ txId: forgedTxId, receiptPath: moved });
    expect(existsSync(join(planted, '.'))).toBe(true);
    const status = await json('status', forgedTxId, '--offline');
    expect(status.value).toMatchObject({ receiptPath: moved, state: 'imported' });
  });
});

describe('a pending receipt forged for the library’s own service', () => {
  it('reads as imported evidence that is pending, never as the library’s registration on its way', async () => {
    writeFileSync(join(work, 'own.txt'), 'a file of the library’s own\n');
    const own = await cli('notarise', 'own.txt', '--wait');
    expect(own.code, own.stderr).toBe(0);
    const serviceUrl = JSON.parse(readFileSync(join(work, 'own.txt.receipt.json'), 'utf8')).registration.serviceUrl as string;
    const forged = forgeFromNothing(work, 'lease.pdf', 'a lease the forger knows\n', { network: 'sandbox', evidence: 'pending', serviceUrl });
    const forgedTxId = JSON.parse(readFileSync(forged, 'utf8')).registration.txId as string;
    const imported = await json('receipt', 'import', forged);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.value[0]).toMatchObject({ imported: true, outcome: 'pending' });

    for (const how of [['--offline'], []]) {
      const words = await cli('status', forgedTxId, ...how);
      expect(words.code).toBe(3);
      expect(words.stdout).toMatch(
        /^"lease\.pdf": imported evidence, pending: its receipt was not in a block when issued, and no block is tied to it yet \(not registered by this library\)$/m,
      );
      expect(words.stdout).not.toMatch(/accepted, waiting for a block|In a block within/);
      const status = await json('status', forgedTxId, ...how);
      expect(status.value).toMatchObject({
        txId: forgedTxId,
        state: 'imported',
        proofOutcome: 'pending',
        receiptClaims: { state: 'published', confirmations: 0 },
      });
    }
  });
});
