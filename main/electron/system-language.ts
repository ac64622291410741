import { app } from 'electron';
import { matchLanguage, type Language } from '../../preload/i18n/languages.ts';
import type { Translate } from '../../preload/i18n/message-types.ts';
import { translator } from '../../preload/i18n/translator.ts';

/**
 * The words of the main process (tray, menu, its dialogs): in the language the page shows once the
 * page has said which (its choice in Settings, kept in the page's storage, reaches this process as
 * the `language` event); until then, in the system's (Electron's preferred system languages, else
 * its locale), which is what the page shows too unless a choice was made.
 */
let shown: Language | null = null;

export function systemTranslator(): Translate {
  if (shown) return translator(shown);
  const preferred = app.getPreferredSystemLanguages();
  return translator(matchLanguage(preferred.length ? preferred : [app.getLocale()]));
}

/** The page shows `language` now: whatever this process says from now on is in it. */
export function followPageLanguage(language: Language): void {
  shown = language;
}
