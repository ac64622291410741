import type { MessageArgs, MessageKey, Translate } from './message-types.ts';
import type { Said } from '../../verifier/said.ts';

/**
 * A sentence of the engine as data (verifier/said.ts, where the verifier makes them too): its
 * message key and parameters, made where the engine writes its English, so that a page says it in
 * its own language (typed here, against the English message) while the CLI, the logs and the
 * verifier page keep the engine's English.
 */
export { said, type Said } from '../../verifier/said.ts';

// The verifier's sentences name the app's messages: declared here, each key is checked against
// the English message wherever a Said is made, in the verifier as in the engine.
declare module '../../verifier/said.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the messages are its members
  interface SaidMessages extends MessageArgsByKey {}
}
type MessageArgsByKey = { [K in MessageKey]: MessageArgs<K> };

/** A Said as received from another side (a message of the protocol): its shape checked, else undefined. */
export function saidOf(value: unknown): Said | undefined {
  const v = value as { key?: unknown; params?: unknown } | null | undefined;
  if (typeof v?.key !== 'string') return undefined;
  if (v.params === undefined) return { key: v.key as MessageKey };
  if (typeof v.params !== 'object' || v.params === null || Array.isArray(v.params)) return undefined;
  const entries = Object.entries(v.params);
  if (!entries.every(([, p]) => typeof p === 'string' || typeof p === 'number')) return undefined;
  return { key: v.key as MessageKey, params: Object.fromEntries(entries) };
}

/** A Said in a language: its message with its parameters. */
export function say(t: Translate, s: Said): string {
  return (t as (key: string, params?: object) => string)(s.key, s.params);
}
