import { expect } from 'vitest';
import type { FailureCode } from '../../verifier/step-codes.ts';

/** Matches a CheckFailure by its code (and any other fields given): tests name the cause, not the sentence. */
export function failingWith(code: FailureCode, fields: Record<string, unknown> = {}) {
  return expect.objectContaining({ name: 'CheckFailure', code, ...fields });
}
