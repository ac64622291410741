import { EXIT } from './exit-codes.ts';
import { invokedAs } from './invoked-as.ts';
import type { CliIo } from './io.ts';

/** Prints a command's help, its commands as the user runs them (invoked-as.ts); --help always succeeds. */
export function help(io: CliIo, text: string): number {
  io.out(helpAsInvoked(text, invokedAs(io.env)));
  return EXIT.OK;
}

/**
 * A help text with its commands as the user runs them. A table of commands (`  notarium receipt
 * info <receipt>   what it does`, its descriptions going on below at that column) keeps its
 * column: the lines that go on at it move as far as the longer command moved its own description.
 */
export function helpAsInvoked(text: string, invoked: string): string {
  const shift = ' '.repeat(invoked.length - 'notarium'.length);
  const lines = text.split('\n');
  const columns = new Set(lines.flatMap((line) => /^( +notarium \S.*? {2,})\S/.exec(line)?.[1]?.length ?? []));
  // A help text names no file: every "notarium " that starts a command in it is one to run
  // ("Usage: notarium <command>", "notarium help <command>"), not only those naming a command.
  const said = (line: string) => (invoked === 'notarium' ? line : line.replace(ANY_COMMAND, `$1${invoked} `));
  return lines.map((line) => said(columns.has(/^ */.exec(line)![0].length) ? shift + line : line)).join('\n');
}

const ANY_COMMAND = /(^|[\s"(])(?<!npx )notarium (?=[a-z<[-])/g;
