import { EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';

/** Prints a command's help; --help always succeeds. */
export function help(io: CliIo, text: string): number {
  io.out(text);
  return EXIT.OK;
}
