import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// Where a file is, in the Library (web shell, Chromium): a folder notarised from the command line
// beside the app lists its files by path, each row saying its folder, so two files of one name from
// two folders look different; the details give the whole path, and say in words how the published
// fingerprint was made (the service's notation on hover).

const BLOCK_INTERVAL = 0.5;
let app: RunningApp;
const root = mkdtempSync(join(tmpdir(), 'notarium-e2e-places-'));
const drop = join(root, 'minutes');
const FILES = ['alpha/b.txt', 'alpha/f1.txt', 'beta/a.txt', 'beta/f1.txt'];

beforeAll(async () => {
  app = await openApp({ blockInterval: BLOCK_INTERVAL });
  for (const f of FILES) {
    mkdirSync(join(drop, f, '..'), { recursive: true });
    writeFileSync(join(drop, f), `the content of ${f}\n`);
  }
});
afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

const cli = (args: string[]) =>
  runCli(args, { env: { NOTARIUM_HOME: app.home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: String(BLOCK_INTERVAL), NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' } });

describe('the Library says where each file is', () => {
  it("a folder's files are listed by path, each with its folder, and two f1.txt told apart", async () => {
    const { page } = app;
    const done = await cli(['notarise', drop]);
    expect(done.code, done.stderr).toBe(0);
    await screenButton(page, 'Library').click();
    const rows = page.getByRole('listbox', { name: 'Records' }).getByRole('option');
    await expect.poll(() => rows.count()).toBe(FILES.length);

    // Newest first is the list's order; the drop's own files read as a file manager lists them.
    const names = await rows.locator('.n').allTextContents();
    expect(names).toEqual(['b.txt', 'f1.txt', 'a.txt', 'f1.txt']);
    const folders = await rows.locator('.folder').allTextContents();
    expect(folders).toEqual(['…/minutes/alpha', '…/minutes/alpha', '…/minutes/beta', '…/minutes/beta']);
    expect(await rows.locator('.folder').first().getAttribute('title')).toBe(join(drop, 'alpha'));
    const twins = rows.filter({ hasText: 'f1.txt' });
    expect(new Set(await twins.locator('.sub').allTextContents()).size).toBe(2);
    await keepShots(page, 'library-folders', rows.first());

    await twins.nth(1).click();
    const details = page.getByRole('complementary', { name: 'Record details' });
    await details.getByRole('heading', { name: 'f1.txt' }).waitFor();
    const location = details.locator('dt', { hasText: /^Location$/ }).locator('+ dd');
    expect(await location.textContent()).toBe(join(drop, 'beta', 'f1.txt'));
    await keepShots(page, 'library-details-location', location);
    expect(app.problems).toEqual([]);
  });

  it('a file notarised by path alone shows its folder, its path, and how its fingerprint was made, in words', async () => {
    const { page } = app;
    const path = join(root, 'letter.txt');
    writeFileSync(path, 'a letter\n');
    const done = await cli(['notarise', path]);
    expect(done.code, done.stderr).toBe(0);
    const row = page.getByRole('listbox', { name: 'Records' }).getByRole('option').filter({ hasText: 'letter.txt' });
    await row.waitFor();
    expect(await row.locator('.folder').getAttribute('title')).toBe(root);
    expect(await row.locator('.folder').textContent()).toContain(basename(root));
    await row.click();
    const details = page.getByRole('complementary', { name: 'Record details' });
    await details.getByRole('heading', { name: 'letter.txt' }).waitFor();
    expect(
      await details
        .locator('dt', { hasText: /^Location$/ })
        .locator('+ dd')
        .textContent(),
    ).toBe(path);
    const encoding = details.locator('.encoding');
    expect((await encoding.textContent())!.trim()).toBe(
      "A secret salt put before the file's SHA-256 digest, then hashed with SHA-256 (the salt is kept in the receipt).",
    );
    expect(await encoding.getAttribute('title')).toBe("In the service's notation: SHA256(<salt>)");
    await keepShots(page, 'library-details-encoding-words', encoding);
    expect(app.problems).toEqual([]);
  });
});
