import type { SecretStore } from '../../main/core/secrets/secret-store.ts';

/** A SecretStore in a Map, for tests of code that only needs the interface. */
export class MemorySecretStore implements SecretStore {
  readonly entries = new Map<string, string>();

  async get(account: string): Promise<string | null> {
    return this.entries.get(account) ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.entries.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    return this.entries.delete(account);
  }
}
