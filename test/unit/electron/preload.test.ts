import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bridgeFromExposed, type ExposedBridge } from '../../../preload/bridge-client.ts';
import { CALL_NAMES, EVENT_NAMES } from '../../../preload/contract.ts';
import * as electron from './electron-mock.ts';

vi.mock('electron', () => import('./electron-mock.ts'));

type Exposed = Record<string, (...args: unknown[]) => unknown> & {
  on(event: string, listener: (payload: unknown) => void): () => void;
  pathForFile(file: unknown): string;
};

// The preload exposes itself when loaded; what it exposed is kept before any test resets the mock.
const { createElectronBridge } = await import('../../../preload/electron-preload.ts');
const exposedAtLoad = new Map(electron.contextBridge.exposed);

/** The page's `window.notarium` as contextBridge copied it, and the page's bridge over it (renderer/lib/bridge.ts). */
let exposed: ExposedBridge;
let bridge: Exposed;
const JOB = '11111111-2222-4333-8444-555555555555';

beforeEach(() => {
  electron.resetElectron();
  electron.contextBridge.exposeInMainWorld('notarium', createElectronBridge());
  exposed = electron.contextBridge.exposed.get('notarium') as ExposedBridge;
  bridge = bridgeFromExposed(exposed) as unknown as Exposed;
});

describe('the preload', () => {
  it('exposes window.notarium with every call, on, pathForFile, and nothing else', () => {
    expect([...exposedAtLoad.keys()]).toEqual(['notarium']);
    const exposed = exposedAtLoad.get('notarium') as Exposed;
    expect(Object.keys(exposed).sort()).toEqual([...CALL_NAMES, 'on', 'pathForFile'].sort());
    expect(Object.values(exposed).every((v) => typeof v === 'function')).toBe(true);
  });

  it('invokes the call channel with the arguments and resolves with the value', async () => {
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { total: 2 } });
    await expect(bridge.verify!(JOB, [{ kind: 'path', path: '/a' }], {})).resolves.toEqual({ total: 2 });
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('notarium:verify', JOB, [{ kind: 'path', path: '/a' }], {});
  });

  it('turns a failure into an Error with .code and the sentence', async () => {
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: { code: 'NO_API_KEY', message: 'This profile has no API key.' } });
    const err = (await (bridge.notarise!(JOB, [{ kind: 'path', path: '/a' }], {}) as Promise<unknown>).catch((e: unknown) => e)) as Error & { code: string };
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe('NO_API_KEY');
    expect(err.message).toBe('This profile has no API key.');
  });

  it('a failure crosses contextBridge as data, since an Error loses its code there (electron/electron#25596)', async () => {
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: { code: 'NO_API_KEY', message: 'This profile has no API key.' } });
    await expect(exposed.notarise(JOB, [], {})).resolves.toEqual({ ok: false, error: { code: 'NO_API_KEY', message: 'This profile has no API key.' } });
    // What the stand-in does to an Error, as Electron does: the message crosses, the code does not.
    const coded = (): Error => Object.assign(new Error('This profile has no API key.'), { code: 'NO_API_KEY' });
    electron.contextBridge.exposeInMainWorld('probe', {
      rejects: () => Promise.reject(coded()),
      throws: () => {
        throw coded();
      },
    });
    const probe = electron.contextBridge.exposed.get('probe') as { rejects(): Promise<never>; throws(): never };
    const rejected = (await probe.rejects().catch((e: unknown) => e)) as Error & { code?: string };
    expect([rejected.message, rejected.code]).toEqual(['This profile has no API key.', undefined]);
    expect(() => probe.throws()).toThrow(expect.not.objectContaining({ code: 'NO_API_KEY' }));
  });

  it('treats a malformed answer as an INTERNAL error', async () => {
    electron.ipcRenderer.invoke.mockResolvedValueOnce(undefined);
    await expect(bridge.appInfo!()).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('delivers only the payload of the named event, and unsubscribes', () => {
    const seen: unknown[] = [];
    const off = bridge.on('pending-count', (...args: unknown[]) => seen.push(args));
    const ipcEvent = { sender: electron.ipcRenderer, senderId: 0 };
    electron.ipcRenderer.emit('notarium:event', ipcEvent, 'pending-count', 4);
    electron.ipcRenderer.emit('notarium:event', ipcEvent, 'record-updated', { id: 1 });
    expect(seen).toEqual([[4]]); // no IpcRendererEvent, no ipcRenderer
    off();
    electron.ipcRenderer.emit('notarium:event', ipcEvent, 'pending-count', 5);
    expect(seen).toEqual([[4]]);
  });

  it('keeps one IPC listener however many page listeners there are, and a throwing one does not stop the rest', () => {
    const seen: unknown[] = [];
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported); // the page's; Node has none
    for (const event of EVENT_NAMES) bridge.on(event, () => {});
    bridge.on('pending-count', () => {
      throw new Error('page bug');
    });
    bridge.on('pending-count', (n) => seen.push(n));
    expect(electron.ipcRenderer.listenerCount('notarium:event')).toBe(1);
    electron.ipcRenderer.emit('notarium:event', {}, 'pending-count', 2);
    expect(seen).toEqual([2]);
    expect(reported).toHaveBeenCalledExactlyOnceWith(new Error('page bug'));
    vi.unstubAllGlobals();
  });

  it('refuses events that are not in the contract', () => {
    expect(() => bridge.on('notarium:verify', () => {})).toThrow(expect.objectContaining({ code: 'BAD_CALL' }));
    expect(() => bridge.on('__proto__', () => {})).toThrow(expect.objectContaining({ code: 'BAD_CALL' }));
    expect(() => bridge.on('pending-count', 'not a function' as never)).toThrow(expect.objectContaining({ code: 'BAD_CALL' }));
    // A page that calls the exposed object itself is refused by the preload too.
    expect(() => exposed.on('notarium:verify', () => {})).toThrow(/There is no event named "notarium:verify"/);
  });

  it('pathForFile asks webUtils (File.path is gone since Electron 32)', () => {
    expect(bridge.pathForFile({ name: 'report.pdf' })).toBe('/dropped/report.pdf');
    expect(electron.webUtils.getPathForFile).toHaveBeenCalledWith({ name: 'report.pdf' });
  });
});
