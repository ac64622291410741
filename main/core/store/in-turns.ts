import type { LibraryConnection } from './connection.ts';

/**
 * A table made asynchronous before its statements are (docs/design/team-library.md, "In steps"):
 * each of its methods returns a promise, and runs in its turn on the connection, so it waits for
 * another caller's open write as the asynchronous tables' statements do. Underneath it is the same
 * synchronous table, reached as `sync` by the store's write bodies, which return a value rather
 * than a promise while a table remains synchronous (connection.ts).
 */
export type InTurns<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
} & {
  /** The synchronous table: only for a write body (`Library.write`) that must return a value. */
  readonly sync: T;
};

/** The table `sync` offered in turns on `connection`: one method for each of its own (its class's and its ancestors'). */
export function inTurns<T extends object>(connection: LibraryConnection, sync: T): InTurns<T> {
  const table: Record<string, unknown> = { sync };
  for (
    let proto: object | null = Object.getPrototypeOf(sync) as object;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method = (sync as Record<string, unknown>)[name];
      if (name === 'constructor' || name in table || typeof method !== 'function') continue;
      table[name] = (...args: unknown[]) => connection.inTurn(() => (method as (...a: unknown[]) => unknown).apply(sync, args));
    }
  }
  return table as InTurns<T>;
}
