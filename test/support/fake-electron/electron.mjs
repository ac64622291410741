// A stand-in for Electron 45's main-process API, just enough to run the bundled main process in
// plain Node (the Electron binary cannot be downloaded on build machines), and never kinder than
// Electron where the app relies on it: each rule below names the Electron source (tag
// v45.0.0-nightly.20260821 of electron/electron) or documentation it follows. When the main window
// loads, it drives the app like its page would — the app:// protocol, IPC calls with a genuine and
// a foreign sender, a notarisation — writes what happened to FAKE_ELECTRON_REPORT, and quits.
//
// Launch facts it reads: FAKE_ELECTRON_PACKAGED=1 runs as an installed app (argv without the app's
// folder, app.isPackaged); FAKE_ELECTRON_PLATFORM stands for process.platform where a rule differs;
// FAKE_ELECTRON_PROCESS_REPORT receives, at exit, what the process cost (GPU, session data);
// FAKE_ELECTRON_API_KEY has the drive store it as a service profile's key (the keychain is reached).
// FAKE_ELECTRON_SIGNED=1 stands for a code-signed build (macOS notifications need one).
import { randomUUID } from 'node:crypto';
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { netFetch } from './net-fetch.mjs';
import { netRequest } from './net-request.mjs';
import * as rules from './rules.mjs';
import { AFTER_READY, BEFORE_READY, checkSetPath, cloneForIpc, dialogStartsIn, notificationFailure } from './rules.mjs';

const env = process.env;
const platform = env.FAKE_ELECTRON_PLATFORM ?? process.platform;
const packaged = env.FAKE_ELECTRON_PACKAGED === '1';
const signed = env.FAKE_ELECTRON_SIGNED === '1';
// process.argv as Electron gives it. Unpackaged (`electron <app folder> …`): argv[1] is the app
// (here the bundle) and process.defaultApp is true. Packaged: the binary, then the arguments as
// given (docs/api/process.md "process.defaultApp"; lib/browser/init.ts sets it only for the
// default app). Chromium's own switches stay in argv where they were typed.
if (packaged) process.argv.splice(1, 1);
else process.defaultApp = true;

// Chromium's browser process opens the display before any JavaScript runs (ui/ozone: X11 or
// Wayland, chosen by --ozone-platform, default auto): with neither DISPLAY nor WAYLAND_DISPLAY
// and no `--ozone-platform=headless`, Electron on Linux dies with this message, whatever the
// arguments ask for.
if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY && !process.argv.includes('--ozone-platform=headless')) {
  process.stderr.write('Missing X server or $DISPLAY\nThe platform failed to initialize.  Exiting.\n');
  process.exit(1);
}

const report = { windows: [], sent: [], errors: [], messageBoxes: [], openDialogs: [] };
const paths = new Map();
let protocolHandler = null;
const handlers = new Map();
let ready = false;
let quitting = false;
let gpuDisabled = process.argv.includes('--disable-gpu');
const children = new Set();

/** The checks Electron makes in C++ or lib/: the same sentence, thrown the same way. */
const mustBeReady = (message) => rules.mustBeReady(ready, message);
const mustNotBeReady = (message) => rules.mustNotBeReady(ready, message);

process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  if (env.FAKE_ELECTRON_PROCESS_REPORT) {
    // A GPU process starts with the first browser process unless hardware acceleration is off
    // (app.disableHardwareAcceleration or --disable-gpu); the session's data (cookies, caches,
    // the network's state) lives in sessionData, userData unless set (docs/api/app.md).
    const facts = { gpu: !gpuDisabled, sessionData: paths.get('sessionData') ?? paths.get('userData') ?? null, windows: report.windows.length };
    writeFileSync(env.FAKE_ELECTRON_PROCESS_REPORT, JSON.stringify(facts));
  }
});

/** Chromium's ProcessSingleton (chrome/browser/process_singleton_posix.cc): a lock in userData held while the process lives. */
function singletonLock() {
  const dir = paths.get('userData');
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, 'SingletonLock');
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
    const holder = Number(readFileSync(lock, 'utf8'));
    try {
      process.kill(holder, 0);
      return false; // another instance holds it: Electron answers false, and the caller should quit
    } catch {
      writeFileSync(lock, String(process.pid)); // left by a process that died: taken over
    }
  }
  process.on('exit', () => rmSync(lock, { force: true }));
  return true;
}

class App extends EventEmitter {
  isPackaged = packaged;
  constructor() {
    super();
    paths.set('userData', join(env.HOME ?? '/', '.config', 'Electron'));
    paths.set('documents', join(env.HOME ?? '/', 'Documents'));
    paths.set('temp', '/tmp');
  }
  isReady() {
    return ready;
  }
  getPreferredSystemLanguages() {
    return ['en-US'];
  }
  getLocale() {
    return 'en-US';
  }
  whenReady() {
    return readyPromise;
  }
  getAppPath() {
    return env.FAKE_ELECTRON_APP_ROOT;
  }
  setPath(name, value) {
    checkSetPath(ready, name, value);
    paths.set(name, value);
  }
  getPath(name) {
    return paths.get(name);
  }
  disableHardwareAcceleration() {
    mustNotBeReady(AFTER_READY.gpu);
    gpuDisabled = true;
  }
  requestSingleInstanceLock() {
    return singletonLock();
  }
  setAppUserModelId() {}
  quit() {
    // shell/browser/browser.cc Browser::Quit: a quit is under way only when no before-quit
    // listener prevented it (is_quitting_ = HandleBeforeQuit()).
    if (quitting) return;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (prevented) return;
    quitting = true;
    let willPrevented = false;
    this.emit('will-quit', { preventDefault: () => (willPrevented = true) });
    if (willPrevented) quitting = false;
    else process.exit(0);
  }
  exit(code) {
    process.exit(code);
  }
}
export const app = new App();
// The 'ready' event after the module's first turn, as the browser's main loop starts.
const readyPromise = new Promise((resolve) =>
  setImmediate(() => {
    ready = true;
    app.emit('ready');
    resolve();
  }),
);

export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    mustNotBeReady(AFTER_READY.scheme);
    report.schemes = schemes;
  },
  // lib/browser/api/protocol.ts: protocol.* is session.defaultSession.protocol.*, which needs ready.
  handle: (scheme, handler) => {
    void session.defaultSession;
    protocolHandler = handler;
  },
};

const defaultSession = { setPermissionRequestHandler() {}, setPermissionCheckHandler() {} };
export const session = {
  get defaultSession() {
    return rules.defaultSession(ready, defaultSession);
  },
};

export const ipcMain = {
  handle(channel, handler) {
    // lib/browser/ipc-main-impl.ts IpcMainImpl.handle.
    if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    handlers.set(channel, handler);
  },
  removeHandler: (channel) => handlers.delete(channel),
};

class WebContents extends EventEmitter {
  mainFrame = { url: '', parent: null, processId: 1, routingId: 1 };
  windowOpenHandler = () => ({ action: 'allow' });
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  isDestroyed() {
    return false;
  }
  send(channel, ...args) {
    const copy = cloneForIpc(args);
    report.sent.push([channel, ...copy]);
    this.emit('fake-sent', copy);
  }
}

export class BrowserWindow extends EventEmitter {
  static getFocusedWindow() {
    return null;
  }
  constructor(options) {
    super();
    mustBeReady(BEFORE_READY.window);
    this.options = options;
    this.webContents = new WebContents();
    report.windows.push(options);
  }
  async loadURL(url) {
    // The page loads through the scheme's handler (none: Chromium's ERR_UNKNOWN_URL_SCHEME), with
    // its preload; a preload that is not there is reported, as the renderer logs it.
    if (!protocolHandler) throw new Error(`ERR_UNKNOWN_URL_SCHEME (-302) loading '${url}'`);
    const preload = this.options.webPreferences?.preload;
    if (preload && !existsSync(preload)) report.errors.push(`Unable to load preload script: ${preload}`);
    this.webContents.mainFrame.url = url;
    setImmediate(() => {
      this.emit('ready-to-show');
      this.webContents.emit('did-finish-load');
      void drive(this).catch((err) => {
        report.errors.push(String(err?.stack ?? err));
        finish();
      });
    });
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  show() {}
  focus() {}
  restore() {}
  destroy() {}
}

// A utility process as a Node child speaking structured clone over its IPC channel; its `electron`
// is the utility process's (utility.mjs).
export const utilityProcess = {
  fork(modulePath, args, options = {}) {
    mustBeReady(BEFORE_READY.utilityProcess);
    const child = fork(modulePath, args, {
      env: { ...(options.env ?? process.env), FAKE_ELECTRON_UTILITY: '1' },
      serialization: 'advanced',
      execArgv: ['--import', new URL('./register.mjs', import.meta.url).href],
      stdio: 'inherit',
    });
    children.add(child);
    child.on('exit', () => children.delete(child));
    report.utilityProcesses = [...(report.utilityProcesses ?? []), { modulePath, serviceName: options.serviceName }];
    return {
      postMessage: (message) => child.send(message),
      on(event, listener) {
        child.on(event, listener);
        return this;
      },
      kill: () => child.kill(),
    };
  },
};

/** A menu's words as a person reads them: each item's label (a role's own words are Electron's), a submenu's after its label. */
const menuWords = (template) =>
  template
    .filter((item) => item.type !== 'separator')
    .map((item) => (item.submenu ? [item.label ?? item.role, menuWords(item.submenu)] : (item.label ?? item.role)));
export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu(menu) {
    report.menu = menu ? menuWords(menu.template) : null;
  },
};

/** nativeImage with what the tray rule reads: template or not, and whether it has colour. */
function image(dataURL) {
  let template = false;
  return {
    dataURL,
    addRepresentation() {},
    setTemplateImage(value) {
      template = value;
    },
    isTemplateImage: () => template,
  };
}
export const nativeImage = { createFromDataURL: image, createFromPath: (path) => image(`file://${path}`) };

export class Tray {
  constructor(icon) {
    mustBeReady(BEFORE_READY.tray);
    // docs/api/native-image.md "Template Image": only macOS tints a template image for the menu
    // bar; elsewhere it is drawn as it is, black on a panel that is often dark.
    if (platform !== 'darwin' && icon.isTemplateImage()) report.errors.push('stand-in: a template tray image is invisible on a dark panel off macOS');
    report.trayImage = icon.dataURL;
  }
  setContextMenu(menu) {
    report.trayMenu = menuWords(menu.template);
  }
  setToolTip(text) {
    report.tray = text;
  }
  setTitle() {}
  on() {}
  destroy() {}
}
/**
 * Native notifications: each shown one is reported, and announced so that the drive can click it;
 * one the system refuses (rules.notificationFailure: macOS, unsigned) emits `failed` instead.
 */
const notifications = new EventEmitter();
export class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  constructor(options) {
    super();
    mustBeReady(BEFORE_READY.notification);
    this.options = options;
  }
  show() {
    const shown = { title: this.options.title, body: this.options.body };
    const failure = notificationFailure(platform, signed);
    if (failure) {
      setImmediate(() => {
        report.failedNotifications = [...(report.failedNotifications ?? []), shown];
        this.emit('failed', { sender: this }, failure);
        notifications.emit('failed', this);
      });
      return;
    }
    report.notifications = [...(report.notifications ?? []), shown];
    this.emit('show', { sender: this });
    notifications.emit('shown', this);
  }
}
// Every dialog but the error box needs ready; open dialogs start where rules.dialogStartsIn says.
const dialogReady = () => mustBeReady(BEFORE_READY.dialog);
const dialogOptions = (args) => (args[0] instanceof BrowserWindow ? args[1] : args[0]) ?? {};
export const dialog = {
  showErrorBox: (title, text) => report.errors.push(`${title}: ${text}`),
  showOpenDialog: async (...args) => {
    dialogReady();
    report.openDialogs.push({ startsIn: dialogStartsIn(dialogOptions(args)) });
    return { canceled: true, filePaths: [] };
  },
  showMessageBox: async (...args) => {
    dialogReady();
    report.messageBoxes.push(dialogOptions(args).message);
    return { response: 0, checkboxChecked: false };
  },
};
export const shell = {
  openExternal: async (url) => void (report.opened = [...(report.opened ?? []), url]),
  showItemInFolder() {},
};
// Main process: Electron's network stack (net-fetch.mjs, net-request.mjs: as strict as
// Chromium's), after ready only (lib/browser/api/net.ts).
export const net = {
  fetch: (...args) => {
    void session.defaultSession; // net.fetch is session.defaultSession.fetch
    return netFetch(...args);
  },
  request: (options) => {
    mustBeReady(BEFORE_READY.net);
    return netRequest(options);
  },
};
export default { app, protocol, session, ipcMain, BrowserWindow, Menu, Tray, nativeImage, Notification, dialog, shell, utilityProcess, net };

function finish() {
  writeFileSync(env.FAKE_ELECTRON_REPORT, JSON.stringify(report, null, 2));
  app.quit();
}

async function drive(window) {
  const contents = window.webContents;
  // An event the page hears, whether it came before this asks (the launch's --verify job may end
  // while the drive is still calling) or after.
  const heard = (name) =>
    new Promise((resolve) => {
      const sent = report.sent.find(([, event]) => event === name);
      if (sent) return resolve(sent[2]);
      contents.on('fake-sent', ([event, payload]) => event === name && resolve(payload));
    });
  // ipcRenderer.invoke: the arguments and the answer cross as structured clones (docs/api/ipc-renderer.md).
  const call = async (name, args, sender = contents) =>
    structuredClone(await handlers.get(`notarium:${name}`)({ sender, senderFrame: contents.mainFrame }, ...structuredClone(args)));
  const index = await protocolHandler(new Request('app://notarium/index.html'));
  report.index = { status: index.status, csp: index.headers.get('content-security-policy'), body: await index.text() };
  report.channels = [...handlers.keys()];
  report.appInfo = await call('appInfo', []);
  report.foreign = await call('appInfo', [], new WebContents());
  // The engine asks the main process for a folder picker: the (cancelled) dialog answers.
  report.chooseFolder = await call('chooseFolder', []);
  // The page's links that open a new window (the sign-in page's fallback link, target=_blank):
  // what the window's open handler answers, and what reached the system browser.
  const signIn = 'https://id.example/authorize?response_type=code&state=s&code_challenge=c';
  report.windowOpen = { signIn: contents.windowOpenHandler({ url: signIn }), elsewhere: contents.windowOpenHandler({ url: 'file:///etc/passwd' }) };
  const done = heard('notarise-done');
  // The launch's `--verify <paths>` arrives as a job the page is asked to open.
  const verified = heard('verify-done');
  // Once it is in a block the engine's notice becomes a native notification; a click opens its record.
  // Refused by the system instead (an unsigned macOS build), there is nothing to click.
  const notarised = new Promise((resolve) => {
    const notice = (n) => n.options.title === '“contract.txt” is notarised';
    notifications.on('shown', (n) => notice(n) && resolve(n));
    notifications.on('failed', (n) => notice(n) && resolve(null));
  });
  // The page names its job (a random UUID) with the call.
  report.notarise = await call('notarise', [randomUUID(), [{ kind: 'path', path: env.FAKE_ELECTRON_FILE }], {}]);
  report.notariseDone = await done;
  const shown = await notarised;
  if (shown) {
    const openRecord = heard('open-record');
    shown.emit('click');
    // A clicked notification is dismissed: Electron emits 'close' (docs/api/notification.md).
    shown.emit('close', { sender: shown });
    report.openRecord = await openRecord;
  }
  report.verifyDone = await verified;
  report.openVerify = report.sent.filter(([, event]) => event === 'open-verify').map(([, , payload]) => payload);
  report.verifyResults = report.sent.filter(([, event]) => event === 'verify-result').map(([, , payload]) => payload.result);
  // Settings stores a service profile's API key (FAKE_ELECTRON_API_KEY) and reads whether it is
  // set: the engine's secrets, in the keychain (a utility process is refused it: helper-keychain.mjs).
  const keyed = env.FAKE_ELECTRON_API_KEY;
  if (keyed) {
    report.saveProfile = await call('saveProfile', [{ name: 'Keychain', baseUrl: 'https://records.example' }, {}]);
    report.setApiKey = await call('setApiKey', ['Keychain', keyed]);
    report.listProfiles = await call('listProfiles', []);
  }
  // The page shows another language (Settings): the tray and the menu say theirs in it at once.
  report.before = { tray: report.tray, trayMenu: report.trayMenu, menu: report.menu };
  const language = heard('language');
  report.setLanguage = await call('setLanguage', ['fr']);
  await language;
  await call('appInfo', []); // a round trip: the main process has heard the event too
  report.afterLanguage = { tray: report.tray, trayMenu: report.trayMenu, menu: report.menu };
  report.sqlite = Object.keys(createRequire(import.meta.url).cache).filter(
    (p) => p.includes('better_sqlite3.node') || p.includes('better-sqlite3/lib/index.js'),
  );
  finish();
}
