import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/certificate-checks.ts';
import { openAppMiningOnDemand, type AppMiningOnDemand } from '../support/on-demand-blocks.ts';
import { keepShots } from '../support/screenshots.ts';
import { screenButton } from '../support/web-app.ts';

// Batches in the app, in the web shell in Chromium: a drop of several files is one
// registration (counted on the sandbox), shown once with its files while it waits for its block and
// once settled; "Register each file separately" makes one each; the Library lists each file of the
// batch with its registration, narrows to it and back, and finds it by txId; Verify shows the batch
// path step; the certificate names the batch and no other file. The sandbox mines only when the
// test says so (on-demand-blocks.ts), so each state holds until the test moves on.

let chain: AppMiningOnDemand;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-batches-'));
const LONG = 'Quarterly report of the finance and audit committee, final version as signed by every member of the board.pdf';
const NAMES = ['minutes-january.txt', LONG, 'budget.csv', 'letter to the bank.txt'];
const paths = NAMES.map((n) => join(folder, n));

beforeAll(async () => {
  chain = await openAppMiningOnDemand();
  NAMES.forEach((n, i) => writeFileSync(paths[i]!, `${n}: content ${i}\n`));
});
afterAll(async () => {
  await chain?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Registrations the sandbox accepted. */
const accepted = async (): Promise<number> => (await chain.sandbox.json<{ records: number }>('/__sandbox/chain')).records;

describe('batches in the app', () => {
  let txId: string;

  it('a drop of several files is one registration, shown once with its files, waiting and then settled', async () => {
    const { page } = chain.app;
    await screenButton(page, 'Notarise').click();
    const before = await accepted();
    await page.locator('input[type=file]').first().setInputFiles(paths);
    const head = page.locator('li.row.drop');
    await expect.poll(() => head.locator('.badge').textContent()).toBe('Waiting for a block');
    expect(await accepted()).toBe(before + 1);
    expect(await head.locator('.name').textContent()).toBe('One registration for 4 files');
    txId = (await head.locator('.hash .value').textContent())!;
    expect(txId).toMatch(/^[0-9a-f]{64}$/);
    const members = page.locator('li.row.member');
    expect(await members.count()).toBe(4);
    // Each file its own place; none repeats the registration's state.
    const metas = await members.locator('.meta').allTextContents();
    expect(metas.map((m) => /file (\d) of 4/.exec(m)?.[1]).sort()).toEqual(['1', '2', '3', '4']);
    expect(await members.locator('.badge').count()).toBe(0);
    await keepShots(page, 'notarise-batch-waiting', head);

    await chain.sandbox.mine();
    await expect.poll(() => head.locator('.badge').textContent()).toBe('1 of 2 confirmations');
    await chain.sandbox.mine();
    await expect.poll(() => head.locator('.badge').textContent()).toBe('Settled');
    // Uploaded files have no place on this computer's disk: their receipts are in the Library.
    await expect.poll(() => members.filter({ hasText: 'its receipt is in the Library' }).count()).toBe(4);
    await keepShots(page, 'notarise-batch-settled', head);
    expect(chain.app.problems).toEqual([]);
  });

  it('"Register each file separately" makes one registration per file', async () => {
    const { page } = chain.app;
    const separately = page.getByRole('checkbox', { name: 'Register each file separately' });
    await separately.check();
    const two = ['alone-1.txt', 'alone-2.txt'].map((n) => join(folder, n));
    two.forEach((p, i) => writeFileSync(p, `on its own ${i}\n`));
    const before = await accepted();
    await page.locator('input[type=file]').first().setInputFiles(two);
    const rows = page.locator('li.row', { hasText: /alone-\d\.txt/ });
    await expect.poll(() => rows.filter({ hasText: 'Waiting for a block' }).count()).toBe(2);
    expect(await accepted()).toBe(before + 2);
    expect(await page.locator('li.row.drop').count()).toBe(1); // the first drop's only
    const txIds = await rows.locator('.hash .value').allTextContents();
    expect(new Set(txIds).size).toBe(2);
    await separately.uncheck();
    await chain.sandbox.mine();
    await chain.sandbox.mine();
    await expect.poll(() => rows.filter({ hasText: 'Settled' }).count()).toBe(2);
  });

  it('the Library: each file of the batch says its registration, narrows to it and back, and a search by txId finds them', async () => {
    const { page } = chain.app;
    await screenButton(page, 'Library').click();
    const options = page.getByRole('listbox', { name: 'Records' }).getByRole('option');
    await expect.poll(() => options.count()).toBe(6);
    const budget = options.filter({ hasText: 'budget.csv' });
    await expect.poll(() => budget.locator('.batch-of').textContent()).toContain('one of 4 files in registration');
    expect(await budget.locator('.tx').textContent()).toBe(txId);
    // Its copy button, for the pointer, laid over the row (an option holds nothing interactive; the details' copy is the keyboard's).
    const copy = page
      .locator('.slot')
      .filter({ has: page.getByRole('option').filter({ hasText: 'budget.csv' }) })
      .locator('button.copy');
    expect(await copy.getAttribute('title')).toBe('Copy transaction id of the registration of budget.csv');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await copy.click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(txId);
    expect(await budget.getAttribute('aria-selected')).toBe('false');
    await keepShots(page, 'library-batch-rows', budget);

    await budget.click();
    const details = page.getByRole('region', { name: 'budget.csv' });
    await details.getByText('File 3 of 4, anchored together by one registration').waitFor();
    expect(await details.textContent()).toContain('The registration: Settled');
    await keepShots(page, 'library-batch-details', details);

    await details.getByRole('button', { name: 'Show its 4 files' }).click();
    const filter = page.locator('.batch-filter');
    await expect.poll(() => filter.textContent()).toContain('Only the 4 files of registration');
    await expect.poll(() => options.count()).toBe(4);
    expect((await options.locator('.n').allTextContents()).sort()).toEqual([...NAMES].sort());
    await keepShots(page, 'library-batch-filter', filter);
    // While the list shows only its batch's files, a file's details no longer offer to show them.
    await options.filter({ hasText: 'budget.csv' }).click();
    await details.getByText('File 3 of 4, anchored together by one registration').waitFor();
    expect(await details.getByRole('button', { name: 'Show its 4 files' }).count()).toBe(0);
    await filter.getByRole('button', { name: 'Show all files' }).click();
    await expect.poll(() => options.count()).toBe(6);
    await details.getByRole('button', { name: 'Show its 4 files' }).waitFor();

    await page.getByRole('searchbox').fill(txId.slice(0, 16));
    await expect.poll(() => options.count()).toBe(4);
    await page.getByRole('searchbox').fill('');
    await expect.poll(() => options.count()).toBe(6);
    expect(chain.app.problems).toEqual([]);
  });

  it("the certificate names the batch and the file's place, and nothing of the other files", async () => {
    const { page } = chain.app;
    const details = page.getByRole('region', { name: 'budget.csv' });
    await page.getByRole('listbox', { name: 'Records' }).getByRole('option').filter({ hasText: 'budget.csv' }).click();
    const html = page.waitForEvent('download');
    await details.getByRole('group', { name: 'Certificate' }).getByRole('button', { name: 'HTML' }).click();
    const htmlPath = join(folder, 'budget.certificate.html');
    await (await html).saveAs(htmlPath);
    const text = readFileSync(htmlPath, 'utf8');
    expect(text).toContain(`File 3 of 4 anchored together by registration <code>${txId}</code>`);
    for (const other of NAMES.filter((n) => n !== 'budget.csv')) expect(text).not.toContain(other.slice(0, 20));
    const shown = await page.context().newPage();
    await shown.goto(`file://${htmlPath}`);
    await keepShots(shown, 'certificate-batch-html', shown.getByText('File 3 of 4'));
    await shown.close();

    const pdf = page.waitForEvent('download');
    await details.getByRole('group', { name: 'Certificate' }).getByRole('button', { name: 'PDF' }).click();
    const pdfPath = join(folder, 'budget.certificate.pdf');
    await (await pdf).saveAs(pdfPath);
    const words = pdfText(readFileSync(pdfPath)).replace(/\s+/g, ' ');
    expect(words).toContain('File 3 of 4 anchored together by registration');
    expect(words).not.toContain('minutes-january');
  });

  it('Verify: a file of the batch is verified through its batch path, with its place', async () => {
    const { page } = chain.app;
    await screenButton(page, 'Verify').click();
    await page.locator('input[type=file]').first().setInputFiles(paths[2]!);
    const row = page.locator('tbody tr:not(.report)').filter({ hasText: 'budget.csv' });
    await expect.poll(() => row.locator('td.status').textContent()).toBe('Verified · test chain');
    await row.getByRole('button', { name: /Report/ }).click();
    const report = page.locator('tr.report');
    const step = report.locator('li').filter({ has: page.locator('p.label', { hasText: /^Batch path$/ }) });
    expect(await step.textContent()).toContain('The file is one leaf of a batch registered together');
    expect(await step.locator('.badge').textContent()).toBe('Pass');
    expect(await report.locator('.batchline').textContent()).toMatch(
      /^File 3 of 4 anchored together by this transaction \(batch \d+, as this library knows it\)/,
    );
    await keepShots(page, 'verify-batch-report', step);
    expect(chain.app.problems).toEqual([]);
  });
});
