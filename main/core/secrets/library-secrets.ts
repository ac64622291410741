import type { SecretStore } from './secret-store.ts';

/**
 * The secrets of one library (one data directory): its accounts are named `library:<id>:<account>`.
 * Profiles live in the library, so their secrets do too: two data directories with a profile of
 * the same name (every library has the built-in "Sandbox") keep apart keys and sign-in tokens in
 * the one keychain they share, instead of overwriting each other's.
 *
 * An account stored before secrets were kept per library (`<account>` alone) is taken over by the
 * first library that reads it: moved under its name, so it is read once and belongs to one library.
 */
export function librarySecrets(store: SecretStore, libraryId: string): SecretStore {
  const own = (account: string): string => libraryAccount(libraryId, account);
  return {
    async get(account) {
      const secret = await store.get(own(account));
      if (secret !== null) return secret;
      const earlier = await store.get(account);
      if (earlier === null) return null;
      await store.set(own(account), earlier);
      await store.delete(account);
      return earlier;
    },
    set: (account, secret) => store.set(own(account), secret),
    async delete(account) {
      const [mine, earlier] = [await store.delete(own(account)), await store.delete(account)];
      return mine || earlier;
    },
  };
}

/** The keychain account a library keeps `account` under (as the system's passwords app lists it). */
export function libraryAccount(libraryId: string, account: string): string {
  return `library:${libraryId}:${account}`;
}
