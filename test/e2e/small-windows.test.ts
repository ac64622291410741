import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { keepShots, SHOT_SIZES } from '../support/screenshots.ts';
import { openApp, screenButton, type RunningApp } from '../support/web-app.ts';
import { INNER_WAIT_MS } from '../support/hang-limit.ts';
import { fileWriter } from '../support/scratch-files.ts';

// Every screen in a small window, with the long names, hashes and paths people really have: the
// page never scrolls sideways, names and hashes stay readable (one line, ellipsised, the whole
// value on hover), and columns give way rather than squeeze each other to a letter.

let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-small-'));
const LONG = 'Quarterly-report-to-the-board-of-directors-with-all-appendices-approved-version';
const watched = join(folder, 'Shared drive', 'Departments', 'Finance and accounting', 'Contracts signed in 2026');
const PROFILE = 'European records service - production';

beforeAll(async () => {
  app = await openApp({
    blockInterval: 0.3,
    setUp: async (home) => {
      const added = await runCli(['profile', 'add', PROFILE, '--base-url', 'https://records.notary-service.example.eu/api/v2/registrations'], {
        env: { NOTARIUM_HOME: home },
      });
      expect(added.code, added.stderr).toBe(0);
    },
  });
  mkdirSync(watched, { recursive: true });
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

const file = fileWriter(folder);

/** Nothing wider than the window: neither the page nor the screen's own scroller moves sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const sizes = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const right = main.getBoundingClientRect().left + main.clientWidth;
    // What sticks out, to say in the failure which element is too wide.
    const wide = [...main.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > right + 0.5)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
    return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, main: main.scrollWidth - main.clientWidth, wide };
  });
  expect(sizes, where).toEqual({ page: 0, main: 0, wide: [] });
}

/** Shown on one line, at least `min` px wide, inside the window. */
async function expectReadable(el: Locator, where: string, min = 120): Promise<void> {
  const box = (await el.boundingBox())!;
  const line = await el.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight) || 20);
  const viewport = el.page().viewportSize()!;
  expect(box.width, `${where}: width`).toBeGreaterThanOrEqual(min);
  expect(box.height, `${where}: one line`).toBeLessThan(line * 1.6);
  expect(box.x + box.width, `${where}: inside the window`).toBeLessThanOrEqual(viewport.width);
}

/**
 * The punctuation that touches a hash in a sentence (an opening bracket before it; a closing one, a
 * full stop or a comma after it) is on the hash's line, never left alone on the line before or after.
 */
async function expectPunctuationWithItsHash(scope: Locator, where: string): Promise<void> {
  const { hashes, strays } = await scope.evaluate((root) => {
    const OPEN = /[([{"'“‘]$/;
    const CLOSE = /^[)\]}"'”’.,;:!?…]/;
    // The nearest text beside an element, over the empty text and comment nodes a template leaves.
    const textBeside = (el: Element, way: 'previousSibling' | 'nextSibling'): Text | null => {
      for (let n = el[way]; n; n = n[way]) {
        if (n instanceof Text && n.data !== '') return n;
        if (!(n instanceof Comment) && !(n instanceof Text)) return null;
      }
      return null;
    };
    const charBox = (t: Text, at: number): DOMRect => {
      const range = document.createRange();
      range.setStart(t, at);
      range.setEnd(t, at + 1);
      return range.getBoundingClientRect();
    };
    const found: string[] = [];
    const all = [...root.querySelectorAll('.hash')];
    for (const hash of all) {
      const line = hash.querySelector('.value')!.getBoundingClientRect();
      const onLine = (r: DOMRect) => r.top < line.bottom && r.bottom > line.top;
      const name = (hash.textContent ?? '').slice(0, 8);
      const before = textBeside(hash, 'previousSibling');
      if (before && OPEN.test(before.data) && !onLine(charBox(before, before.data.length - 1))) found.push(`"${before.data.slice(-1)}" before ${name}…`);
      const after = textBeside(hash, 'nextSibling');
      if (after && CLOSE.test(after.data) && !onLine(charBox(after, 0))) found.push(`"${after.data[0]}" after ${name}…`);
    }
    return { hashes: all.length, strays: found };
  });
  expect(hashes, `${where}: hashes`).toBeGreaterThan(0);
  expect(strays, `${where}: punctuation alone on a line`).toEqual([]);
}

/** How far apart two CSS rgb() colours are: the sum of their channels' differences. */
function colourDistance(a: string, b: string): number {
  const channels = (c: string): number[] => (c.match(/\d+/g) ?? []).slice(0, 3).map(Number);
  const [x, y] = [channels(a), channels(b)];
  return x.reduce((sum, v, i) => sum + Math.abs(v - y[i]!), 0);
}

async function apart(a: Locator, b: Locator, where: string): Promise<void> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  expect(x.x + x.width <= y.x || y.x + y.width <= x.x, `${where}: ${JSON.stringify([x, y])}`).toBe(true);
}

describe('small windows', () => {
  it('every screen fits 800×600, 1024×700 and 1440×900 with long names and hashes', async () => {
    const page = app.page;
    const nav = (name: string) => screenButton(page, name).click();
    const a = file(`${LONG}.pdf`, 'the report\n');
    const b = file(`${LONG}-appendix-B-figures-and-tables.xlsx`, 'the figures\n');
    const v2 = file(`${LONG}-amended.pdf`, 'the report, amended\n');

    await nav('Notarise');
    await page.getByLabel('Start a new document for each file').check();
    await page.locator('input[type=file]').first().setInputFiles([a, b]);
    await expect.poll(() => page.getByText('Settled', { exact: true }).count()).toBe(2);
    // A settled row has nothing left to measure: no bar standing in the middle of it.
    expect(await page.locator('section.list li progress').count(), 'bars in settled Notarise rows').toBe(0);

    await nav('Documents');
    await page.getByRole('button', { name: new RegExp(`${LONG}\\.pdf`) }).click();
    await page.getByLabel(`New version of ${LONG}.pdf`).setInputFiles(v2);
    await expect.poll(() => page.locator('ol.timeline').getByText('Settled').count()).toBe(2);
    await page.getByRole('button', { name: 'Finalise document…' }).click();
    await page.getByRole('button', { name: 'Finalise now' }).click();
    await page.locator('ol.timeline > li').nth(2).waitFor();

    await nav('Verify');
    await page.getByLabel('Files to verify', { exact: true }).setInputFiles([a, b, v2]);
    await expect.poll(() => page.locator('table.results tbody tr').count()).toBe(3);
    await page.getByRole('button', { name: new RegExp(`Report for ${LONG}\\.pdf`) }).click();

    await nav('Watched folders');
    await page.getByLabel('Folder', { exact: true }).fill(watched);
    await page.getByRole('button', { name: 'Watch folder' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Contracts signed in 2026' }).getByText('Watching').waitFor();

    // The first version's record (the document's final record bears its name too).
    await nav('Library');
    const tagged = (label: string) => page.getByRole('option').filter({ has: page.locator('.tag', { hasText: label }) });
    const first = tagged('v1').filter({ hasText: `${LONG}.pdf` });
    await first.click();
    await page.getByRole('heading', { name: `${LONG}.pdf` }).waitFor();

    for (const [width, height] of SHOT_SIZES) {
      await page.setViewportSize({ width, height });
      const at = `${width}×${height}`;

      await nav('Library');
      // The search's placeholder is whole (the input is wide enough for it in its own font).
      const search = page.getByRole('searchbox');
      const fit = await search.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: Math.ceil(context.measureText(input.placeholder).width), room };
      });
      expect(fit.text, `Library's search placeholder at ${at}: ${JSON.stringify(fit)}`).toBeLessThanOrEqual(fit.room);

      // A click shows its record's details in sight, even where they sit below the list; a
      // selected row's Final tag keeps a background of its own.
      const final = tagged('Final');
      await final.click();
      // Within the inner-wait bound (load alone cannot reach it), so a missing scroll fails with this message rather than at the hang limit.
      const inSight = await page
        .waitForFunction(
          (bottom) => {
            const box = document.querySelector('aside[aria-label="Record details"] h2')?.getBoundingClientRect();
            return box !== undefined && box.top >= 0 && box.bottom <= bottom;
          },
          height,
          { timeout: INNER_WAIT_MS },
        )
        .then(
          () => true,
          () => false,
        );
      expect(inSight, `Library's details in sight after a click at ${at}`).toBe(true);
      const [tagBg, rowBg] = await final
        .locator('.tag')
        .evaluate((tag) => [getComputedStyle(tag).backgroundColor, getComputedStyle(tag.closest('.row')!).backgroundColor]);
      expect(colourDistance(tagBg, rowBg), `Final tag against a selected row at ${at}: ${tagBg} on ${rowBg}`).toBeGreaterThanOrEqual(30);
      await first.click();
      await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
      await expectReadable(first.locator('.n'), `Library name at ${at}`);
      await apart(page.locator('.cols > span').nth(0), page.locator('.cols > span').nth(1), `Library's File and State headers at ${at}`);
      const details = page.getByRole('complementary', { name: 'Record details' });
      for (const label of ['SHA-256 of the file', 'published fingerprint', 'transaction id', 'block hash']) {
        const hash = details.locator('.hash', { has: page.getByRole('button', { name: `Copy ${label}`, exact: true }) });
        await expectReadable(hash.locator('.value'), `Library's ${label} at ${at}`, 100);
      }
      await expectNoSidewaysScroll(page, `Library at ${at}`);

      await nav('Documents');
      const tx = page.locator('ol.timeline .hash .value').first();
      await expectReadable(tx, `Documents' txId at ${at}`, 80);
      await expectNoSidewaysScroll(page, `Documents at ${at}`);

      await nav('Verify');
      const message = page.locator('table.results tbody tr').first().locator('td').nth(-2);
      expect((await message.boundingBox())!.width, `Verify's message column at ${at}`).toBeGreaterThanOrEqual(200);
      // The verified message names its txId and block hash: each on one line, ellipsised, with a copy button.
      const named = message.locator('.hash .value');
      expect(await named.count(), `Verify's message hashes at ${at}`).toBe(2);
      for (const hash of await named.all()) await expectReadable(hash, `Verify's message hash at ${at}`, 100);
      expect(await page.locator('main').evaluate((m) => m.scrollHeight), `Verify's page height at ${at}`).toBeLessThan(4 * height);
      await expectNoSidewaysScroll(page, `Verify at ${at}`);
      // The report's steps name hashes in parentheses and before a full stop; the message before ", in block".
      await page.getByRole('button', { name: new RegExp(`Report for ${LONG}\\.pdf`) }).click();
      await page.locator('ol.steps').waitFor();
      await expectPunctuationWithItsHash(page.locator('table.results'), `Verify's messages and report at ${at}`);

      for (const screen of ['Notarise', 'Watched folders', 'Account & settings']) {
        await nav(screen);
        await expectNoSidewaysScroll(page, `${screen} at ${at}`);
      }
      await nav('Watched folders');
      await expectReadable(page.locator('.fpath').first(), `Watched folder's path at ${at}`);
    }

    const screens: [string, string, Locator?][] = [
      ['Notarise', 'notarise'],
      ['Library', 'library'],
      ['Documents', 'documents', page.locator('ol.timeline')],
      ['Verify', 'verify', page.locator('ol.steps')],
      ['Watched folders', 'watch'],
      ['Account & settings', 'account', page.getByRole('heading', { name: 'Profiles' })],
    ];
    for (const [screen, name, show] of screens) {
      await nav(screen);
      // A screen's own state (an opened report) does not outlive a visit: open it again.
      if (name === 'verify') await page.getByRole('button', { name: new RegExp(`Report for ${LONG}\\.pdf`) }).click();
      await keepShots(page, `small-${name}`, show);
    }
    // The document's final record selected: its Final tag on the selection, its details in sight.
    await nav('Library');
    await tagged('Final').click();
    await keepShots(
      page,
      'small-library-final-selected',
      page.getByRole('complementary', { name: 'Record details' }).getByRole('heading', { level: 2 }).first(),
    );
    expect(app.problems).toEqual([]);
  });

  it("the Library's list takes the window's height where the details sit below it, and no more than its rows", async () => {
    const page = app.page;
    // A dozen more registrations, made beside the app with the command line (each its own registration, so its own row).
    const many = Array.from({ length: 12 }, (_, i) => file(`minutes-${String(i + 1).padStart(2, '0')}.txt`, `minutes ${i + 1}\n`));
    const made = await runCli(['notarise', '--separately', ...many], {
      env: { NOTARIUM_HOME: app.home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '', NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.3' },
    });
    expect(made.code, made.stderr).toBe(0);
    await page.setViewportSize({ width: 1024, height: 700 });
    await screenButton(page, 'Library').click();
    const box = page.locator('.list.card');
    const options = page.getByRole('listbox', { name: 'Records' }).getByRole('option');
    await expect.poll(() => page.getByText(/^1[0-9] files$/).count()).toBe(1);
    const fit = () =>
      box.evaluate((list) => {
        const main = list.closest('main')!;
        const rows = list.querySelectorAll('[role="option"]');
        const bottom = list.getBoundingClientRect().bottom;
        const seen = [...rows].filter((r) => r.getBoundingClientRect().bottom <= Math.min(bottom, main.getBoundingClientRect().bottom)).length;
        return { seen, gap: main.getBoundingClientRect().bottom - bottom, height: list.getBoundingClientRect().height };
      });
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    // Down to the window's bottom (its padding below): more rows than a fixed box's six.
    const full = await fit();
    expect(full.seen, JSON.stringify(full)).toBeGreaterThanOrEqual(8);
    expect(full.gap, JSON.stringify(full)).toBeLessThanOrEqual(40);
    await keepShots(page, 'library-list-fills-the-window', box);

    // One result: a box of one row, no empty area below it.
    await page.getByRole('searchbox').fill('minutes-07');
    await expect.poll(() => options.count()).toBe(1);
    await expect.poll(async () => (await fit()).height).toBeLessThanOrEqual(38 + 52 + 2);
    await keepShots(page, 'library-list-one-result', box);
    await page.getByRole('searchbox').fill('');
    expect(app.problems).toEqual([]);
  });
});
