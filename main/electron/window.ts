import type { BrowserWindowConstructorOptions, Session, WebContents } from 'electron';
import { BrowserWindow, shell } from 'electron';
import { describeFailure } from '../core/errors/error-data.ts';
import { APP_URL, isAppUrl } from './app-origin.ts';
import { isAuthorizationUrl } from './shell-abilities.ts';

/**
 * The one window and its hardening. The page is treated as untrusted content: isolated, sandboxed,
 * no Node, no navigation away from our origin, no new windows, no webviews, no permissions.
 */

export function windowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    title: 'Notarium',
    backgroundColor: '#f7f7f5',
    show: false, // shown on ready-to-show: no white flash
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false, // a file dropped outside the drop zone must not replace the app
      disableBlinkFeatures: 'Auxclick', // no middle-click navigation (new windows are denied anyway)
      safeDialogs: true,
      spellcheck: false, // the UI holds file names and hashes, not prose
    },
  };
}

/** Every web contents (ours, and any the page might try to create) stays on our origin. */
export function hardenContents(contents: WebContents): void {
  // No window ever opens; the sign-in page's own link (target=_blank, for when the browser did not
  // come up) goes to the system browser, as the sign-in itself does, and nothing else does.
  contents.setWindowOpenHandler(({ url }) => {
    if (isAuthorizationUrl(url)) void shell.openExternal(url, { activate: true }).catch(() => {}); // eng-disable OPEN_EXTERNAL_JS_CHECK (reviewed: only an http(s) PKCE authorization request passes)
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault(); // subframes too (the CSP already forbids them)
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * The page needs no camera, notification, clipboard-read or any other permission: all are denied,
 * but writing plain text to the clipboard (the copy buttons beside hashes and txIds).
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED_PERMISSIONS.has(permission)));
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
}

export function createMainWindow(preloadPath: string, log: (message: string) => void): BrowserWindow {
  const options = windowOptions(preloadPath);
  // The flags that must never regress are restated where the window is made, so no later change to
  // windowOptions can drop them, and static checkers (electronegativity) can see them.
  const window = new BrowserWindow({
    ...options,
    webPreferences: {
      ...options.webPreferences,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  hardenContents(window.webContents);
  window.once('ready-to-show', () => window.show());
  window.loadURL(APP_URL).catch((err: unknown) => log(`The window could not load Notarium: ${describeFailure(err)}`));
  return window;
}
