import { app } from 'electron';
import { matchLanguage } from '../../preload/i18n/languages.ts';
import type { Translate } from '../../preload/i18n/message-types.ts';
import { translator } from '../../preload/i18n/translator.ts';

/**
 * The words of the main process (tray, menu, its dialogs) in the system's language: Electron's
 * preferred system languages, else its locale. The page's choice in Settings is the page's own (it
 * is kept in the page's storage), so the tray and the menu follow the system.
 */
export function systemTranslator(): Translate {
  const preferred = app.getPreferredSystemLanguages();
  return translator(matchLanguage(preferred.length ? preferred : [app.getLocale()]));
}
