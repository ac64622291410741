import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';
import { fileWriter } from '../support/scratch-files.ts';

// What a user does with a record once it is there: copies its hashes and txId, finds
// it again by the fingerprint the service published, sees "Downloaded" beside the button they
// pressed, and reads a document's final record as "Final" in the Library as in Documents.

let app: RunningApp;
/** The Library's rows (the state and sort choices are options too). */
const rows = () => app.page.getByRole('listbox', { name: 'Records' }).getByRole('option');
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-copy-'));
beforeAll(async () => {
  app = await openApp({ blockInterval: 0.3 });
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.page.url()).origin });
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

const file = fileWriter(folder);

/** In the window, and close below (or beside) the button that was pressed. */
async function expectBeside(message: Locator, button: Locator, where: string): Promise<void> {
  const [m, b] = [(await message.boundingBox())!, (await button.boundingBox())!];
  const viewport = message.page().viewportSize()!;
  expect(m.y >= 0 && m.y + m.height <= viewport.height, `${where}: in the window (${JSON.stringify(m)})`).toBe(true);
  expect(Math.abs(m.y - b.y), `${where}: beside its button`).toBeLessThan(120);
}

describe('a record’s hashes and exports', () => {
  it('copies every hash and the txId, announcing it; finds the record by its published fingerprint; says Downloaded by the button', async () => {
    const page = app.page;
    await page.locator('input[type=file]').first().setInputFiles(file('lease.pdf', 'the lease\n'));
    await page.getByText('Settled').first().waitFor();
    await page.locator('input[type=file]').first().setInputFiles(file('other.pdf', 'another file\n'));
    await expect.poll(() => page.getByText('Settled', { exact: true }).count()).toBe(2);

    await screenButton(page, 'Library').click();
    await rows().filter({ hasText: 'lease.pdf' }).click();
    const details = page.getByRole('complementary', { name: 'Record details' });
    await details.getByRole('heading', { name: 'lease.pdf' }).waitFor();
    for (const label of ['SHA-256 of the file', 'published fingerprint', 'transaction id', 'block hash']) {
      const copy = details.getByRole('button', { name: `Copy ${label}`, exact: true });
      const value = (await details
        .locator('.hash', { has: page.getByRole('button', { name: `Copy ${label}`, exact: true }) })
        .locator('.value')
        .getAttribute('title'))!;
      expect(value, label).toMatch(/^[0-9a-f]{64}$/);
      await copy.click();
      // Said to screen readers in a polite live region beside the button.
      await details.locator('[aria-live=polite]', { hasText: `Copied ${label}` }).waitFor({ state: 'attached' });
      expect(await page.evaluate(() => navigator.clipboard.readText()), label).toBe(value);
    }
    await keepShots(page, 'record-copied', details.getByRole('button', { name: 'Copy block hash' }));

    // The fingerprint the service published, as the details show it, finds the record (and only it).
    const published = (await details
      .locator('.hash', { has: page.getByRole('button', { name: 'Copy published fingerprint' }) })
      .locator('.value')
      .getAttribute('title'))!;
    const search = page.getByRole('searchbox', { name: 'Search by name, fingerprint or transaction id' });
    await search.fill(published.slice(0, 16).toUpperCase());
    await expect.poll(() => rows().allTextContents()).toEqual([expect.stringContaining('lease.pdf')]);
    await search.fill('');
    await expect.poll(() => rows().count()).toBe(2);

    // In a small window, where the details are below the list: the word comes where the button is.
    await page.setViewportSize({ width: 800, height: 600 });
    const exportButton = details.getByRole('button', { name: 'Export receipt' });
    await exportButton.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    const saved = details.getByRole('status').filter({ hasText: `Downloaded ${download.suggestedFilename()}` });
    await saved.waitFor();
    await expectBeside(saved, exportButton, 'Export receipt');
    await keepShots(page, 'record-downloaded', saved);

    await screenButton(page, 'Verify').click();
    await page.getByLabel('Files to verify', { exact: true }).setInputFiles(join(folder, 'lease.pdf'));
    await page.locator('table.results tbody tr').first().locator('td.status', { hasText: 'Verified' }).waitFor();
    const csv = page.getByRole('button', { name: 'Export CSV' });
    const [sheet] = await Promise.all([page.waitForEvent('download'), csv.click()]);
    const written = page.getByRole('status').filter({ hasText: `Downloaded ${sheet.suggestedFilename()}` });
    await written.waitFor();
    await expectBeside(written, csv, 'Export CSV');
    expect(app.problems).toEqual([]);
  });

  it('a document’s final record reads "Final" in the Library as in Documents; its export says Downloaded by its button', async () => {
    const page = app.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    await screenButton(page, 'Notarise').click();
    await page.getByLabel('Start a new document for each file').check();
    await page.locator('input[type=file]').first().setInputFiles(file('bylaws.md', 'the bylaws\n'));
    await expect.poll(() => page.getByText('Settled', { exact: true }).count()).toBeGreaterThan(0);

    await screenButton(page, 'Documents').click();
    await page.getByRole('button', { name: /bylaws\.md/ }).click();
    await page.getByRole('button', { name: 'Finalise document…' }).click();
    await page.getByRole('button', { name: 'Finalise now' }).click();
    const doc = page.getByRole('button', { name: /bylaws\.md/ });
    await expect.poll(() => doc.textContent()).toMatch(/· Final ·/);
    await page.locator('.dhead').getByText('Final', { exact: true }).waitFor();
    await page.locator('ol.timeline').getByText('Final', { exact: true }).waitFor();

    await expect.poll(() => page.locator('ol.timeline').getByText('Settled').count()).toBe(2);
    const exportAll = page.getByRole('button', { name: 'Export all receipts' });
    const [zip] = await Promise.all([page.waitForEvent('download'), exportAll.click()]);
    const exported = page.getByRole('status').filter({ hasText: `${zip.suggestedFilename()} was downloaded` });
    await exported.waitFor();
    await expectBeside(exported, exportAll, 'Export all receipts');
    await keepShots(page, 'document-downloaded', exported);

    await screenButton(page, 'Library').click();
    const final = rows().filter({ hasText: 'bylaws.md' }).filter({ hasText: 'Final' });
    await expect.poll(() => final.count()).toBe(1);
    await final.click();
    await page.getByRole('complementary', { name: 'Record details' }).getByText('Final', { exact: true }).waitFor();
    // Its place in the document reads Final too, never as a version of the file.
    await page
      .getByRole('complementary', { name: 'Record details' })
      .getByText(/^Final, after version \d+$/)
      .waitFor();
    await keepShots(page, 'library-final', final);
    expect(app.problems).toEqual([]);
  });
});
