import type { MessageArgs, MessageKey, Translate } from './message-types.ts';

/**
 * A sentence of the engine as data: its message key and parameters, made where the engine writes
 * its English, so that a page says it in its own language (typed here, against the English
 * message) while the CLI, the logs and the verifier page keep the engine's English. Plain data: it
 * crosses every transport as it is. Portable: the verifier modules make these.
 */
export interface Said {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export function said<K extends MessageKey>(key: K, ...args: MessageArgs<K>): Said {
  const params = args[0] as Record<string, string | number> | undefined;
  return params === undefined ? { key } : { key, params };
}

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
