import { visibleName, visibleText } from '../../preload/visible-text.ts';
import { asInvoked, invokedAs } from './invoked-as.ts';

/** What a CLI command touches of the process, passed in so commands run in tests without one. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  /** Progress lines go to stderr only when it is a terminal. */
  errIsTTY: boolean;
  /** Rewrites the current stderr line (progress); a no-op when stderr is not a terminal. */
  progress(line: string): void;
  /** How many characters a progress line may have: it must fit the terminal's width, or it wraps. */
  progressWidth(): number;
  readStdin(): Promise<string>;
  /** Standard input and stderr are a terminal: a person is there to answer a question. */
  interactive: boolean;
  /** Asks a question on the terminal (stderr) and resolves with the line typed in answer. */
  ask(question: string): Promise<string>;
  /** Resolves on SIGINT or SIGTERM (the first one; any after it is the same stop). */
  waitForStopSignal(): Promise<void>;
}

/**
 * The process's stdout and stderr. Everything printed passes through visibleText here, the one
 * boundary no command can go around: a receipt's fields or a file's name never reach the terminal
 * as escape sequences, carriage returns or bidirectional overrides (JSON stays valid JSON). Names
 * shown inside a line are escaped by the commands with visibleName, newlines included.
 */
export function processIo(): CliIo {
  // What stderr suggests running is said as the user runs it (`npx notarium …` in a clone).
  const invoked = invokedAs(process.env);
  const errIsTTY = process.stderr.isTTY === true;
  // A reader that went away (`notarium verify … | head`) is not an error of the command: its output
  // is dropped and the command finishes its work (a registration under way is not cut off).
  let readerGone = false;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    readerGone = true;
  });
  let progressShown = false;
  // One column short of the terminal (a line that fills it wraps on some); a terminal that reports
  // no size (0 columns, as under script(1)) is taken as 80 wide.
  const progressWidth = (): number => (process.stderr.columns || 80) - 1;
  const clearProgress = (): void => {
    if (progressShown) process.stderr.write('\r\x1b[2K');
    progressShown = false;
  };
  return {
    out: (line) => {
      clearProgress();
      if (!readerGone) process.stdout.write(visibleText(line) + '\n');
    },
    err: (line) => {
      clearProgress();
      process.stderr.write(visibleText(asInvoked(line, invoked)) + '\n');
    },
    env: process.env,
    errIsTTY,
    progress: (line) => {
      if (!errIsTTY) return;
      // Callers fit their lines (progressWidth); the cut is the guard against a line that wraps.
      process.stderr.write('\r\x1b[2K' + visibleName(line).slice(0, progressWidth()));
      progressShown = line !== '';
    },
    progressWidth,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    interactive: errIsTTY && process.stdin.isTTY === true,
    ask: async (question) => {
      clearProgress();
      const { createInterface } = await import('node:readline/promises');
      const terminal = createInterface({ input: process.stdin, output: process.stderr });
      try {
        return await terminal.question(visibleText(asInvoked(question, invoked)));
      } finally {
        terminal.close();
      }
    },
    waitForStopSignal: () =>
      new Promise((resolve) => {
        // Listened for to the end: a repeat is the same stop. Under npx both the command and npm get
        // the terminal's Ctrl+C and npm forwards its copy, and with no listener left that copy
        // would kill the command half-way through stopping (exit 130, not its own code).
        const stop = (): void => resolve();
        process.on('SIGINT', stop).on('SIGTERM', stop);
      }),
  };
}
