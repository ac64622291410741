import { afterEach, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import type { NotaryContext } from '../../../../main/core/usecases/context.ts';
import { settleInDoubtAtBlock } from '../../../../main/core/usecases/in-doubt.ts';

// Writes in doubt are looked at once per block time of their profile, however many answers about
// that block come: the look at when it was last done and the note of this one are one step (the
// profile's block time read before), so two answers at once in one process look once.

let library: Library | undefined;
afterEach(() => library?.close());

it('two blocks told at once look at the writes in doubt once', async () => {
  const lib = (library = Library.open(':memory:'));
  let looks = 0;
  const records = new Proxy(lib.records, {
    get: (table, key) => (key === 'inDoubt' ? (...args: Parameters<typeof table.inDoubt>) => (looks++, table.inDoubt(...args)) : Reflect.get(table, key)),
  });
  const ctx = {
    library: new Proxy(lib, { get: (target, key) => (key === 'records' ? records : Reflect.get(target, key)) }),
    now: () => 1_000,
  } as unknown as NotaryContext;
  await Promise.all([settleInDoubtAtBlock(ctx, 'Sandbox'), settleInDoubtAtBlock(ctx, 'Sandbox')]);
  expect(looks).toBe(1);
  await settleInDoubtAtBlock(ctx, 'Sandbox');
  expect(looks).toBe(1); // the same block time still
});
