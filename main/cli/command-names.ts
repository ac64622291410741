import { knownName } from './names.ts';

/**
 * The names of `notarium`'s commands. The command table (main.ts) is typed by them, so the two
 * cannot differ; this module stays small because the app's main process reads it at every launch
 * to tell a command line from a desktop launch, before it loads anything of the CLI.
 */
export const COMMAND_NAMES = [
  'hash',
  'notarise',
  'status',
  'wait',
  'watch',
  'verify',
  'receipt',
  'verifier-page',
  'versions',
  'version',
  'profile',
  'key',
  'login',
  'whoami',
  'logout',
  'start',
  'app',
  'sandbox',
  'completion',
] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];

export const HELP_ARGS = ['--help', '-h', 'help'];
export const VERSION_ARGS = ['--version', '-V'];

/** Whether `argv` names a command of `notarium` (in either spelling), or asks for its help or version. */
export function isCommandLine(argv: readonly string[]): boolean {
  const [name] = argv;
  return name !== undefined && ([...HELP_ARGS, ...VERSION_ARGS].includes(name) || knownName(name, COMMAND_NAMES) !== undefined);
}
