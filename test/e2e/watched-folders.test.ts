import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// Watched folders in the web shell: a folder typed in, its existing file caught up, a new file
// taken once stable, a changed file made the next version; the activity says so in words.

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
    await screen('Watched folders').click();
    await app.page.getByText('No folder is watched yet').waitFor();
    await app.page.getByLabel('Folder', { exact: true }).fill(folder);
    await app.page.getByText('Which files, and when').click();
    await app.page.getByLabel('Take a file once unchanged for (seconds)').fill('0.5');
    await app.page.getByRole('button', { name: 'Watch folder' }).click();
    const row = app.page.getByRole('listitem').filter({ hasText: folder });
    await row.getByText('Watching').waitFor();
    await activity('already-here.txt', /Notarised \(new document\)/).waitFor();

    writeFileSync(join(folder, 'arrived.txt'), 'arrived later\n');
    await activity('arrived.txt', /Notarised \(new document\)/).waitFor();
    writeFileSync(join(folder, 'arrived.txt'), 'arrived later, then edited\n');
    await activity('arrived.txt', /new version/).waitFor();
    await app.page.getByRole('status').filter({ hasText: 'Up to date' }).waitFor();
    mkdirSync('test-results', { recursive: true });
    await app.page.screenshot({ path: 'test-results/e2e-watched-folders.png' });

    // The versions are a document like any other.
    await screen('Documents').click();
    await app.page.getByRole('button', { name: /arrived\.txt.*2 versions/ }).waitFor();
  });

  it('stops watching on request, keeping the records', async () => {
    await screen('Watched folders').click();
    await app.page.getByRole('button', { name: `Stop watching ${folder}` }).click();
    // The confirmation takes the focus from the button it replaced.
    expect(await app.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Stop watching ${folder} now`);
    await app.page.getByRole('button', { name: `Stop watching ${folder} now` }).click();
    await app.page.getByText('No folder is watched yet').waitFor();
    await screen('Library').click();
    await expect.poll(() => app.page.getByRole('option').filter({ hasText: 'arrived.txt' }).count()).toBeGreaterThan(0);
    expect(app.problems).toEqual([]);
  });
});
