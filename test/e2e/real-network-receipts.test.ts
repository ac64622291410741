import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRef, NotariumEvents } from '../../preload/contract.ts';
import { certificateHtml } from '../../main/core/app/certificate.ts';
import { Notary } from '../../main/core/notary.ts';
import { parseReceipt } from '../../verifier/receipt-v1.ts';
import { VERIFIER_PAGE_DIR, verifierPage } from '../../main/core/receipts/verifier-page.ts';
import { headlessAppService } from '../support/app-service.ts';
import { jsonCli, runCli } from '../support/cli.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';
import { dropFiles, launchOfflineBrowser, openOffline, shownReport } from '../support/verifier-page.ts';

// Receipts from a service as the real network has it: a strict sandbox whose proofs target the
// block hash, the Merkle root or the header, and whose explorer answers in WhatsOnChain's shapes
// (headers only as JSON). A profile made with `--explorer whatsonchain` writes receipts that every
// verifier (the CLI, the app, verify.html, the certificate) reads as VERIFIED, not partially.

const PROFILE = 'Real network';
let browser: Browser;

beforeAll(async () => {
  browser = await launchOfflineBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['hash', 'merkleRoot', 'header'] as const)('a WhatsOnChain profile on the strict sandbox, proof target %s', (proofTarget) => {
  const root = mkdtempSync(join(tmpdir(), `notarium-real-network-${proofTarget}-`));
  const work = join(root, 'work');
  const home = join(root, 'home');
  const file = join(work, 'deed.txt');
  const receiptPath = `${file}.receipt.json`;
  let sb: TestSandbox;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) => runCli(args, { env, cwd: work });

  beforeAll(async () => {
    sb = await startTestSandbox({ strict: true, proofTarget, blockInterval: 0.2 });
    env = { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: sb.apiKey };
    mkdirSync(work, { recursive: true });
    // As on the real network: WhatsOnChain's templates, here at the sandbox's explorer in its shape.
    const added = await cli(
      'profile',
      'add',
      PROFILE,
      '--base-url',
      sb.baseUrl,
      '--network',
      'regtest',
      '--explorer',
      'whatsonchain',
      '--explorer-api',
      `${sb.baseUrl}/explorer`,
      '--confirmations',
      '1',
      '--block-seconds',
      '0.5',
    );
    expect(added.code, added.stderr).toBe(0);
    expect((await cli('profile', 'use', PROFILE)).code).toBe(0);
    writeFileSync(file, `A deed proved with a ${proofTarget} target.\n`);
    const notarised = await cli('notarise', 'deed.txt', '--wait');
    expect(notarised.code, notarised.stderr).toBe(0);
  });
  afterAll(async () => {
    await sb?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('fills the four templates, and the sandbox serves headers only as JSON', async () => {
    const listed = await jsonCli(cli)('profile', 'list');
    expect(listed.value.find((p: { name: string }) => p.name === PROFILE)).toMatchObject({
      explorerTxUrl: `${sb.baseUrl}/explorer/tx/{txId}/hex`,
      explorerHeaderUrl: `${sb.baseUrl}/explorer/block/{blockHash}/header`,
      explorerBlockUrl: `${sb.baseUrl}/explorer/block/hash/{blockHash}`,
    });
    const receipt = parseReceipt(readFileSync(receiptPath, 'utf8'));
    const header = await fetch(`${sb.baseUrl}/explorer/block/${receipt.confirmation!.blockHash}/header`);
    expect(header.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await header.json()).toMatchObject({ hash: receipt.confirmation!.blockHash, merkleroot: expect.any(String) });
  });

  it('writes a receipt with the raw transaction and the 80-byte header, which the CLI reads as VERIFIED offline', async () => {
    const receipt = parseReceipt(readFileSync(receiptPath, 'utf8'));
    expect(receipt.confirmation!.merkleProof.targetType).toBe(proofTarget);
    expect(receipt.transaction).toMatch(/^[0-9a-f]+$/);
    const header = proofTarget === 'header' ? receipt.confirmation!.merkleProof.target : receipt.blockHeader;
    expect(header).toMatch(/^[0-9a-f]{160}$/);
    expect(receipt.blockHeader === undefined).toBe(proofTarget === 'header');
    const verified = await cli('receipt', 'verify', receiptPath, file);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^VERIFIED \(TEST CHAIN\)/m);
    expect(verified.stdout).not.toMatch(/PARTIALLY/);
  });

  it('the app verifies it offline: verified, no step left unchecked', async () => {
    const notary = new Notary({ dataDir: home, secrets: new MemorySecretStore(), env });
    const service = headlessAppService(notary, { resolveFile: (ref) => (ref.kind === 'path' ? ref.path : '') });
    try {
      const jobId = randomUUID();
      const results: NotariumEvents['verify-result'][] = [];
      const done = new Promise<NotariumEvents['verify-done']>((resolveDone) =>
        service.subscribe((event, payload) => {
          if (event === 'verify-result') results.push(payload as NotariumEvents['verify-result']);
          if (event === 'verify-done' && (payload as NotariumEvents['verify-done']).jobId === jobId) resolveDone(payload as NotariumEvents['verify-done']);
        }),
      );
      const ref: FileRef = { kind: 'path', path: file };
      await service.api.verify(jobId, [ref], { offline: true });
      expect((await done).counts).toMatchObject({ verified: 1, 'partially-verified': 0 });
      expect(results[0]!.result).toMatchObject({ status: 'verified', outcome: 'verified', unproven: [] });
    } finally {
      await service.close();
      await notary.close();
    }
  });

  it('verify.html verifies it in Chromium with the network off', async () => {
    const page = resolve(import.meta.dirname, '../..', VERIFIER_PAGE_DIR, 'verify.html');
    const offline = await openOffline(browser, page);
    try {
      await offline.page.getByLabel('File to verify').setInputFiles(file);
      await offline.page.getByLabel('Receipt to verify with').setInputFiles(receiptPath);
      const shown = await shownReport(offline.page);
      expect(shown).toMatchObject({ status: 'verified', badge: 'Verified · test chain', unproven: [] });
      expect(shown.steps.filter((s) => s.status === 'skipped').map((s) => s.id)).toEqual(['chain', 'service']);
      expect(offline.requests).toEqual([]);
    } finally {
      await offline.page.context().close();
    }
  });

  it("the certificate's own check verifies its file", async () => {
    const receipt = parseReceipt(readFileSync(receiptPath, 'utf8'));
    const notary = new Notary({ dataDir: home, secrets: new MemorySecretStore(), env });
    let html: string;
    try {
      const record = notary.library.records.byTxId(receipt.registration.txId, PROFILE)!;
      html = await certificateHtml(record, receipt, await notary.library.profiles.get(PROFILE), { verifier: verifierPage() });
    } finally {
      await notary.close();
    }
    const certificate = join(work, 'deed.txt.certificate.html');
    writeFileSync(certificate, html);
    const offline = await openOffline(browser, certificate);
    try {
      await dropFiles(offline.page, 'body', [{ name: 'deed.txt', content: readFileSync(file) }]);
      const shown = await shownReport(offline.page);
      expect(shown).toMatchObject({ status: 'verified', badge: 'Verified · test chain', unproven: [] });
    } finally {
      await offline.page.context().close();
    }
  });
});
