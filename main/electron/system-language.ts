import { app } from 'electron';
import { matchLanguage } from '../../preload/i18n/languages.ts';
import type { Translate } from '../../preload/i18n/message-types.ts';
import { translator } from '../../preload/i18n/translator.ts';

/**
 * The words of the main process (tray, menu, its dialogs) in the system's language: Electron's
 * preferred system languages, else its locale. That is what the page shows too, unless a choice
 * was made in Settings (kept in the page's storage): the page then says so (setLanguage), and
 * lifecycle.ts follows it from then on.
 */
export function systemTranslator(): Translate {
  const preferred = app.getPreferredSystemLanguages();
  return translator(matchLanguage(preferred.length ? preferred : [app.getLocale()]));
}
