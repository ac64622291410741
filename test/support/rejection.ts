import { expect } from 'vitest';
import { NotariumError } from '../../main/core/errors/notarium-error.ts';

/** The NotariumError `promise` rejects with; fails the test when it fulfils or rejects otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<NotariumError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NotariumError);
  return err as NotariumError;
}
