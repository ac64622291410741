import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSha256, verifierPage } from '../../main/core/receipts/verifier-page.ts';
import { keepShots } from '../support/screenshots.ts';
import { unzipEntries } from '../support/unzip.ts';
import { dropFiles, launchOfflineBrowser, openOffline, shownReport } from '../support/verifier-page.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// In the app: the Library's "Export proof bundle" gives the receipt with verify.html, and
// the HTML certificate carries its receipt and the verifier; a receiver checks either in a browser, offline.

let app: RunningApp;
let browser: Browser;
const files = mkdtempSync(join(tmpdir(), 'notarium-e2e-bundle-'));
const CONTENT = 'the lease, signed by both parties\n';

beforeAll(async () => {
  app = await openApp({ blockInterval: 0.3 });
  browser = await launchOfflineBrowser();
  writeFileSync(join(files, 'lease.txt'), CONTENT);
  await screenButton(app.page, 'Notarise').click();
  await app.page.locator('input[type=file]').first().setInputFiles(join(files, 'lease.txt'));
  await app.page.getByText('Settled').first().waitFor();
  await screenButton(app.page, 'Library').click();
  await app.page.getByRole('option').filter({ hasText: 'lease.txt' }).first().click();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  rmSync(files, { recursive: true, force: true });
});

describe('the proof bundle and the certificate from the Library', () => {
  it('"Export proof bundle" downloads the receipt and verify.html, which verifies the file offline', async () => {
    const button = app.page.getByRole('button', { name: 'Export proof bundle' });
    await keepShots(app.page, 'library-proof-bundle', button);
    const [download] = await Promise.all([app.page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('lease.txt proof.zip');
    const entries = unzipEntries(readFileSync(await download.path()));
    expect([...entries.keys()].sort()).toEqual(['README.txt', 'lease.txt.receipt.json', 'verify.html']);
    // The page as built, byte for byte: the one whose SHA-256 README.txt gives.
    expect(entries.get('verify.html')).toBe(verifierPage().html);
    expect(entries.get('README.txt')).toContain(`\n  ${pageSha256(verifierPage().html)}\n`);
    await app.page.getByText('Downloaded lease.txt proof.zip: the receipt and verify.html, which checks it in any browser, offline.').waitFor();

    writeFileSync(join(files, 'verify.html'), entries.get('verify.html')!);
    const offline = await openOffline(browser, join(files, 'verify.html'));
    await dropFiles(offline.page, '.zone', [
      { name: 'lease.txt', content: Buffer.from(CONTENT) },
      { name: 'lease.txt.receipt.json', content: Buffer.from(entries.get('lease.txt.receipt.json')!) },
    ]);
    expect(await shownReport(offline.page)).toMatchObject({ status: 'verified', failedStep: null });
    // The page as built offers no best-chain check: it reaches nothing.
    expect(await offline.page.getByRole('button', { name: /best chain/ }).count()).toBe(0);
    expect(offline.requests).toEqual([]);
    expect(offline.problems).toEqual([]);
  });

  it('the HTML certificate verifies the file dropped on it, and refuses another', async () => {
    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      app.page.getByRole('group', { name: 'Certificate' }).getByRole('button', { name: 'HTML' }).click(),
    ]);
    const certificate = join(files, download.suggestedFilename());
    await download.saveAs(certificate);
    const offline = await openOffline(browser, certificate);
    await dropFiles(offline.page, 'body', [{ name: 'lease.txt', content: Buffer.from(CONTENT) }]);
    const shown = await shownReport(offline.page);
    expect(shown).toMatchObject({ status: 'verified', badge: 'Verified · test chain' });
    await dropFiles(offline.page, 'body', [{ name: 'lease.txt', content: Buffer.from('the lease, as one party would have it\n') }]);
    await expect.poll(async () => (await shownReport(offline.page)).failedStep).toBe('file-digest');
    expect(offline.requests).toEqual([]);
    expect(offline.problems).toEqual([]);
  });
});
