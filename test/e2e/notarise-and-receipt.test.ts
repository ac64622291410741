import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReceipt } from '../../verifier/receipt-v1.ts';
import { verifyReceipt } from '../../verifier/verify-receipt.ts';
import { pdfText } from '../support/certificate-checks.ts';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// A user's first minutes in the web shell, in Chromium: notarise, see it settle, export the
// receipt and check it; every screen passes axe without serious or critical violations.

let app: RunningApp;
const files = mkdtempSync(join(tmpdir(), 'notarium-e2e-files-'));
beforeAll(async () => {
  app = await openApp({ blockInterval: 0.5 });
});
afterAll(async () => {
  await app?.close();
  rmSync(files, { recursive: true, force: true });
});

const screen = (name: string) => screenButton(app.page, name);

describe('notarise → settled → receipt', () => {
  it('notarises a chosen file and follows it to settled', async () => {
    const file = join(files, 'contract.txt');
    writeFileSync(file, 'the signed contract\n');
    await screen('Notarise').click();
    await app.page.locator('input[type=file]').first().setInputFiles(file);
    await expect.poll(() => app.page.getByText('contract.txt').count()).toBeGreaterThan(0);
    await app.page.getByText('Settled').first().waitFor();
    mkdirSync('test-results', { recursive: true });
    await app.page.screenshot({ path: 'test-results/e2e-notarise-settled.png' });
  });

  it('notarises a file dropped on the drop zone', async () => {
    await screen('Notarise').click();
    const dataTransfer = await app.page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['dropped content\n'], 'dropped.txt', { type: 'text/plain' }));
      return dt;
    });
    await app.page.getByRole('region', { name: 'Drop files or folders here' }).dispatchEvent('drop', { dataTransfer });
    await app.page.locator('span.name', { hasText: 'dropped.txt' }).waitFor();
    await expect.poll(() => app.page.getByText('Settled').count()).toBeGreaterThanOrEqual(2);
  });

  it('keeps two dropped files of the same name apart: each row its own progress, size and place in their one registration', async () => {
    await screen('Notarise').click();
    await app.page.getByRole('button', { name: 'Clear finished' }).click();
    const dataTransfer = await app.page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['the report from folder a\n'], 'report.pdf', { type: 'application/pdf' }));
      dt.items.add(new File(['the report from folder b, a longer one\n'], 'report.pdf', { type: 'application/pdf' }));
      return dt;
    });
    await app.page.getByRole('region', { name: 'Drop files or folders here' }).dispatchEvent('drop', { dataTransfer });
    const rows = app.page.locator('li.row', { hasText: 'report.pdf' });
    await expect.poll(() => rows.count()).toBe(2);
    // The list, not a row: a row under its registration is drawn anew when the job ends.
    await keepShots(app.page, 'notarise-same-name-in-progress', app.page.locator('section.list'));
    // Dropped together, they are one registration, settled once above them.
    await expect.poll(() => app.page.locator('li.row.drop').filter({ hasText: 'Settled' }).count()).toBe(1);
    // Each row shows its own file's size and place (they were mixed up when matched by name).
    const metas = await rows.locator('.meta').allTextContents();
    expect(metas.map((m) => m.split(' · ')[0]!.trim()).sort()).toEqual(['25 B', '39 B']);
    expect(metas.map((m) => /file (\d) of 2/.exec(m)?.[1]).sort()).toEqual(['1', '2']);
    await keepShots(app.page, 'notarise-same-name-settled', rows.first());
  });

  it('exports a receipt from the Library that verifies offline against the file', async () => {
    await screen('Library').click();
    await app.page.getByRole('option').filter({ hasText: 'contract.txt' }).first().click();
    const download = app.page.waitForEvent('download');
    await app.page.getByRole('button', { name: /Export receipt/ }).click();
    const saved = join(files, 'downloaded.receipt.json');
    await (await download).saveAs(saved);
    const receipt = parseReceipt(readFileSync(saved, 'utf8'));
    expect(receipt.file.name).toBe('contract.txt');
    const digest = createHash('sha256').update('the signed contract\n').digest('hex');
    expect(verifyReceipt(receipt, { fileDigest: digest }).outcome).toBe('verified');
    // The proof is shown in the details: its path of nodes, as in the receipt.
    await app.page.getByText(/Merkle path of \d+ nodes?, position \d+ in the block/).click();
    for (const node of receipt.confirmation!.merkleProof.nodes) await app.page.getByText(node, { exact: true }).waitFor();
    await app.page.screenshot({ path: 'test-results/e2e-library.png' });

    // The printable certificate as PDF: on the sandbox, marked TEST, with no loopback link or QR code a reader could not open.
    const pdfDownload = app.page.waitForEvent('download');
    await app.page.getByRole('group', { name: 'Certificate' }).getByRole('button', { name: 'PDF' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('contract.txt.certificate.pdf');
    const pdfPath = join(files, 'certificate.pdf');
    await pdf.saveAs(pdfPath);
    const text = pdfText(readFileSync(pdfPath)).replace(/\s+/g, ' ');
    expect(text).toContain('Certificate of registration');
    expect(text).toContain(receipt.registration.txId.slice(0, 24));
    expect(text).toContain('TEST — sandbox chain: not a proof on mainnet');
    expect(text).not.toMatch(/127\.0\.0\.1|localhost|Scan to see/);
    expect(text).toContain('No public link: the sandbox chain is simulated by the Notarium sandbox that registered this file');
    await app.page.getByRole('status').filter({ hasText: 'Downloaded contract.txt.certificate.pdf' }).waitFor();

    // The same receipt dropped alone on Verify: checked without its file, and said so.
    await screen('Verify').click();
    await app.page.locator('input[type=file]').first().setInputFiles(saved);
    const row = app.page.locator('tbody tr:not(.report)').first();
    await expect.poll(() => row.locator('td.status').textContent()).toBe('Partially verified');
    expect(await row.textContent()).toMatch(/Partially verified, not verified: no check failed, but file digest could not be checked/);
  });

  it('has no serious or critical accessibility violations on any screen', async () => {
    for (const name of ['Notarise', 'Library', 'Verify', 'Documents', 'Watched folders', 'Account & settings']) {
      await screen(name).click();
      await app.page.waitForTimeout(300);
      const results = await new AxeBuilder({ page: app.page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${name}: ${v.id} (${v.nodes.length})`);
      expect(serious).toEqual([]);
      await app.page.screenshot({ path: `test-results/e2e-${name.split(' ')[0]!.toLowerCase()}.png` });
    }
    expect(app.problems).toEqual([]);
  });
});
