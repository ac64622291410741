import { EXIT } from './exit-codes.ts';
import { asInvoked, invokedAs } from './invoked-as.ts';
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
  return lines
    .map((line) => asInvoked(columns.has(/^ */.exec(line)![0].length) ? shift + line : line, invoked))
    .join('\n');
}
