// Electron 45's rules that both stand-ins keep (the unit tests' test/unit/electron/electron-mock.ts
// and the integration tests' electron.mjs), in one place: each names the Electron source (tag
// v45.0.0-nightly.20260821 of electron/electron) or documentation it follows.
import { posix, win32 } from 'node:path';

/** What Electron throws when an API that needs ready is used before it. */
export const BEFORE_READY = {
  window: 'Cannot create BrowserWindow before app is ready', // shell/browser/api/electron_api_browser_window.cc
  tray: 'Cannot create Tray before app is ready', // shell/browser/api/electron_api_tray.cc
  notification: 'Cannot create Notification before app is ready', // shell/browser/api/electron_api_notification.cc
  dialog: 'dialog module can only be used after app is ready', // lib/browser/api/dialog.ts checkAppInitialized
  net: 'net module can only be used after app is ready', // lib/browser/api/net.ts
  utilityProcess: 'utilityProcess cannot be created before app is ready.', // shell/browser/api/electron_api_utility_process.cc
};

/** What Electron throws when an API that must come before ready comes after. */
export const AFTER_READY = {
  scheme: 'protocol.registerSchemesAsPrivileged should be called before app is ready', // shell/browser/api/electron_api_protocol.cc
  gpu: 'app.disableHardwareAcceleration() can only be called before app is ready', // shell/browser/api/electron_api_app.cc
};

export function mustBeReady(ready, message) {
  if (!ready) throw new Error(message);
}

export function mustNotBeReady(ready, message) {
  if (ready) throw new Error(message);
}

/**
 * session.defaultSession (shell/browser/api/electron_api_session.cc): a TypeError before ready.
 * protocol.handle and net.fetch reach it too (lib/browser/api/protocol.ts, lib/browser/api/net.ts).
 */
export function defaultSession(ready, session) {
  if (!ready) throw new TypeError('Session can only be received when app is ready');
  return session;
}

/** The names app.getPath knows (shell/browser/api/electron_api_app.cc GetPathConstant); setPath refuses any other. */
const PATH_NAMES = new Set([
  'appData',
  'userData',
  'sessionData',
  'temp',
  'home',
  'desktop',
  'documents',
  'downloads',
  'music',
  'pictures',
  'videos',
  'recent',
  'logs',
  'crashDumps',
  'exe',
  'module',
  'assets',
]);

/** app.setPath's checks (electron_api_app.cc App::SetPath), and where the session's data goes. */
export function checkSetPath(ready, name, value) {
  // Absolute on the platform the app is written for: POSIX, or Windows' (a test may stand for win32).
  if (typeof value !== 'string' || !(posix.isAbsolute(value) || win32.isAbsolute(value))) throw new Error('Path must be absolute');
  if (!PATH_NAMES.has(name)) throw new Error('Failed to set path');
  // docs/api/app.md app.setPath: the session's data is placed at ready; a userData or sessionData
  // set later is not where the session keeps it (Electron says nothing; the stand-ins refuse).
  if (ready && (name === 'userData' || name === 'sessionData'))
    throw new Error(`stand-in: app.setPath('${name}') after ready does not move the session's data`);
}

/**
 * IPC messages are structured-cloned (docs/api/web-contents.md contents.send, docs/api/ipc-renderer.md):
 * a function, a class instance's prototype or anything else that cannot be cloned throws, as in Electron.
 */
export function cloneForIpc(args) {
  return structuredClone(args);
}

/** Electron 43 and later open a dialog in Downloads when not given defaultPath (docs/breaking-changes.md). */
export function dialogStartsIn(options) {
  return options?.defaultPath ?? 'Downloads';
}

/**
 * Why a notification is not shown, or null: since Electron 42 macOS notifications use
 * UNNotification, which needs a code-signed app; an unsigned one's emit `failed`
 * (docs/breaking-changes.md), with the system's error (cocoa_notification.mm: localizedDescription
 * of UNErrorCodeNotificationsNotAllowed), on a later turn.
 */
export function notificationFailure(platform, signed) {
  return platform === 'darwin' && !signed ? 'Notifications are not allowed for this application' : null;
}
