import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean, knownName } from './names.ts';
import { UsageError } from './usage-error.ts';

/**
 * Command-line parsing on node:util's parseArgs, with errors that say what to type instead: never
 * parseArgs' own text. An option in the other spelling (--authorise-url, say) is the option.
 */

export type Options = NonNullable<ParseArgsConfig['options']>;

/** Every engine command takes these. */
export const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseCommand<O extends Options>(command: string, argv: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args: respelled(argv, options), options, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError(`${usageSentence(err, options)} Run "notarium ${command} --help" for the options.`, command);
  }
}

/** `--name` and `--name=value` in the option's other spelling, written as the option is named (up to "--"). */
function respelled(argv: string[], options: Options): string[] {
  const end = argv.indexOf('--');
  return argv.map((arg, i) => {
    if ((end !== -1 && i >= end) || !arg.startsWith('--') || arg === '--') return arg;
    const [name, ...value] = arg.slice(2).split('=');
    const known = knownName(name!, Object.keys(options));
    return known === undefined || known === name ? arg : `--${[known, ...value].join('=')}`;
  });
}

/** parseArgs' failure said as a sentence of the house: what was wrong, and the nearest option for a slip. */
function usageSentence(err: unknown, options: Options): string {
  const { code, message } = err as { code?: string; message?: string };
  const text = String(message ?? err);
  const quoted = /'([^']*)'/.exec(text)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = quoted.replace(/^-+/, '').split('=')[0]!;
    const names = Object.keys(options);
    return `Unknown option "${quoted}".${quoted.startsWith('--') ? didYouMean(name, names, (n) => `"--${n}"`) : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = quoted.split(' ')[0]!;
    if (/argument missing/.test(text)) return `${option} takes a value: ${option} <value>.`;
    // The next word is an option: taken for this one's value only when written ${option}=<value>.
    if (/argument is ambiguous/.test(text)) return `${option} takes a value: ${option} <value> (one that starts with a dash: ${option}=<value>).`;
    if (/does not take an argument/.test(text)) return `${option} takes no value.`;
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `"${quoted}" is not an option, and this command takes no other arguments.`;
  // Not expected from parseArgs today; said in the house style all the same (a capital, double quotes).
  const rest = text.replace(/^.*?: /, '').replace(/'([^']*)'/g, '"$1"');
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)}.`;
}

/**
 * The subcommand `typed` names (in either spelling), or a usage error naming the nearest one: the
 * subcommands are a command's table (name to options), the one list completion reads too.
 */
export function subcommandOf<T extends Record<string, Options>>(command: string, typed: string, subcommands: T): keyof T & string {
  const names = Object.keys(subcommands);
  const known = knownName(typed, names);
  if (known !== undefined) return known;
  throw new UsageError(`Unknown subcommand "${typed}".${didYouMean(typed, names)} It takes ${names.join(', ')}: run "notarium ${command} --help".`, command);
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
  const known = knownName(value, choices);
  if (known === undefined) throw new UsageError(`--${name} must be one of ${choices.join(', ')}, not "${value}".${didYouMean(value, choices)}`);
  return known as T;
}

/**
 * Exactly `count` positional arguments (or at least `count` with `atLeast`), with what is wrong and
 * the usage line when not (`notarium receipt verify <…>`).
 */
export function requirePositionals(positionals: string[], count: number, usage: string, atLeast = false): string[] {
  if (atLeast ? positionals.length >= count : positionals.length === count) return positionals;
  const wrong = positionals.length < count ? 'An argument is missing' : `Too many arguments (${positionals.length})`;
  // Said by the command path the dispatch knows (main.ts: the command and its subcommand).
  throw new UsageError(`${wrong}. Usage: ${usage}`);
}
