import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';
import { keepShots } from '../support/screenshots.ts';
import { unzipEntries } from '../support/unzip.ts';
import { fileWriter } from '../support/scratch-files.ts';

// A document's life in the app: started from Notarise, two more versions added on the Documents
// screen, its three-version timeline, and "which version is this file?".

let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-doc-'));
const file = fileWriter(folder);
beforeAll(async () => {
  app = await openApp({ blockInterval: 0.3 });
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('documents in the app', () => {
  it('three versions, their timeline, and which version a file is', async () => {
    const page = app.page;
    const nav = (name: string) => screenButton(page, name).click();
    const v1 = file('policy.md', 'policy, first draft\n');
    const v2 = file('policy-2.md', 'policy, second draft\n');
    const v3 = file('policy-3.md', 'policy, approved\n');

    await nav('Notarise');
    await page.getByLabel('Start a new document for each file').check();
    await page.locator('input[type=file]').first().setInputFiles(v1);
    await page.getByText('Settled').first().waitFor();

    await nav('Documents');
    await page.getByRole('button', { name: /policy\.md/ }).click();
    await page.getByLabel('New version of policy.md').setInputFiles(v2);
    await page.locator('ol.timeline > li').nth(1).waitFor();
    await page.getByLabel('New version of policy.md').setInputFiles(v3);
    await page.locator('ol.timeline > li').nth(2).waitFor();
    expect(await page.locator('ol.timeline > li').count()).toBe(3);

    await page.getByLabel('File to identify').setInputFiles(v2);
    const answer = page.getByRole('status');
    await expect.poll(() => answer.textContent()).toMatch(/version 2 of 3/i);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/e2e-documents.png' });

    // Each version's receipt once it is in a block: version 3 may still be queued behind version 2.
    await expect.poll(() => page.locator('ol.timeline').getByText('Settled').count()).toBe(3);
    // One download: a zip of every version's receipt and the index, named as the CLI names them.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export all receipts' }).click()]);
    expect(download.suggestedFilename()).toBe('policy.md receipts.zip');
    const entries = unzipEntries(readFileSync(await download.path()));
    expect([...entries.keys()].sort()).toEqual([
      'policy.md.v1.receipt.json',
      'policy.md.v2.receipt.json',
      'policy.md.v3.receipt.json',
      'policy.md.versions.json',
    ]);
    const exported = page.getByText('policy.md receipts.zip was downloaded: 3 receipts and the index of versions.');
    await exported.waitFor();
    await keepShots(page, 'documents-exported', exported);

    // The Library's rows say which version of its document each record is, as Documents does.
    await nav('Library');
    const tags = page.getByRole('listbox', { name: 'Records' }).locator('.tag');
    await expect.poll(() => tags.allTextContents()).toEqual(['v3', 'v2', 'v1']);
    expect(await tags.first().getAttribute('title')).toBe('Version 3 of its document');
    await keepShots(page, 'library-versions', tags.first());
    expect(app.problems).toEqual([]);
  });

  it('"Start a new document" with a file already registered as a record: refused on its row, not failed, saying why; "Register again as a document" starts it', async () => {
    const page = app.page;
    const deed = file('deed.md', 'the deed\n');
    await screenButton(page, 'Notarise').click();
    await page.getByRole('button', { name: 'Clear finished' }).click();
    const startDocument = page.getByLabel('Start a new document for each file');
    await startDocument.uncheck();
    await page.locator('input[type=file]').first().setInputFiles(deed);
    await page.getByText('Settled').first().waitFor();
    const txId = await page.locator('li.row').first().locator('.hash .value').getAttribute('title');

    await startDocument.check();
    await page.locator('input[type=file]').first().setInputFiles(deed);
    const row = page.locator('li.row').first();
    await expect.poll(() => row.locator('.badge').textContent()).toBe('Already a record');
    expect(await row.locator('.refused').textContent()).toBe(
      `deed.md is already registered as a record (txId ${txId}), and a record cannot take versions, so no document was started. The record stays as it is; the receipt is in the Library, to download.`,
    );
    // Neutral: no failure's red, no command to type.
    expect(await row.locator('.why').count()).toBe(0);
    expect(await row.textContent()).not.toContain('notarium');
    expect(await page.getByText('Failed').count()).toBe(0);
    const again = row.getByRole('button', { name: 'Register again as a document' });
    await keepShots(page, 'document-from-record-refused', again);
    await screenButton(page, 'Documents').click();
    await page.getByRole('button', { name: /^policy\.md \d+ versions/ }).waitFor();
    expect(await page.getByRole('button', { name: /^deed\.md/ }).count()).toBe(0);

    await screenButton(page, 'Notarise').click();
    await again.click();
    await expect.poll(() => row.locator('.badge').textContent()).toBe('Settled');
    expect(await row.locator('.refused').count()).toBe(0);
    await keepShots(page, 'document-from-record-started', row);
    await screenButton(page, 'Documents').click();
    await page.getByRole('button', { name: /^deed\.md 1 version/ }).waitFor();
    // Beside the record, in the Library: the record, and the document's first version.
    await screenButton(page, 'Library').click();
    const deeds = page.getByRole('listbox', { name: 'Records' }).getByRole('option').filter({ hasText: 'deed.md' });
    await expect.poll(() => deeds.count()).toBe(2);
    expect(await deeds.locator('.tag').allTextContents()).toEqual(['v1']);
    expect(app.problems).toEqual([]);
  });
});
