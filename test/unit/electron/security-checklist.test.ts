import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadBuilderConfig, REQUIRED_FUSES } from '../../support/electron-builder.ts';
import * as electron from './electron-mock.ts';
import { fakeService } from './fake-service.ts';

vi.mock('electron', () => import('./electron-mock.ts'));
const { runDesktop } = await import('../../../main/electron/lifecycle.ts');
const { APP_CSP, fileForUrl, serveAppRequest } = await import('../../../main/electron/app-protocol.ts');
const { APP_URL } = await import('../../../main/electron/app-origin.ts');
const { desktopAbilities } = await import('../../../main/electron/shell-abilities.ts');
const { printPdf } = await import('../../../main/electron/print-pdf.ts');

// Electron's security checklist (https://www.electronjs.org/docs/latest/tutorial/security), item by
// item, against the real shell modules: the app is started with runDesktop on the mocked electron
// module, and what it asked of Electron (window options, session handlers, IPC handlers, protocol)
// is read back. The print window (print-pdf.ts) is the only other window; it is checked too.

const ROOT = resolve(import.meta.dirname, '../../..');
type Prefs = Record<string, unknown>;

let mainWindow: electron.BrowserWindow;
let printWindow: electron.BrowserWindow;
const prefs = (w: electron.BrowserWindow): Prefs => w.options.webPreferences as Prefs;
const windows = () =>
  [
    ['main window', mainWindow],
    ['print window', printWindow],
  ] as const;

beforeAll(async () => {
  electron.resetElectron();
  const service = fakeService();
  await runDesktop({
    argv: ['/opt/Notarium/notarium'],
    cwd: '/home/ann',
    env: { HOME: '/home/ann' },
    defaultApp: false,
    platform: 'linux',
    openEngine: () => ({ service, startBackground: () => {}, close: async () => {} }),
    log: () => {},
  });
  mainWindow = electron.BrowserWindow.instances[0]!;
  // The mock has no printing; these two are all printPdf needs of a window.
  Object.assign(electron.FakeWebContents.prototype, { printToPDF: async () => Buffer.from('%PDF-1.7') });
  Object.assign(electron.BrowserWindow.prototype, {
    destroy(this: electron.BrowserWindow) {
      this.destroyed = true;
    },
  });
  await printPdf('<!doctype html><title>certificate</title>');
  printWindow = electron.BrowserWindow.instances[1]!;
});

const navigation = (url: string) => ({
  url,
  defaultPrevented: false,
  preventDefault() {
    this.defaultPrevented = true;
  },
});

describe('Electron security checklist', () => {
  it('1 secure content: the UI comes from our secure app:// origin, its CSP allows no http(s) or ws source', () => {
    expect(mainWindow.loadedUrl).toBe(APP_URL);
    expect(new URL(APP_URL).protocol).toBe('app:');
    expect(electron.protocol.privileged).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ secure: true, standard: true }) }]);
    expect(APP_CSP).not.toMatch(/https?:|wss?:|\*/);
    expect(printWindow.loadedUrl).toMatch(/^data:text\/html/); // built locally, never fetched
  });

  it('2 no Node.js integration for remote content', () => {
    for (const [name, w] of windows()) {
      expect(prefs(w).nodeIntegration, name).toBe(false);
      expect(prefs(w).nodeIntegrationInWorker ?? false, name).toBe(false);
      expect(prefs(w).nodeIntegrationInSubFrames ?? false, name).toBe(false);
    }
  });

  it('3 context isolation', () => {
    for (const [name, w] of windows()) expect(prefs(w).contextIsolation, name).toBe(true);
  });

  it('4 process sandboxing', () => {
    for (const [name, w] of windows()) expect(prefs(w).sandbox, name).toBe(true);
  });

  it('5 session permission requests are handled: every request and check is denied', () => {
    const s = electron.session.defaultSession;
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'hid', 'serial', 'usb']) {
      const callback = vi.fn();
      s.requestHandler!({}, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
      expect(s.checkHandler!({}, permission, 'app://notarium', {})).toBe(false);
    }
  });

  it('6 webSecurity is not disabled', () => {
    for (const [name, w] of windows()) expect(prefs(w).webSecurity, name).toBe(true);
  });

  it('7 a Content Security Policy on every response of the app origin', async () => {
    expect(APP_CSP).toMatch(/^default-src 'none'; script-src 'self';/);
    expect(APP_CSP).not.toMatch(/unsafe-inline|unsafe-eval|data:[^;]*script/);
    const handler = electron.protocol.handlers.get('app')!;
    for (const url of [APP_URL, 'app://notarium/missing.js', 'app://notarium/../etc/passwd']) {
      expect((await handler(new Request(url))).headers.get('content-security-policy'), url).toBe(APP_CSP);
    }
  });

  it('8 allowRunningInsecureContent is not enabled', () => {
    for (const [name, w] of windows()) expect(prefs(w).allowRunningInsecureContent ?? false, name).toBe(false);
  });

  it('9 experimental features are not enabled', () => {
    for (const [name, w] of windows()) expect(prefs(w).experimentalFeatures ?? false, name).toBe(false);
  });

  it('10 enableBlinkFeatures is not used (and middle-click Auxclick is disabled)', () => {
    for (const [name, w] of windows()) {
      expect(prefs(w).enableBlinkFeatures, name).toBeUndefined();
      expect(prefs(w).disableBlinkFeatures, name).toBe('Auxclick');
    }
  });

  it('11 <webview>: the tag is off and attaching one is refused', () => {
    expect(prefs(mainWindow).webviewTag).toBe(false);
    for (const [name, w] of windows()) {
      const event = navigation('');
      w.webContents.emit('will-attach-webview', event, {}, {});
      expect(event.defaultPrevented, name).toBe(true);
    }
  });

  it('12 navigation is limited to our origin', () => {
    for (const [name, w] of windows()) {
      for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://notarium.evil/', 'http://127.0.0.1:1/']) {
        for (const channel of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
          const event = navigation(url);
          w.webContents.emit(channel, event, url);
          expect(event.defaultPrevented, `${name} ${channel} ${url}`).toBe(true);
        }
      }
    }
    const ours = navigation('app://notarium/index.html#/library');
    mainWindow.webContents.emit('will-navigate', ours, ours.url);
    expect(ours.defaultPrevented).toBe(false);
  });

  it('13 new windows are denied', () => {
    for (const [name, w] of windows()) {
      for (const url of ['https://evil.example/', APP_URL, 'about:blank'])
        expect(w.webContents.windowOpenHandler!({ url }), `${name} ${url}`).toEqual({ action: 'deny' });
    }
  });

  it('14 shell.openExternal only with URLs the core built and the shell checked', async () => {
    const abilities = desktopAbilities();
    electron.shell.openExternal.mockClear();
    for (const url of [
      'file:///etc/passwd',
      'smb://host/share',
      'javascript:alert(1)',
      'https://evil.example/',
      'https://u:p@id.example/oauth2/authorize?response_type=code&state=s&code_challenge=c',
    ]) {
      await expect(abilities.openExternal(url), url).rejects.toMatchObject({ code: 'URL_REFUSED' });
    }
    for (const url of ['file:///etc/passwd', 'ms-msdt:foo', 'vbscript:x'])
      await expect(abilities.openExplorerPage(url), url).rejects.toMatchObject({ code: 'URL_REFUSED' });
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
    await abilities.openExternal('https://id.example/oauth2/authorize?response_type=code&state=s&code_challenge=c');
    expect(electron.shell.openExternal).toHaveBeenCalledOnce();
  });

  it('15 a current Electron: the installed one is what package.json asks for, 45 or later', () => {
    const installed = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
    const wanted = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.electron!;
    expect(Number(installed.split('.')[0])).toBeGreaterThanOrEqual(45);
    expect(wanted.replace(/^\^/, '').split('.')[0]).toBe(installed.split('.')[0]);
  });

  it('16 the sender of every IPC message is validated', async () => {
    expect(electron.ipcMain.handlers.size).toBeGreaterThan(0);
    const contents = mainWindow.webContents;
    const senders = [
      { sender: new electron.FakeWebContents(), senderFrame: contents.mainFrame },
      { sender: contents, senderFrame: new electron.FakeFrame('app://notarium/index.html', contents.mainFrame, 1, 2) },
      { sender: contents, senderFrame: new electron.FakeFrame('https://evil.example/', null, 9, 9) },
      { sender: contents, senderFrame: null },
    ];
    for (const [channel, handler] of electron.ipcMain.handlers) {
      for (const event of senders) expect(await handler(event, {}), channel).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
  });

  it('17 no file:// protocol: pages come from the app:// handler, which serves only the renderer', () => {
    expect(mainWindow.loadedUrl).not.toMatch(/^file:/);
    expect(electron.protocol.handlers.has('app')).toBe(true);
    expect(fileForUrl('file:///etc/passwd', '/opt/notarium/dist/renderer')).toBeNull();
    expect(fileForUrl('app://notarium/../../etc/passwd', '/opt/notarium/dist/renderer')).toBe('/opt/notarium/dist/renderer/etc/passwd');
    return expect(serveAppRequest(new Request('app://notarium/%2e%2e%2f%2e%2e%2fetc/passwd'), '/opt/notarium/dist/renderer')).resolves.toMatchObject({
      status: 404,
    });
  });

  it('18 fuses: flipped in the packaged binary (electron-builder.yml electronFuses)', async () => {
    const config = await loadBuilderConfig();
    expect(config.electronFuses).toEqual(REQUIRED_FUSES);
  });

  it('19 no Electron APIs exposed to untrusted content: the preload exposes one object of functions', async () => {
    electron.contextBridge.exposed.clear();
    vi.resetModules();
    await import('../../../preload/electron-preload.ts');
    expect([...electron.contextBridge.exposed.keys()]).toEqual(['notarium']);
    const exposed = electron.contextBridge.exposed.get('notarium') as Record<string, unknown>;
    for (const [key, value] of Object.entries(exposed)) {
      expect(typeof value, key).toBe('function');
      expect(value, key).not.toBe(electron.ipcRenderer.invoke);
    }
    expect(Object.keys(exposed)).not.toContain('ipcRenderer');
    expect(Object.keys(exposed)).not.toContain('send');
    // The preload reaches no other Electron module than contextBridge, ipcRenderer and webUtils.
    const source = readFileSync(join(ROOT, 'preload', 'electron-preload.ts'), 'utf8');
    const names = /import\s*\{([^}]*)\}\s*from\s*'electron'/
      .exec(source)![1]!
      .split(',')
      .map((n) => n.trim().replace(/^type\s+/, ''))
      .filter(Boolean);
    expect(names.sort()).toEqual(expect.arrayContaining(['contextBridge', 'ipcRenderer']));
    expect(names.filter((n) => !['contextBridge', 'ipcRenderer', 'webUtils', 'IpcRendererEvent'].includes(n))).toEqual([]);
  });
});
