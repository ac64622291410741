import { createInstance, type i18n } from 'i18next';
import type { Language } from './languages.ts';
import type { RichPiece, Translate, TranslateRich } from './message-types.ts';
import { de } from './messages/de.ts';
import { en } from './messages/en.ts';
import { fr } from './messages/fr.ts';

/**
 * The one i18next instance that holds every message, and `translator(language)`: a typed `t` for
 * one language. Messages are loaded synchronously (they are bundled), interpolation does not
 * escape (Svelte and the DOM's textContent escape; HTML built from a message escapes it there),
 * and a key missing in a language falls back to English (test/unit/preload/i18n-messages.test.ts fails before that ships).
 */

let instance: i18n | null = null;

function messages(): i18n {
  if (instance) return instance;
  instance = createInstance();
  void instance.init({
    initAsync: false,
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en }, fr: { translation: fr }, de: { translation: de } },
    interpolation: { escapeValue: false },
    nsSeparator: false,
    returnNull: false,
  });
  return instance;
}

export function translator(language: Language): Translate {
  const i = messages();
  // Keys and parameters are checked by Translate's types (message-types.ts), not i18next's.
  const t = i.getFixedT(language) as unknown as (key: string, params?: object) => string;
  return (key, ...args) => t(key, args[0]);
}

/** Marks around a parameter's name in a message being cut (private-use characters no message or value has). */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKED = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, 'g');

/**
 * `t` that keeps a message's parameters apart, so that the page shows a name in bold or a path in a
 * monospace font inside a sentence whose order is the language's. Plural choice and number formats
 * still follow the real values (`count` is passed as it is).
 */
export function richTranslator(language: Language): TranslateRich {
  const t = translator(language) as (key: string, params?: Record<string, unknown>) => string;
  return (key, ...args) => {
    const params = (args[0] ?? {}) as Record<string, unknown>;
    const marked = Object.fromEntries(Object.keys(params).map((name) => [name, name === 'count' ? params[name] : `${OPEN}${name}${CLOSE}`]));
    const pieces: RichPiece[] = [];
    let from = 0;
    const text = t(key, marked);
    for (const m of text.matchAll(MARKED)) {
      if (m.index > from) pieces.push({ text: text.slice(from, m.index) });
      pieces.push({ text: String(params[m[1]!]), param: m[1]! });
      from = m.index + m[0].length;
    }
    if (from < text.length) pieces.push({ text: text.slice(from) });
    return pieces;
  };
}

/** Whether a key names a message (with `count` for a plural one): a key that came from another side may name none. */
export function hasMessage(key: string, params?: Record<string, unknown>): boolean {
  return messages().exists(key, { lng: 'en', ...params });
}
