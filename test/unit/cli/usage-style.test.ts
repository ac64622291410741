import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asInvoked, invokedAs } from '../../../main/cli/invoked-as.ts';
import type { CliIo } from '../../../main/cli/io.ts';
import { loadCommands, main } from '../../../main/cli/main.ts';
import { ERROR_CODES, sentenceFor } from '../../../main/core/errors/catalogue.ts';

/**
 * The house style of the CLI's mistakes (issue #14): every line starts `notarium <command>: `, the
 * sentence after it starts with a capital (or with the option or "name" it is about), names are in
 * double quotes, never 'single' or `back` quotes; with --json the same sentence is
 * `{ "error": { "code": "INVALID_ARGUMENT", message } }` on stdout. Exit 2 either way.
 */

// A mistake caught only once the library is open must not open the user's own: a data directory of the test's.
const home = mkdtempSync(join(tmpdir(), 'notarium-usage-style-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function run(argv: string[], given: NodeJS.ProcessEnv = {}) {
  const env = { NOTARIUM_HOME: home, ...given };
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    out: (l: string) => out.push(l),
    // As processIo says stderr: hints as the user runs Notarium.
    err: (l: string) => err.push(asInvoked(l, invokedAs(env))),
    env,
    errIsTTY: false,
    progress: () => {},
    progressWidth: () => 80,
    readStdin: async () => '',
    interactive: false,
    ask: () => Promise.reject(new Error('No terminal here.')),
    waitForStopSignal: () => new Promise<void>(() => {}),
  } satisfies CliIo;
  return main(argv, io).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

const PREFIX = /^notarium(?: [a-z]+)*: /;
/** A sentence of the house: its first character, and no word quoted any other way than "this". */
function houseStyle(sentence: string): string[] {
  const wrong: string[] = [];
  if (!/^[A-Z"-]/.test(sentence)) wrong.push(`starts with ${JSON.stringify(sentence.charAt(0))}`);
  if (/(^|[\s(])'[^'\s][^']*'(?=$|[\s.,:;)?])/.test(sentence)) wrong.push('single quotes');
  if (sentence.includes('`')) wrong.push('back quotes');
  return wrong;
}

/** Every mistake a user can make in front of each command of the table. */
async function mistakes(): Promise<string[][]> {
  const table = await loadCommands();
  const lines: string[][] = [['frobnicate'], ['notarsie'], ['--frobnicate']];
  for (const [name, entry] of Object.entries(table)) {
    if (entry.subcommands) {
      lines.push([name, 'frobnicate']);
      for (const sub of Object.keys(entry.subcommands)) lines.push([name, sub, '--frobnicate']);
    } else lines.push([name, '--frobnicate'], [name, '--wiat']);
  }
  lines.push(
    ['verify'],
    ['notarise'],
    ['hash'],
    ['status'],
    ['status', 'a', 'b'],
    ['wait', 'x', '--confirmations'],
    ['wait', 'x', '--confirmations', 'lots'],
    ['status', 'x', '--offline=yes'],
    ['whoami', 'extra'],
    ['receipt', 'verify'],
    ['receipt', 'verify', 'a', 'b', 'c'],
    ['receipt', 'info'],
    ['version', 'add'],
    ['version', 'add', 'x'],
    ['profile', 'add', 'Acme'],
    ['profile', 'use'],
    ['verify', 'a', 'b', '--receipt', 'r.json'],
    ['watch', '--list', '--remove'],
    ['completion', 'bash', 'extra'],
  );
  return lines;
}

describe('usage mistakes', () => {
  it('each is one line "notarium <command>: <sentence>" in the house style, exit 2', async () => {
    for (const argv of await mistakes()) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      const first = r.err.split('\n')[0]!;
      expect(first, argv.join(' ')).toMatch(PREFIX);
      expect(houseStyle(first.replace(PREFIX, '')), first).toEqual([]);
      expect(r.out, argv.join(' ')).toBe('');
    }
  });

  it('with --json each prints the INVALID_ARGUMENT error on stdout, its sentence the one on stderr, exit 2', async () => {
    for (const argv of await mistakes()) {
      const r = await run([...argv, '--json']);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(JSON.parse(r.out), argv.join(' ')).toEqual({ error: { code: 'INVALID_ARGUMENT', message: expect.any(String) } });
      const { message } = (JSON.parse(r.out) as { error: { message: string } }).error;
      expect(r.err.split('\n')[0]!.replace(PREFIX, '')).toBe(message);
    }
  });
});

describe('the prefix of an error line (issue #14)', () => {
  const npx = { npm_command: 'exec', npm_lifecycle_script: 'notarium' };

  /** The command path a line is about: the command, and its subcommand when it has them. */
  async function pathOf(argv: string[]): Promise<string> {
    const entry = (await loadCommands())[argv[0]!];
    if (!entry) return 'notarium';
    return entry.subcommands && argv[1]! in entry.subcommands ? `notarium ${argv[0]} ${argv[1]}` : `notarium ${argv[0]}`;
  }

  it('is "notarium <command> <subcommand>:" for every mistake, run bare or through npx', async () => {
    for (const argv of await mistakes()) {
      for (const env of [{}, npx]) {
        const first = (await run(argv, env)).err.split('\n')[0]!;
        expect(first, argv.join(' ')).toMatch(new RegExp(`^${await pathOf(argv)}: [^ ]`));
      }
    }
  });

  it('names the subcommand for failures that are not usage mistakes too', async () => {
    const r = await run(['receipt', 'info', '/nonexistent/notarium-no-such.receipt.json'], npx);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/^notarium receipt info: /);
  });
});

describe('the catalogue', () => {
  it.each(ERROR_CODES)('%s: its sentence is in the house style', (code) => {
    expect(houseStyle(sentenceFor(code))).toEqual([]);
  });
});

describe('notarium help <command>', () => {
  it.each([['verify'], ['receipt', 'verify'], ['notarize']])('%j prints what "<command> --help" prints, exit 0', async (...command) => {
    const viaHelp = await run(['help', ...command]);
    const viaOption = await run([...command, '--help']);
    expect(viaHelp).toEqual(viaOption);
    expect(viaHelp).toMatchObject({ code: 0, out: expect.stringMatching(/^Usage/) });
  });

  it('"help help" and "--help --help" are the overview; "--help verify" is verify\'s help', async () => {
    const overview = await run(['--help']);
    expect(await run(['help', 'help'])).toEqual(overview);
    expect(await run(['--help', '--help'])).toEqual(overview);
    expect(await run(['--help', 'verify'])).toEqual(await run(['verify', '--help']));
  });

  it('an unknown one is said so, exit 2', async () => {
    expect(await run(['help', 'frobnicate'])).toMatchObject({ code: 2, err: expect.stringMatching(/^notarium: Unknown command "frobnicate"/) });
  });
});

describe('commands as the user runs them', () => {
  const npx = { npm_command: 'exec', npm_lifecycle_script: "'notarium'" };

  it('is "npx notarium" when npx runs notarium, and "notarium" otherwise (a "npx vitest" that spawns it too)', () => {
    expect(invokedAs(npx)).toBe('npx notarium');
    expect(invokedAs({ npm_command: 'exec', npm_lifecycle_script: 'notarium' })).toBe('npx notarium');
    expect(invokedAs({ npm_command: 'exec', npm_lifecycle_script: 'vitest' })).toBe('notarium');
    expect(invokedAs({ npm_command: 'run-script', npm_lifecycle_script: 'notarium' })).toBe('notarium');
    expect(invokedAs({})).toBe('notarium');
  });

  it("rewrites hints to run a command, never an error line's prefix or a path", () => {
    const say = (line: string) => asInvoked(line, 'npx notarium');
    expect(say('notarium verify: Unknown option "--x". Run "notarium verify --help" for the options.')).toBe(
      'notarium verify: Unknown option "--x". Run "npx notarium verify --help" for the options.',
    );
    expect(say('Usage: notarium receipt verify <receipt> [file]')).toBe('Usage: npx notarium receipt verify <receipt> [file]');
    expect(say('notarium: Unknown command "x". Run "notarium --help" for the commands.')).toBe(
      'notarium: Unknown command "x". Run "npx notarium --help" for the commands.',
    );
    expect(say('The file "/tmp/notarium verify" could not be read.')).toBe('The file "/tmp/notarium verify" could not be read.');
    expect(asInvoked('Run "notarium --help".', 'notarium')).toBe('Run "notarium --help".');
  });

  it.each([['receipt'], ['version']])('%s --help keeps its table of commands in one column, run bare or through npx (issue #14)', async (command) => {
    for (const env of [{}, npx]) {
      const table = (await run([command, '--help'], env)).out.split('\n').filter((line) => /^ {2}(?:npx )?notarium |^ {3}/.test(line));
      // Where each description starts: after a command and two spaces or more, or on a line of its own.
      const columns = table.flatMap((line) => /^( {3,}| +\S.*? {2,})\S/.exec(line)?.[1]?.length ?? []);
      expect(columns.length, JSON.stringify(env)).toBeGreaterThan(1);
      expect(new Set(columns), table.join('\n')).toEqual(new Set([columns[0]]));
    }
  });

  it('help says the commands as they are run', async () => {
    const r = await run(['verify', '--help'], npx);
    expect(r.out).toMatch(/^Usage: npx notarium verify /);
  });
});
