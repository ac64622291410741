import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { finaliseDocument } from '../../main/core/usecases/documents.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { openAppMiningOnDemand, type AppMiningOnDemand } from '../support/on-demand-blocks.ts';
import { keepShots } from '../support/screenshots.ts';
import { screenButton } from '../support/web-app.ts';

// A watched folder anchors each round together. The files found together are one round,
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

    // Round 2's block comes while the screen is open: its line follows, with no reload.
    await nav('Watched folders');
    await expect.poll(() => folderLine.textContent()).toBe('Round 2: 2 files in one registration, sent, waiting for its block');
    await chain.sandbox.mine();
    await expect.poll(() => folderLine.textContent()).toMatch(/^Round 2: 2 files in one registration, in a block/);
    expect(chain.app.problems).toEqual([]);
  });

  it("keeps the folder's chain to its rounds: not offered for versions, and not finalised while the folder is watched", async () => {
    const page = chain.app.page;
    await screenButton(page, 'Notarise').click();
    await page.getByRole('heading', { name: 'Notarise', level: 1 }).waitFor();
    // The only document is the folder's chain: nothing to add a version to.
    expect(await page.getByText('Or add as a new version of').count()).toBe(0);

    await screenButton(page, 'Documents').click();
    await page.getByRole('button', { name: new RegExp(`^${basename(folder)} \\(watched folder\\)`) }).click();
    await page.getByText('each version is one of its rounds, so versions come only from the folder').waitFor();
    expect(await page.getByText('Add a version').count()).toBe(0);
    await page.getByRole('button', { name: 'Finalise document…' }).click();
    const said = page.getByText('which is still watched: stop watching it first');
    await said.waitFor();
    expect(await page.getByRole('button', { name: 'Finalise now' }).count()).toBe(0);
    await keepShots(page, 'documents-watched-chain', said);
    await page.getByRole('button', { name: 'Go to Watched folders' }).click();
    await page.getByRole('heading', { name: 'Watched folders', level: 1 }).waitFor();
    expect(chain.app.problems).toEqual([]);
  });

  it('stops a folder whose chain was finalised elsewhere, says why, and goes on in a new chain when asked', async () => {
    const page = chain.app.page;
    // What a Notarium from before the refusal did (Documents ▸ Finalise of the folder's chain), here beside the app.
    const older = new Notary({ dataDir: chain.app.home, secrets: new MemorySecretStore(), env: { NOTARIUM_API_KEY: chain.sandbox.apiKey } });
    try {
      const watched = older.library.watchedFolders.byPath(realpathSync(folder))!;
      await finaliseDocument(older.context, { documentId: watched.documentId! }, { folderRemoved: true });
    } finally {
      await older.close();
    }
    const line = page.locator('li.folder');
    await line.getByText('Stopped', { exact: true }).waitFor();
    await line.getByText('its chain was finalised elsewhere').waitFor();
    await keepShots(page, 'watch-chain-finalised-elsewhere', line);

    writeFileSync(join(folder, 'after.txt'), 'written once the chain was finalised\n');
    await page.getByRole('button', { name: `Start a new chain for ${realpathSync(folder)}` }).click();
    await page.getByRole('row').filter({ hasText: 'after.txt' }).filter({ hasText: 'Notarised in round 1 (1 file, one registration)' }).waitFor();
    await line.getByText('Watching', { exact: true }).waitFor();
    expect(chain.app.problems).toEqual([]);
  });
});
