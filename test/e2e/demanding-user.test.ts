import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepShots } from '../support/screenshots.ts';
import { inSight, openApp, screenButton, type RunningApp } from '../support/web-app.ts';
import { fileWriter } from '../support/scratch-files.ts';

// What a demanding user tries, and what they must see: every Verify job ends, a broken receipt with
// its reason on its row; every refusal beside where they acted; files named as they dropped them,
// never by the web shell's upload path or id.

let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-refusals-'));
const file = fileWriter(folder);
const UPLOAD_NAME = /uploads|[0-9a-f]{8}-[0-9a-f]{4}-/;

beforeAll(async () => {
  app = await openApp({ blockInterval: 0.3 });
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('refusals a user meets', () => {
  it('a receipt that is no receipt: unreadable, never a mismatch; its job ends with the reason on its row, and so does every later job, after Clear too', async () => {
    const page = app.page;
    await screenButton(page, 'Verify').click();
    const input = page.locator('input[type=file]').first();
    const summary = page.locator('.summary');
    const rows = page.locator('tbody tr:not(.report)');
    await input.setInputFiles(file('x.receipt.json', '{"hello":1}'));
    await expect.poll(() => summary.textContent()).toMatch(/^0 verified · 0 partially verified · 0 mismatch · 0 pending · 0 unknown · 1 unreadable$/);
    const row = rows.filter({ hasText: 'x.receipt.json' });
    const badge = row.locator('.badge');
    expect((await badge.textContent())?.trim()).toBe('Unreadable');
    expect(await badge.getAttribute('class')).toMatch(/\bunreadable\b/);
    expect(await badge.getAttribute('class')).not.toMatch(/\bmismatch\b/);
    expect(await row.textContent()).toContain('x.receipt.json: This is not a Notarium receipt (it has no format).');
    expect(await row.textContent()).not.toMatch(UPLOAD_NAME);
    await keepShots(page, 'verify-broken-receipt', row);
    // Its upload is gone with the job (the web shell keeps a dropped file only while its work runs).
    const shell = join(app.home, 'web-shell', readdirSync(join(app.home, 'web-shell'))[0]!, 'uploads');
    await expect.poll(() => readdirSync(shell)).toEqual([]);
    await page.getByRole('button', { name: 'Clear' }).click();
    await input.setInputFiles(file('plain.txt', 'nothing registered'));
    await expect.poll(() => summary.textContent()).toMatch(/^0 verified · 0 partially verified · 0 mismatch · 0 pending · 1 unknown · 0 unreadable$/);
    expect(app.problems).toEqual([]);
  });

  it('"Add a version" refuses two files and a version already there, beside the drop zone, naming the file as dropped', async () => {
    const page = app.page;
    await screenButton(page, 'Notarise').click();
    await page.getByLabel('Start a new document for each file').check();
    const v1 = file('policy.md', 'policy, first draft\n');
    await page.locator('input[type=file]').first().setInputFiles(v1);
    await page.getByText('Settled').first().waitFor();
    await screenButton(page, 'Documents').click();
    await page.getByRole('button', { name: /policy\.md/ }).click();
    const detail = page.locator('section.detail');
    const addVersion = page.getByLabel('New version of policy.md');
    const timeline = page.locator('ol.timeline > li');
    await expect.poll(() => timeline.count()).toBe(1); // the document's versions, read after it was chosen
    await addVersion.setInputFiles([file('policy-2.md', 'second\n'), file('policy-3.md', 'third\n')]);
    const refusal = detail.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toMatch(/Drop one file as the new version: 2 were dropped/);
    await keepShots(page, 'documents-two-files-refused', refusal);
    expect(await timeline.count()).toBe(1);
    // In a short window "Add a version" sits at the fold (here 800×600; at 1024×700 with a longer list of documents):
    // its refusal is brought into sight, not drawn below it.
    await page.setViewportSize({ width: 800, height: 600 });
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await addVersion.setInputFiles(v1);
    await expect.poll(() => refusal.textContent()).toMatch(/policy\.md is already version 1 of "policy\.md"\./);
    expect(await refusal.textContent()).not.toMatch(UPLOAD_NAME);
    await expect.poll(() => inSight(refusal)).toBe(true);
    await keepShots(page, 'documents-already-a-version', refusal);
  });

  it('a finalisation in the Library says why it has no receipt or certificate, instead of buttons that do nothing', async () => {
    const page = app.page;
    await page.getByRole('button', { name: 'Finalise document…' }).click();
    await page.getByRole('button', { name: 'Finalise now' }).click();
    await page
      .locator('section.detail')
      .getByText('The final record is sent: the document is final once it is in a block. No version can follow it.')
      .waitFor();
    await screenButton(page, 'Library').click();
    // The finalisation holds no file: its row has no size.
    await page.getByRole('listbox').getByRole('option').filter({ hasText: '— ·' }).click();
    const details = page.locator('section.details');
    const why = details.getByText('This registration finalises the document: it holds no file, so it has no receipt or certificate of its own.');
    await why.waitFor();
    expect(await details.getByRole('button', { name: /Export receipt|PDF|HTML/ }).count()).toBe(0);
    await keepShots(page, 'library-finalisation', why);
    // The page is in a browser already: Explorer is a link to the transaction's page, opened in a new tab of it.
    const explorer = details.getByRole('link', { name: 'Explorer' });
    const txId = await details.locator('dt:text-is("Transaction") + dd .value').textContent();
    const href = await explorer.getAttribute('href');
    expect(href).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/explorer/tx/${txId}$`));
    expect([await explorer.getAttribute('target'), await explorer.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    expect(await details.getByRole('button', { name: 'Explorer' }).count()).toBe(0);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), explorer.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(href);
    await tab.close();
    expect(await details.getByText('could not open a browser').count()).toBe(0);
    await keepShots(page, 'library-explorer-link', explorer);
    // The document's own registration still exports, and says so beside its buttons.
    await page.getByRole('listbox').getByRole('option').filter({ hasNotText: '— ·' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Export receipt' }).click()]);
    expect(download.suggestedFilename()).toBe('policy.md.receipt.json');
    const saved = details.getByRole('status');
    await expect.poll(() => saved.textContent()).toBe('Downloaded policy.md.receipt.json');
    expect(await saved.isVisible()).toBe(true);
    await keepShots(page, 'library-exported', saved);
    expect(app.problems).toEqual([]);
  });

  it('Verify asks the block lookup and the service when they can be reached, and with Offline ticked relies on the receipt alone', async () => {
    const page = app.page;
    await screenButton(page, 'Verify').click();
    await page.getByRole('button', { name: 'Clear' }).click();
    const policy = join(folder, 'policy.md'); // registered above; the library knows its content
    const rows = page.locator('tbody tr:not(.report)');
    const serviceStep = page.locator('tr.report li', { hasText: 'Service check' });
    const chainStep = page.locator('tr.report li', { hasText: 'Best chain' });
    await page.locator('input[type=file]').first().setInputFiles(policy);
    await expect.poll(() => rows.locator('td.status').first().textContent()).toBe('Verified · test chain');
    await rows
      .first()
      .getByRole('button', { name: /Report/ })
      .click();
    await expect
      .poll(() => serviceStep.textContent())
      .toMatch(/^\s*Pass\s*Service check\s*The service \(profile "Sandbox"\) confirms that the record matches transaction [0-9a-f]{64}\./);
    await keepShots(page, 'verify-service-check', serviceStep);
    // The Sandbox profile's block lookup places the block on its chain, naming itself and when.
    expect(await chainStep.textContent()).toMatch(
      /^\s*Pass\s*Best chain\s*Block [0-9a-f]{64} is on the best chain at height \d+ with \d+ confirmations?, according to 127\.0\.0\.1:\d+ at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\./,
    );
    expect(await page.locator('tr.report .proves').textContent()).toMatch(/127\.0\.0\.1:\d+ answered at .* that the block is on its best chain, at height \d+/);
    await keepShots(page, 'verify-best-chain', chainStep);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Offline (receipt only: no explorer, no service)').check();
    await page.locator('input[type=file]').first().setInputFiles(policy);
    await expect.poll(() => rows.locator('td.status').first().textContent()).toBe('Verified · test chain');
    await rows
      .first()
      .getByRole('button', { name: /Report/ })
      .click();
    await expect.poll(() => serviceStep.textContent()).toMatch(/^\s*Skipped\s*Service check/);
    expect(await chainStep.textContent()).toMatch(/^\s*Skipped\s*Best chain\s*Needs the network: a block explorer is asked/);
    // How to ask, in the app's words: its "Offline" box, never the command line's options.
    for (const step of [chainStep, serviceStep]) {
      expect(await step.textContent()).toMatch(/To ask it, verify again with “Offline” unticked\./);
      expect(await step.textContent()).not.toMatch(/--|receipt verify/);
    }
    expect(app.problems).toEqual([]);
  });
});
