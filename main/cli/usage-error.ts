/**
 * A mistake in the command line. Its message is one sentence of the house style (a capital letter,
 * or the option or "name" it is about; names in double quotes), without the `notarium <command>: `
 * prefix: the dispatch (main.ts) adds that, prints it, and exits with code 2 (with --json, also
 * `{ "error": { "code": "INVALID_ARGUMENT", message } }`). `command`: the command path it is about
 * ("receipt verify"), when the dispatch's own name ("receipt") is not precise enough.
 */
export class UsageError extends Error {
  readonly command: string | undefined;
  constructor(message: string, command?: string) {
    super(message);
    this.name = 'UsageError';
    this.command = command;
  }
}
