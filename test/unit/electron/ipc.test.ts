import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sentenceFor } from '../../../main/core/errors/catalogue.ts';
import { CALL_NAMES } from '../../../preload/contract.ts';
import * as electron from './electron-mock.ts';
import { fakeService, JOB_ID, type FakeService } from './fake-service.ts';

vi.mock('electron', () => import('./electron-mock.ts'));
const { registerIpc } = await import('../../../main/electron/ipc.ts');

let service: FakeService;
let window: electron.BrowserWindow;
let logged: string[];

beforeEach(async () => {
  electron.resetElectron();
  await electron.app.whenReady();
  service = fakeService();
  window = new electron.BrowserWindow({});
  logged = [];
  registerIpc({ service, window: () => window as never, log: (m) => logged.push(m) });
});

/** Calls a registered handler as Electron would, from our main frame unless told otherwise. */
function invoke(name: string, args: unknown[], from: { sender?: unknown; senderFrame?: unknown } = {}): Promise<unknown> {
  const handler = electron.ipcMain.handlers.get(`notarium:${name}`);
  if (!handler) throw new Error(`no handler for ${name}`);
  const event = { sender: window.webContents, senderFrame: window.webContents.mainFrame, ...from };
  return Promise.resolve(handler(event, ...args));
}

describe('IPC registration', () => {
  it('registers every call of the contract, and nothing else', () => {
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual(CALL_NAMES.map((n) => `notarium:${n}`).sort());
  });

  it('runs a valid call from our main frame and answers with its value', async () => {
    expect(await invoke('verify', [JOB_ID, [{ kind: 'path', path: '/tmp/a.pdf' }], {}])).toEqual({ ok: true, value: null });
    expect(service.api.verify).toHaveBeenCalledWith(JOB_ID, [{ kind: 'path', path: '/tmp/a.pdf' }], {});
    expect(await invoke('removeProfile', ['Work'])).toEqual({ ok: true, value: null });
  });

  it('accepts the main frame by identity even when Electron hands out another object for it', async () => {
    const { url, processId, routingId } = window.webContents.mainFrame;
    const same = new electron.FakeFrame(url, null, processId, routingId);
    expect(await invoke('pendingCount', [], { senderFrame: same })).toEqual({ ok: true, value: 0 });
  });
});

describe('the sender check', () => {
  const refusals: [string, () => { sender?: unknown; senderFrame?: unknown }][] = [
    ['a page of another origin in our window', () => ({ senderFrame: Object.assign(window.webContents.mainFrame, { url: 'https://evil.example/' }) })],
    ['a look-alike origin', () => ({ senderFrame: Object.assign(window.webContents.mainFrame, { url: 'app://notarium.evil/index.html' }) })],
    ['a file:// page', () => ({ senderFrame: Object.assign(window.webContents.mainFrame, { url: 'file:///tmp/x.html' }) })],
    [
      'a subframe of our page, even on our origin',
      () => ({ senderFrame: new electron.FakeFrame('app://notarium/frame.html', window.webContents.mainFrame, 1, 7) }),
    ],
    ['a frame that is gone', () => ({ senderFrame: null })],
    ['another web contents', () => ({ sender: new electron.FakeWebContents() })],
  ];

  it.each(refusals)('refuses %s, and logs the channel without arguments', async (_what, from) => {
    const answer = await invoke('setApiKey', ['Work', 'sk-secret-key-123'], from());
    expect(answer).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
    expect(service.api.setApiKey).not.toHaveBeenCalled();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('notarium:setApiKey');
    expect(logged[0]).not.toContain('sk-secret');
    expect(logged[0]).not.toContain('Work');
  });

  it('refuses every call when there is no window', async () => {
    electron.ipcMain.handlers.clear();
    registerIpc({ service, window: () => null, log: (m) => logged.push(m) });
    const answer = await electron.ipcMain.handlers.get('notarium:appInfo')!({ sender: window.webContents, senderFrame: window.webContents.mainFrame });
    expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(service.api.appInfo).not.toHaveBeenCalled();
  });
});

describe('validation and errors', () => {
  it.each([
    ['useProfile', []],
    ['useProfile', [42]],
    ['getRecord', [-1]],
    ['verify', [JOB_ID, [{ kind: 'path', path: '/a', extra: 1 }], {}]],
    ['verify', [JOB_ID, [], {}]],
    ['notarise', [JOB_ID, [{ kind: 'url', path: 'https://x' }], {}]],
    ['notarise', ['job-1', [{ kind: 'path', path: '/a' }], {}]],
    ['verify', [[{ kind: 'path', path: '/a' }], {}]],
    ['cancelJob', ['not-a-uuid']],
    ['appInfo', ['unexpected']],
  ])('refuses %s%j before the service sees it', async (name, args) => {
    const answer = (await invoke(name, args)) as { ok: false; error: { code: string; message: string } };
    expect(answer.ok).toBe(false);
    expect(answer.error.code).toBe('BAD_CALL');
    expect(Object.keys(answer.error).sort()).toEqual(['code', 'message']);
    expect(service.api[name as 'useProfile']).not.toHaveBeenCalled();
  });

  it('a failure crosses as code and message only: no stack, no cause, no other fields', async () => {
    const failure = Object.assign(new Error('The service could not be reached.', { cause: new Error('ECONNREFUSED 127.0.0.1:8080') }), {
      code: 'NETWORK',
      status: 0,
      apiKey: 'sk-secret',
    });
    service.api.listProfiles.mockRejectedValueOnce(failure);
    const answer = await invoke('listProfiles', []);
    expect(answer).toStrictEqual({ ok: false, error: { code: 'NETWORK', message: 'The service could not be reached.' } });
    expect(JSON.stringify(answer)).not.toMatch(/ECONNREFUSED|sk-secret|at .*\.ts/);
  });

  // One rule with the web shell and the engine (main/core/errors/error-data.ts): the page gets the
  // catalogue's sentence for a failure not of Notarium's own, the log what happened.
  it('a failure without a code crosses as INTERNAL, its text only in the log', async () => {
    service.api.listDocuments.mockRejectedValueOnce(new TypeError('x is undefined'));
    expect(await invoke('listDocuments', [])).toStrictEqual({
      ok: false,
      error: { code: 'INTERNAL', message: sentenceFor('INTERNAL'), said: { key: 'errors.INTERNAL' } },
    });
    expect(logged).toEqual(['The call listDocuments failed: TypeError: x is undefined']);
    service.api.listDocuments.mockRejectedValueOnce('a string');
    expect(await invoke('listDocuments', [])).toStrictEqual({
      ok: false,
      error: { code: 'INTERNAL', message: sentenceFor('INTERNAL'), said: { key: 'errors.INTERNAL' } },
    });
    service.api.listDocuments.mockRejectedValueOnce(Object.assign(new Error('ENOENT: no such file, open /home/ann/secret.txt'), { code: 'ENOENT' }));
    expect(await invoke('listDocuments', [])).toStrictEqual({
      ok: false,
      error: { code: 'INTERNAL', message: sentenceFor('INTERNAL'), said: { key: 'errors.INTERNAL' } },
    });
  });
});

describe('events', () => {
  it('go to our window only, on the one event channel', () => {
    const other = new electron.BrowserWindow({});
    service.emit('pending-count', 3);
    expect(window.webContents.sent).toEqual([['notarium:event', 'pending-count', 3]]);
    expect(other.webContents.sent).toEqual([]);
  });

  it('are dropped, not thrown, when the window is gone', () => {
    window.destroyed = true;
    expect(() => service.emit('pending-count', 1)).not.toThrow();
    expect(window.webContents.sent).toEqual([]);
  });

  it('dispose unsubscribes and removes every handler', () => {
    electron.ipcMain.handlers.clear();
    const before = service.listeners();
    const registration = registerIpc({ service, window: () => window as never, log: () => {} });
    expect(service.listeners()).toBe(before + 1);
    registration.dispose();
    expect(service.listeners()).toBe(before);
    expect(electron.ipcMain.handlers.size).toBe(0);
  });
});
