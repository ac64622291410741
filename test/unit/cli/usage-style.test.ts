import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { asInvoked, invokedAs } from '../../../main/cli/invoked-as.ts';
import type { CliIo } from '../../../main/cli/io.ts';
import { loadCommands, main } from '../../../main/cli/main.ts';
import { ERROR_CODES, sentenceFor } from '../../../main/core/errors/catalogue.ts';

/**
 * The house style of the CLI's mistakes: every line starts `notarium <command>: `, the
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

const PREFIX = /^notarium(?: [a-z]+(?:-[a-z]+)*)*: /;
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
      lines.push([name], [name, 'frobnicate']);
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
      // One line: never a help text after it (an unknown command included).
      expect(r.err.split('\n'), argv.join(' ')).toHaveLength(1);
      const first = r.err;
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

describe('the prefix of an error line', () => {
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

describe('unknown commands and missing subcommands', () => {
  const npx = { npm_command: 'exec', npm_lifecycle_script: 'notarium' };

  it('an unknown command says the nearest one, or where the list is, as the user runs Notarium: never the whole help', async () => {
    expect(await run(['frobnicate'], npx)).toEqual({
      code: 2,
      out: '',
      err: 'notarium: Unknown command "frobnicate". Run "npx notarium --help" for the commands.',
    });
    expect((await run(['notarsie'])).err).toBe('notarium: Unknown command "notarsie". Did you mean "notarise"? Run "notarium --help" for the commands.');
  });

  it('a command with subcommands, run without one (or with an option first), is a usage error naming them; --json gives the error shape', async () => {
    for (const [name, entry] of Object.entries(await loadCommands())) {
      if (!entry.subcommands) continue;
      const subs = Object.keys(entry.subcommands).join(', ');
      const bare = await run([name], npx);
      expect(bare, name).toEqual({ code: 2, out: '', err: `notarium ${name}: A subcommand is missing. It takes ${subs}: run "npx notarium ${name} --help".` });
      const json = await run([name, '--json']);
      expect(json.code, name).toBe(2);
      expect(JSON.parse(json.out), name).toEqual({
        error: { code: 'INVALID_ARGUMENT', message: `A subcommand is missing before "--json". It takes ${subs}: run "notarium ${name} --help".` },
      });
      // Its help is asked for by name, and succeeds.
      expect((await run([name, '--help'])).code, name).toBe(0);
    }
  });
});

describe('each subcommand takes only its own options', () => {
  it('"version finalise" refuses --of, naming the subcommands that take it; a slip of its own options is still a "did you mean"', async () => {
    const r = await run(['version', 'finalise', 'x', '--of', 'y']);
    expect(r).toEqual({
      code: 2,
      out: '',
      err: 'notarium version finalise: Unknown option "--of": only "version add" and "version which" take it. Run "notarium version finalise --help" for the options.',
    });
    expect((await run(['version', 'finalise', 'x', '--wiat'])).err).toMatch(/^notarium version finalise: Unknown option "--wiat"\. Did you mean "--wait"\?/);
  });

  it('in every command with subcommands, an option only another subcommand takes is refused naming it', async () => {
    let checked = 0;
    for (const [name, entry] of Object.entries(await loadCommands())) {
      const table = entry.subcommands ?? {};
      for (const [sub, own] of Object.entries(table)) {
        for (const [otherSub, other] of Object.entries(table)) {
          for (const [option, spec] of Object.entries(other)) {
            if (option in own) continue;
            const argv = [name, sub, spec.type === 'string' ? `--${option}=x` : `--${option}`];
            const r = await run(argv);
            expect(r.code, argv.join(' ')).toBe(2);
            expect(r.err, argv.join(' ')).toMatch(new RegExp(`^notarium ${name} ${sub}: Unknown option "--${option}(=x)?": only .*"${name} ${otherSub}"`));
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20); // profile's settings, version's --of, receipt's --output… all met
  });

  it('completion offers each subcommand its own options only', async () => {
    const bash = (await run(['completion', 'bash'])).out;
    const optsOf = (sub: string) => new RegExp(`^ +${sub}\\) opts='([^']*)'`, 'm').exec(bash)?.[1]?.split(' ');
    expect(optsOf('finalise\\|finalize')).toEqual(expect.arrayContaining(['--wait', '--confirmations']));
    expect(optsOf('finalise\\|finalize')).not.toContain('--of');
    expect(optsOf('add')).toEqual(expect.arrayContaining(['--of', '--wait']));
    expect(optsOf('which')).toContain('--of');
    expect(optsOf('which')).not.toContain('--wait');
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

  it.each([['receipt'], ['version']])('%s --help keeps its table of commands in one column, run bare or through npx', async (command) => {
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
