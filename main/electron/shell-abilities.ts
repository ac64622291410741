import { app, BrowserWindow, dialog, shell } from 'electron';
import type { ShellAbilities } from '../core/app/shell-abilities.ts';
import type { RemoteAbility } from '../core/app/engine-protocol.ts';
import { NotariumError } from '../core/errors/notarium-error.ts';
import { dialogStart, rememberChoice } from './dialog-start.ts';
import { printPdf } from './print-pdf.ts';
import type { Translate } from '../../preload/i18n/message-types.ts';
import { systemTranslator } from './system-language.ts';

/**
 * What only the desktop shell can do for the core. The browser is opened for two things only, each
 * a URL the core built (never one the page sent): the identity portal's authorization request, and
 * a transaction's explorer page (http or https). A compromised page or a bad profile URL cannot make
 * the app launch `file:`, `smb:` or custom-protocol handlers.
 */

/** Whether a URL is an OAuth authorization request (PKCE) on http(s), the only thing we open. */
export function isAuthorizationUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  const q = parsed.searchParams;
  return q.get('response_type') === 'code' && !!q.get('state') && !!q.get('code_challenge');
}

/** Whether a URL is a plain web page (http or https, no credentials): what explorer links must be. */
export function isWebPageUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}

export interface LaunchFacts {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  execPath: string;
  appPath: string;
  /** Set by the AppImage runtime: the image itself (execPath is inside its temporary mount). */
  appImage?: string;
}

/** How a file manager starts this app (before `--verify`): Linux only (elsewhere the installer does it). */
export function verifyCommandFor(facts: LaunchFacts): readonly string[] | undefined {
  if (facts.platform !== 'linux') return undefined;
  if (facts.appImage) return [facts.appImage];
  return facts.isPackaged ? [facts.execPath] : [facts.execPath, facts.appPath];
}

/** What the main process does for the engine (which runs in its own process), and how it was started; sign-in and explorer pages open the system browser. */
export type DesktopAbilities = Pick<ShellAbilities, RemoteAbility> &
  Required<Pick<ShellAbilities, 'openExternal' | 'openExplorerPage'>> & { verifyCommand?: readonly string[] };

/** `words`: the main process's words in the language shown now (the page's, else the system's). */
export function desktopAbilities(words: () => Translate = systemTranslator): DesktopAbilities {
  return {
    openExternal: async (url) => {
      if (!isAuthorizationUrl(url))
        throw new NotariumError('URL_REFUSED', 'Notarium opens only the sign-in page of an http or https identity portal in the browser.');
      await shell.openExternal(url, { activate: true }); // eng-disable OPEN_EXTERNAL_JS_CHECK (reviewed: only an http(s) PKCE authorization request passes the check above)
    },
    openExplorerPage: async (url) => {
      if (!isWebPageUrl(url))
        throw new NotariumError('URL_REFUSED', "The profile's explorer page is not an http or https address: correct it in the profile settings.");
      await shell.openExternal(url, { activate: true }); // eng-disable OPEN_EXTERNAL_JS_CHECK (reviewed: only a credential-free http(s) page passes the check above)
    },
    showInFolder: (path) => shell.showItemInFolder(path),
    chooseFolder: async () => {
      const t = words();
      const options = {
        title: t('watch.addTitle'),
        buttonLabel: t('desktop.pickWatch'),
        properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
        defaultPath: dialogStart(),
      };
      const parent = BrowserWindow.getFocusedWindow();
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      if (result.canceled) return null;
      rememberChoice(result.filePaths);
      return result.filePaths[0] ?? null;
    },
    verifyCommand: verifyCommandFor({
      platform: process.platform,
      isPackaged: app.isPackaged,
      execPath: process.execPath,
      appPath: app.getAppPath(),
      appImage: process.env.APPIMAGE,
    }),
    printPdf,
  };
}
