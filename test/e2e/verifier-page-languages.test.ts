import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateHtml } from '../../main/core/app/certificate.ts';
import { receiptFileName, serializeReceipt } from '../../verifier/receipt-v1.ts';
import { VERIFIER_PAGE_DIR, verifierPage } from '../../main/core/receipts/verifier-page.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import type { Language } from '../../preload/i18n/languages.ts';
import { de } from '../../preload/i18n/messages/de.ts';
import { engineEn, engineErrorsWithEn } from '../../preload/i18n/messages/engine/en.ts';
import { fr } from '../../preload/i18n/messages/fr.ts';
import { verifierPageEn } from '../../preload/i18n/messages/verifier-page/en.ts';
import { verifyEn } from '../../preload/i18n/messages/verify/en.ts';
import { flatten } from '../support/message-keys.ts';
import { FILE_CONTENT, FILE_DIGEST, makeFixture } from '../support/receipt-fixture.ts';
import { keepShots } from '../support/screenshots.ts';
import { dropFiles, launchOfflineBrowser, openOffline, shownReport } from '../support/verifier-page.ts';

// The offline page in its reader's language: a French or German browser gets the page, the report
// and the certificate's own check in its language, with nothing English left and nothing too wide
// for a small window; the reader can choose another language on the page.

const root = mkdtempSync(join(tmpdir(), 'notarium-e2e-verifier-languages-'));
const page = resolve(import.meta.dirname, '../..', VERIFIER_PAGE_DIR, 'verify.html');
const { receipt } = makeFixture();
const file = join(root, 'contract.pdf');
const receiptPath = join(root, receiptFileName('contract.pdf'));
let browser: Browser;

beforeAll(async () => {
  writeFileSync(file, FILE_CONTENT);
  writeFileSync(receiptPath, serializeReceipt(receipt));
  browser = await launchOfflineBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

/**
 * The words of the English messages the page says that neither French nor German has: one of them
 * on a French or German page is English left over. Hashes, names and commands are not words.
 */
const words = (text: string) => text.toLowerCase().match(/\p{L}[\p{L}'’]*/gu) ?? [];
const inOthers = new Set([...flatten(fr).values(), ...flatten(de).values()].flatMap(words));
const englishOnly = new Set(
  [...flatten({ ...engineEn, ...engineErrorsWithEn, ...verifyEn, ...verifierPageEn }).values()]
    .map((text) => text.replace(/\{\{[^}]*\}\}/g, ' '))
    .flatMap(words)
    .filter((w) => !inOthers.has(w)),
);

/** The page's visible words (and its labels for assistive technology), hashes, names and commands left out. */
async function shownWords(p: Page): Promise<string[]> {
  const text = await p.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const el of clone.querySelectorAll('code, .mono, .name, script, noscript, option')) el.remove();
    const labels = [...document.querySelectorAll('[aria-label], [title]')].map(
      (el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`,
    );
    return `${document.title} ${clone.innerText} ${labels.join(' ')}`;
  });
  return words(text.replace(/\b[0-9a-f]{64}\b/g, ' ').replace(/contract\.pdf(\.receipt\.json)?/g, ' '));
}

/** Whatever is wider than the window, or a button whose words do not fit in it. */
async function overflow(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) out.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of document.querySelectorAll<HTMLElement>('button, select, .badge, .what')) {
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName} "${el.textContent}" is clipped`);
      const box = el.getBoundingClientRect();
      if (box.right > document.documentElement.clientWidth + 1) out.push(`${el.tagName} "${el.textContent}" goes past the window`);
    }
    return out;
  });
}

const LOCALES: Record<Exclude<Language, 'en'>, { locale: string; heading: string; size: string; verified: string }> = {
  fr: { locale: 'fr-FR', heading: 'Vérifier une preuve', size: '39\u00a0o', verified: 'Vérifié · chaîne de test' },
  de: { locale: 'de-DE', heading: 'Einen Nachweis prüfen', size: '39 B', verified: 'Verifiziert · Testchain' },
};

describe('verify.html in its reader’s language', () => {
  it('the English it would show is told from French and German (the check can fail)', () => {
    expect(englishOnly.has('drop')).toBe(true);
    expect(englishOnly.has('nothing')).toBe(true);
    expect(englishOnly.has('quittung')).toBe(false);
  });

  for (const [language, want] of Object.entries(LOCALES) as [Exclude<Language, 'en'>, (typeof LOCALES)['fr']][]) {
    it(`${language}: the page and its report in ${want.locale}'s words and formats, no English word, nothing too wide at 800×600`, async () => {
      const offline = await openOffline(browser, page, { locale: want.locale, viewport: { width: 800, height: 600 } });
      const p = offline.page;
      expect(await p.evaluate(() => document.documentElement.lang)).toBe(language);
      await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(want.heading);
      expect((await shownWords(p)).filter((w) => englishOnly.has(w))).toEqual([]);
      expect(await overflow(p)).toEqual([]);
      await keepShots(p, `verifier-page-${language}-empty`);

      await dropFiles(p, '.zone', [
        { name: 'contract.pdf', content: FILE_CONTENT },
        { name: receiptFileName('contract.pdf'), content: Buffer.from(serializeReceipt(receipt)) },
      ]);
      const shown = await shownReport(p);
      expect(shown).toMatchObject({ status: 'verified', badge: want.verified });
      expect(await p.locator('.inputs').textContent()).toContain(want.size);
      expect((await shownWords(p)).filter((w) => englishOnly.has(w))).toEqual([]);
      expect(await overflow(p)).toEqual([]);
      await keepShots(p, `verifier-page-${language}-verified`, p.locator('.verdict'));
      expect(offline.requests).toEqual([]);
      expect(offline.problems).toEqual([]);
      await p.context().close();
    });
  }

  it('follows the first language the browser asks for that it speaks, else English; its reader can choose another', async () => {
    const swiss = await openOffline(browser, page, { locale: 'it-CH' });
    expect(await swiss.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect.poll(() => swiss.page.getByRole('heading', { level: 1 }).textContent()).toBe('Verify a proof');
    await swiss.page.getByLabel('Language').selectOption('de');
    await expect.poll(() => swiss.page.getByRole('heading', { level: 1 }).textContent()).toBe('Einen Nachweis prüfen');
    expect(await swiss.page.evaluate(() => [document.documentElement.lang, document.title])).toEqual(['de', 'Einen Notarium-Nachweis prüfen']);
    // What was chosen before the change stays, said anew.
    await swiss.page.getByLabel('Zu prüfende Datei').setInputFiles(file);
    await swiss.page.getByLabel('Sprache').selectOption('fr');
    await expect.poll(() => swiss.page.locator('.inputs').textContent()).toContain('Fichier');
    await expect.poll(() => swiss.page.locator('.inputs .name').textContent()).toBe('contract.pdf');
    await swiss.page.context().close();
  });

  it('a receipt that is no receipt is said as the app says it', async () => {
    const offline = await openOffline(browser, page, { locale: 'fr-FR' });
    await offline.page
      .getByLabel('Reçu servant à la vérification')
      .setInputFiles({ name: 'notes.receipt.json', mimeType: 'application/json', buffer: Buffer.from('{}') });
    const shown = await shownReport(offline.page);
    expect(shown.status).toBe('unreadable');
    expect(shown.message).toBe(fr.errorsWith.notAReceipt.replace('{{name}}', 'notes.receipt.json'));
    await offline.page.context().close();
  });
});

describe('the certificate’s own check in the certificate’s language', () => {
  for (const language of ['fr', 'de'] as const) {
    it(`${language}: a certificate in ${language} checks its file in ${language}, whatever the browser's language`, async () => {
      const record = {
        name: 'contract.pdf',
        size: FILE_CONTENT.length,
        sha256: FILE_DIGEST.toString('hex'),
        txId: receipt.registration.txId,
        blockHash: receipt.confirmation!.blockHash,
        blockTime: null,
      } as unknown as StoredRecord;
      const certificate = join(root, `contract.pdf.${language}.certificate.html`);
      writeFileSync(certificate, await certificateHtml(record, receipt, undefined, { verifier: verifierPage(), language }));
      // An English browser: the certificate names its language, and its check speaks it.
      const offline = await openOffline(browser, certificate, { locale: 'en-US', viewport: { width: 800, height: 600 } });
      const p = offline.page;
      await dropFiles(p, 'body', [{ name: 'contract.pdf', content: FILE_CONTENT }]);
      const shown = await shownReport(p);
      expect(shown).toMatchObject({ status: 'verified', badge: LOCALES[language].verified });
      const check = await p.locator('#notarium-check').evaluate((el) => {
        const clone = el.cloneNode(true) as HTMLElement;
        for (const c of clone.querySelectorAll('code, .mono, .name')) c.remove();
        return clone.innerText;
      });
      expect(words(check.replace(/\b[0-9a-f]{64}\b/g, ' ').replace(/contract\.pdf/g, ' ')).filter((w) => englishOnly.has(w))).toEqual([]);
      expect(await overflow(p)).toEqual([]);
      expect(offline.problems).toEqual([]);
      await p.context().close();
    });
  }
});
