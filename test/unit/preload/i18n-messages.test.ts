import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { flatten } from '../../support/message-keys.ts';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../preload/i18n/languages.ts';
import type { Catalogue } from '../../../preload/i18n/message-types.ts';
import { de } from '../../../preload/i18n/messages/de.ts';
import { en } from '../../../preload/i18n/messages/en.ts';
import { fr } from '../../../preload/i18n/messages/fr.ts';
import { richTranslator, translator } from '../../../preload/i18n/translator.ts';
import { ERROR_CODES } from '../../../main/core/errors/catalogue.ts';
import { FAILURE_CODES, SKIP_CODES } from '../../../verifier/step-codes.ts';

/**
 * The message files against each other and against the code: every key of English in every
 * language, in that language's own plural forms (CLDR, as Intl.PluralRules knows them), with the
 * same parameters; no key a language has that English lacks; no key the code never names.
 */

const CATALOGUES: Record<Language, Catalogue> = { en, fr, de };
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Each message by its base key: its variants (plural category → text, '' for a message without plurals). */
function messages(c: Catalogue): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const [key, text] of flatten(c)) {
    const m = PLURAL.exec(key);
    const base = m ? key.slice(0, m.index) : key;
    const variants = out.get(base) ?? new Map<string, string>();
    variants.set(m ? m[1]! : '', text);
    out.set(base, variants);
  }
  return out;
}

const params = (variants: Map<string, string>): string[] =>
  [...new Set([...variants.values()].flatMap((text) => [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]!)))].sort();

const SOURCES = ['renderer', 'preload', 'main', 'verifier', 'verifier-page', 'scripts'];
/** Groups whose keys are codes of the engine, named by the code lists (checked below) rather than in quotes. */
const BY_CODE = ['stepCodes.', 'errors.'];
function sourceText(): string {
  const parts: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|svelte)$/.test(name) && !path.includes(join('i18n', 'messages'))) parts.push(readFileSync(path, 'utf8'));
    }
  };
  for (const dir of SOURCES) walk(dir);
  return parts.join('\n');
}

describe('message files', () => {
  const source = messages(en);

  for (const language of LANGUAGES) {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
    const own = messages(CATALOGUES[language]);

    it(`${language}: every message of English, no other, in its plural forms and with the same parameters`, () => {
      expect(
        [...own.keys()].filter((k) => !source.has(k)),
        'keys English does not have',
      ).toEqual([]);
      expect(
        [...source.keys()].filter((k) => !own.has(k)),
        'keys missing',
      ).toEqual([]);
      for (const [key, variants] of source) {
        const mine = own.get(key)!;
        const plural = !variants.has('');
        expect([...mine.keys()].sort(), `${key}: its forms`).toEqual(plural ? categories : ['']);
        expect(params(mine), `${key}: its parameters`).toEqual(params(variants));
      }
    });
  }

  it('names no key the code never uses, and the code names every key in quotes', () => {
    const text = sourceText();
    const unused = [...source.keys()].filter((key) => !BY_CODE.some((group) => key.startsWith(group)) && !text.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });

  it("keys a failed or skipped step's sentence and an error's by their codes: one message per code, no other", () => {
    const keysOf = (group: string) => [...source.keys()].filter((k) => k.startsWith(group)).map((k) => k.slice(group.length));
    expect(keysOf('stepCodes.').sort()).toEqual([...FAILURE_CODES, ...SKIP_CODES].sort());
    expect(keysOf('errors.').sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('translator', () => {
  it("fills a message's parameters, and picks each language's plural form", () => {
    expect(translator('fr')('settings.removed', { name: 'x' })).toBe('Le profil x a été supprimé.');
    expect(translator('de')('shortcuts.goTo', { screen: 'Prüfen' })).toBe('Zu „Prüfen“ wechseln');
    const fr = translator('fr');
    // French: one for 0 and 1, many for millions ("de fichiers"), other otherwise; counts in French digits.
    expect(fr('notarise.toBeAnchored', { count: 1 })).toBe('1 fichier, à ancrer par un seul enregistrement');
    expect(fr('notarise.toBeAnchored', { count: 1_000_000 })).toMatch(/^1\s000\s000 de fichiers,/);
    expect(fr('notarise.toBeAnchored', { count: 1234 })).toMatch(/^1\s234 fichiers,/);
    expect(translator('de')('notarise.oneRegistration', { count: 1234 })).toBe('Eine Registrierung für 1.234 Dateien');
    expect(translator('en')('notarise.oneRegistration', { count: 1234 })).toBe('One registration for 1,234 files');
  });
});

describe('words kept whole', () => {
  it('French and German never break "SHA-256" at its hyphen (U+2011); English keeps the engine\'s words; a parameter is left as it is', () => {
    const all = (language: Language) => {
      const t = translator(language) as (key: string, params?: object) => string;
      return [...flatten(CATALOGUES[language]).keys()].map((key) => t(key.replace(PLURAL, ''), { count: 2 }));
    };
    for (const language of ['fr', 'de'] as const) {
      const said = all(language);
      expect(said.filter((text) => text.includes('SHA-256'))).toEqual([]);
      expect(said.filter((text) => text.includes('SHA\u2011256')).length).toBeGreaterThan(10);
    }
    expect(all('en').some((text) => text.includes('SHA\u2011256'))).toBe(false);
    expect(translator('fr')('verifierPage.unreadableFile', { name: 'SHA-256.txt', reason: 'x' })).toBe('SHA-256.txt n’a pas pu être lu\u00a0: x');
  });
});

describe('richTranslator', () => {
  it("cuts a message at its parameters, in the language's order, keeping plural choice on the real count", () => {
    const params = { name: 'Acme', from: 'https://a.example', to: 'https://b.example' };
    const de = richTranslator('de')('profile.keyChoiceText', params);
    expect(de.filter((p) => p.param).map((p) => [p.param, p.text])).toEqual([
      ['name', 'Acme'],
      ['from', 'https://a.example'],
      ['to', 'https://b.example'],
    ]);
    expect(de.map((p) => p.text).join('')).toBe(translator('de')('profile.keyChoiceText', params));
    expect(richTranslator('fr')('documents.folderChain', { folder: '/x' })[0]).toEqual({ text: 'La chaîne du dossier surveillé ' });
  });
});
