import type { MenuItemConstructorOptions, OpenDialogOptions } from 'electron';
import { Menu } from 'electron';

/**
 * The application menu: the platform's standard roles plus File ▸ Notarise… and Verify…, and on
 * macOS the app menu's Install Command Line Tool…. On
 * Windows and Linux a dialog cannot pick files and folders at once, so there the items come in
 * pairs (files, folder); macOS picks both in one dialog.
 */

export type PickKind = 'files' | 'folders' | 'both';

export interface MenuActions {
  notarise(kind: PickKind): void;
  verify(kind: PickKind): void;
  /** macOS: put the `notarium` command on the PATH (install-command.ts). */
  installCommand(): void;
}

export function menuTemplate(actions: MenuActions, platform: NodeJS.Platform = process.platform): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const file: MenuItemConstructorOptions[] = mac
    ? [
        { label: 'Notarise…', accelerator: 'CmdOrCtrl+O', click: () => actions.notarise('both') },
        { label: 'Verify…', accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.verify('both') },
        { type: 'separator' },
        { role: 'close' },
      ]
    : [
        { label: 'Notarise Files…', accelerator: 'CmdOrCtrl+O', click: () => actions.notarise('files') },
        { label: 'Notarise Folder…', click: () => actions.notarise('folders') },
        { type: 'separator' },
        { label: 'Verify Files…', accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.verify('files') },
        { label: 'Verify Folder…', click: () => actions.verify('folders') },
        { type: 'separator' },
        { role: 'quit' },
      ];
  return [...(mac ? [appMenu(actions)] : []), { label: 'File', submenu: file }, { role: 'editMenu' }, { role: 'viewMenu' }, { role: 'windowMenu' }];
}

/** macOS's app menu: the standard roles, and the command line, as other apps with one offer it. */
function appMenu(actions: MenuActions): MenuItemConstructorOptions {
  return {
    label: 'Notarium',
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      { label: 'Install Command Line Tool…', click: () => actions.installCommand() },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
}

/** What an open dialog may pick for a kind. */
export function dialogProperties(kind: PickKind): OpenDialogOptions['properties'] {
  if (kind === 'files') return ['openFile', 'multiSelections'];
  if (kind === 'folders') return ['openDirectory', 'multiSelections'];
  return ['openFile', 'openDirectory', 'multiSelections'];
}

export function installMenu(platform: NodeJS.Platform, actions: MenuActions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(actions, platform)));
}
