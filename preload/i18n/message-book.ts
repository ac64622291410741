import { createInstance, type i18n } from 'i18next';
import type { Language } from './languages.ts';
import type { Catalogue, RichPiece, Translate, TranslateRich } from './message-types.ts';

/**
 * A book of messages in the three languages, and its typed `t` for one language: the app and the
 * certificate hold every message (translator.ts), the offline verifier page only the few groups it
 * says, so that its one file stays small. Messages are loaded synchronously (they are bundled),
 * interpolation does not escape (Svelte and the DOM's textContent escape; HTML built from a message
 * escapes it there), and a key missing in a language falls back to English
 * (test/unit/preload/i18n-messages.test.ts fails before that ships).
 */

export interface MessageBook {
  translator: (language: Language) => Translate;
  /**
   * `t` that keeps a message's parameters apart, so that a page shows a name in bold or a path in a
   * monospace font inside a sentence whose order is the language's. Plural choice and number
   * formats still follow the real values (`count` is passed as it is).
   */
  richTranslator: (language: Language) => TranslateRich;
  /** Whether a key names a message (with `count` for a plural one): a key that came from another side may name none. */
  hasMessage: (key: string, params?: Record<string, unknown>) => boolean;
}

/**
 * Words that must not break at their hyphen where a line ends: French and German lines break
 * where English ones do not, and a "SHA-" left at a line's end reads as another word. Only the
 * messages' own words are changed, never a parameter (a file may be named "SHA-256.txt").
 */
const UNBREAKABLE: readonly (readonly [string, string])[] = [['SHA-256', 'SHA\u2011256']];

function unbreakable(c: Catalogue): Catalogue {
  const out: Record<string, string | Catalogue> = {};
  for (const [k, v] of Object.entries(c))
    out[k] = typeof v === 'string' ? UNBREAKABLE.reduce((s, [word, kept]) => s.replaceAll(word, kept), v) : unbreakable(v);
  return out;
}

export function messageBook(catalogues: Record<Language, Catalogue>): MessageBook {
  let instance: i18n | null = null;
  const messages = (): i18n => {
    if (instance) return instance;
    instance = createInstance();
    void instance.init({
      initAsync: false,
      lng: 'en',
      fallbackLng: 'en',
      // English as the engine writes it (the CLI, the logs, the page's English): the words it always had.
      resources: { en: { translation: catalogues.en }, fr: { translation: unbreakable(catalogues.fr) }, de: { translation: unbreakable(catalogues.de) } },
      interpolation: { escapeValue: false },
      nsSeparator: false,
      returnNull: false,
    });
    return instance;
  };
  const translator = (language: Language): Translate => {
    // Keys and parameters are checked by Translate's types (message-types.ts), not i18next's.
    const t = messages().getFixedT(language) as unknown as (key: string, params?: object) => string;
    return (key, ...args) => t(key, args[0]);
  };
  return {
    translator,
    richTranslator: (language) => {
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
    },
    hasMessage: (key, params) => messages().exists(key, { lng: 'en', ...params }),
  };
}

/** Marks around a parameter's name in a message being cut (private-use characters no message or value has). */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKED = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, 'g');
