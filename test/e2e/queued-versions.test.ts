import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppMiningOnDemand, type AppMiningOnDemand } from '../support/on-demand-blocks.ts';
import { keepShots } from '../support/screenshots.ts';
import { badgeText, screenButton, type RunningApp } from '../support/web-app.ts';
import { fileWriter } from '../support/scratch-files.ts';

// A document's next version waits for its predecessor's block (service-notes.md, Timing
// and life-cycle rules). The app shows it queued on the Notarise, Library and Documents screens,
// and moves it on as blocks come. The sandbox mines only when this test says so (on-demand-blocks.ts).

const QUEUED = "Queued — waiting for the previous version's block";

let chain: AppMiningOnDemand;
let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-queued-'));
const file = fileWriter(folder);

beforeAll(async () => {
  chain = await openAppMiningOnDemand();
  app = chain.app;
});
afterAll(async () => {
  await chain?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a version queued behind its unmined predecessor', () => {
  it('is shown queued on the Documents, Library and Notarise screens, and moves on to confirmed as blocks come', async () => {
    const page = app.page;
    const nav = (name: string) => screenButton(page, name).click();
    const v1 = file('policy.md', 'policy, first draft\n');
    const v2 = file('policy-2.md', 'policy, second draft\n');
    const v3 = file('policy-3.md', 'policy, approved\n');

    // Version 1: a new document, sent, not in a block (no block comes until the test mines one).
    await nav('Notarise');
    await page.getByLabel('Start a new document for each file').check();
    await page.locator('input[type=file]').first().setInputFiles(v1);
    const notariseRow = (name: string) =>
      page.locator('li.row').filter({ has: page.locator('span.name', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) }) });
    const row1 = notariseRow('policy.md');
    await expect.poll(() => badgeText(row1)).toBe('Waiting for a block');

    // Documents: version 2 added while version 1 waits for its block is queued, after it.
    await nav('Documents');
    await page.getByRole('button', { name: /policy\.md/ }).click();
    await page.getByLabel('New version of policy.md').setInputFiles(v2);
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('policy-2.md is queued as version 2: it is sent as soon as version 1 is in a block.');
    const timeline = page.locator('ol.timeline > li');
    await expect.poll(() => timeline.count()).toBe(2);
    expect(await timeline.nth(0).textContent()).toContain('Version 1');
    expect(await badgeText(timeline.nth(0))).toBe('Waiting for a block');
    expect(await timeline.nth(1).textContent()).toMatch(/Version 2\s*policy-2\.md\s*Not sent yet/);
    expect(await badgeText(timeline.nth(1))).toBe(QUEUED);
    expect(await timeline.nth(1).locator('.badge.queued').count()).toBe(1); // its own badge, not the pending one
    await keepShots(page, 'documents-queued', page.locator('ol.timeline'));

    // Library: its row, the state filter, and what it waits for (version 1's txId and state).
    await nav('Library');
    const rows = page.getByRole('listbox', { name: 'Records' }).getByRole('option');
    await rows.filter({ hasText: 'policy.md' }).click();
    const details = page.locator('section.details');
    const stateFilter = page.getByRole('combobox', { name: /^State/ });
    const txId1 = (await details.locator('dt:text-is("Transaction") + dd').textContent())!.trim();
    expect(txId1).toMatch(/^[0-9a-f]{64}$/);
    const row2 = rows.filter({ hasText: 'policy-2.md' });
    expect(await badgeText(row2)).toBe(QUEUED);
    await stateFilter.selectOption({ label: 'Queued versions' });
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('policy-2.md');
    await rows.first().click();
    await expect.poll(() => badgeText(details)).toBe(QUEUED);
    const waits = details.locator('dt:text-is("Waits for") + dd');
    expect(await waits.textContent()).toBe('Version 1 · Waiting for a block');
    expect(await details.locator('dt:text-is("Waits for") + dd + dd').textContent()).toBe(txId1);
    expect(await details.textContent()).toContain('Not sent yet: a version goes to the service only once the version before it is in a block.');
    expect(await details.locator('dt:text-is("Transaction") + dd').textContent()).toBe('Not sent yet');
    await keepShots(page, 'library-queued');
    await keepShots(page, 'library-queued-details', details.locator('dt:text-is("Waits for")'));
    await stateFilter.selectOption({ label: 'All' });

    // Notarise: a file added there as the next version is queued behind version 2, itself queued.
    await nav('Notarise');
    await page.getByLabel('Or add as a new version of').selectOption({ label: 'policy.md' });
    await page.locator('input[type=file]').first().setInputFiles(v3);
    const row3 = notariseRow('policy-3.md');
    await expect.poll(() => badgeText(row3)).toBe(QUEUED);
    expect(await row3.textContent()).toContain('version 3 of policy.md');
    expect(await badgeText(row1)).toBe('Waiting for a block');
    await keepShots(page, 'notarise-queued');
    // The queued badge and the version chooser pass axe, as every screen does (notarise-and-receipt.test.ts).
    const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id} (${v.nodes.length})`)).toEqual([]);

    // A block: version 1 is in it, so version 2 is sent; version 3 still waits for version 2's.
    await chain.sandbox.mine();
    await nav('Documents');
    await expect.poll(() => badgeText(timeline.nth(0))).toBe('1 of 2 confirmations');
    await expect.poll(() => badgeText(timeline.nth(1))).toBe('Waiting for a block');
    await expect.poll(() => timeline.count()).toBe(3);
    expect(await badgeText(timeline.nth(2))).toBe(QUEUED);
    // The whole txId (cut short on screen by CSS when the panel is narrow, with a copy button).
    expect(await timeline.nth(1).textContent()).toMatch(/txId [0-9a-f]{64}/);
    await keepShots(page, 'documents-queued-after-sent', page.locator('ol.timeline'));

    // Two more: version 2 confirmed, then version 3 sent and confirmed.
    await chain.sandbox.mine();
    await expect.poll(() => badgeText(timeline.nth(2))).toBe('Waiting for a block');
    await chain.sandbox.mine();
    await expect.poll(() => badgeText(timeline.nth(2))).toBe('1 of 2 confirmations');
    // Each record's status is its own check, so the older versions' news may come after version 3's.
    await expect.poll(() => badgeText(timeline.nth(0))).toBe('Settled');
    await expect.poll(() => badgeText(timeline.nth(1))).toBe('Settled');

    // A row counts against its own record's profile (Chain: 2 to settle), not the one in use now (Sandbox: 3).
    const use = async (name: string, other: string) => {
      await nav('Account & settings');
      await page.getByRole('button', { name: `Use ${name}` }).click();
      await page.getByRole('button', { name: `Use ${other}` }).waitFor();
    };
    await use('Sandbox', 'Chain');
    await nav('Notarise');
    await expect.poll(() => badgeText(row3)).toBe('1 of 2 confirmations');
    await use('Chain', 'Sandbox');
    await nav('Library');
    await rows.filter({ hasText: 'policy-3.md' }).click();
    await expect.poll(() => badgeText(details)).toBe('1 of 2 confirmations');
    expect(await details.locator('dt:text-is("Waits for")').count()).toBe(0);
    await stateFilter.selectOption({ label: 'Queued versions' });
    await page.getByText('No record matches. Try another search or state.').waitFor();
    expect(app.problems).toEqual([]);
  });

  it('a finalised document reads Finalising, in the pending colours, until its final record is in a block; then Final', async () => {
    const page = app.page;
    await screenButton(page, 'Documents').click();
    const doc = page.getByRole('button', { name: /^policy\.md/ });
    await doc.click();
    await page.getByRole('button', { name: 'Finalise document…' }).click();
    await page.getByRole('button', { name: 'Finalise now' }).click();
    const head = page.locator('.dhead');
    await page.getByText('The final record is sent: the document is final once it is in a block. No version can follow it.').waitFor();
    await expect.poll(() => badgeText(head)).toBe('Finalising');
    expect(await head.locator('.badge').getAttribute('class')).toMatch(/\bpending\b/);
    await expect.poll(() => doc.textContent()).toMatch(/· Finalising ·/);
    await keepShots(page, 'documents-finalising', head);
    await chain.sandbox.mine();
    await expect.poll(() => badgeText(head)).toBe('Final');
    await expect.poll(() => doc.textContent()).toMatch(/· Final ·/);
    await keepShots(page, 'documents-final', head);
    expect(app.problems).toEqual([]);
  });
});
