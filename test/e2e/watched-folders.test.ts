import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepShots } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// Watched folders in the web shell: a folder typed in, its existing file caught up, a new file
// taken once stable, a changed file made the next version, each in a round of the folder's chain;
// the activity says so in words.

let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-watched-'));
beforeAll(async () => {
  app = await openApp({ blockInterval: 0.5 });
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

const screen = (name: string) => screenButton(app.page, name);
const activity = (file: string, what: RegExp) => app.page.getByRole('row').filter({ hasText: file }).filter({ hasText: what });

describe('watched folders', () => {
  it('watches a folder: what is there, what arrives, what changes', async () => {
    writeFileSync(join(folder, 'already-here.txt'), 'there before\n');
    mkdirSync(join(folder, 'inner'));
    writeFileSync(join(folder, 'inner', 'nested.txt'), 'in a subfolder\n');
    await screen('Watched folders').click();
    await app.page.getByText('No folder is watched yet').waitFor();
    await app.page.getByLabel('Folder', { exact: true }).fill(folder);
    await app.page.getByText('Which files, and when').click();
    // Subfolders only when asked for, as `notarium watch` takes them only with --recursive (each file is paid for).
    expect(await app.page.getByLabel('Include subfolders').isChecked()).toBe(false);
    await app.page.getByLabel('Take a file once unchanged for (seconds)').fill('0.5');
    await app.page.getByRole('button', { name: 'Watch folder' }).click();
    const row = app.page.getByRole('listitem').filter({ hasText: folder });
    await row.getByText('Watching').waitFor();
    await activity('already-here.txt', /Notarised in round/).waitFor();

    writeFileSync(join(folder, 'arrived.txt'), 'arrived later\n');
    await activity('arrived.txt', /Notarised in round/).waitFor();
    writeFileSync(join(folder, 'arrived.txt'), 'arrived later, then edited\n');
    await activity('arrived.txt', /new version/).waitFor();
    await app.page.getByRole('status').filter({ hasText: 'Up to date' }).waitFor();
    await row.getByText(/this folder only/).waitFor();
    expect(await app.page.getByRole('row').filter({ hasText: 'nested.txt' }).count(), 'a subfolder file taken').toBe(0);
    mkdirSync('test-results', { recursive: true });
    await app.page.screenshot({ path: 'test-results/e2e-watched-folders.png' });

    // The folder's rounds are a chain like any document's: three rounds (already-here.txt, arrived.txt, its edit).
    await screen('Documents').click();
    await app.page.getByRole('button', { name: /\(watched folder\).*3 versions/ }).waitFor();
  });

  it('pauses a folder (shown as Paused) and, resumed, catches up on what arrived meanwhile', async () => {
    await screen('Watched folders').click();
    const row = app.page.getByRole('listitem').filter({ hasText: folder });
    await app.page.getByRole('button', { name: `Pause watching ${folder}` }).click();
    await row.getByText('Paused', { exact: true }).waitFor();
    await row.getByText(/Not watched until resumed/).waitFor();
    await app.page.getByRole('status').filter({ hasText: 'Paused: nothing is watched until the folder is resumed.' }).waitFor();
    writeFileSync(join(folder, 'while-paused.txt'), 'arrived while the folder was paused\n');
    await keepShots(app.page, 'watched-paused', row);
    await app.page.getByRole('button', { name: `Resume watching ${folder}` }).click();
    await activity('while-paused.txt', /Notarised in round/).waitFor();
    await row.getByText('Watching', { exact: true }).waitFor();
  });

  it("completes a typed folder's path with the user's own folders, and says why when it cannot", async () => {
    const mine = mkdtempSync(join(tmpdir(), 'notarium-e2e-complete-'));
    mkdirSync(join(mine, 'Contracts'));
    mkdirSync(join(mine, '.hidden-drafts'));
    await screen('Watched folders').click();
    const input = app.page.getByLabel('Folder', { exact: true });
    const options = () => app.page.locator('#folder-completions option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    await input.pressSequentially(join(mine, 'Con'));
    await expect.poll(options).toEqual([join(mine, 'Contracts')]);
    await input.fill('');
    await input.pressSequentially(mine + '/');
    await expect.poll(options).toEqual([join(mine, 'Contracts')]); // hidden folders only once their dot is typed
    await input.pressSequentially('.');
    await expect.poll(options).toEqual([join(mine, '.hidden-drafts')]);
    rmSync(mine, { recursive: true });
    await input.fill('');
    await input.pressSequentially('Contracts');
    await app.page.getByText(/Type the folder's full path, from \//).waitFor();
    await keepShots(app.page, 'watched-completion-refused', input);
    // Added as typed: refused with the same sentence, never read from where the app was started.
    await app.page.getByRole('button', { name: 'Watch folder' }).click();
    await app.page
      .getByRole('alert')
      .filter({ hasText: /Type the folder's full path, from \// })
      .waitFor();
    expect(await app.page.locator('li.folder').filter({ hasText: 'Contracts' }).count()).toBe(0);
    await keepShots(app.page, 'watched-relative-refused');
    await input.fill('');
  });

  it('stops watching on request, keeping the records', async () => {
    await screen('Watched folders').click();
    await app.page.getByRole('button', { name: `Stop watching ${folder}` }).click();
    // The confirmation takes the focus from the button it replaced.
    expect(await app.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Stop watching ${folder} now`);
    await app.page.getByRole('button', { name: `Stop watching ${folder} now` }).click();
    await app.page.getByText('No folder is watched yet').waitFor();
    await screen('Library').click();
    await expect.poll(() => app.page.getByRole('option').filter({ hasText: 'the one file of registration' }).count()).toBeGreaterThan(0);
    expect(app.problems).toEqual([]);
  });
});
