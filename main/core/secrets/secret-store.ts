/**
 * Where secrets (API keys, refresh tokens) live. The app's only implementation is the OS keychain
 * (keychain-secret-store.ts); there is deliberately no file or plaintext fallback.
 */
export interface SecretStore {
  /** The secret, or null when none is stored for that account. */
  get(account: string): Promise<string | null>;
  /** Stores or replaces the secret. */
  set(account: string, secret: string): Promise<void>;
  /** True when a secret was there and is now gone. */
  delete(account: string): Promise<boolean>;
}
