import packageJson from '../../package.json' with { type: 'json' };
import { errorData } from '../core/errors/error-data.ts';
import { COMMAND_NAMES, HELP_ARGS, VERSION_ARGS, type CommandName } from './command-names.ts';
import type { CommandEntry } from './completion.ts';
import { EXIT } from './exit-codes.ts';
import { errorText } from './format.ts';
import { processIo, type CliIo } from './io.ts';
import { helpAsInvoked } from './help.ts';
import { asInvoked, invokedAs } from './invoked-as.ts';
import { errorJson, wantsJson } from './json.ts';
import { didYouMean, knownName } from './names.ts';
import { UsageError } from './usage-error.ts';

/** The `notarium` command: dispatches to one module per command. */

export const HELP = `Usage: notarium <command> [options]

Notarise files:
  notarise <files…>            register files (--wait: until settled; --document: as documents)
  status <file|txId>           a registration's state
  wait <file|txId>             wait until a registration has enough confirmations
  hash <files…>                SHA-256 of files, like sha256sum
  watch [folders…]             notarise what appears or changes in folders (--list, --remove)

Verify:
  verify <files|folders…>      verify files by their receipts or the library
  receipt export|verify|import|info|upgrade
                               receipts that verify offline; what one holds; complete pending ones
  verifier-page -o DIR         write verify.html as this version builds it, and print its SHA-256

Documents:
  versions <file|txId>         a document's versions
  version add|finalise|which   add a version, close a document, tell which version a file is

Setup:
  profile list|add|use|remove  services to work with (the Sandbox profile is built in)
  key set|delete               API keys, kept in the system keychain
  login, whoami, logout        sign in to the identity portal in your browser
  app [--web] [--no-open]      open the app (in the browser where Electron is not available)
  start                        run the embedded sandbox for the app and other commands
  sandbox                      run a standalone sandbox of the service
  completion bash|zsh|fish     a completion script for your shell:
                               source <(notarium completion bash)

Every command takes --help (or: notarium help <command>); most take --json and --profile NAME.
Either spelling works: notarize, finalize. notarium --version prints the version.

Exit codes: 0 success or verified, 1 mismatch or failed, 2 usage or runtime error (verify:
unreadable), 3 pending, unknown or partially verified.
Environment: NOTARIUM_HOME (the data directory); NOTARIUM_BASE_URL and NOTARIUM_API_KEY override
the profile (a key stored in the keychain is never sent to NOTARIUM_BASE_URL, so give both).`;

/**
 * The one command table: each command's module, loaded only when that command runs, so a command
 * pays for its own modules alone (`--help` loads none; the sandbox, the web shell and Chromium
 * printing load with the commands that use them). A module gives what runs the command and the
 * options it (or each of its subcommands) takes, the same objects its parser takes. Dispatch,
 * "did you mean", either spelling and `notarium completion` all read it.
 */
export const COMMANDS: Record<CommandName, () => Promise<CommandEntry>> = {
  hash: () => import('./commands/hash.ts').then((m) => ({ run: m.hashCommand, options: m.HASH_OPTIONS })),
  notarise: () => import('./commands/notarise.ts').then((m) => ({ run: m.notariseCommand, options: m.NOTARISE_OPTIONS })),
  status: () => import('./commands/status.ts').then((m) => ({ run: m.statusCommand, options: m.STATUS_OPTIONS })),
  wait: () => import('./commands/status.ts').then((m) => ({ run: m.waitCommand, options: m.WAIT_OPTIONS })),
  watch: () => import('./commands/watch.ts').then((m) => ({ run: m.watchCommand, options: m.WATCH_OPTIONS })),
  verify: () => import('./commands/verify.ts').then((m) => ({ run: m.verifyCommand, options: m.VERIFY_OPTIONS })),
  receipt: () => import('./commands/receipt.ts').then((m) => ({ run: m.receiptCommand, subcommands: m.RECEIPT_SUBCOMMANDS })),
  'verifier-page': () => import('./commands/verifier-page.ts').then((m) => ({ run: m.verifierPageCommand, options: m.VERIFIER_PAGE_OPTIONS })),
  versions: () => import('./commands/versions.ts').then((m) => ({ run: m.versionsCommand, options: m.VERSIONS_OPTIONS })),
  version: () => import('./commands/versions.ts').then((m) => ({ run: m.versionCommand, subcommands: m.VERSION_SUBCOMMANDS })),
  profile: () => import('./commands/profile.ts').then((m) => ({ run: m.profileCommand, subcommands: m.PROFILE_SUBCOMMANDS })),
  key: () => import('./commands/key.ts').then((m) => ({ run: m.keyCommand, subcommands: m.KEY_SUBCOMMANDS })),
  login: () => import('./commands/account.ts').then((m) => ({ run: m.loginCommand, options: m.LOGIN_OPTIONS })),
  whoami: () => import('./commands/account.ts').then((m) => ({ run: m.whoamiCommand, options: m.ACCOUNT_OPTIONS })),
  logout: () => import('./commands/account.ts').then((m) => ({ run: m.logoutCommand, options: m.ACCOUNT_OPTIONS })),
  start: () => import('./commands/start.ts').then((m) => ({ run: m.startCommand, options: m.START_OPTIONS })),
  app: () => import('./commands/app.ts').then((m) => ({ run: (argv, io) => m.appCommand(argv, io), options: m.APP_OPTIONS })),
  sandbox: () => import('./commands/sandbox.ts').then((m) => ({ run: (argv, io) => m.sandboxCommand(argv, io), options: m.SANDBOX_OPTIONS })),
  completion: () =>
    import('./completion.ts').then((m) => ({ run: async (argv, io) => m.completionCommand(argv, io, await loadCommands()), subcommands: m.COMPLETION_SHELLS })),
};

/** Every command of the table, loaded (for completion scripts, which list every option). */
export async function loadCommands(): Promise<Record<string, CommandEntry>> {
  const entries = await Promise.all(Object.entries(COMMANDS).map(async ([name, load]) => [name, await load()] as const));
  return Object.fromEntries(entries);
}

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || HELP_ARGS.includes(name)) {
    // `notarium help <command…>` is `notarium <command…> --help` (`help help` is the overview).
    if (name !== undefined && rest[0] !== undefined && !HELP_ARGS.includes(rest[0])) return main([...rest, '--help'], io);
    io.out(helpAsInvoked(HELP, invokedAs(io.env)));
    return name === undefined ? EXIT.ERROR : EXIT.OK;
  }
  if (VERSION_ARGS.includes(name)) {
    io.out(`notarium ${packageJson.version}`);
    return EXIT.OK;
  }
  const known = knownName(name, COMMAND_NAMES);
  if (known === undefined) {
    // One line, as for an unknown subcommand or option: the nearest name, and where the list is.
    const sentence = name.startsWith('-')
      ? `Unknown option "${name}" before any command. Run "notarium --help" for the commands, or "notarium --version".`
      : `Unknown command "${name}".${didYouMean(name, COMMAND_NAMES)} Run "notarium --help" for the commands.`;
    return usageFailure(io, argv, 'notarium', sentence);
  }
  let path: string = known;
  try {
    const command = await COMMANDS[known as CommandName]();
    // An error is said by the command path it is about: `notarium receipt info: …`, not `notarium receipt: …`.
    const sub = command.subcommands && rest[0] !== undefined ? knownName(rest[0], Object.keys(command.subcommands)) : undefined;
    if (sub !== undefined) path = `${known} ${sub}`;
    return await command.run(rest, io);
  } catch (err) {
    io.progress('');
    if (err instanceof UsageError) return usageFailure(io, rest, `notarium ${err.command ?? path}`, err.message);
    // Every other failure has a catalogue code, in the text and in --json; one that is not Notarium's
    // own is INTERNAL, what happened said first (this is the user's own terminal).
    const error = errorData(err, (detail) => {
      io.err(`notarium ${path}: ${detail}`);
      if (io.env.NOTARIUM_DEBUG && err instanceof Error && err.stack) io.err(err.stack);
    });
    if (wantsJson(rest)) io.out(JSON.stringify({ error: errorJson(error) }, null, 2));
    io.err(`notarium ${path}: ${errorText(error)}`);
    return EXIT.ERROR;
  }
}

/**
 * A mistake in the command line: `<who>: <sentence>` on stderr (no code: a person reads it), and
 * with --json the one error shape on stdout, INVALID_ARGUMENT (docs/user/troubleshooting.md); exit 2.
 */
function usageFailure(io: CliIo, argv: readonly string[], who: string, sentence: string): number {
  // The sentence names no file (only the command line's own words): said as stderr says it.
  const message = asInvoked(sentence, invokedAs(io.env));
  if (wantsJson(argv)) io.out(JSON.stringify({ error: errorJson({ code: 'INVALID_ARGUMENT', message }) }, null, 2));
  io.err(`${who}: ${sentence}`);
  return EXIT.ERROR;
}
