import type { CallName, EventName, NotariumApi, NotariumEvents } from '../../../preload/contract.ts';
import type { Notary } from '../notary.ts';
import type { NotaryContext } from '../usecases/context.ts';
import type { ShellAbilities } from './shell-abilities.ts';

/**
 * What every call module is given (app-service.ts makes it once): the engine, its context, the
 * shell's abilities, and the one way to tell the page something.
 */

export type Emit = <E extends EventName>(event: E, payload: NotariumEvents[E]) => void;

export interface CallDeps {
  notary: Notary;
  /** The engine's context, answering digests the shell already knows without reading the file again. */
  ctx: NotaryContext;
  abilities: ShellAbilities;
  emit: Emit;
}

/** A call module's part of the contract. */
export type Calls<K extends CallName> = Pick<NotariumApi, K>;

/** A part whose calls hold something while the service runs (listeners, jobs), let go when it closes. */
export interface LiveCalls<K extends CallName> {
  api: Calls<K>;
  dispose(): void;
}

export function callDeps(notary: Notary, abilities: ShellAbilities, emit: Emit): CallDeps {
  const ctx = notary.context;
  const { digestOf } = abilities;
  return { notary, abilities, emit, ctx: digestOf ? { ...ctx, hash: async (path, options) => digestOf(path) ?? ctx.hash(path, options) } : ctx };
}

/**
 * `true` when the parts implement every call of the contract exactly once; otherwise a type naming
 * the calls implemented twice or not at all, so that `const check: ExactlyOnce<Parts> = true` does
 * not compile.
 */
export type ExactlyOnce<Parts extends readonly object[], Seen extends PropertyKey = never> = Parts extends readonly [
  infer First extends object,
  ...infer Rest extends readonly object[],
]
  ? [keyof First & Seen] extends [never]
    ? ExactlyOnce<Rest, Seen | keyof First>
    : { implementedTwice: keyof First & Seen }
  : [Exclude<CallName, Seen>] extends [never]
    ? true
    : { notImplemented: Exclude<CallName, Seen> };
