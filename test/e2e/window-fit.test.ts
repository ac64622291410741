import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { keepShots, SHOT_SIZES } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';

// The window itself never scrolls (no second scrollbar, no sidebar scrolled out of view):
// the screen's pane is the one scroller, also with a long Library and many Verify results. Esc closes
// the service profile form as it closes the other panels; the same files verified again are not
// counted twice.

let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-fit-'));
const PROFILE = 'Records service';
const FILES = 24;

beforeAll(async () => {
  app = await openApp({
    blockInterval: 0.3,
    setUp: async (home) => {
      const added = await runCli(['profile', 'add', PROFILE, '--base-url', 'https://records.example.org'], { env: { NOTARIUM_HOME: home } });
      expect(added.code, added.stderr).toBe(0);
    },
  });
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

const files = Array.from({ length: FILES }, (_, i) => {
  const path = join(folder, `minutes-${String(i + 1).padStart(2, '0')}.txt`);
  writeFileSync(path, `the minutes of meeting ${i + 1}\n`);
  return path;
});

/** The document fits the window both ways, and what sticks out of it, by name, when it does not. */
async function expectWindowStill(page: Page, where: string): Promise<void> {
  const fit = await page.evaluate(() => {
    const doc = document.scrollingElement!;
    // What reaches the document's end or right edge when it is too big: what stretches it.
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return (doc.scrollHeight > innerHeight && box.bottom >= doc.scrollHeight - 1) || (doc.scrollWidth > innerWidth && box.right >= doc.scrollWidth - 1);
      })
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} “${(el.textContent ?? '').slice(0, 20)}”`);
    return { height: doc.scrollHeight - innerHeight, width: doc.scrollWidth - innerWidth, scrolled: [scrollX, scrollY], out };
  });
  expect(fit, where).toEqual({ height: 0, width: 0, scrolled: [0, 0], out: [] });
}

/** The screen's pane scrolls (it has more than its height) and the window stays where it is. */
async function expectPaneScrolls(page: Page, where: string): Promise<void> {
  const main = page.locator('main');
  expect(await main.evaluate((m) => m.scrollHeight > m.clientHeight), `${where}: the pane has more than its height`).toBe(true);
  await main.evaluate((m) => m.scrollTo(0, m.scrollHeight));
  await page.mouse.move(10, 10);
  await page.mouse.wheel(0, 2000);
  await expectWindowStill(page, `${where}, the pane scrolled to its end`);
  expect((await page.getByRole('navigation', { name: 'Screens' }).boundingBox())!.y, `${where}: the sidebar in place`).toBeGreaterThanOrEqual(0);
  await main.evaluate((m) => m.scrollTo(0, 0));
}

const hasFocus = (el: Locator) => el.evaluate((e) => e === document.activeElement);

describe('the window', () => {
  it('never scrolls at 800×600, 1024×700 or 1440×900, with a long Library and many results; the same files verified again replace their rows', async () => {
    const page = app.page;
    await screenButton(page, 'Notarise').click();
    await page.locator('input[type=file]').first().setInputFiles(files);
    // One drop, one registration: settled once, its files listed under it.
    await expect.poll(() => page.locator('section.list li.drop').filter({ hasText: 'Settled' }).count()).toBe(1);
    expect(await page.locator('section.list li.member').count()).toBe(FILES);

    await screenButton(page, 'Verify').click();
    const rows = page.locator('table.results tbody tr');
    const summary = page.locator('.summary');
    // The file whose result came first (results come as each file is checked, not in the drop's order).
    let first = '';
    for (let run = 0; run < 3; run++) {
      await page.getByLabel('Files to verify', { exact: true }).setInputFiles(files);
      await expect.poll(() => summary.textContent()).toMatch(new RegExp(`^${FILES} verified · .* 0 unreadable$`));
      if (run === 0) first = /minutes-\d\d\.txt/.exec((await rows.first().textContent()) ?? '')![0];
    }
    // One line per file: three runs of the same files are still one row each, in the order first checked.
    expect(await rows.count()).toBe(FILES);
    expect(await rows.first().textContent()).toContain(first);
    // Another file, and one the same name but other content: rows of their own.
    const other = join(mkdtempSync(join(folder, 'other-')), 'minutes-01.txt');
    writeFileSync(other, 'another meeting\n');
    await page.getByLabel('Files to verify', { exact: true }).setInputFiles(other);
    await expect.poll(() => rows.count()).toBe(FILES + 1);
    expect(await rows.last().textContent()).toContain('minutes-01.txt');
    await keepShots(page, 'verify-again', rows.last());

    await screenButton(page, 'Library').click();
    await page.getByRole('listbox', { name: 'Records' }).getByRole('option').first().click();

    for (const [width, height] of SHOT_SIZES) {
      await page.setViewportSize({ width, height });
      const at = `${width}×${height}`;
      for (const screen of ['Notarise', 'Library', 'Verify', 'Documents', 'Watched folders', 'Account & settings']) {
        await screenButton(page, screen).click();
        await page.getByRole('heading', { level: 1, name: screen, exact: true }).waitFor();
        await expectWindowStill(page, `${screen} at ${at}`);
      }
      await screenButton(page, 'Verify').click();
      await expectPaneScrolls(page, `Verify at ${at}`);
      // The Library's long list scrolls in its own box.
      await screenButton(page, 'Library').click();
      const list = page.getByRole('listbox', { name: 'Records' });
      expect(await list.evaluate((l) => l.scrollHeight > l.clientHeight), `Library's list at ${at}`).toBe(true);
      await list.evaluate((l) => l.scrollTo(0, l.scrollHeight));
      await expectWindowStill(page, `Library, its list scrolled to its end, at ${at}`);
      if (width < 1100) await expectPaneScrolls(page, `Library at ${at}`);
    }
    await screenButton(page, 'Library').click();
    await keepShots(page, 'window-library', page.getByRole('complementary', { name: 'Record details' }));
    await screenButton(page, 'Account & settings').click();
    await keepShots(page, 'window-account');
    expect(app.problems).toEqual([]);
  });
});

describe('Esc on the service profile form', () => {
  it('closes a new profile form, with or without a field focused and typed in, and an open profile’s settings; the focus goes back to its button', async () => {
    const page = app.page;
    await screenButton(page, 'Account & settings').click();
    const add = page.getByRole('button', { name: 'Add a service profile' });
    const form = page.getByRole('form', { name: 'New service profile' });

    await add.click();
    await form.waitFor();
    await keepShots(page, 'profile-form-new', form);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await hasFocus(add)).toBe(true);

    await add.click();
    await form.getByLabel('Name').fill('Half typed');
    await form.getByLabel('Service address').focus();
    await page.keyboard.type('https://half');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await hasFocus(add)).toBe(true);
    // What was typed is let go, as Cancel does: a new form starts empty, and no profile was added.
    await add.click();
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await page.getByRole('listitem').filter({ hasText: 'Half typed' }).count()).toBe(0);

    const settings = page.getByRole('button', { name: `Settings of ${PROFILE}` });
    await settings.click();
    const edit = page.getByRole('form', { name: `Edit ${PROFILE}` });
    await edit.getByLabel('Confirmations to settle').focus();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    expect(await hasFocus(settings)).toBe(true);
    expect(app.problems).toEqual([]);
  });
});
