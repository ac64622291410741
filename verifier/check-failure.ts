import type { FailureCode } from './step-codes.ts';

/**
 * A verification check that did not hold: its stable code, the reason as a sentence, and what was
 * expected and what was found. The verifier turns it into a failed step; it never reaches the caller.
 */
export class CheckFailure extends Error {
  readonly code: FailureCode;
  readonly expected: string | undefined;
  readonly found: string | undefined;

  constructor(code: FailureCode, message: string, detail: { expected?: string; found?: string } = {}) {
    super(message);
    this.name = 'CheckFailure';
    this.code = code;
    this.expected = detail.expected;
    this.found = detail.found;
  }
}
