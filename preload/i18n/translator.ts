import { createInstance, type i18n } from 'i18next';
import type { Language } from './languages.ts';
import type { Translate } from './message-types.ts';
import { de } from './messages/de.ts';
import { en } from './messages/en.ts';
import { fr } from './messages/fr.ts';

/**
 * The one i18next instance that holds every message, and `translator(language)`: a typed `t` for
 * one language. Messages are loaded synchronously (they are bundled), interpolation does not
 * escape (Svelte and the DOM's textContent escape; HTML built from a message escapes it there),
 * and a key missing in a language falls back to English (test/unit/i18n fails before that ships).
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
  const t = i.getFixedT(language);
  return (key, ...args) => t(key, args[0] as Record<string, unknown> | undefined) as string;
}
