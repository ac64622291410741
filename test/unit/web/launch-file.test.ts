import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeLaunchFile } from '../../../main/web/launch-file.ts';
import { systemLanguages } from '../../../main/web/system-languages.ts';
import { acceptedLanguages, matchLanguage } from '../../../preload/i18n/languages.ts';

const dir = mkdtempSync(join(tmpdir(), 'notarium-launch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the web shell's launch page", () => {
  const url = 'http://127.0.0.1:4000/#launch=a&b="c"';
  for (const [language, opening, link] of [
    ['en', 'Opening Notarium…', 'If nothing happens, <a href="http://127.0.0.1:4000/#launch=a&#38;b=&#34;c&#34;">continue to Notarium</a>.'],
    ['fr', 'Ouverture de Notarium…', 'Si rien ne se passe, <a href="http://127.0.0.1:4000/#launch=a&#38;b=&#34;c&#34;">continuez vers Notarium</a>.'],
    ['de', 'Notarium wird geöffnet…', 'Falls nichts geschieht, <a href="http://127.0.0.1:4000/#launch=a&#38;b=&#34;c&#34;">weiter zu Notarium</a>.'],
  ] as const) {
    it(`${language}: its words, its lang, the link in its sentence`, async () => {
      const file = await writeLaunchFile(dir, url, language);
      const html = readFileSync(file.path, 'utf8');
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).toContain(`<title>${opening}</title>`);
      expect(html).toContain(`<h1>${opening}</h1>`);
      expect(html).toContain(`<p>${link}</p>`);
      await file.remove();
    });
  }
});

describe('the languages a reader asks for', () => {
  it('Accept-Language: by weight, then order; nothing refused, no wildcard', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('en;q=0.2, de')).toEqual(['de', 'en']);
    expect(acceptedLanguages('de;q=0, fr')).toEqual(['fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(matchLanguage(acceptedLanguages('it-IT, de-AT;q=0.8'))).toBe('de');
  });

  it("the system's, for a file opened from disk: LANGUAGE, LC_ALL, LC_MESSAGES, LANG, then the runtime's", () => {
    const runtime = Intl.DateTimeFormat().resolvedOptions().locale;
    expect(systemLanguages({ LANG: 'fr_CH.UTF-8' })).toEqual(['fr-CH', runtime]);
    expect(systemLanguages({ LANGUAGE: 'de:en', LANG: 'fr_FR.UTF-8' })).toEqual(['de', 'en', 'fr-FR', runtime]);
    expect(systemLanguages({ LC_ALL: 'C', LANG: 'de_DE@euro' })).toEqual(['de-DE', runtime]);
    expect(matchLanguage(systemLanguages({ LC_MESSAGES: 'de_AT.UTF-8', LANG: 'en_US.UTF-8' }))).toBe('de');
  });
});
