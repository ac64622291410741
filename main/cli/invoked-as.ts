import { COMMAND_NAMES } from './command-names.ts';

/**
 * How the user runs Notarium, for the commands its hints suggest: `npx notarium` in a clone (npm
 * runs it: `npm_command` is `exec` and the script it runs is notarium, so a `npx vitest` that
 * spawns the CLI does not count), else `notarium` (on the PATH, or the desktop app's command line).
 */
export function invokedAs(env: NodeJS.ProcessEnv): string {
  const script = (env.npm_lifecycle_script ?? '').replace(/^['"]|['"]$/g, '');
  return env.npm_command === 'exec' && /^notarium(?:\s|$)/.test(script) ? 'npx notarium' : 'notarium';
}

/**
 * A command to suggest, said as the user runs Notarium (`npx notarium status a.txt` from a clone).
 * Composed where the sentence is made, so a file name in it is never rewritten afterwards: the rule
 * for every line on stdout, where file names are printed; stderr is also said through asInvoked.
 */
export function command(env: NodeJS.ProcessEnv, words: string): string {
  return `${invokedAs(env)} ${words}`;
}

const NAMES = [...COMMAND_NAMES, '--help', '--version'].join('|');
/**
 * A hint to run a command (`notarium <command> …`), not the `notarium <command> [<subcommand>]:`
 * that starts an error line, nor a word inside a path (`/tmp/notarium verify`), nor one said already.
 */
const HINT = new RegExp(`(^|[\\s"(])(?<!npx )notarium (?=(?:${NAMES})(?![\\w:-]| [a-z-]+:))`, 'g');

/** A line of Notarium's own with each hint to run a command said as the user runs it. */
export function asInvoked(line: string, invoked: string): string {
  return invoked === 'notarium' ? line : line.replace(HINT, `$1${invoked} `);
}
