import type { MenuItemConstructorOptions, OpenDialogOptions } from 'electron';
import { Menu } from 'electron';
import type { Translate } from '../../preload/i18n/message-types.ts';
import { translator } from '../../preload/i18n/translator.ts';

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

/** The menu's words in the system's language (English unless given). */
export function menuTemplate(
  actions: MenuActions,
  platform: NodeJS.Platform = process.platform,
  t: Translate = translator('en'),
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const file: MenuItemConstructorOptions[] = mac
    ? [
        { label: t('desktop.notarise'), accelerator: 'CmdOrCtrl+O', click: () => actions.notarise('both') },
        { label: t('desktop.verify'), accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.verify('both') },
        { type: 'separator' },
        { role: 'close' },
      ]
    : [
        { label: t('desktop.notariseFiles'), accelerator: 'CmdOrCtrl+O', click: () => actions.notarise('files') },
        { label: t('desktop.notariseFolder'), click: () => actions.notarise('folders') },
        { type: 'separator' },
        { label: t('desktop.verifyFiles'), accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.verify('files') },
        { label: t('desktop.verifyFolder'), click: () => actions.verify('folders') },
        { type: 'separator' },
        { role: 'quit' },
      ];
  return [
    ...(mac ? [appMenu(actions, t)] : []),
    { label: t('desktop.file'), submenu: file },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
}

/** macOS's app menu: the standard roles, and the command line, as other apps with one offer it. */
function appMenu(actions: MenuActions, t: Translate): MenuItemConstructorOptions {
  return {
    label: 'Notarium',
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      { label: t('desktop.installCommand'), click: () => actions.installCommand() },
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

/** The menu in the language shown (the page's, else the system's: system-language.ts); installed again when that changes. */
export function installMenu(platform: NodeJS.Platform, actions: MenuActions, t: Translate): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(actions, platform, t)));
}
