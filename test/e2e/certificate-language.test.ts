import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../support/certificate-checks.ts';
import { fr } from '../../preload/i18n/messages/fr.ts';
import { openApp, type RunningApp } from '../support/web-app.ts';

// A Library record's certificate in the language chosen beside its buttons: the app's own by
// default (French here, the browser's), another for a reader of another language.

let app: RunningApp;
const files = mkdtempSync(join(tmpdir(), 'notarium-e2e-certificate-language-'));
beforeAll(async () => {
  app = await openApp({ blockInterval: 0.3, locale: 'fr-FR' });
  app.page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await app?.close();
  rmSync(files, { recursive: true, force: true });
});

const screen = (name: string) => app.page.getByRole('navigation', { name: fr.sidebar.nav }).getByRole('button', { name, exact: true });

describe("the certificate's language in a record's details", () => {
  it('is the app’s by default, and the one chosen otherwise, for the HTML and the PDF', async () => {
    const file = join(files, 'Kaufvertrag Grundstück.pdf');
    writeFileSync(file, 'Kaufvertrag, unterschrieben.\n');
    await screen(fr.screens.notarise).click();
    await app.page.locator('input[type=file]').first().setInputFiles(file);
    await app.page.getByText(fr.records.settled).first().waitFor();
    await screen(fr.screens.library).click();
    await app.page.getByRole('option').filter({ hasText: 'Kaufvertrag Grundstück.pdf' }).first().click();

    const group = app.page.getByRole('group', { name: 'Certificat' });
    const choice = group.getByRole('combobox', { name: 'Langue du certificat' });
    // The languages by their own names; the app's language chosen.
    expect(await choice.locator('option').allTextContents()).toEqual(['English', 'Français', 'Deutsch']);
    expect(await choice.inputValue()).toBe('fr');

    const save = async (button: 'PDF' | 'HTML', name: string): Promise<string> => {
      const download = app.page.waitForEvent('download');
      await group.getByRole('button', { name: button }).click();
      const path = join(files, name);
      await (await download).saveAs(path);
      return path;
    };

    const french = readFileSync(await save('HTML', 'fr.html'), 'utf8');
    expect(french).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(french).toContain('<h1>Certificat d’enregistrement</h1>');

    await choice.selectOption('de');
    mkdirSync('test-results', { recursive: true });
    await group.screenshot({ path: 'test-results/e2e-certificate-language-de.png' });
    // The choice beside the buttons fits a small window: nothing in the group overflows it.
    for (const [width, height] of [
      [800, 600],
      [1440, 900],
    ] as const) {
      await app.page.setViewportSize({ width, height });
      await group.scrollIntoViewIfNeeded();
      await app.page.screenshot({ path: `test-results/e2e-certificate-language-${width}x${height}.png` });
      const box = (await group.boundingBox())!;
      for (const control of await group.locator('select, button').all()) {
        const b = (await control.boundingBox())!;
        expect(b.x + b.width, `${width}×${height}`).toBeLessThanOrEqual(box.x + box.width + 1);
        expect(await control.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      }
    }
    const german = pdfText(readFileSync(await save('PDF', 'de.pdf'))).replace(/\s+/g, ' ');
    expect(german).toContain('Registrierungszertifikat');
    expect(german).toContain('Dieses Zertifikat ist auf Deutsch abgefasst.');
    expect(german).not.toContain('Certificate of registration');

    await choice.selectOption('en');
    const english = readFileSync(await save('HTML', 'en.html'), 'utf8');
    expect(english).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(english).toContain('<h1>Certificate of registration</h1>');
    // The page around it stays French: the choice is the certificate's alone.
    await app.page.getByRole('status').filter({ hasText: 'Kaufvertrag Grundstück.pdf.certificate.html' }).waitFor();
    expect(await app.page.locator('html').getAttribute('lang')).toBe('fr');
    expect(app.problems).toEqual([]);
  }, 90_000);
});
