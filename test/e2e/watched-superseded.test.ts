import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppMiningOnDemand, type AppMiningOnDemand } from '../support/on-demand-blocks.ts';
import { keepShots } from '../support/screenshots.ts';
import { badgeText, screenButton } from '../support/web-app.ts';

// Issue #12: a watched file saved again while its previous version waits for its block registers
// only its latest content when the block comes. The replaced save is superseded: the activity log
// says so, and it is never shown or counted as a registration (Library, Documents).

const QUEUED = "Queued — waiting for the previous version's block";

let chain: AppMiningOnDemand;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-superseded-'));
beforeAll(async () => {
  chain = await openAppMiningOnDemand();
});
afterAll(async () => {
  await chain?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a watched file saved twice while its version waits for a block', () => {
  it('keeps only the latest save: the other is superseded, in the activity log and nowhere else', async () => {
    const page = chain.app.page;
    const nav = (name: string) => screenButton(page, name).click();
    const notes = join(folder, 'notes.md');
    const activity = (what: string) => page.getByRole('row').filter({ hasText: 'notes.md' }).filter({ hasText: what });

    writeFileSync(notes, 'notes, first\n');
    await nav('Watched folders');
    await page.getByLabel('Folder', { exact: true }).fill(folder);
    await page.getByText('Which files, and when').click();
    await page.getByLabel('Take a file once unchanged for (seconds)').fill('0.5');
    await page.getByRole('button', { name: 'Watch folder' }).click();
    await activity('Notarised (new document)').waitFor();

    // Version 1 is not in a block (no block comes until the test mines one): each save waits.
    writeFileSync(notes, 'notes, second\n');
    await activity(QUEUED.replace('Queued', 'Queued as a new version')).waitFor();
    writeFileSync(notes, 'notes, third\n');
    await activity('Superseded by a later save before it was sent').waitFor();
    await expect.poll(() => activity('Queued as a new version').count()).toBe(2);
    await keepShots(page, 'watch-superseded', page.getByRole('heading', { name: 'Recent activity' }));

    // The Library: version 1 and the latest save, queued; the replaced save is not a registration.
    await nav('Library');
    const rows = page.getByRole('listbox', { name: 'Records' }).getByRole('option');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByText('2 files', { exact: true }).count()).toBe(1);
    expect(await badgeText(rows.nth(0))).toBe(QUEUED); // newest first
    expect(await badgeText(rows.nth(1))).toBe('Waiting for a block');
    await keepShots(page, 'library-superseded');

    // Documents: two versions, the second queued; nothing superseded in the timeline or the count.
    await nav('Documents');
    await page.getByRole('button', { name: /notes\.md.*2 versions/ }).click();
    const timeline = page.locator('ol.timeline > li');
    await expect.poll(() => timeline.count()).toBe(2);
    expect(await badgeText(timeline.nth(1))).toBe(QUEUED);
    await keepShots(page, 'documents-superseded', page.locator('ol.timeline'));

    // The block comes: the latest save is sent, then mined; it is version 2, with the third content.
    await chain.sandbox.mine();
    await expect.poll(() => badgeText(timeline.nth(1))).toBe('Waiting for a block');
    await chain.sandbox.mine();
    await expect.poll(() => badgeText(timeline.nth(1))).toBe('1 of 2 confirmations');
    expect(await timeline.count()).toBe(2);
    await page.getByLabel('File to identify').setInputFiles({ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('notes, third\n') });
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/notes\.md is version 2 of 2 of "notes\.md"/);

    // With the service gone, the timeline is the library's, and says so with the reason.
    await chain.sandbox.stop();
    await nav('Library');
    await nav('Documents');
    await page.getByRole('button', { name: /notes\.md.*2 versions/ }).click();
    const source = page.locator('p.source');
    await expect.poll(() => source.textContent()).toMatch(/This is the history as the library knows it, not read from the service\. \S/);
    expect(await timeline.count()).toBe(2);
    await keepShots(page, 'documents-from-library', source);
    expect(chain.app.problems).toEqual([]);
  });
});
