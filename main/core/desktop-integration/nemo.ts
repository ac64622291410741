import { join } from 'node:path';
import { escapeDesktopString } from './desktop-exec.ts';
import type { FileManagerIntegration } from './file-manager.ts';
import { OWNER_MARK, ownedFileState, removeOwnedFile, writeOwnedFile } from './owned-file.ts';
import { shellQuoteAll } from '../text/shell-quote.ts';
import { ICON_NAME, MENU_LABEL, MENU_TOOLTIP, type VerifyCommand } from './verify-command.ts';
import type { XdgDirs } from './xdg-dirs.ts';

/** Nemo (Cinnamon): a .nemo_action key file in its per-user actions folder. */
export function nemoActionPath(dirs: XdgDirs): string {
  return join(dirs.dataHome, 'nemo', 'actions', 'notarium-verify.nemo_action');
}

/**
 * Nemo substitutes %F with the selected paths (Quote=double wraps each one and Nemo escapes the
 * quotes inside), then splits the line with g_shell_parse_argv: so the command is shell-quoted, and
 * a literal % in it is written %%.
 */
export function nemoAction(command: VerifyCommand): string {
  const exec = `${shellQuoteAll(command).replaceAll('%', '%%')} --verify %F`;
  return `# ${OWNER_MARK}. Remove it from Notarium's settings.
[Nemo Action]
Name=${MENU_LABEL}
Comment=${MENU_TOOLTIP}
Exec=${escapeDesktopString(exec)}
Icon-Name=${ICON_NAME}
Selection=notnone
Extensions=any;
Quote=double
`;
}

export const nemo: FileManagerIntegration = {
  name: 'Nemo',
  executables: ['nemo'],
  status: (command, dirs) => ownedFileState(nemoActionPath(dirs), nemoAction(command)),
  install: (command, dirs) => writeOwnedFile(nemoActionPath(dirs), nemoAction(command), 0o644),
  uninstall: (dirs) => removeOwnedFile(nemoActionPath(dirs), dirs.dataHome),
};
