import { NotariumError } from '../errors/notarium-error.ts';

/**
 * How a file manager starts Notarium: an argv prefix ([execPath] when packaged, [execPath, appPath]
 * when not), to which `--verify` and the selected paths are appended.
 */
export type VerifyCommand = readonly [string, ...string[]];

export const MENU_LABEL = 'Verify with Notarium';
export const MENU_TOOLTIP = 'Check the selected files against their Notarium receipts';
/** The icon name the packages install (electron-builder names it after the executable). */
export const ICON_NAME = 'notarium';

export function checkVerifyCommand(command: readonly string[]): asserts command is VerifyCommand {
  if (command.length === 0 || command[0] === '') {
    throw new NotariumError('INVALID_ARGUMENT', 'The command for "Verify with Notarium" is empty: pass the path of the Notarium executable.');
  }
  // No file format here can carry a NUL byte, and no operating system passes one in an argument.
  if (command.some((arg) => arg.includes('\0'))) {
    throw new NotariumError('INVALID_ARGUMENT', 'The command for "Verify with Notarium" contains a NUL character.');
  }
}
