import type { en } from './messages/en.ts';

/**
 * The keys and parameters of the messages, derived from the English ones (the source): a key that
 * does not exist, a missing parameter or an unknown one fails the type check where `t` is called.
 * A plural message is a group of keys ending in a CLDR category (`_one`, `_other`, French `_many`)
 * and is called by its base key with a `count`.
 */

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type RawKey = Leaves<typeof en>;
type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type BaseKey<K extends string> = K extends `${infer B}_${PluralCategory}` ? B : K;

export type MessageKey = BaseKey<RawKey>;

type At<T, K extends string> = K extends `${infer Head}.${infer Rest}` ? (Head extends keyof T ? At<T[Head], Rest> : never) : K extends keyof T ? T[K] : never;

/** `{{name}}`, or `{{name, number}}` (formatted in the language's way by i18next). */
type ParamName<P extends string> = P extends `${infer Name},${string}` ? Name : P;
type ParamsIn<S> = S extends `${string}{{${infer P}}}${infer Rest}` ? ParamName<P> | ParamsIn<Rest> : never;

type Text<K extends MessageKey> = `${K}_other` extends RawKey ? At<typeof en, `${K}_other`> : At<typeof en, K>;
type IsPlural<K extends MessageKey> = `${K}_other` extends RawKey ? true : false;

export type MessageParams<K extends MessageKey> =
  IsPlural<K> extends true ? { count: number } & Record<Exclude<ParamsIn<Text<K>>, 'count'>, string | number> : Record<ParamsIn<Text<K>>, string | number>;

type ArgsOf<K extends MessageKey> = [ParamsIn<Text<K>>] extends [never]
  ? IsPlural<K> extends true
    ? [params: MessageParams<K>]
    : []
  : [params: MessageParams<K>];

/**
 * A message's arguments: none for a message without parameters, else its parameters by name.
 * Distributed over a union of keys (a key chosen from a table), each key with its own.
 */
export type MessageArgs<K extends MessageKey> = K extends MessageKey ? ArgsOf<K> : never;

export type Translate = <K extends MessageKey>(key: K, ...args: MessageArgs<K>) => string;

/** A message cut at its parameters, each parameter's value a piece of its own (`param` names it), for a page that styles them. */
export type RichPiece = { text: string; param?: string };
export type TranslateRich = <K extends MessageKey>(key: K, ...args: MessageArgs<K>) => RichPiece[];

/** The shape of a translation: the same groups and keys as English, each message a string. */
export interface Catalogue {
  readonly [key: string]: string | Catalogue;
}
