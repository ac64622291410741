import type { CallName, EventName, NotariumApi, NotariumEvents } from '../../../preload/contract.ts';
import type { ErrorData } from '../../../preload/protocol/messages.ts';
import { errorData } from '../errors/error-data.ts';
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
  /** A failure as the page may see it in an event: a catalogue code and sentence (an unexpected one's detail goes to the shell's log). */
  errorData: (err: unknown) => ErrorData;
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
  const log = abilities.log ?? ((line: string) => process.stderr.write(line + '\n'));
  return {
    notary,
    abilities,
    emit,
    ctx: digestOf ? { ...ctx, hash: async (path, options) => digestOf(path) ?? ctx.hash(path, options) } : ctx,
    errorData: (err) => errorData(err, (detail) => log(`Notarium failed in the background: ${detail}`)),
  };
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
