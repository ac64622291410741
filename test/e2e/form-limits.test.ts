import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// What a user can send past a limit from the web shell's forms and drop zone: a file larger than
// the web shell takes, 70 globs, an over-long API key. Each is refused
// with a sentence shown where it was entered, and the app goes on working.

let app: RunningApp;
const files = mkdtempSync(join(tmpdir(), 'notarium-e2e-limits-'));
beforeAll(async () => {
  app = await openApp();
});
afterAll(async () => {
  await app?.close();
  rmSync(files, { recursive: true, force: true });
});

const screen = (name: string) => screenButton(app.page, name);

describe('limits a user can reach', () => {
  it('refuses a dropped file past 2 GiB before reading it, in its row, and still takes the next one', async () => {
    const big = join(files, 'disk-image.iso');
    const fd = openSync(big, 'w'); // sparse: 2 GiB and one byte, without the disk space
    ftruncateSync(fd, 2 * 1024 ** 3 + 1);
    closeSync(fd);
    const small = join(files, 'note.txt');
    writeFileSync(small, 'a small note\n');
    await screen('Notarise').click();
    await app.page.locator('input[type=file]').first().setInputFiles(big);
    const row = app.page.getByRole('listitem').filter({ hasText: 'disk-image.iso' });
    await row
      .getByText(/is too large for the browser version of Notarium, which takes files of up to 2\.0 GiB: use the desktop app or the notarium command/)
      .waitFor();
    await row.getByText('Failed').waitFor();
    // The shell's refusal comes as {error: {code, message}}: the page shows the sentence, never the answer's JSON.
    expect(await row.textContent()).not.toContain('"code"');
    mkdirSync('test-results', { recursive: true });
    await app.page.screenshot({ path: 'test-results/e2e-upload-too-large.png' });
    await app.page.locator('input[type=file]').first().setInputFiles(small);
    await app.page
      .getByRole('listitem')
      .filter({ hasText: 'note.txt' })
      .getByText(/Settled|Waiting for a block|confirmations/)
      .waitFor();
    // Nothing of the refused file was kept, and the note's upload went with its job.
    const shellDir = join(app.home, 'web-shell', readdirSync(join(app.home, 'web-shell'))[0]!);
    await expect.poll(() => readdirSync(join(shellDir, 'uploads'))).toEqual([]);
  });

  it('gives back what it uploaded for a verify that cannot start (one of its files was refused)', async () => {
    await screen('Verify').click();
    await app.page
      .locator('input[type=file]')
      .first()
      .setInputFiles([join(files, 'note.txt'), join(files, 'disk-image.iso')]);
    await app.page
      .getByRole('alert')
      .filter({ hasText: /"disk-image\.iso" is too large for the browser version of Notarium/ })
      .waitFor();
    const shellDir = join(app.home, 'web-shell', readdirSync(join(app.home, 'web-shell'))[0]!);
    await expect.poll(() => readdirSync(join(shellDir, 'uploads'))).toEqual([]);
  });

  it('refuses 70 globs with a sentence on the Watched folders screen', async () => {
    await screen('Watched folders').click();
    await app.page.getByLabel('Folder', { exact: true }).fill(files);
    await app.page.getByText('Which files, and when').click();
    await app.page.getByLabel('Only these (globs, e.g. *.pdf)').fill(Array.from({ length: 70 }, (_, i) => `*.ext${i}`).join(', '));
    await app.page.getByRole('button', { name: 'Watch folder' }).click();
    await app.page
      .getByRole('alert')
      .filter({ hasText: 'A watched folder takes at most 64 globs under "Only these": combine some (for example *.{pdf,docx}).' })
      .waitFor();
    await app.page.getByText('No folder is watched yet').waitFor();
  });

  it('refuses an API key longer than 4,096 characters with a sentence', async () => {
    const page = app.page;
    await screen('Account & settings').click();
    await page.getByRole('button', { name: 'Add a service profile' }).click();
    await page.getByLabel('Name').fill('Prod');
    await page.getByLabel('Service address').fill('https://records.example.com');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('button', { name: 'Set API key' }).click();
    await page.locator('input[type=password]').fill('k'.repeat(5000));
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByRole('alert').filter({ hasText: 'An API key has at most 4,096 characters: check that only the key was pasted.' }).waitFor();
    expect(await page.content()).not.toContain('k'.repeat(5000));
    // The browser notes the refused upload (413) in its console; nothing else went wrong on the page.
    expect(app.problems.filter((p) => !/status of 413/.test(p))).toEqual([]);
  });
});
