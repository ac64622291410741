import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de } from '../../preload/i18n/messages/de.ts';
import { en } from '../../preload/i18n/messages/en.ts';
import { fr } from '../../preload/i18n/messages/fr.ts';
import { translator } from '../../preload/i18n/translator.ts';
import { keepShots } from '../support/screenshots.ts';
import { openApp, type RunningApp } from '../support/web-app.ts';

// The app in French and German: it follows the browser's language, a choice in Settings changes
// every word at once, and the translated screens (German words are long) fit 800×600 and 1440×900
// in both themes: nothing overflows, no button's words are cut, and axe finds nothing serious.

let app: RunningApp;
const folder = mkdtempSync(join(tmpdir(), 'notarium-e2e-languages-'));
const watched = join(folder, 'Verträge und Vollmachten');

beforeAll(async () => {
  mkdirSync(watched, { recursive: true });
  app = await openApp({ blockInterval: 0.3, locale: 'de-DE' });
});
afterAll(async () => {
  await app?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A language's messages, each a string (the files' own types are their literal words). */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
type Messages = Widen<typeof en>;
const MESSAGES = { en, fr, de } as unknown as Record<'en' | 'fr' | 'de', Messages>;
const SCREENS = ['notarise', 'library', 'verify', 'documents', 'watch', 'account'] as const;
/** Words of an English sentence that no French or German one has (a hash is hexadecimal: none of these). */
const ENGLISH = /\b(the|is|was|which|could|not)\b/;

/** Settings' language choice (its accessible name also holds the option chosen, so it is found by its label's start). */
const languageChoice = (page: Page, m: Messages) => page.getByRole('combobox', { name: new RegExp(`^${m.settings.language}\\b`) });
const nav = (page: Page) => page.getByRole('navigation', { name: new RegExp(`^(${[en, fr, de].map((m) => m.sidebar.nav).join('|')})$`) });
async function show(page: Page, m: Messages, screen: (typeof SCREENS)[number]): Promise<void> {
  await nav(page).getByRole('button', { name: m.screens[screen], exact: true }).click();
  await page.getByRole('heading', { level: 1, name: m.screens[screen], exact: true }).waitFor();
}

/** The page does not scroll either way, the screen's pane not sideways, and no control's words overflow its box. */
async function expectFits(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => {
    const doc = document.scrollingElement!;
    const main = document.querySelector('main')!;
    // Shown to the eye: not the 1px boxes that keep words for screen readers alone (the narrow sidebar's labels).
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 40)}”`;
    // Buttons, links styled as buttons, the sidebar's items, choices and their labels: their words stay in their box, and the box in the window.
    const controls = [...document.querySelectorAll('button, a.btn, summary, select, label, .badge, nav .label')].filter(visible);
    const clipped = controls.filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline').map(name);
    const outside = controls.filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5).map(name);
    return {
      page: [doc.scrollWidth - innerWidth, doc.scrollHeight - innerHeight],
      pane: main.scrollWidth - main.clientWidth,
      clipped,
      outside,
    };
  });
  expect(found, where).toEqual({ page: [0, 0], pane: 0, clipped: [], outside: [] });
}

async function expectAxeClean(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, where).toEqual([]);
}

describe('languages', () => {
  it("follows the browser's language, and Settings changes it for every word at once, kept for next time", async () => {
    const page = app.page;
    await nav(page).getByRole('button', { name: de.screens.notarise, exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await show(page, MESSAGES.de, 'account');
    const language = languageChoice(page, de);
    expect(await language.inputValue()).toBe('system');

    await language.selectOption('fr');
    await page.getByRole('heading', { level: 1, name: fr.settings.title, exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await nav(page).getByRole('button').first().textContent()).toContain(fr.screens.notarise);
    expect(await page.evaluate(() => localStorage.getItem('notarium.language'))).toBe('fr');

    await languageChoice(page, fr).selectOption('en');
    await page.getByRole('heading', { level: 1, name: en.settings.title, exact: true }).waitFor();
    await languageChoice(page, en).selectOption('system');
    await page.getByRole('heading', { level: 1, name: de.settings.title, exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('notarium.language'))).toBeNull();
  });
});

describe('French and German on the screens translated', () => {
  const CONTRACT = 'Kaufvertrag Grundstück Flurstück 1234.pdf';
  // Something on each screen: a drop started as documents (rows on Notarise and in the Library, a
  // document's versions), a watched folder, a record's details open, a file verified with its report open.
  beforeAll(async () => {
    const page = app.page;
    const files = [CONTRACT, 'Vollmacht.pdf'].map((name) => {
      const path = join(folder, name);
      writeFileSync(path, `${name}\n`);
      return path;
    });
    await show(page, MESSAGES.de, 'notarise');
    await page.getByLabel(de.notarise.newDocument, { exact: true }).check();
    await page.getByLabel(de.notarise.inputLabel, { exact: true }).setInputFiles(files);
    // Both rows settled (a locator's wait: expect.poll belongs to a test, not to its setting up).
    await page.locator('section.list li').filter({ hasText: de.records.settled }).nth(1).waitFor();
    await show(page, MESSAGES.de, 'watch');
    await page.getByRole('combobox', { name: de.watch.folder, exact: true }).fill(watched);
    await page.getByRole('button', { name: de.watch.watchFolder, exact: true }).click();
    await page.getByText(watched).first().waitFor();
    await show(page, MESSAGES.de, 'documents');
    await page.getByRole('button', { name: /^Kaufvertrag Grundstück Flurstück 1234\.pdf/ }).click();
    await page.getByRole('button', { name: de.documents.finaliseDocument, exact: true }).waitFor();
    await show(page, MESSAGES.de, 'library');
    await page.getByRole('option', { name: new RegExp(`^${CONTRACT.replace(/\./g, '\\.')}`) }).click();
    await page.getByRole('button', { name: de.details.exportReceipt, exact: true }).waitFor();
    await show(page, MESSAGES.de, 'verify');
    await page.getByLabel(de.verify.inputLabel, { exact: true }).setInputFiles(files[0]!);
    await page.getByRole('button', { name: translator('de')('verify.reportFor', { name: CONTRACT }), exact: true }).click();
    await page.getByText(de.verify.proves, { exact: true }).waitFor();
  });

  /** Words of each screen's own, in the language shown: its parts that were there in German before the change are said again in this one. */
  async function expectTranslated(page: Page, language: 'fr' | 'de', screen: (typeof SCREENS)[number]): Promise<void> {
    const m = MESSAGES[language];
    const t = translator(language);
    const main = page.locator('main');
    if (screen === 'library') {
      expect(await main.locator('.cols').textContent()).toBe(`${m.library.colFile}${m.library.colState}${m.library.colNotarised}`);
      await main.getByRole('button', { name: m.details.exportBundle, exact: true }).waitFor();
      expect(
        await main
          .getByRole('combobox', { name: new RegExp(`^${m.library.state}\\b`) })
          .locator('option')
          .allTextContents(),
      ).toEqual([m.library.filterAll, m.library.filterPending, m.library.filterQueued, m.library.filterSettled, m.library.filterProblems]);
      expect(await main.locator('aside dl').textContent()).toContain(t('details.fileSha256'));
      expect(await main.locator('.screen-head [aria-live]').textContent()).toBe(t('common.files', { count: 2 }));
    }
    if (screen === 'verify') {
      expect(await main.locator('.run-head h3').textContent()).toMatch(new RegExp(`^${t('verify.checkedAt', { time: '' })}\\d{1,2}:\\d{2}:\\d{2}$`));
      expect(await main.locator('.run-head span').textContent()).toBe(t('common.files', { count: 1 }));
      expect(await main.locator('thead th').allTextContents()).toEqual([m.verify.colStatus, m.verify.colFile, m.verify.colMessage, m.verify.report]);
      // The screen was left since: its report is shown again on asking.
      const report = main.getByRole('button', { name: t('verify.reportFor', { name: CONTRACT }), exact: true });
      if ((await report.getAttribute('aria-expanded')) !== 'true') await report.click();
      await main.getByText(m.verify.proves, { exact: true }).waitFor();
      expect(await main.locator('.summary').textContent()).toContain(t('verify.counts.unreadable', { count: 0 }));
      const badge = (await main.locator('tbody td.status').first().textContent())!.trim();
      expect([m.verify.status.verified, m.verify.status.verifiedOnTestChain, m.verify.status.partiallyVerified]).toContain(badge);
      // The engine's sentences in the language: the row's verdict, each step's label and sentence, what it proves.
      const verdict = (await main.locator('tbody tr').first().locator('td').nth(2).textContent())!.trim();
      const opening = (key: 'verdicts.verifiedTestChain' | 'verdicts.verified') => t(key, { network: 'sandbox', txId: '\0', block: '\0' }).split('\0')[0]!;
      expect(
        [opening('verdicts.verifiedTestChain'), opening('verdicts.verified')].some((o) => verdict.startsWith(o)),
        verdict,
      ).toBe(true);
      expect(await main.locator('.steps .label').allTextContents()).toEqual(Object.values(m.stepLabels));
      const sentences = [verdict, ...(await main.locator('.steps li p.muted').allTextContents()), (await main.locator('.proves').textContent())!];
      for (const text of sentences) expect(text, `${language}: no English from the engine`).not.toMatch(ENGLISH);
    }
    if (screen === 'watch' && language === 'de') {
      // An error of the engine, in a banner: the sentence in German, no English.
      await main.getByRole('combobox', { name: m.watch.folder, exact: true }).fill(watched);
      await main.getByRole('button', { name: m.watch.watchFolder, exact: true }).click();
      const banner = main.getByRole('alert');
      await banner.waitFor();
      expect(await banner.textContent()).toContain(t('errorsWith.alreadyWatched', { path: '' }).trim());
      expect(await banner.textContent()).not.toMatch(ENGLISH);
      await banner.getByRole('button').click();
    }
  }

  /** The page in `language`, chosen in Settings from whichever it shows now. */
  async function choose(page: Page, language: 'fr' | 'de' | 'system'): Promise<void> {
    const now = MESSAGES[(await page.evaluate(() => document.documentElement.lang)) as 'en' | 'fr' | 'de'];
    await show(page, now, 'account');
    await languageChoice(page, now).selectOption(language);
  }

  afterAll(async () => {
    await app.page.emulateMedia({ colorScheme: null });
    await choose(app.page, 'system');
  });

  // One test per language and screen: each has the hang limit to itself on a loaded machine.
  for (const language of ['fr', 'de'] as const) {
    for (const screen of SCREENS) {
      it(`${language} ${screen}: its own words, fitting 800×600 and 1440×900 in both themes, nothing clipped, nothing axe calls serious`, async () => {
        const page = app.page;
        const m = MESSAGES[language];
        if ((await page.evaluate(() => document.documentElement.lang)) !== language) await choose(page, language);
        await show(page, m, screen);
        await expectTranslated(page, language, screen);
        for (const [width, height] of [
          [800, 600],
          [1440, 900],
        ] as const) {
          for (const colorScheme of ['light', 'dark'] as const) {
            await page.setViewportSize({ width, height });
            await page.emulateMedia({ colorScheme });
            const where = `${language} ${screen} at ${width}×${height}, ${colorScheme}`;
            await expectFits(page, where);
            await expectAxeClean(page, where);
          }
        }
        await keepShots(page, `language-${language}-${screen}`);
        expect(app.problems).toEqual([]);
      });
    }
  }
});
