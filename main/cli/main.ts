import { embeddedSandboxDir } from '../core/app-paths.ts';
import { sandboxCommand } from './commands/sandbox.ts';
import { processIo, type CliIo } from './io.ts';
import { UsageError } from './usage-error.ts';

/** The `notarium` command: dispatches to one module per command. Exit codes: 0 ok, 2 usage/runtime error. */

export const HELP = `Usage: notarium <command> [options]

Commands:
  start      run the embedded sandbox the app uses, with its data in the app data directory
  sandbox    run a sandbox of the record and identity services on loopback

Run "notarium <command> --help" for a command's options.`;

type Command = (argv: string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  sandbox: (argv, io) => sandboxCommand(argv, io),
  start: (argv, io) => sandboxCommand(argv, io, { dataDir: embeddedSandboxDir(io.env) }),
};

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`notarium: unknown command "${name}".\n\n${HELP}`);
    return 2;
  }
  try {
    return await command(rest, io);
  } catch (err) {
    io.err(err instanceof UsageError ? err.message : `notarium ${name}: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
}
