import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepShots } from '../support/screenshots.ts';
import { fileWriter } from '../support/scratch-files.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// Verify in the web shell (Chromium): each drop's results stand under a header of their own, with
// the time of the check and a way to remove them, so a second drop does not run on from the first.

let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-verify-runs-'));
const file = fileWriter(folder);

beforeAll(async () => {
  app = await openApp({ blockInterval: 0.3 });
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the runs of Verify', () => {
  it('two drops are two runs, each under its time; removing one leaves the other', async () => {
    const { page } = app;
    await screenButton(page, 'Verify').click();
    const input = page.locator('input[type=file]').first();
    const runs = page.locator('section.run');
    await input.setInputFiles([file('first.txt', 'one'), file('second.txt', 'two')]);
    await expect.poll(() => runs.locator('tbody tr').count()).toBe(2);
    await input.setInputFiles(file('third.txt', 'three'));
    await expect.poll(() => runs.count()).toBe(2);
    await expect.poll(() => runs.nth(1).locator('tbody tr').count()).toBe(1);

    const heads = await runs.locator('.run-head h3').allTextContents();
    expect(heads).toHaveLength(2);
    for (const head of heads) expect(head).toMatch(/^Checked at \d{1,2}:\d{2}:\d{2}/);
    expect(await runs.nth(0).locator('.run-head').textContent()).toContain('2 files');
    expect(await runs.nth(0).locator('tbody').textContent()).not.toContain('third.txt');
    expect(await runs.nth(1).locator('.run-head').textContent()).toContain('1 file');
    expect(await runs.nth(1).locator('tbody').textContent()).toContain('third.txt');
    await keepShots(page, 'verify-two-runs', runs.nth(1));

    await runs
      .nth(0)
      .getByRole('button', { name: /^Remove the results checked at / })
      .click();
    await expect.poll(() => runs.count()).toBe(1);
    expect(await runs.locator('tbody').textContent()).toContain('third.txt');
    expect(await page.locator('.summary').textContent()).toMatch(/1 unknown/);
    expect(app.problems).toEqual([]);
  });

  it('hundreds of results: only the rows in view (and a screenful around) are in the page, the others come as the screen scrolls', async () => {
    const { page } = app;
    await screenButton(page, 'Verify').click();
    const clear = page.getByRole('button', { name: 'Clear', exact: true });
    if (await clear.count()) await clear.click(); // the runs before, when there are
    const names = Array.from({ length: 400 }, (_, i) => `many-${String(i).padStart(3, '0')}.txt`);
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles(names.map((n) => file(n, `never notarised: ${n}`)));
    const summary = page.locator('.summary');
    await expect.poll(() => summary.textContent()).toMatch(/^0 verified .*400 unknown · 0 unreadable$/);
    const rows = page.locator('section.run tbody tr:not(.report, .room)');
    const inPage = await rows.count();
    expect(inPage).toBeGreaterThan(5);
    expect(inPage).toBeLessThan(150);
    expect(await page.locator('.run-head').textContent()).toContain('400 files');
    await keepShots(page, 'verify-many-results');
    expect(await page.getByText('many-399.txt').count()).toBe(0);

    // The end of the list: its last rows are there, its first gone; the table is as tall as all of them.
    await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await expect.poll(() => page.getByText('many-399.txt').count()).toBe(1);
    expect(await page.getByText('many-000.txt').count()).toBe(0);
    expect(await rows.count()).toBeLessThan(150);
    await keepShots(page, 'verify-many-results-end');

    // Back to the top: the first rows again.
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await expect.poll(() => page.getByText('many-000.txt').count()).toBe(1);
    // A filter finds a row that was not in the page.
    await page.getByRole('searchbox', { name: /Filter results/ }).fill('many-250');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('many-250.txt');
    expect(app.problems).toEqual([]);
  });
});
