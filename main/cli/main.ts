import packageJson from '../../package.json' with { type: 'json' };
import { errorData } from '../core/errors/error-data.ts';
import { ACCOUNT_OPTIONS, LOGIN_OPTIONS, loginCommand, logoutCommand, whoamiCommand } from './commands/account.ts';
import { APP_OPTIONS, appCommand } from './commands/app.ts';
import { HASH_OPTIONS, hashCommand } from './commands/hash.ts';
import { KEY_SUBCOMMANDS, keyCommand } from './commands/key.ts';
import { NOTARISE_OPTIONS, notariseCommand } from './commands/notarise.ts';
import { PROFILE_SUBCOMMANDS, profileCommand } from './commands/profile.ts';
import { RECEIPT_SUBCOMMANDS, receiptCommand } from './commands/receipt.ts';
import { SANDBOX_OPTIONS, sandboxCommand } from './commands/sandbox.ts';
import { START_OPTIONS, startCommand } from './commands/start.ts';
import { STATUS_OPTIONS, statusCommand, WAIT_OPTIONS, waitCommand } from './commands/status.ts';
import { VERIFY_OPTIONS, verifyCommand } from './commands/verify.ts';
import { VERSION_SUBCOMMANDS, versionCommand, VERSIONS_OPTIONS, versionsCommand } from './commands/versions.ts';
import { WATCH_OPTIONS, watchCommand } from './commands/watch.ts';
import { COMPLETION_SHELLS, completionCommand, type CommandEntry } from './completion.ts';
import { EXIT } from './exit-codes.ts';
import { errorText } from './format.ts';
import { processIo, type CliIo } from './io.ts';
import { errorJson, wantsJson } from './json.ts';
import { didYouMean, knownName } from './names.ts';
import { UsageError } from './usage-error.ts';

/** The `notarium` command: dispatches to one module per command. */

export const HELP = `Usage: notarium <command> [options]

Notarise files:
  notarise <files…>            register files (--document: as new documents; --wait: until settled)
  status <file|txId>           a registration's state
  wait <file|txId>             wait until a registration has enough confirmations
  hash <files…>                SHA-256 of files, like sha256sum
  watch [folders…]             notarise what appears or changes in folders (--list, --remove)

Verify:
  verify <files|folders…>      verify files by their receipts or the library
  receipt export|verify|import|info|upgrade
                               receipts that verify offline; what one holds; complete pending ones

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
  completion bash|zsh|fish     a completion script for your shell, e.g. source <(notarium completion bash)

Every command takes --help; most take --json and --profile NAME. Either spelling works: notarize,
finalize. notarium --version prints the version.
Exit codes: 0 success or verified, 1 mismatch or failed, 2 usage or runtime error, 3 pending, unknown or
partially verified.
Environment: NOTARIUM_HOME (data directory), NOTARIUM_BASE_URL, NOTARIUM_API_KEY (override the profile;
a key stored in the keychain is never sent to NOTARIUM_BASE_URL, so give both).`;

/**
 * The one command table: what runs each command, and the options it (or each of its subcommands)
 * takes, the same objects its parser takes. Dispatch, "did you mean", either spelling and
 * `notarium completion` all read it.
 */
export const COMMANDS: Record<string, CommandEntry> = {
  hash: { run: hashCommand, options: HASH_OPTIONS },
  notarise: { run: notariseCommand, options: NOTARISE_OPTIONS },
  status: { run: statusCommand, options: STATUS_OPTIONS },
  wait: { run: waitCommand, options: WAIT_OPTIONS },
  watch: { run: watchCommand, options: WATCH_OPTIONS },
  verify: { run: verifyCommand, options: VERIFY_OPTIONS },
  receipt: { run: receiptCommand, subcommands: RECEIPT_SUBCOMMANDS },
  versions: { run: versionsCommand, options: VERSIONS_OPTIONS },
  version: { run: versionCommand, subcommands: VERSION_SUBCOMMANDS },
  profile: { run: profileCommand, subcommands: PROFILE_SUBCOMMANDS },
  key: { run: keyCommand, subcommands: KEY_SUBCOMMANDS },
  login: { run: loginCommand, options: LOGIN_OPTIONS },
  whoami: { run: whoamiCommand, options: ACCOUNT_OPTIONS },
  logout: { run: logoutCommand, options: ACCOUNT_OPTIONS },
  start: { run: startCommand, options: START_OPTIONS },
  app: { run: (argv, io) => appCommand(argv, io), options: APP_OPTIONS },
  sandbox: { run: (argv, io) => sandboxCommand(argv, io), options: SANDBOX_OPTIONS },
  completion: { run: (argv, io) => completionCommand(argv, io, COMMANDS), subcommands: COMPLETION_SHELLS },
};

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP);
    return name === undefined ? EXIT.ERROR : EXIT.OK;
  }
  if (name === '--version' || name === '-V') {
    io.out(`notarium ${packageJson.version}`);
    return EXIT.OK;
  }
  const known = knownName(name, Object.keys(COMMANDS));
  if (known === undefined) {
    const near = didYouMean(name, Object.keys(COMMANDS));
    io.err(
      name.startsWith('-')
        ? `notarium: unknown option "${name}" before any command. Run "notarium --help" for the commands, or "notarium --version".`
        : near
          ? `notarium: unknown command "${name}".${near} Run "notarium --help" for the commands.`
          : `notarium: unknown command "${name}".\n\n${HELP}`,
    );
    return EXIT.ERROR;
  }
  const command = COMMANDS[known]!.run;
  try {
    return await command(rest, io);
  } catch (err) {
    io.progress('');
    // A mistake in the command line is not a code (README: Error codes): its sentence alone.
    if (err instanceof UsageError) {
      io.err(err.message);
      return EXIT.ERROR;
    }
    // Every other failure has a catalogue code, in the text and in --json; one that is not Notarium's
    // own is INTERNAL, what happened said first (this is the user's own terminal).
    const error = errorData(err, (detail) => {
      io.err(`notarium ${known}: ${detail}`);
      if (io.env.NOTARIUM_DEBUG && err instanceof Error && err.stack) io.err(err.stack);
    });
    if (wantsJson(rest)) io.out(JSON.stringify({ error: errorJson(error) }, null, 2));
    io.err(`notarium ${known}: ${errorText(error)}`);
    return EXIT.ERROR;
  }
}
