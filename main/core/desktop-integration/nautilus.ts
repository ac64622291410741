import { join } from 'node:path';
import type { FileManagerIntegration } from './file-manager.ts';
import { OWNER_MARK, ownedFileState, removeOwnedFile, writeOwnedFile } from './owned-file.ts';
import { shellQuoteAll } from '../text/shell-quote.ts';
import { MENU_LABEL, type VerifyCommand } from './verify-command.ts';
import type { XdgDirs } from './xdg-dirs.ts';

/** GNOME Files (Nautilus): an executable script in its scripts folder, named as the menu shows it (Scripts ▸ Verify with Notarium). */
export function nautilusScriptPath(dirs: XdgDirs): string {
  return join(dirs.dataHome, 'nautilus', 'scripts', MENU_LABEL);
}

/**
 * Nautilus passes the selection as arguments (names relative to the folder it runs the script in,
 * exact to the byte) and as NAUTILUS_SCRIPT_SELECTED_FILE_PATHS (absolute, one per line, so a name
 * with a newline in it cannot be told apart); the arguments are used whenever there are any.
 */
export function nautilusScript(command: VerifyCommand): string {
  return `#!/bin/sh
# ${OWNER_MARK}: Nautilus ▸ Scripts ▸ ${MENU_LABEL}. Remove it from Notarium's settings.
set -eu
if [ "$#" -eq 0 ] && [ -n "\${NAUTILUS_SCRIPT_SELECTED_FILE_PATHS:-}" ]; then
  IFS='
'
  set -f
  # shellcheck disable=SC2086 # split on newlines, on purpose
  set -- $NAUTILUS_SCRIPT_SELECTED_FILE_PATHS
  set +f
fi
for path in "$@"; do
  shift
  case $path in
    /*) set -- "$@" "$path" ;;
    *) set -- "$@" "$PWD/$path" ;;
  esac
done
exec ${shellQuoteAll(command)} --verify "$@"
`;
}

export const nautilus: FileManagerIntegration = {
  name: 'GNOME Files (Nautilus)',
  executables: ['nautilus'],
  status: (command, dirs) => ownedFileState(nautilusScriptPath(dirs), nautilusScript(command)),
  install: (command, dirs) => writeOwnedFile(nautilusScriptPath(dirs), nautilusScript(command), 0o755),
  uninstall: (dirs) => removeOwnedFile(nautilusScriptPath(dirs), dirs.dataHome),
};
