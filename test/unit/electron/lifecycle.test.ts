import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import * as electron from './electron-mock.ts';
import { A_JOB_ID, fakeService, type FakeService } from './fake-service.ts';

vi.mock('electron', () => import('./electron-mock.ts'));
const { runDesktop } = await import('../../../main/electron/lifecycle.ts');
const { APP_ID } = await import('../../../main/electron/app-id.ts');

let service: FakeService;
let engine: { service: FakeService; startBackground: Mock<() => void>; close: Mock<() => Promise<void>> };
let order: string[];

beforeEach(() => {
  electron.resetElectron();
  service = fakeService();
  order = [];
  service.close.mockImplementation(async () => void order.push('service'));
  engine = { service, startBackground: vi.fn(), close: vi.fn(async () => void order.push('engine')) };
});
afterEach(() => vi.useRealTimers());

const start = (argv: string[] = ['/opt/Notarium/notarium'], extra: Partial<Parameters<typeof runDesktop>[0]> = {}) =>
  runDesktop({ argv, cwd: '/home/ann', env: { HOME: '/home/ann' }, defaultApp: false, platform: 'linux', openEngine: () => engine, log: () => {}, ...extra });

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const firstWindow = () => electron.BrowserWindow.instances[0]!;
const openVerifySent = (w: electron.BrowserWindow) => w.webContents.sent.filter((m) => m[1] === 'open-verify');

describe('start', () => {
  it('opens one hardened window on our origin, serves the renderer, starts the engine in the background', async () => {
    const openEngine = vi.fn(() => engine);
    await start(undefined, { openEngine });
    // The engine is given the data folder and the abilities only the main process has.
    expect(openEngine).toHaveBeenCalledWith(
      '/home/ann/.config/Notarium',
      expect.objectContaining({ openExternal: expect.any(Function), printPdf: expect.any(Function), chooseFolder: expect.any(Function) }),
    );
    expect(electron.app.getPath('userData')).toBe('/home/ann/.config/Notarium'); // the CLI's folder
    expect(engine.startBackground).toHaveBeenCalledOnce();
    expect(electron.BrowserWindow.instances).toHaveLength(1);
    expect(firstWindow().loadedUrl).toBe('app://notarium/index.html');
    expect((firstWindow().options.webPreferences as { preload: string }).preload).toBe('/opt/notarium/dist/preload/electron-preload.cjs');
    expect(electron.protocol.handlers.has('app')).toBe(true);
    expect(electron.protocol.privileged).toHaveLength(1);
    expect(electron.session.defaultSession.checkHandler!({}, 'media', 'app://notarium', {})).toBe(false);
    expect(electron.ipcMain.handlers.size).toBeGreaterThan(0);
  });

  it('on Windows names itself as the installer registers it (notifications need it), or by its executable from a clone', async () => {
    await start(['C:\\Notarium\\Notarium.exe'], { platform: 'win32' });
    expect(electron.app.setAppUserModelId).toHaveBeenCalledExactlyOnceWith('C:\\Notarium\\Notarium.exe');
    electron.resetElectron();
    electron.app.isPackaged = true;
    try {
      await start(['C:\\Notarium\\Notarium.exe'], { platform: 'win32' });
      expect(electron.app.setAppUserModelId).toHaveBeenCalledExactlyOnceWith(APP_ID);
      electron.resetElectron();
      await start();
      expect(electron.app.setAppUserModelId).not.toHaveBeenCalled(); // elsewhere it means nothing
    } finally {
      electron.app.isPackaged = false;
    }
  });

  it('keeps its data in NOTARIUM_HOME when set', async () => {
    const openEngine = vi.fn(() => engine);
    await start(undefined, { openEngine, env: { HOME: '/home/ann', NOTARIUM_HOME: '/data/notarium' } });
    expect(openEngine).toHaveBeenCalledWith('/data/notarium', expect.anything());
    expect(electron.app.getPath('userData')).toBe('/data/notarium'); // and its own single-instance lock
  });
});

describe('single instance', () => {
  it('a second instance quits at once and touches nothing', async () => {
    electron.app.lockAvailable = false;
    const openEngine = vi.fn(() => engine);
    expect(await start(['/opt/Notarium/notarium', '--verify', 'a.pdf'], { openEngine })).toBeNull();
    expect(electron.app.quit).toHaveBeenCalled();
    expect(openEngine).not.toHaveBeenCalled();
    expect(electron.BrowserWindow.instances).toHaveLength(0);
    expect(electron.ipcMain.handlers.size).toBe(0);
    // It hands its own argv and cwd to the first instance.
    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalledWith({ argv: ['/opt/Notarium/notarium', '--verify', 'a.pdf'], cwd: '/home/ann' });
  });

  it('the first instance focuses its window and verifies what the second was given', async () => {
    const desktop = (await start())!;
    const window = firstWindow();
    window.webContents.emit('did-finish-load');
    window.minimized = true;
    const chromiumArgv = ['/opt/Notarium/notarium', '--verify', '--original-process-start-time=1', 'x.pdf'];
    electron.app.emit('second-instance', {}, chromiumArgv, '/tmp/elsewhere', {
      argv: ['/opt/Notarium/notarium', '--verify', 'b.pdf', 'c.pdf'],
      cwd: '/srv/docs',
    });
    await desktop.idle();
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(true);
    expect(service.api.verify).toHaveBeenCalledWith(
      A_JOB_ID,
      [
        { kind: 'path', path: '/srv/docs/b.pdf' },
        { kind: 'path', path: '/srv/docs/c.pdf' },
      ],
      {},
    );
    expect(openVerifySent(window)).toEqual([['notarium:event', 'open-verify', { jobId: service.api.verify.mock.calls[0]![0] }]]);
  });

  it('falls back to the argv Electron gives when the data is missing', async () => {
    const desktop = (await start())!;
    firstWindow().webContents.emit('did-finish-load');
    electron.app.emit('second-instance', {}, ['/opt/Notarium/notarium', '--verify', 'x.pdf', '--original-process-start-time=1'], '/tmp/w', undefined);
    await desktop.idle();
    expect(service.api.verify).toHaveBeenCalledWith(A_JOB_ID, [{ kind: 'path', path: '/tmp/w/x.pdf' }], {});
  });

  it('a second launch without --verify only focuses', async () => {
    const desktop = (await start())!;
    firstWindow().webContents.emit('did-finish-load');
    electron.app.emit('second-instance', {}, ['/opt/Notarium/notarium'], '/tmp', { argv: ['/opt/Notarium/notarium'], cwd: '/tmp' });
    await desktop.idle();
    expect(firstWindow().focused).toBe(true);
    expect(service.api.verify).not.toHaveBeenCalled();
  });
});

describe('launch requests', () => {
  it('--verify at start waits for the page, then opens Verify with the job', async () => {
    const desktop = (await start(['/opt/Notarium/notarium', '--no-sandbox', '--verify', 'a.pdf', '/tmp/folder']))!;
    await desktop.idle();
    expect(service.api.verify).not.toHaveBeenCalled(); // the page could not hear about it yet
    firstWindow().webContents.emit('did-finish-load');
    await desktop.idle();
    expect(service.api.verify).toHaveBeenCalledWith(
      A_JOB_ID,
      [
        { kind: 'path', path: '/home/ann/a.pdf' },
        { kind: 'path', path: '/tmp/folder' },
      ],
      {},
    );
    expect(openVerifySent(firstWindow())).toHaveLength(1);
  });

  it('macOS open-file (even before ready) is verified', async () => {
    const desktop = (await start(undefined, { platform: 'darwin' }))!;
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    electron.app.emit('open-file', event, '/Users/ann/contract.pdf');
    expect(event.defaultPrevented).toBe(true);
    firstWindow().webContents.emit('did-finish-load');
    await desktop.idle();
    expect(service.api.verify).toHaveBeenCalledWith(A_JOB_ID, [{ kind: 'path', path: '/Users/ann/contract.pdf' }], {});
  });

  it('a verify the service refuses is reported, and later requests still run', async () => {
    const desktop = (await start())!;
    firstWindow().webContents.emit('did-finish-load');
    service.api.verify.mockRejectedValueOnce(Object.assign(new Error('The library could not be read.'), { code: 'STORE_ERROR' }));
    desktop.verifyPaths(['/a']);
    desktop.verifyPaths(['/b']);
    await desktop.idle();
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(expect.any(String), 'The library could not be read.');
    expect(service.api.verify).toHaveBeenCalledTimes(2);
    expect(openVerifySent(firstWindow())).toHaveLength(1);
  });
});

describe('menu', () => {
  type Item = { label?: string; role?: string; submenu?: Item[]; click?: () => void };
  const fileMenu = () => (electron.Menu.applicationMenu as { template: Item[] }).template.find((m) => m.label === 'File')!.submenu ?? [];
  const item = (label: string) => fileMenu().find((i) => i.label === label)!;

  it('has the standard roles and File ▸ Notarise / Verify', async () => {
    await start();
    const template = (electron.Menu.applicationMenu as { template: Item[] }).template;
    expect(template.map((m) => m.role ?? m.label)).toEqual(['File', 'editMenu', 'viewMenu', 'windowMenu']);
    expect(fileMenu().map((i) => i.label ?? i.role)).toEqual([
      'Notarise Files…',
      'Notarise Folder…',
      undefined,
      'Verify Files…',
      'Verify Folder…',
      undefined,
      'quit',
    ]);
  });

  it('the dialogs start in Documents, then where the last choice was (Electron 43 and later would open Downloads; first of the picks: nothing chosen yet)', async () => {
    await start();
    item('Notarise Files…').click!();
    await settle();
    electron.dialog.showOpenDialog.mockImplementationOnce(async (...args: unknown[]) => {
      electron.dialogStarts.push((args[1] as { defaultPath?: string }).defaultPath ?? 'Downloads');
      return { canceled: false, filePaths: ['/srv/papers/a.pdf'] };
    });
    item('Verify Files…').click!();
    await settle();
    item('Verify Folder…').click!();
    await settle();
    expect(electron.dialogStarts).toEqual(['/home/user/Documents', '/home/user/Documents', '/srv/papers']);
  });

  it('Notarise… sends the picked files and folders to the service, and opens Notarise on that job once the page is loaded', async () => {
    await start();
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/home/ann/a.pdf', '/home/ann/docs'] });
    item('Notarise Files…').click!();
    await settle();
    const openNotarise = () => firstWindow().webContents.sent.filter((m) => m[1] === 'open-notarise');
    expect(openNotarise()).toEqual([]);
    firstWindow().webContents.emit('did-finish-load');
    expect(openNotarise()).toEqual([['notarium:event', 'open-notarise', { jobId: service.api.notarise.mock.calls[0]![0] }]]);
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith(firstWindow(), expect.objectContaining({ properties: ['openFile', 'multiSelections'] }));
    expect(service.api.notarise).toHaveBeenCalledWith(
      A_JOB_ID,
      [
        { kind: 'path', path: '/home/ann/a.pdf' },
        { kind: 'path', path: '/home/ann/docs' },
      ],
      {},
    );
  });

  it('Install Command Line Tool… (macOS, installed) links the command and says so in a message box', async () => {
    const links: string[][] = [];
    const linkSteps = { link: async (target: string, path: string) => void links.push([target, path]), linkAsAdministrator: async () => {} };
    electron.app.isPackaged = true;
    // Electron sets it in an installed app: the app's Resources folder.
    Object.defineProperty(process, 'resourcesPath', { value: '/Applications/Notarium.app/Contents/Resources', configurable: true });
    try {
      await start(undefined, { platform: 'darwin', linkSteps });
      const template = (electron.Menu.applicationMenu as { template: Item[] }).template;
      template[0]!.submenu!.find((i) => i.label === 'Install Command Line Tool…')!.click!();
      await vi.waitFor(() => expect(electron.messageBoxes).toEqual(['The notarium command is installed: /usr/local/bin/notarium']));
      expect(links).toEqual([['/Applications/Notarium.app/Contents/Resources/bin/notarium', '/usr/local/bin/notarium']]);
      expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
    } finally {
      electron.app.isPackaged = false;
      Reflect.deleteProperty(process, 'resourcesPath');
    }
  });

  it('a cancelled dialog does nothing', async () => {
    await start();
    item('Notarise Folder…').click!();
    await settle();
    expect(service.api.notarise).not.toHaveBeenCalled();
  });

  it('Verify… verifies and opens the Verify screen', async () => {
    const desktop = (await start())!;
    firstWindow().webContents.emit('did-finish-load');
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/srv/folder'] });
    item('Verify Folder…').click!();
    await settle();
    await desktop.idle();
    expect(service.api.verify).toHaveBeenCalledWith(A_JOB_ID, [{ kind: 'path', path: '/srv/folder' }], {});
    expect(openVerifySent(firstWindow())).toHaveLength(1);
  });
});

describe("the system's language", () => {
  it('the tray, the menu and the open dialogs speak it (German here), the counts in its plural forms', async () => {
    electron.app.preferredLanguages = ['de-AT', 'en-US'];
    service.api.pendingCount.mockResolvedValueOnce(1);
    await start();
    await settle();
    const tray = electron.Tray.instances[0]!;
    expect(tray.tooltip).toBe('Notarium — 1 Datei ausstehend');
    service.emit('pending-count', 3);
    expect(tray.tooltip).toBe('Notarium — 3 Dateien ausstehend');
    expect((tray.contextMenu as { template: { label?: string }[] }).template.map((i) => i.label)).toEqual(['Notarium öffnen', undefined, 'Notarium beenden']);
    type Item = { label?: string; submenu?: Item[]; click?: () => void };
    const file = (electron.Menu.applicationMenu as { template: Item[] }).template.find((m) => m.label === 'Datei')!.submenu!;
    expect(file.filter((i) => i.label).map((i) => i.label)).toEqual(['Dateien zeitstempeln…', 'Ordner zeitstempeln…', 'Dateien prüfen…', 'Ordner prüfen…']);
    file[0]!.click!();
    await settle();
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith(firstWindow(), expect.objectContaining({ title: 'Zeitstempeln', buttonLabel: 'Zeitstempeln' }));
  });

  it("then the page's: a language chosen in Settings changes the tray, the menu and the dialogs at once", async () => {
    electron.app.preferredLanguages = ['en-GB'];
    await start();
    await settle();
    const tray = electron.Tray.instances[0]!;
    expect(tray.tooltip).toBe('Notarium — nothing pending');
    service.emit('pending-count', 2);
    service.emit('language', 'fr');
    expect(tray.tooltip).toBe('Notarium — 2 fichiers en attente');
    expect((tray.contextMenu as { template: { label?: string }[] }).template.map((i) => i.label)).toEqual(['Ouvrir Notarium', undefined, 'Quitter Notarium']);
    type Item = { label?: string; submenu?: Item[]; click?: () => void };
    const file = (electron.Menu.applicationMenu as { template: Item[] }).template.find((m) => m.label === 'Fichier')!.submenu!;
    file[0]!.click!();
    await settle();
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith(firstWindow(), expect.objectContaining({ title: 'Horodater', buttonLabel: 'Horodater' }));
  });

  it('English when the system speaks none of its languages', async () => {
    electron.app.preferredLanguages = ['ja-JP'];
    await start();
    expect(electron.Tray.instances[0]!.tooltip).toBe('Notarium — nothing pending');
  });
});

describe('tray and notifications', () => {
  it('the tray shows the pending count', async () => {
    service.api.pendingCount.mockResolvedValueOnce(2);
    await start();
    await settle();
    const tray = electron.Tray.instances[0]!;
    expect(tray.tooltip).toBe('Notarium — 2 files pending');
    service.emit('pending-count', 1);
    expect(tray.tooltip).toBe('Notarium — 1 file pending');
    service.emit('pending-count', 0);
    expect(tray.tooltip).toBe('Notarium — nothing pending');
  });

  it("shows the core's notices as native notifications; a click brings the window forward on that record", async () => {
    await start();
    const window = firstWindow();
    window.webContents.emit('did-finish-load');
    service.emit('notice', { outcome: 'confirmed', title: '“report.pdf” is notarised', body: 'In a block.', recordId: 1, tag: 'notarium-confirmed-1' });
    expect(electron.Notification.shown).toEqual([{ title: '“report.pdf” is notarised', body: 'In a block.' }]);
    window.minimized = true;
    electron.Notification.instances[0]!.emit('click');
    expect(window).toMatchObject({ minimized: false, focused: true });
    expect(window.webContents.sent.filter((m) => m[1] === 'open-record')).toEqual([['notarium:event', 'open-record', { recordId: 1 }]]);
  });
});

describe('shutdown', () => {
  it('before-quit closes the service and the engine, then quits', async () => {
    await start();
    electron.app.quit();
    await settle();
    await settle();
    expect(order).toEqual(['service', 'engine']);
    expect(electron.app.quit).toHaveBeenCalledTimes(2); // ours, then the one that really quits
    expect(electron.ipcMain.handlers.size).toBe(0);
    expect(electron.Tray.instances[0]!.destroyed).toBe(true);
  });

  it('Windows ending the session (no before-quit then) closes the service and the engine at once, once', async () => {
    await start(undefined, { platform: 'win32' });
    firstWindow().emit('session-end', { reasons: ['shutdown'] });
    await settle();
    await settle();
    expect(order).toEqual(['service', 'engine']);
    expect(electron.Tray.instances[0]!.destroyed).toBe(true);
    electron.app.quit(); // if a quit follows, nothing is closed twice
    await settle();
    await settle();
    expect(order).toEqual(['service', 'engine']);
    expect(electron.app.quit).toHaveBeenCalledTimes(2);
  });

  it('Windows ending the session: by the time its listeners return (then the process and the engine are killed) the close is begun and a quit is under way', async () => {
    await start(undefined, { platform: 'win32' });
    electron.BrowserWindow.endSession();
    // What ran before the kill: nothing asynchronous finishes after it.
    expect(electron.app.terminated).toBe(true);
    expect(electron.app.quitting).toBe(true); // so Electron does not cut it short itself
    expect(service.close).toHaveBeenCalledOnce(); // begun, not finished
    expect(engine.close).toHaveBeenCalledOnce(); // asked now, not once the service has closed
    expect(electron.Tray.instances[0]!.destroyed).toBe(true);
    expect(electron.ipcMain.handlers.size).toBe(0); // the page can start nothing more
  });

  it('Windows: a toast clicked in Action Center after its object is gone brings the window forward', async () => {
    await start(undefined, { platform: 'win32' });
    firstWindow().visible = false;
    electron.Notification.activationHandler!({ type: 'click', arguments: '' });
    expect(firstWindow().visible).toBe(true);
  });

  it('closing the last window quits, except on macOS', async () => {
    await start();
    electron.app.emit('window-all-closed');
    expect(electron.app.quit).toHaveBeenCalled();
    await vi.waitFor(() => expect(electron.app.terminated).toBe(true)); // that quit ends before the next start
    electron.resetElectron();
    await start(undefined, { platform: 'darwin' });
    electron.app.emit('window-all-closed');
    expect(electron.app.quit).not.toHaveBeenCalled();
  });

  it('a close that hangs does not keep the app from quitting', async () => {
    service.close.mockImplementation(() => new Promise(() => {}));
    await start(undefined, { closeTimeoutMs: 10 });
    electron.app.quit();
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalledTimes(2));
  });
});
