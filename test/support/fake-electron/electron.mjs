// A stand-in for Electron's main-process API, just enough to run the bundled main process in plain
// Node (the Electron binary cannot be downloaded on build machines). When the main window loads, it
// drives the app like its page would — the app:// protocol, IPC calls with a genuine and a foreign
// sender, a notarisation — writes what happened to FAKE_ELECTRON_REPORT, and quits.
import { randomUUID } from 'node:crypto';
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { netFetch } from './net-fetch.mjs';
import { netRequest } from './net-request.mjs';

const env = process.env;
// As `electron <app folder>` sets it: argv[1] is the app (here the bundle), not a file to open.
process.defaultApp = true;
const report = { windows: [], sent: [], errors: [] };
const paths = new Map();
let protocolHandler = null;
const handlers = new Map();

class App extends EventEmitter {
  isPackaged = false;
  whenReady() {
    return new Promise((resolve) => setImmediate(resolve));
  }
  getAppPath() {
    return env.FAKE_ELECTRON_APP_ROOT;
  }
  setPath(name, value) {
    paths.set(name, value);
  }
  getPath(name) {
    return paths.get(name);
  }
  requestSingleInstanceLock() {
    return true;
  }
  quit() {
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) process.exit(0);
  }
  exit(code) {
    process.exit(code);
  }
}
export const app = new App();

export const protocol = {
  registerSchemesAsPrivileged: (schemes) => (report.schemes = schemes),
  handle: (scheme, handler) => (protocolHandler = handler),
};

export const session = {
  defaultSession: { setPermissionRequestHandler() {}, setPermissionCheckHandler() {} },
};

export const ipcMain = {
  handle: (channel, handler) => handlers.set(channel, handler),
  removeHandler: (channel) => handlers.delete(channel),
};

class WebContents extends EventEmitter {
  mainFrame = { url: '', parent: null, processId: 1, routingId: 1 };
  setWindowOpenHandler() {}
  isDestroyed() {
    return false;
  }
  send(channel, ...args) {
    report.sent.push([channel, ...args]);
    this.emit('fake-sent', args);
  }
}

export class BrowserWindow extends EventEmitter {
  static getFocusedWindow() {
    return null;
  }
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    report.windows.push(options);
  }
  async loadURL(url) {
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

// A utility process as a Node child speaking structured clone over its IPC channel.
export const utilityProcess = {
  fork(modulePath, args, options = {}) {
    const child = fork(modulePath, args, {
      env: options.env ?? process.env,
      serialization: 'advanced',
      execArgv: ['--import', new URL('./register.mjs', import.meta.url).href],
      stdio: 'inherit',
    });
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

export const Menu = { buildFromTemplate: (template) => ({ template }), setApplicationMenu() {} };
export class Tray {
  setContextMenu() {}
  setToolTip(text) {
    report.tray = text;
  }
  setTitle() {}
  on() {}
  destroy() {}
}
export const nativeImage = { createFromDataURL: () => ({ addRepresentation() {}, setTemplateImage() {} }) };
/** Native notifications: each shown one is reported, and announced so that the drive can click it. */
const notifications = new EventEmitter();
export class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  constructor(options) {
    super();
    this.options = options;
  }
  show() {
    report.notifications = [...(report.notifications ?? []), { title: this.options.title, body: this.options.body }];
    notifications.emit('shown', this);
  }
}
export const dialog = {
  showErrorBox: (title, text) => report.errors.push(`${title}: ${text}`),
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
};
export const shell = { openExternal: async () => {}, showItemInFolder() {} };
// Main and utility processes: Electron's network stack (net-fetch.mjs, net-request.mjs: as strict as Chromium's).
export const net = { fetch: netFetch, request: netRequest };
export default { app, protocol, session, ipcMain, BrowserWindow, Menu, Tray, nativeImage, Notification, dialog, shell, utilityProcess, net };

function finish() {
  writeFileSync(env.FAKE_ELECTRON_REPORT, JSON.stringify(report, null, 2));
  app.quit();
}

async function drive(window) {
  const contents = window.webContents;
  const call = (name, args, sender = contents) => handlers.get(`notarium:${name}`)({ sender, senderFrame: contents.mainFrame }, ...args);
  const index = await protocolHandler(new Request('app://notarium/index.html'));
  report.index = { status: index.status, csp: index.headers.get('content-security-policy'), body: await index.text() };
  report.channels = [...handlers.keys()];
  report.appInfo = await call('appInfo', []);
  report.foreign = await call('appInfo', [], new WebContents());
  // The engine asks the main process for a folder picker: the (cancelled) dialog answers.
  report.chooseFolder = await call('chooseFolder', []);
  const done = new Promise((resolve) => {
    contents.on('fake-sent', ([event, payload]) => event === 'notarise-done' && resolve(payload));
  });
  // The launch's `--verify <paths>` arrives as a job the page is asked to open.
  const verified = new Promise((resolve) => {
    contents.on('fake-sent', ([event, payload]) => event === 'verify-done' && resolve(payload));
  });
  // The page names its job (a random UUID) with the call.
  report.notarise = await call('notarise', [randomUUID(), [{ kind: 'path', path: env.FAKE_ELECTRON_FILE }], {}]);
  // Once it is in a block the engine's notice becomes a native notification; a click opens its record.
  const notarised = new Promise((resolve) => {
    notifications.on('shown', (n) => n.options.title === '“contract.txt” is notarised' && resolve(n));
  });
  report.notariseDone = await done;
  const openRecord = new Promise((resolve) => {
    contents.on('fake-sent', ([event, payload]) => event === 'open-record' && resolve(payload));
  });
  (await notarised).emit('click');
  report.openRecord = await openRecord;
  report.verifyDone = await verified;
  report.openVerify = report.sent.filter(([, event]) => event === 'open-verify').map(([, , payload]) => payload);
  report.verifyResults = report.sent.filter(([, event]) => event === 'verify-result').map(([, , payload]) => payload.result);
  report.sqlite = Object.keys(createRequire(import.meta.url).cache).filter(
    (p) => p.includes('better_sqlite3.node') || p.includes('better-sqlite3/lib/index.js'),
  );
  finish();
}
