import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppMiningOnDemand, type AppMiningOnDemand } from '../support/on-demand-blocks.ts';
import { keepShots } from '../support/screenshots.ts';
import { screenButton } from '../support/web-app.ts';

// Issue #16: a watched folder anchors each round together. The files found together are one round,
// one registration; files changed while that round waits for its block wait for the next round,
// which is the next record of the folder's chain once the block comes. The Watched folders screen
// says so of each file and of the folder; the Library shows each round as one registration.

let chain: AppMiningOnDemand;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-rounds-'));
beforeAll(async () => {
  chain = await openAppMiningOnDemand();
});
afterAll(async () => {
  await chain?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a watched folder in rounds', () => {
  it('anchors the files found together in one registration, and the next changes in the next round after the block', async () => {
    const page = chain.app.page;
    const nav = (name: string) => screenButton(page, name).click();
    const activity = (file: string, what: string) => page.getByRole('row').filter({ hasText: file }).filter({ hasText: what });
    const folderLine = page.locator('li.folder .last');
    const waitingLine = page.locator('li.folder .waiting');

    for (const name of ['deed.pdf', 'lease.pdf', 'annex.txt']) writeFileSync(join(folder, name), `${name}, as signed\n`);
    await nav('Watched folders');
    await page.getByLabel('Folder', { exact: true }).fill(folder);
    await page.getByText('Which files, and when').click();
    await page.getByLabel('Take a file once unchanged for (seconds)').fill('0.5');
    await page.getByRole('button', { name: 'Watch folder' }).click();
    for (const name of ['deed.pdf', 'lease.pdf', 'annex.txt']) await activity(name, 'Notarised in round 1 (3 files, one registration)').waitFor();
    await expect.poll(() => folderLine.textContent()).toBe('Round 1: 3 files in one registration, sent, waiting for its block');

    // Round 1 is not in a block (no block comes until the test mines one): the changes wait.
    writeFileSync(join(folder, 'deed.pdf'), 'deed.pdf, amended\n');
    writeFileSync(join(folder, 'lease.pdf'), 'lease.pdf, amended\n');
    await activity('deed.pdf', "Taken — waits for the folder's next round").waitFor();
    await activity('lease.pdf', "Taken — waits for the folder's next round").waitFor();
    await expect.poll(() => waitingLine.textContent()).toBe('2 files wait for the next round, which goes once round 1 is in a block');
    expect(await folderLine.textContent()).toBe('Round 1: 3 files in one registration, sent, waiting for its block');
    await expect.poll(() => page.locator('p.progress').textContent()).toMatch(/^2 files wait for their folder's next round/);
    await keepShots(page, 'watch-rounds-waiting', waitingLine);

    await nav('Library');
    const rows = page.getByRole('listbox', { name: 'Records' }).getByRole('option');
    // The Library lists files: each of the three is one of the round's files, all in one registration.
    await expect.poll(() => rows.filter({ hasText: 'one of 3 files in registration' }).count()).toBe(3);
    await keepShots(page, 'library-watched-round');

    // The block comes: round 2 goes, one registration for both changes, the next record of the folder's chain.
    await chain.sandbox.mine();
    await nav('Watched folders');
    await activity('deed.pdf', 'Notarised as a new version in round 2 (2 files, one registration)').waitFor();
    await activity('lease.pdf', 'Notarised as a new version in round 2 (2 files, one registration)').waitFor();
    await expect.poll(() => folderLine.textContent()).toMatch(/^Round 2: 2 files in one registration, /);
    expect(await waitingLine.count()).toBe(0);
    await keepShots(page, 'watch-rounds-second', folderLine);
    await nav('Library');
    await expect.poll(() => rows.filter({ hasText: 'one of 2 files in registration' }).count()).toBe(2);
    await keepShots(page, 'library-watched-rounds');
    expect(chain.app.problems).toEqual([]);
  });
});
