import { NotariumError } from '../core/errors/notarium-error.ts';
import { loginCommand, logoutCommand, whoamiCommand } from './commands/account.ts';
import { appCommand } from './commands/app.ts';
import { hashCommand } from './commands/hash.ts';
import { keyCommand } from './commands/key.ts';
import { notariseCommand } from './commands/notarise.ts';
import { profileCommand } from './commands/profile.ts';
import { receiptCommand } from './commands/receipt.ts';
import { sandboxCommand } from './commands/sandbox.ts';
import { startCommand } from './commands/start.ts';
import { statusCommand, waitCommand } from './commands/status.ts';
import { verifyCommand } from './commands/verify.ts';
import { versionCommand, versionsCommand } from './commands/versions.ts';
import { watchCommand } from './commands/watch.ts';
import { EXIT } from './exit-codes.ts';
import { processIo, type CliIo } from './io.ts';
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
  receipt export|verify|import receipts that verify offline

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

Every command takes --help; most take --json and --profile NAME.
Exit codes: 0 success or verified, 1 mismatch or failed, 2 usage or runtime error, 3 pending, unknown or
partially verified.
Environment: NOTARIUM_HOME (data directory), NOTARIUM_BASE_URL, NOTARIUM_API_KEY (override the profile;
a key stored in the keychain is never sent to NOTARIUM_BASE_URL, so give both).`;

type Command = (argv: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  hash: hashCommand,
  notarise: notariseCommand,
  notarize: notariseCommand,
  status: statusCommand,
  wait: waitCommand,
  watch: watchCommand,
  verify: verifyCommand,
  receipt: receiptCommand,
  versions: versionsCommand,
  version: versionCommand,
  profile: profileCommand,
  key: keyCommand,
  login: loginCommand,
  whoami: whoamiCommand,
  logout: logoutCommand,
  start: startCommand,
  app: appCommand,
  sandbox: (argv, io) => sandboxCommand(argv, io),
};

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP);
    return name === undefined ? EXIT.ERROR : EXIT.OK;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`notarium: unknown command "${name}".\n\n${HELP}`);
    return EXIT.ERROR;
  }
  try {
    return await command(rest, io);
  } catch (err) {
    io.progress('');
    if (err instanceof UsageError || err instanceof NotariumError) io.err(err instanceof UsageError ? err.message : `notarium ${name}: ${err.message}`);
    else {
      io.err(`notarium ${name}: ${err instanceof Error ? err.message : String(err)}`);
      if (io.env.NOTARIUM_DEBUG && err instanceof Error && err.stack) io.err(err.stack);
    }
    return EXIT.ERROR;
  }
}
