import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from './electron-mock.ts';

vi.mock('electron', () => import('./electron-mock.ts'));
const { windowOptions, hardenContents, hardenSession, createMainWindow } = await import('../../../main/electron/window.ts');

beforeEach(async () => {
  electron.resetElectron();
  await electron.app.whenReady(); // windows, trays and notifications come after ready
});

const navigation = (url: string) => ({
  url,
  defaultPrevented: false,
  preventDefault() {
    this.defaultPrevented = true;
  },
});

describe('the window', () => {
  it('isolates and sandboxes the page, with no Node and no web-security holes', () => {
    const options = windowOptions('/opt/notarium/dist/preload/electron-preload.cjs');
    expect(options.webPreferences).toMatchObject({
      preload: '/opt/notarium/dist/preload/electron-preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(options.show).toBe(false);
    expect(options.minWidth).toBeGreaterThan(0);
    expect(options.minHeight).toBeGreaterThan(0);
    expect(options.backgroundColor).toMatch(/^#/);
  });

  it('loads our origin and is shown only when ready', () => {
    const window = createMainWindow('/p.cjs', () => {}) as unknown as electron.BrowserWindow;
    expect(window.loadedUrl).toBe('app://notarium/index.html');
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
    expect(window.webContents.windowOpenHandler).not.toBeNull(); // hardened
  });
});

describe('hardening of the web contents', () => {
  const contents = () => {
    const c = new electron.FakeWebContents();
    hardenContents(c as never);
    return c;
  };

  it('denies every new window', () => {
    const c = contents();
    expect(c.windowOpenHandler!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
    // The sign-in page's fallback link (target=_blank): in the system browser, as the sign-in itself.
    const signIn = 'https://id.example/authorize?response_type=code&state=s&code_challenge=c';
    expect(c.windowOpenHandler!({ url: signIn })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledExactlyOnceWith(signIn, { activate: true });
    expect(c.windowOpenHandler!({ url: 'app://notarium/index.html' })).toEqual({ action: 'deny' });
  });

  it.each(['will-navigate', 'will-redirect', 'will-frame-navigate'])('%s stays on our origin', (name) => {
    const c = contents();
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://notarium.evil/x', 'app://other/index.html', 'javascript:alert(1)']) {
      const event = navigation(url);
      c.emit(name, event, url);
      expect(event.defaultPrevented, url).toBe(true);
    }
    const ours = navigation('app://notarium/index.html#/verify');
    c.emit(name, ours, ours.url);
    expect(ours.defaultPrevented).toBe(false);
  });

  it('refuses to attach webviews', () => {
    const c = contents();
    const event = navigation('');
    c.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });

  it('denies every permission request and check', () => {
    const s = new electron.FakeSession();
    hardenSession(s as never);
    for (const permission of ['media', 'notifications', 'clipboard-read', 'geolocation', 'openExternal', 'fullscreen']) {
      const callback = vi.fn();
      s.requestHandler!({}, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
      expect(s.checkHandler!({}, permission, 'app://notarium', {})).toBe(false);
    }
  });

  it('allows writing text to the clipboard (the copy buttons), and only that', () => {
    const s = new electron.FakeSession();
    hardenSession(s as never);
    const callback = vi.fn();
    s.requestHandler!({}, 'clipboard-sanitized-write', callback, {});
    expect(callback).toHaveBeenCalledWith(true);
    expect(s.checkHandler!({}, 'clipboard-sanitized-write', 'app://notarium', {})).toBe(true);
  });
});
