import { join } from 'node:path';
import { desktopExecValue } from './desktop-exec.ts';
import type { FileManagerIntegration } from './file-manager.ts';
import { OWNER_MARK, ownedFileState, removeOwnedFile, writeOwnedFile, type IntegrationState } from './owned-file.ts';
import { ICON_NAME, MENU_LABEL, type VerifyCommand } from './verify-command.ts';
import type { XdgDirs } from './xdg-dirs.ts';

/**
 * Dolphin (KDE): a service menu, in kio/servicemenus (KDE Frameworks 6, and KF5 since 5.85) and in
 * kservices5/ServiceMenus (older KF5, through ServiceTypes). KIO lists a service menu once per file
 * name across both folders, so the entry never shows twice.
 */
export function dolphinServiceMenuPaths(dirs: XdgDirs): string[] {
  return [join(dirs.dataHome, 'kio', 'servicemenus', 'notarium-verify.desktop'), join(dirs.dataHome, 'kservices5', 'ServiceMenus', 'notarium-verify.desktop')];
}

/**
 * KDE's service-menu format: Type=Service with MimeType and Actions (the Desktop Entry
 * Specification reserves those two keys for applications; KIO reads them here).
 * application/octet-stream matches every file (every type inherits from it), inode/directory the folders.
 */
export function dolphinServiceMenu(command: VerifyCommand): string {
  return `# ${OWNER_MARK}. Remove it from Notarium's settings.
[Desktop Entry]
Type=Service
Name=${MENU_LABEL}
ServiceTypes=KonqPopupMenu/Plugin
MimeType=application/octet-stream;inode/directory;
Actions=verifyWithNotarium;
X-KDE-Priority=TopLevel

[Desktop Action verifyWithNotarium]
Name=${MENU_LABEL}
Icon=${ICON_NAME}
Exec=${desktopExecValue(command, ['--verify', '%F'])}
`;
}

export const dolphin: FileManagerIntegration = {
  name: 'Dolphin',
  executables: ['dolphin'],
  async status(command, dirs): Promise<IntegrationState> {
    const states = await Promise.all(dolphinServiceMenuPaths(dirs).map((path) => ownedFileState(path, dolphinServiceMenu(command))));
    if (states.every((state) => state === 'installed')) return 'installed';
    return states.every((state) => state === 'absent') ? 'absent' : 'outdated';
  },
  async install(command, dirs): Promise<void> {
    // KIO runs service menus from the user's folders only when they are executable (KF 5.85 and later).
    for (const path of dolphinServiceMenuPaths(dirs)) await writeOwnedFile(path, dolphinServiceMenu(command), 0o755);
  },
  async uninstall(dirs): Promise<void> {
    for (const path of dolphinServiceMenuPaths(dirs)) await removeOwnedFile(path, dirs.dataHome);
  },
};
