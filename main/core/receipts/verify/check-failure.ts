/**
 * A verification check that did not hold: the reason as a sentence, with what was expected and
 * what was found. The verifier turns it into a failed step; it never reaches the caller.
 */
export class CheckFailure extends Error {
  readonly expected: string | undefined;
  readonly found: string | undefined;

  constructor(message: string, detail: { expected?: string; found?: string } = {}) {
    super(message);
    this.name = 'CheckFailure';
    this.expected = detail.expected;
    this.found = detail.found;
  }
}
