import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from './electron-mock.ts';

vi.mock('electron', () => import('./electron-mock.ts'));
const { pathOf } = await import('../../../main/electron/file-refs.ts');
const { desktopAbilities, isAuthorizationUrl, isWebPageUrl, verifyCommandFor } = await import('../../../main/electron/shell-abilities.ts');

beforeEach(async () => {
  electron.resetElectron();
  await electron.app.whenReady(); // windows, trays and notifications come after ready
});

const AUTHORIZE =
  'https://id.example.com/authorize?response_type=code&client_id=notarium&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback&state=abc&code_challenge=xyz&code_challenge_method=S256';

describe('openExternal', () => {
  it('opens the authorization URL the sign-in built, on http or https', async () => {
    const abilities = desktopAbilities();
    await abilities.openExternal(AUTHORIZE);
    await abilities.openExternal(AUTHORIZE.replace('https://id.example.com', 'http://127.0.0.1:4010'));
    expect(electron.shell.openExternal.mock.calls.map((c) => c[0])).toEqual([AUTHORIZE, AUTHORIZE.replace('https://id.example.com', 'http://127.0.0.1:4010')]);
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://server/share',
    'ms-msdt:/id PCWDiagnostic',
    'vscode://file/etc/passwd?response_type=code&state=a&code_challenge=b',
    'data:text/html,hi',
    'not a url',
    'https://evil.example/', // http(s), but not an authorization request
    'https://user:pass@id.example.com/authorize?response_type=code&state=a&code_challenge=b',
  ])('refuses %s', async (url) => {
    await expect(desktopAbilities().openExternal(url)).rejects.toMatchObject({ code: 'URL_REFUSED' });
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
    expect(isAuthorizationUrl(url)).toBe(false);
  });
});

describe('openExplorerPage', () => {
  it('opens http and https pages, and nothing else', async () => {
    const abilities = desktopAbilities();
    await abilities.openExplorerPage('https://explorer.example/tx/ab12');
    await abilities.openExplorerPage('http://127.0.0.1:4100/explorer/tx/ab12');
    for (const url of ['file:///etc/passwd', 'smb://server/share', 'javascript:alert(1)', 'https://u:p@explorer.example/tx/1', 'nonsense']) {
      await expect(abilities.openExplorerPage(url)).rejects.toMatchObject({ code: 'URL_REFUSED' });
      expect(isWebPageUrl(url)).toBe(false);
    }
    expect(electron.shell.openExternal.mock.calls.map((c) => c[0])).toEqual(['https://explorer.example/tx/ab12', 'http://127.0.0.1:4100/explorer/tx/ab12']);
  });
});

describe("the file managers' verify command", () => {
  const facts = { platform: 'linux' as const, isPackaged: true, execPath: '/opt/Notarium/notarium', appPath: '/opt/Notarium/resources/app.asar' };
  it('is the executable when packaged, electron with the app folder when not, the image for an AppImage', () => {
    expect(verifyCommandFor(facts)).toEqual(['/opt/Notarium/notarium']);
    expect(verifyCommandFor({ ...facts, isPackaged: false, execPath: '/src/node_modules/electron/dist/electron', appPath: '/src' })).toEqual([
      '/src/node_modules/electron/dist/electron',
      '/src',
    ]);
    expect(verifyCommandFor({ ...facts, appImage: '/home/ann/Apps/Notarium.AppImage', execPath: '/tmp/.mount_NotariXYZ/notarium' })).toEqual([
      '/home/ann/Apps/Notarium.AppImage',
    ]);
  });

  it('is not offered on Windows and macOS (the installer and the bundle do it)', () => {
    expect(verifyCommandFor({ ...facts, platform: 'win32' })).toBeUndefined();
    expect(verifyCommandFor({ ...facts, platform: 'darwin' })).toBeUndefined();
  });
});

describe('chooseFolder', () => {
  it('asks for one folder and answers its path, or null when cancelled', async () => {
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/home/ann/Contracts'] });
    expect(await desktopAbilities().chooseFolder!()).toBe('/home/ann/Contracts');
    expect(electron.dialog.showOpenDialog).toHaveBeenCalledWith(expect.objectContaining({ properties: ['openDirectory', 'createDirectory'] }));
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });
    expect(await desktopAbilities().chooseFolder!()).toBeNull();
  });

  it('starts where the last choice was, not in Downloads (where Electron 43 and later start a dialog told nothing)', async () => {
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/home/ann/Contracts/2026'] });
    await desktopAbilities().chooseFolder!();
    await desktopAbilities().chooseFolder!();
    expect(electron.dialogStarts).toEqual(['/home/ann/Contracts']);
  });
});

describe('files', () => {
  it('the engine takes paths and refuses uploads', () => {
    expect(pathOf({ kind: 'path', path: '/home/ann/a.pdf' })).toBe('/home/ann/a.pdf');
    expect(() => pathOf({ kind: 'upload', uploadId: '11111111-2222-4333-8444-555555555555' })).toThrow(expect.objectContaining({ code: 'NOT_IN_THIS_SHELL' }));
  });

  it('shows a file in its folder', () => {
    desktopAbilities().showInFolder('/home/ann/a.pdf');
    expect(electron.shell.showItemInFolder).toHaveBeenCalledWith('/home/ann/a.pdf');
  });
});
