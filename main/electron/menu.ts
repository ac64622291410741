import type { MenuItemConstructorOptions, OpenDialogOptions } from 'electron';
import { Menu } from 'electron';

/**
 * The application menu: the platform's standard roles plus File ▸ Notarise… and Verify…. On
 * Windows and Linux a dialog cannot pick files and folders at once, so there the items come in
 * pairs (files, folder); macOS picks both in one dialog.
 */

export type PickKind = 'files' | 'folders' | 'both';

export interface MenuActions {
  notarise(kind: PickKind): void;
  verify(kind: PickKind): void;
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
  return [
    ...(mac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { label: 'File', submenu: file },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
}

/** What an open dialog may pick for a kind. */
export function dialogProperties(kind: PickKind): OpenDialogOptions['properties'] {
  if (kind === 'files') return ['openFile', 'multiSelections'];
  if (kind === 'folders') return ['openDirectory', 'multiSelections'];
  return ['openFile', 'openDirectory', 'multiSelections'];
}

export function installMenu(actions: MenuActions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(actions)));
}
