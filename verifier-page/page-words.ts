import { engineWords, type EngineWords } from '../preload/i18n/engine-words.ts';
import { formats, type Formats } from '../preload/i18n/formats.ts';
import { formatLocale, matchLanguage, type Language } from '../preload/i18n/languages.ts';
import { messageBook } from '../preload/i18n/message-book.ts';
import type { Translate, TranslateRich } from '../preload/i18n/message-types.ts';
import { engineDe, engineErrorsWithDe } from '../preload/i18n/messages/engine/de.ts';
import { engineEn, engineErrorsWithEn } from '../preload/i18n/messages/engine/en.ts';
import { engineFr, engineErrorsWithFr } from '../preload/i18n/messages/engine/fr.ts';
import { verifierPageDe } from '../preload/i18n/messages/verifier-page/de.ts';
import { verifierPageEn } from '../preload/i18n/messages/verifier-page/en.ts';
import { verifierPageFr } from '../preload/i18n/messages/verifier-page/fr.ts';
import { verifyDe } from '../preload/i18n/messages/verify/de.ts';
import { verifyEn } from '../preload/i18n/messages/verify/en.ts';
import { verifyFr } from '../preload/i18n/messages/verify/fr.ts';

/**
 * The page's words in its reader's language, from the app's own messages: only the groups the page
 * says (the engine's sentences, the Verify screen's words, the page's own), so that the one file
 * stays within its budget.
 */
const book = messageBook({
  en: { ...engineEn, ...engineErrorsWithEn, ...verifyEn, ...verifierPageEn },
  fr: { ...engineFr, ...engineErrorsWithFr, ...verifyFr, ...verifierPageFr },
  de: { ...engineDe, ...engineErrorsWithDe, ...verifyDe, ...verifierPageDe },
});

export interface PageWords {
  language: Language;
  t: Translate;
  rich: TranslateRich;
  engine: EngineWords;
  fmt: Formats;
  /** A share of a whole, as a percentage in the language's way ("42 %" in French). */
  percent(share: number): string;
}

/** The browser's languages, in its order of preference. */
const preferred = (): readonly string[] => (navigator.languages?.length ? navigator.languages : [navigator.language]);

/** The language the reader's browser asks for first among those Notarium speaks, else English. */
export const browserLanguage = (): Language => matchLanguage(preferred());

export function pageWords(language: Language): PageWords {
  const locale = formatLocale(language, preferred());
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const fmt = formats(locale);
  return {
    language,
    t: book.translator(language),
    rich: book.richTranslator(language),
    // In UTC and named so, as the certificate says a time: the receipt's reader may be anywhere.
    engine: engineWords(language, book, (d) => fmt.utcDateTime(d)),
    fmt,
    percent: (share) => percent.format(share),
  };
}
