import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipEntries } from '../support/unzip.ts';
import { dropFiles, launchOfflineBrowser, openOffline, shownReport } from '../support/verifier-page.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// The user guide's pictures, taken by walking each screen through what its page describes. A run
// of the suite takes them into a folder of its own, so it proves each screen still reaches the state
// its picture shows without leaving the tree changed; `npm run docs:images` sets
// NOTARIUM_GUIDE_IMAGES to docs/user/images to bring the guide's own pictures up to date.

const IMAGES = process.env.NOTARIUM_GUIDE_IMAGES ? resolve(process.env.NOTARIUM_GUIDE_IMAGES) : mkdtempSync(join(tmpdir(), 'notarium-guide-images-'));
/** The guide's window: a large screen, where each screen shows its list and details side by side; light theme. */
const VIEWPORT = { width: 1440, height: 900 };

let app: RunningApp;
let receiver: Browser | undefined;
const files = mkdtempSync(join(tmpdir(), 'notarium-guide-'));
beforeAll(async () => {
  app = await openApp({ blockInterval: 0.5 });
  await app.page.setViewportSize(VIEWPORT);
  await app.page.emulateMedia({ colorScheme: 'light' });
  mkdirSync(IMAGES, { recursive: true });
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
  rmSync(files, { recursive: true, force: true });
  if (!process.env.NOTARIUM_GUIDE_IMAGES) rmSync(IMAGES, { recursive: true, force: true });
});

const page = () => app.page;
const screen = (name: string) => screenButton(page(), name).click();
const file = (name: string, content: string) => {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
};

/** The guide's picture of the window as it is now; the page's mouse parked so no hover shows. */
async function shot(name: string, of = page()): Promise<void> {
  await of.mouse.move(0, VIEWPORT.height - 1);
  const path = join(IMAGES, `${name}.png`);
  await of.screenshot({ path });
  // A PNG, of the window's size (width and height in its IHDR chunk).
  const png = readFileSync(path);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([VIEWPORT.width, VIEWPORT.height]);
}

describe("the user guide's screenshots", () => {
  it('Notarise: two files chosen together, one registration, settled', async () => {
    await screen('Notarise');
    await page()
      .locator('input[type=file]')
      .first()
      .setInputFiles([file('contract.pdf', 'the signed contract\n'), file('annex.pdf', 'its annex\n')]);
    await expect.poll(() => page().locator('li.row.drop').filter({ hasText: 'Settled' }).count()).toBe(1);
    await shot('notarise');
  });

  it('Library: the file selected, its registration and proof in the details', async () => {
    await screen('Library');
    await page().getByRole('option').filter({ hasText: 'contract.pdf' }).first().click();
    await page()
      .getByText(/Merkle path of \d+ nodes?/)
      .waitFor();
    const download = page().waitForEvent('download');
    await page()
      .getByRole('button', { name: /Export receipt/ })
      .click();
    await (await download).saveAs(join(files, 'contract.pdf.receipt.json'));
    await shot('library');
  });

  it("A proof bundle: the Library's export, its verify.html opened from disk, offline, the file and receipt dropped on it", async () => {
    await screen('Library');
    await page().getByRole('option').filter({ hasText: 'contract.pdf' }).first().click();
    const [download] = await Promise.all([page().waitForEvent('download'), page().getByRole('button', { name: 'Export proof bundle' }).click()]);
    const entries = unzipEntries(readFileSync(await download.path()));
    writeFileSync(join(files, 'verify.html'), entries.get('verify.html')!);
    receiver = await launchOfflineBrowser();
    const offline = await openOffline(receiver, join(files, 'verify.html'), { viewport: VIEWPORT });
    await dropFiles(offline.page, '.zone', [
      { name: 'contract.pdf', content: readFileSync(join(files, 'contract.pdf')) },
      { name: 'contract.pdf.receipt.json', content: Buffer.from(entries.get('contract.pdf.receipt.json')!) },
    ]);
    expect(await shownReport(offline.page)).toMatchObject({ status: 'verified', failedStep: null });
    await shot('verifier-page', offline.page);
    expect(offline.requests).toEqual([]);
  });

  it('Verify: the file and its receipt, verified, with its step report open', async () => {
    await screen('Verify');
    await page()
      .getByLabel('Files to verify', { exact: true })
      .setInputFiles([join(files, 'contract.pdf'), join(files, 'contract.pdf.receipt.json')]);
    const row = page().locator('tbody tr:not(.report)').filter({ hasText: 'contract.pdf' });
    await row.locator('td.status', { hasText: 'Verified' }).waitFor();
    await row.locator('button[aria-expanded]').click();
    await page().locator('tr.report').first().waitFor();
    await shot('verify');
  });

  it('Documents: a document of two versions and its timeline', async () => {
    await screen('Notarise');
    await page().getByRole('button', { name: 'Clear finished' }).click();
    await page().getByLabel('Start a new document for each file').check();
    await page().locator('input[type=file]').first().setInputFiles(file('policy.md', 'policy, first draft\n'));
    await page().getByText('Settled').first().waitFor();
    await page().getByLabel('Start a new document for each file').uncheck();
    await screen('Documents');
    await page()
      .getByRole('button', { name: /policy\.md/ })
      .click();
    await page().getByLabel('New version of policy.md').setInputFiles(file('policy-2.md', 'policy, approved\n'));
    await page().locator('ol.timeline > li').nth(1).waitFor();
    await expect.poll(() => page().locator('ol.timeline > li').count()).toBe(2);
    await shot('documents');
  });

  it('Watched folders: a folder watched, its files taken', async () => {
    const folder = join(files, 'signed');
    mkdirSync(folder);
    writeFileSync(join(folder, 'minutes.txt'), 'minutes of the meeting\n');
    await screen('Watched folders');
    await page().getByLabel('Folder', { exact: true }).fill(folder);
    await page().getByText('Which files, and when').click();
    await page().getByLabel('Take a file once unchanged for (seconds)').fill('0.5');
    await page().getByRole('button', { name: 'Watch folder' }).click();
    await page().getByRole('status').filter({ hasText: 'Up to date' }).waitFor();
    await expect.poll(() => existsSync(join(folder, 'minutes.txt.receipt.json'))).toBe(true);
    await shot('watched-folders');
  });

  it('Account & settings: the profiles, the Sandbox profile current', async () => {
    await screen('Account & settings');
    await page().getByText('Sandbox').first().waitFor();
    await shot('account');
    expect(app.problems).toEqual([]);
  });
});
