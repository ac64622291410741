import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.ts';

/** Command-line parsing on node:util's parseArgs, with errors that say what to type instead. */

type Options = NonNullable<ParseArgsConfig['options']>;

/** Every engine command takes these. */
export const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseCommand<O extends Options>(command: string, argv: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    const reason = err instanceof Error ? err.message.replace(/^.*?: /, '') : String(err);
    throw new UsageError(`notarium ${command}: ${reason}. Run "notarium ${command} --help" for the options.`);
  }
}

/** A number option within bounds, or undefined when it was not given. */
export function numberOption(name: string, value: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER, integer = true): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min || n > max) {
    throw new UsageError(`--${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, not "${value}".`);
  }
  return n;
}

export function choiceOption<T extends string>(name: string, value: string | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value)) throw new UsageError(`--${name} must be one of ${choices.join(', ')}, not "${value}".`);
  return value as T;
}

/** Exactly `count` positional arguments (or at least `count` with `atLeast`), with a usage line when not. */
export function requirePositionals(positionals: string[], count: number, usage: string, atLeast = false): string[] {
  if (atLeast ? positionals.length < count : positionals.length !== count) throw new UsageError(`Usage: ${usage}`);
  return positionals;
}
