import { inspect } from 'node:util';
import type * as Keytar from '@napi-rs/keyring/keytar.js';
import { NotariumError } from '../errors/notarium-error.ts';
import { describeAccount, KEYCHAIN_SERVICE } from './accounts.ts';
import type { SecretStore } from './secret-store.ts';

/** The part of the keytar API used here; tests may pass a fake one. */
export type KeytarApi = Pick<typeof Keytar, 'getPassword' | 'setPassword' | 'deletePassword' | 'findCredentials'>;

export interface KeychainSecretStoreOptions {
  /** Defaults to 'notarium'. */
  service?: string;
  /** Defaults to @napi-rs/keyring's keytar API, loaded on first use. */
  keytar?: KeytarApi;
}

type Operation = 'read' | 'store' | 'remove';

/**
 * Secrets in the OS keychain (Secret Service, macOS Keychain, Windows Credential Manager) through
 * @napi-rs/keyring's keytar-compatible API. Any failure of the keychain rejects with
 * KEYCHAIN_UNAVAILABLE; the secret itself never appears in an error.
 */
export class KeychainSecretStore implements SecretStore {
  readonly service: string;
  #keytar: Promise<KeytarApi> | undefined;
  /** A search has reached the Secret Service (see #none). */
  #reached = false;

  constructor(options: KeychainSecretStoreOptions = {}) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    if (options.keytar) this.#keytar = Promise.resolve(options.keytar);
  }

  get(account: string): Promise<string | null> {
    return this.#call('read', account, async (k) => (await k.getPassword(this.service, account)) ?? this.#none(k, null));
  }

  set(account: string, secret: string): Promise<void> {
    return this.#call('store', account, (k) => k.setPassword(this.service, account, secret), secret);
  }

  delete(account: string): Promise<boolean> {
    return this.#call('remove', account, async (k) => (await k.deletePassword(this.service, account)) || this.#none(k, false));
  }

  /**
   * "No such entry", once the store itself has answered: on Linux keyring-rs looks in the kernel's
   * keyring first and may say "none" from there without reaching the Secret Service (seen with no
   * Secret Service on the bus), so there the first miss is confirmed by a search that must reach
   * it (it reads every entry of the service: once per store, not at every miss). Elsewhere the
   * search is not needed, and macOS might ask about each entry.
   */
  async #none<T extends null | false>(keytar: KeytarApi, none: T): Promise<T> {
    if (process.platform === 'linux' && !this.#reached) {
      await keytar.findCredentials(this.service);
      this.#reached = true;
    }
    return none;
  }

  async #call<T>(op: Operation, account: string, fn: (keytar: KeytarApi) => Promise<T>, secret?: string): Promise<T> {
    let keytar: KeytarApi;
    try {
      // Lazy: a missing or broken native module must not stop the app from starting.
      keytar = await (this.#keytar ??= import('@napi-rs/keyring/keytar.js'));
    } catch (err) {
      this.#keytar = undefined;
      throw keychainError(op, account, `Notarium's keychain module could not be loaded: ${reasonOf(err)}`);
    }
    try {
      return await fn(keytar);
    } catch (err) {
      throw keychainError(op, account, redact(reasonOf(err), secret));
    }
  }
}

// keyring-rs says "Couldn't access platform (secure) storage" or "Platform secure storage failure"
// when the keychain is absent, locked or refuses access, and its search "Failed to connect" when
// there is no Secret Service; its other errors are about the entry.
const UNAVAILABLE = /couldn't access platform|platform secure storage failure|could not be loaded|failed to connect/i;

function keychainError(op: Operation, account: string, reason: string): NotariumError {
  const what = describeAccount(account);
  const sentence = UNAVAILABLE.test(reason)
    ? `The system keychain is not available, so ${what} cannot be ${PARTICIPLE[op]}: unlock or install a keychain (Secret Service, Keychain, Credential Manager) and try again.`
    : `The system keychain could not ${op} ${what}: check the keychain (for example in the system's passwords app) and try again.`;
  // The keychain's own words go in the cause, for logs; the secret has been removed from them.
  return new NotariumError('KEYCHAIN_UNAVAILABLE', sentence, { cause: new Error(reason) });
}

const PARTICIPLE: Record<Operation, string> = { read: 'read', store: 'stored', remove: 'removed' };

function reasonOf(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e !== undefined && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    const text = e instanceof Error ? e.message : typeof e === 'string' ? e : inspect(e);
    if (!parts.some((p) => p.includes(text))) parts.push(text);
    if (!(e instanceof Error)) break;
  }
  return parts.join(': ');
}

function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[secret]') : text;
}
