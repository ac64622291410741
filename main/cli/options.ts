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

/**
 * `elsewhere`: the options of the command's other subcommands, by their path ("version add"), so
 * an option of one of them given to this one is refused naming those that take it.
 */
export function parseCommand<O extends Options>(
  command: string,
  argv: string[],
  options: O,
  allowPositionals = false,
  elsewhere: Record<string, Options> = {},
) {
  try {
    return parseArgs({ args: respelled(argv, options), options, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError(`${usageSentence(err, options, elsewhere)} Run "notarium ${command} --help" for the options.`, command);
  }
}

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/**
 * A subcommand's options: only its own (its table's entry, which completion offers too); one that
 * only another subcommand takes is refused naming it. The values are typed as any subcommand's, so
 * one parse serves a command's subcommands: an option this one does not take is undefined.
 */
export function parseSubcommand<T extends Record<string, Options>>(
  command: string,
  sub: keyof T & string,
  argv: string[],
  subcommands: T,
  allowPositionals = false,
) {
  const elsewhere = Object.fromEntries(Object.entries(subcommands).flatMap(([name, options]) => (name === sub ? [] : [[`${command} ${name}`, options]])));
  return parseCommand(`${command} ${sub}`, argv, subcommands[sub]!, allowPositionals, elsewhere) as ReturnType<
    typeof parseCommand<Intersection<T[keyof T]> & Options>
  >;
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

/**
 * parseArgs' failure said as a sentence of the house: what was wrong, and the nearest option for a
 * slip, or the other subcommands that take an option this one does not.
 */
function usageSentence(err: unknown, options: Options, elsewhere: Record<string, Options>): string {
  const { code, message } = err as { code?: string; message?: string };
  const text = String(message ?? err);
  const quoted = /'([^']*)'/.exec(text)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const name = quoted.replace(/^-+/, '').split('=')[0]!;
    const takes = (o: Options) =>
      quoted.startsWith('--') ? knownName(name, Object.keys(o)) !== undefined : Object.values(o).some((spec) => spec.short === name);
    const takers = Object.keys(elsewhere).filter((path) => takes(elsewhere[path]!));
    if (takers.length) {
      const named = takers.map((t) => `"${t}"`);
      const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
      return `Unknown option "${quoted}": only ${list} take${named.length === 1 ? 's' : ''} it.`;
    }
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
 * subcommands are a command's table (name to options), the one list completion reads too. None
 * given (nothing, or an option first) is a usage error too, naming them all.
 */
export function subcommandOf<T extends Record<string, Options>>(command: string, typed: string | undefined, subcommands: T): keyof T & string {
  const names = Object.keys(subcommands);
  const takes = `It takes ${names.join(', ')}: run "notarium ${command} --help".`;
  if (typed === undefined || typed.startsWith('-'))
    throw new UsageError(`A subcommand is missing${typed === undefined ? '' : ` before "${typed}"`}. ${takes}`, command);
  const known = knownName(typed, names);
  if (known !== undefined) return known;
  throw new UsageError(`Unknown subcommand "${typed}".${didYouMean(typed, names)} ${takes}`, command);
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
