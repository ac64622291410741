import { EXIT } from './exit-codes.ts';
import { asInvoked, invokedAs } from './invoked-as.ts';
import type { CliIo } from './io.ts';

/** Prints a command's help, its commands as the user runs them (invoked-as.ts); --help always succeeds. */
export function help(io: CliIo, text: string): number {
  io.out(asInvoked(text, invokedAs(io.env)));
  return EXIT.OK;
}
