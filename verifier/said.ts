/**
 * A sentence of the verifier as data: the key of a message and its parameters, so that a page says
 * it in its own language while the CLI, the logs and the verifier page keep the verifier's English
 * (each step's `detail`, each report's `summary`). Plain data: it crosses every transport as it is.
 *
 * The words are not the verifier's: the app's messages hold them (preload/i18n/messages/). The
 * app declares its messages in SaidMessages (preload/i18n/said.ts), so in the app's tree a key
 * that names no message, or a missing or unknown parameter, fails the type check where `said` is
 * called; the verifier alone, without them, takes any key.
 */

/** Each message's key and its arguments, as the app's words declare them; empty in the verifier alone. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the app's declaration
export interface SaidMessages {}

type Declared = [keyof SaidMessages] extends [never] ? false : true;
export type SaidKey = Declared extends true ? Extract<keyof SaidMessages, string> : string;
type SaidArgs<K extends SaidKey> = Declared extends true
  ? K extends keyof SaidMessages
    ? SaidMessages[K]
    : never
  : [params?: Record<string, string | number>];

export interface Said {
  key: SaidKey;
  params?: Record<string, string | number>;
}

export function said<K extends SaidKey>(key: K, ...args: SaidArgs<K>): Said {
  const params = (args as unknown[])[0] as Record<string, string | number> | undefined;
  return params === undefined ? { key } : { key, params };
}
