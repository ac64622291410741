import { isErrorCode } from '../errors/catalogue.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { KEYCHAIN_CALLS, type KeychainCall } from './engine-protocol.ts';

/**
 * The desktop engine's keychain is the main process's: the engine asks for each read, write and
 * removal over its channel, and the main process makes the keychain call. macOS trusts a keychain
 * item to the application that created it and asks the user before another one uses it; the
 * engine's utility process runs as "Notarium Helper", the main process as "Notarium", and so does
 * the installed command (the same executable). Made here, every call comes from "Notarium", so
 * neither the app nor the command is prompted for the other's secrets. Only accounts and secrets
 * cross the channel, never to a page, and a failure crosses as its code and sentence
 * (KEYCHAIN_UNAVAILABLE stays KEYCHAIN_UNAVAILABLE).
 */

/** The engine's side: a SecretStore whose calls `ask` the main process. */
export function keychainThroughMain(ask: (call: KeychainCall, args: unknown[]) => Promise<unknown>): SecretStore {
  const asking = async <T>(call: KeychainCall, args: unknown[]): Promise<T> => {
    try {
      return (await ask(call, args)) as T;
    } catch (err) {
      throw ownError(err);
    }
  };
  return {
    get: (account) => asking<string | null>('keychainGet', [account]),
    set: (account, secret) => asking<void>('keychainSet', [account, secret]),
    delete: (account) => asking<boolean>('keychainDelete', [account]),
  };
}

export function isKeychainCall(name: string): name is KeychainCall {
  return (KEYCHAIN_CALLS as readonly string[]).includes(name);
}

/** The main process's side: one call of the engine, its arguments checked (an account, and a secret to store), on `keychain`. */
export async function answerKeychainCall(keychain: SecretStore, call: KeychainCall, args: unknown[]): Promise<unknown> {
  const texts = call === 'keychainSet' ? 2 : 1;
  // Never the arguments in the sentence: one may be a secret.
  if (args.length !== texts || !args.every((a) => typeof a === 'string') || args[0] === '')
    throw new NotariumError('BAD_CALL', `The keychain call ${call} takes ${texts === 1 ? 'an account' : 'an account and a secret'}, as text.`);
  const [account, secret] = args;
  if (call === 'keychainGet') return keychain.get(account!);
  if (call === 'keychainSet') return keychain.set(account!, secret!);
  return keychain.delete(account!);
}

/**
 * A failure that crossed (an Error with the code and sentence only) as the NotariumError it was,
 * so that the engine's code that tells keychain failures apart (api-key.ts) still does.
 */
function ownError(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && isErrorCode(code) ? new NotariumError(code, (err as Error).message) : err;
}
