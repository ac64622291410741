import { EventEmitter } from 'node:events';
import { vi } from 'vitest';
import {
  AFTER_READY,
  BEFORE_READY,
  checkSetPath,
  cloneForIpc,
  defaultSession,
  dialogStartsIn,
  mustBeReady,
  mustNotBeReady,
  notificationFailure,
} from '../../support/fake-electron/rules.mjs';

/**
 * The one stand-in for the `electron` module in the shell's unit tests (the binary cannot be
 * downloaded here). It records what the shell asks of Electron; tests drive it by emitting the
 * events Electron would. Use: `vi.mock('electron', () => import('./electron-mock.ts'))`.
 * Where the shell relies on a rule of Electron 45's, the mock keeps it: the rules it shares with
 * the integration tests' stand-in come from test/support/fake-electron/rules.mjs, which cites
 * where each comes from (electron/electron at v45.0.0-nightly.20260821); the others cite theirs.
 */

/** Whether the app is ready: windows, trays, notifications, dialogs and the session need it; scheme registration must come before. */
let ready = false;
// The real setImmediate, so that fake timers cannot hold back ready or a notification's failure.
const nextTurn = globalThis.setImmediate.bind(globalThis);
/** Ready on a later turn of the loop, as Electron's 'ready' follows the main script's first run (whoever asks). */
const becomeReady = (): Promise<void> =>
  new Promise((resolve) =>
    nextTurn(() => {
      ready = true;
      resolve();
    }),
  );
let readyPromise = becomeReady();

export class FakeFrame {
  constructor(
    public url: string,
    public parent: FakeFrame | null = null,
    public processId = 1,
    public routingId = 1,
  ) {}
}

export class FakeWebContents extends EventEmitter {
  mainFrame = new FakeFrame('app://notarium/index.html');
  sent: unknown[][] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push([channel, ...cloneForIpc(args)]);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  static getFocusedWindow(): BrowserWindow | null {
    return BrowserWindow.instances.find((w) => w.focused) ?? null;
  }
  webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  visible = false;
  focused = false;
  minimized = false;
  destroyed = false;
  constructor(public options: Record<string, unknown>) {
    super();
    mustBeReady(ready, BEFORE_READY.window);
    BrowserWindow.instances.push(this);
  }
  /**
   * Windows ends the user's session (WM_ENDSESSION, shell/browser/native_window_views_win.cc):
   * every window hears 'session-end'; then Electron terminates the process at once unless a quit
   * is under way (Browser::is_quitting), and in any case "the OS kills us and our child processes
   * right after this returns" (its comment there). So the process ends here: what the listeners
   * began and did not finish is cut off (app.terminated; app.quitting says whether Electron or
   * Windows ended it). Later turns of the loop still run in a test; a test reads the state here.
   */
  static endSession(): void {
    for (const window of [...BrowserWindow.instances]) window.emit('session-end', { reasons: ['shutdown'] });
    app.terminated = true;
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  show(): void {
    this.visible = true;
  }
  focus(): void {
    this.focused = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

type Handler = (event: unknown, ...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  },
};

class FakeIpcRenderer extends EventEmitter {
  invoke = vi.fn(async (_channel: string, ..._args: unknown[]): Promise<unknown> => ({ ok: true, value: null }));
}
export const ipcRenderer = new FakeIpcRenderer();

/**
 * contextBridge as strict as Electron's (shell/renderer/api/electron_api_context_bridge.cc): the
 * page gets a copy, never the preload's objects. Functions and promises are proxied, their
 * arguments and results copied across; an Error becomes a new Error with its message alone (its
 * `code` and every other own property are dropped: electron/electron#25596), whether thrown,
 * rejected or returned; a plain object keeps its own enumerable properties, not its prototype;
 * other values are structured-cloned; the exposed copy is frozen; a key is bound once.
 */
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    if (this.exposed.has(key)) throw new Error('Cannot bind an API on top of an existing property on the window object');
    this.exposed.set(key, deepFreeze(acrossBridge(api)));
  },
};

function acrossBridge(value: unknown): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]): unknown => {
      let result: unknown;
      try {
        result = fn(...args.map(acrossBridge));
      } catch (err) {
        // eslint-disable-next-line preserve-caught-error -- as Electron's bridge: the message alone crosses, no cause
        throw new Error(err instanceof Error ? err.message : String(err));
      }
      return acrossBridge(result);
    };
  }
  if (value instanceof Promise) return value.then(acrossBridge, (err: unknown) => Promise.reject(acrossBridge(err) as Error));
  if (value instanceof Error) return new Error(value.message);
  if (Array.isArray(value)) return value.map(acrossBridge);
  const tag = Object.prototype.toString.call(value);
  if (tag === '[object Object]') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, acrossBridge(v)]));
  return structuredClone(value);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && (typeof value === 'object' || typeof value === 'function') && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const webUtils = { getPathForFile: vi.fn((file: { name: string }) => `/dropped/${file.name}`) };

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    mustNotBeReady(ready, AFTER_READY.scheme);
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    void session.defaultSession; // lib/browser/api/protocol.ts: protocol.* is the default session's
    this.handlers.set(scheme, handler);
  },
};

export class FakeSession {
  requestHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void) | null = null;
  checkHandler: ((contents: unknown, permission: string, origin: string, details: unknown) => boolean) | null = null;
  setPermissionRequestHandler(handler: FakeSession['requestHandler']): void {
    this.requestHandler = handler;
  }
  setPermissionCheckHandler(handler: FakeSession['checkHandler']): void {
    this.checkHandler = handler;
  }
}
let theSession = new FakeSession();
export const session = {
  get defaultSession(): FakeSession {
    return defaultSession(ready, theSession);
  },
};

export const shell = { openExternal: vi.fn(async (_url: string, _options?: unknown) => {}), showItemInFolder: vi.fn((_path: string) => {}) };

/** Where each open dialog started: Electron 43 and later open in Downloads when not given defaultPath (docs/breaking-changes.md). */
export const dialogStarts: string[] = [];
/** The message of each message box shown. */
export const messageBoxes: string[] = [];
/** A dialog's options, with or without its parent window first; every dialog but the error box needs ready (lib/browser/api/dialog.ts). */
const dialogOptions = <T>(args: unknown[]): T => {
  mustBeReady(ready, BEFORE_READY.dialog);
  return (args[0] instanceof BrowserWindow ? args[1] : args[0]) as T;
};
export const dialog = {
  showOpenDialog: vi.fn(async (...args: unknown[]): Promise<{ canceled: boolean; filePaths: string[] }> => {
    dialogStarts.push(dialogStartsIn(dialogOptions<{ defaultPath?: string } | undefined>(args)));
    return { canceled: true, filePaths: [] };
  }),
  showMessageBox: vi.fn(async (...args: unknown[]): Promise<{ response: number; checkboxChecked: boolean }> => {
    messageBoxes.push(dialogOptions<{ message: string }>(args).message);
    return { response: 0, checkboxChecked: false };
  }),
  showErrorBox: vi.fn((_title: string, _content: string) => {}),
};

export const Menu = {
  applicationMenu: null as unknown,
  buildFromTemplate: (template: unknown[]) => ({ template }),
  setApplicationMenu(menu: unknown): void {
    this.applicationMenu = menu;
  },
};

export class Tray extends EventEmitter {
  static instances: Tray[] = [];
  tooltip = '';
  title = '';
  contextMenu: unknown = null;
  destroyed = false;
  constructor(public image: { template: boolean }) {
    super();
    mustBeReady(ready, BEFORE_READY.tray);
    Tray.instances.push(this);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setTitle(text: string): void {
    this.title = text;
  }
  setContextMenu(menu: unknown): void {
    this.contextMenu = menu;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

export class Notification extends EventEmitter {
  static instances: Notification[] = [];
  static shown: { title: string; body: string }[] = [];
  /** The system the app runs on, and whether the build is code-signed (macOS notifications need it: rules.notificationFailure). */
  static platform: string = process.platform;
  static signed = false;
  static isSupported(): boolean {
    return true;
  }
  /** Windows: the callback every toast activation reaches, the notification object alive or not (docs/api/notification.md). */
  static activationHandler: ((details: { type: string; arguments: string }) => void) | null = null;
  static handleActivation(callback: (details: { type: string; arguments: string }) => void): void {
    Notification.activationHandler = callback;
  }
  constructor(public options: { title: string; body: string }) {
    super();
    mustBeReady(ready, BEFORE_READY.notification);
    Notification.instances.push(this);
  }
  show(): void {
    const failure = notificationFailure(Notification.platform, Notification.signed);
    if (failure) {
      nextTurn(() => this.emit('failed', { sender: this }, failure));
      return;
    }
    Notification.shown.push({ title: this.options.title, body: this.options.body });
    this.emit('show', { sender: this });
  }
}

export const nativeImage = {
  createFromDataURL: (dataURL: string) => ({
    dataURL,
    template: false,
    addRepresentation() {},
    setTemplateImage(template: boolean) {
      this.template = template;
    },
  }),
};

class FakeApp extends EventEmitter {
  lockAvailable = true;
  paths = new Map<string, string>([
    ['userData', '/home/user/.config/Notarium'],
    ['documents', '/home/user/Documents'],
  ]);
  appPath = '/opt/notarium';
  isPackaged = false;
  /** A quit under way: before-quit was not prevented (shell/browser/browser.cc Browser::Quit), nor will-quit since. */
  quitting = false;
  /** The process was ended: app.exit, a quit nobody prevented, or Windows' end of session. */
  terminated = false;
  requestSingleInstanceLock = vi.fn((_data?: unknown) => this.lockAvailable);
  /** The system's languages, as Electron reads them (a test sets them to see the tray and menu follow). */
  preferredLanguages: string[] = ['en-US'];
  getPreferredSystemLanguages(): string[] {
    return this.preferredLanguages;
  }
  getLocale(): string {
    return this.preferredLanguages[0] ?? 'en-US';
  }
  quit = vi.fn(() => {
    if (this.quitting) return;
    const prevented = (event: string): boolean => {
      let prevent = false;
      this.emit(event, { preventDefault: () => void (prevent = true) });
      return prevent;
    };
    if (prevented('before-quit')) return;
    this.quitting = true;
    // will-quit once the windows have closed, which takes a turn of the loop when there are some.
    const willQuit = (): void => {
      if (prevented('will-quit')) this.quitting = false;
      else this.terminated = true;
    };
    if (BrowserWindow.instances.length === 0) willQuit();
    else setImmediate(willQuit);
  });
  exit = vi.fn((_code?: number) => void (this.terminated = true));
  setAppUserModelId = vi.fn((_id: string) => {});
  whenReady = (): Promise<void> => readyPromise;
  isReady(): boolean {
    return ready;
  }
  getPath(name: string): string {
    const path = this.paths.get(name);
    if (!path) throw new Error(`no path ${name}`);
    return path;
  }
  setPath(name: string, path: string): void {
    checkSetPath(ready, name, path);
    this.paths.set(name, path);
  }
  getAppPath(): string {
    return this.appPath;
  }
}
export const app = new FakeApp();

/** A fresh Electron for each test. */
export function resetElectron(): void {
  BrowserWindow.instances = [];
  Tray.instances = [];
  Notification.instances = [];
  Notification.shown = [];
  ipcMain.handlers.clear();
  ipcRenderer.removeAllListeners();
  ipcRenderer.invoke.mockReset();
  contextBridge.exposed.clear();
  protocol.privileged = [];
  protocol.handlers.clear();
  theSession = new FakeSession();
  Menu.applicationMenu = null;
  app.removeAllListeners();
  app.lockAvailable = true;
  app.preferredLanguages = ['en-US'];
  app.quitting = false;
  app.terminated = false;
  app.paths = new Map([
    ['userData', '/home/user/.config/Notarium'],
    ['documents', '/home/user/Documents'],
  ]);
  ready = false;
  readyPromise = becomeReady();
  dialogStarts.length = 0;
  messageBoxes.length = 0;
  Notification.platform = process.platform;
  Notification.signed = false;
  Notification.activationHandler = null;
  vi.clearAllMocks();
}

export default { app, BrowserWindow, ipcMain, ipcRenderer, contextBridge, webUtils, protocol, session, shell, dialog, Menu, Tray, Notification, nativeImage };
