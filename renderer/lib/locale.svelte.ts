import { formatLocale, isLanguage, matchLanguage, type Language, type LanguageChoice } from '../../preload/i18n/languages.ts';
import { formats, type Formats } from '../../preload/i18n/formats.ts';
import type { Translate, TranslateRich } from '../../preload/i18n/message-types.ts';
import { richTranslator, translator } from '../../preload/i18n/translator.ts';
import { pageKept, type Kept } from './kept.ts';

/**
 * The page's language, in one place: the choice kept on this machine (Settings), else the system's
 * preferred languages (the browser's `navigator.languages`; in the desktop app Chromium's follow
 * the system's, as Electron's `app.getLocale()` does). `t` and `fmt` read it, so whatever a screen
 * says in a template follows a change of language at once.
 */

const LANGUAGE_KEY = 'notarium.language';

export class LocaleState {
  choice = $state<LanguageChoice>('system');
  readonly #kept: Kept;
  // Set by the constructor before anything reads the derivations below (they run when first read).
  #preferred: () => readonly string[] = () => [];

  language: Language = $derived(this.choice === 'system' ? matchLanguage(this.#preferred()) : this.choice);
  t: Translate = $derived(translator(this.language));
  rich: TranslateRich = $derived(richTranslator(this.language));
  fmt: Formats = $derived(formats(formatLocale(this.language, this.#preferred())));

  /** Where the choice is kept, and the system's preferred languages: the page's, or a test's. */
  constructor(kept: Kept, preferred: () => readonly string[]) {
    this.#kept = kept;
    this.#preferred = preferred;
    const stored = kept.read(LANGUAGE_KEY);
    this.choice = isLanguage(stored) ? stored : 'system';
  }

  choose(choice: LanguageChoice): void {
    this.choice = choice;
    this.#kept.write(LANGUAGE_KEY, choice === 'system' ? null : choice);
  }
}

export const locale = new LocaleState(pageKept, () => (typeof navigator === 'undefined' ? [] : navigator.languages));

/** The page's messages in its language (preload/i18n/messages/). */
export const t: Translate = (key, ...args) => locale.t(key, ...args);

/** The page's messages cut at their parameters, for a sentence whose values are styled (a name in bold, a path in monospace). */
export const tRich: TranslateRich = (key, ...args) => locale.rich(key, ...args);
