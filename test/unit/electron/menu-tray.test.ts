import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from './electron-mock.ts';

vi.mock('electron', () => import('./electron-mock.ts'));
const { dialogProperties, menuTemplate } = await import('../../../main/electron/menu.ts');
const { createTray, trayTitle, trayTooltip } = await import('../../../main/electron/tray.ts');
const { COMMAND_LINK, installCommandLineTool } = await import('../../../main/electron/install-command.ts');

beforeEach(async () => {
  electron.resetElectron();
  await electron.app.whenReady(); // windows, trays and notifications come after ready
});

describe('the menu', () => {
  it('on macOS: the app menu, and one Notarise… / Verify… picking files and folders', () => {
    const actions = { notarise: vi.fn(), verify: vi.fn(), installCommand: vi.fn() };
    const template = menuTemplate(actions, 'darwin');
    expect(template.map((m) => m.role ?? m.label)).toEqual(['Notarium', 'File', 'editMenu', 'viewMenu', 'windowMenu']);
    const appMenu = template[0]!.submenu as { role?: string; label?: string; click?: () => void }[];
    expect(appMenu.filter((i) => i.role).map((i) => i.role)).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    appMenu.find((i) => i.label === 'Install Command Line Tool…')!.click!();
    expect(actions.installCommand).toHaveBeenCalledOnce();
    const file = template[1]!.submenu as { label?: string; click?: () => void }[];
    file.find((i) => i.label === 'Notarise…')!.click!();
    file.find((i) => i.label === 'Verify…')!.click!();
    expect(actions.notarise).toHaveBeenCalledWith('both');
    expect(actions.verify).toHaveBeenCalledWith('both');
  });

  it('dialogs pick what each item says', () => {
    expect(dialogProperties('both')).toEqual(['openFile', 'openDirectory', 'multiSelections']);
    expect(dialogProperties('files')).toEqual(['openFile', 'multiSelections']);
    expect(dialogProperties('folders')).toEqual(['openDirectory', 'multiSelections']);
  });
});

describe('Install Command Line Tool… (macOS)', () => {
  const resources = '/Applications/Notarium.app/Contents/Resources';
  it("links /usr/local/bin/notarium to the app's script, and asks for an administrator only when refused", async () => {
    const calls: string[][] = [];
    const steps = (refuse: string | null) => ({
      link: async (target: string, path: string) => {
        calls.push(['link', target, path]);
        if (refuse) throw Object.assign(new Error(refuse), { code: refuse });
      },
      linkAsAdministrator: async (target: string, path: string) => void calls.push(['admin', target, path]),
    });
    expect(await installCommandLineTool(resources, steps(null))).toBe(COMMAND_LINK);
    expect(await installCommandLineTool(resources, steps('EACCES'))).toBe(COMMAND_LINK);
    const script = `${resources}/bin/notarium`;
    expect(calls).toEqual([
      ['link', script, '/usr/local/bin/notarium'],
      ['link', script, '/usr/local/bin/notarium'],
      ['admin', script, '/usr/local/bin/notarium'],
    ]);
    await expect(installCommandLineTool(resources, steps('EIO'))).rejects.toThrow('EIO');
  });
});

describe('the tray', () => {
  it('words the pending count', () => {
    expect(trayTooltip(0)).toBe('Notarium — nothing pending');
    expect(trayTooltip(1)).toBe('Notarium — 1 file pending');
    expect(trayTooltip(12)).toBe('Notarium — 12 files pending');
    expect(trayTitle(0)).toBe('');
    expect(trayTitle(12)).toBe('12');
  });

  it('opens the window on click and from its menu, and quits from its menu', () => {
    const actions = { open: vi.fn(), quit: vi.fn() };
    const tray = createTray(actions);
    const fake = electron.Tray.instances[0]!;
    fake.emit('click');
    const items = (fake.contextMenu as { template: { label?: string; click?: () => void }[] }).template;
    items.find((i) => i.label === 'Open Notarium')!.click!();
    items.find((i) => i.label === 'Quit Notarium')!.click!();
    expect(actions.open).toHaveBeenCalledTimes(2);
    expect(actions.quit).toHaveBeenCalledOnce();
    tray.setPending(3);
    expect(fake.tooltip).toBe('Notarium — 3 files pending');
  });

  it('is a template image on macOS only: elsewhere nothing tints it, and black is invisible on a dark panel', () => {
    for (const [platform, template] of [
      ['darwin', true],
      ['linux', false],
      ['win32', false],
    ] as const) {
      createTray({ open: () => {}, quit: () => {} }, platform);
      expect(electron.Tray.instances.at(-1)!.image.template, platform).toBe(template);
    }
  });
});
