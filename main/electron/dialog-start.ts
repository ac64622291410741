import { dirname } from 'node:path';
import { app } from 'electron';

/**
 * Where the open dialogs start: in the folder of the last choice, else in Documents. Since
 * Electron 43 a dialog given no defaultPath opens in Downloads, and the system no longer
 * remembers the last folder (Electron's own
 * https://github.com/electron/electron/blob/main/docs/breaking-changes.md, "Dialog methods default to
 * Downloads").
 */
let last: string | null = null;

export function dialogStart(): string {
  return last ?? app.getPath('documents');
}

/** Remembers where the user chose (the parent of a chosen file or folder, so it is seen again). */
export function rememberChoice(paths: readonly string[]): void {
  if (paths[0] !== undefined) last = dirname(paths[0]);
}
