import { describe, expect, it } from 'vitest';
import { isNotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { apiKeyAccount } from '../../../../main/core/secrets/accounts.ts';
import { KeychainSecretStore, type KeytarApi } from '../../../../main/core/secrets/keychain-secret-store.ts';

// Error mapping with a fake keytar that fails the way @napi-rs/keyring does (messages copied from
// real runs); the real keychain is exercised in test/integration/core-keychain.test.ts.

const SECRET = 'sk_live_Zq9-very-secret';

function failing(message: string, cause?: string): KeytarApi {
  const fail = async (): Promise<never> => {
    const err = new Error(message, cause ? { cause: new Error(cause) } : undefined);
    throw Object.assign(err, { code: 'GenericFailure' });
  };
  return { getPassword: fail, setPassword: fail, deletePassword: fail, findCredentials: fail };
}

function recording(): { keytar: KeytarApi; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const keytar: KeytarApi = {
    getPassword: async (...args) => (calls.push(['get', ...args]), 'value'),
    setPassword: async (...args) => void calls.push(['set', ...args]),
    deletePassword: async (...args) => (calls.push(['delete', ...args]), true),
    findCredentials: async (...args) => (calls.push(['find', ...args]), []),
  };
  return { keytar, calls };
}

const account = apiKeyAccount('work');

describe('KeychainSecretStore', () => {
  it('calls keytar under the notarium service', async () => {
    const { keytar, calls } = recording();
    const store = new KeychainSecretStore({ keytar });
    expect(await store.get(account)).toBe('value');
    await store.set(account, SECRET);
    expect(await store.delete(account)).toBe(true);
    expect(calls).toEqual([
      ['get', 'notarium', account],
      ['set', 'notarium', account, SECRET],
      ['delete', 'notarium', account],
    ]);
  });

  it.each([
    ["Couldn't access platform storage: AccessDenied", undefined],
    ["Couldn't access platform storage: Secret Service: unlock prompt was dismissed", 'Secret Service: unlock prompt was dismissed'],
    ['Platform secure storage failure: DBus error', undefined],
  ])('"%s" is KEYCHAIN_UNAVAILABLE with a sentence saying what to do', async (message, cause) => {
    const store = new KeychainSecretStore({ keytar: failing(message, cause) });
    for (const [call, verb] of [
      [() => store.get(account), 'read'],
      [() => store.set(account, SECRET), 'stored'],
      [() => store.delete(account), 'removed'],
    ] as const) {
      const err = await call().catch((e: unknown) => e);
      expect(isNotariumError(err, 'KEYCHAIN_UNAVAILABLE')).toBe(true);
      expect((err as Error).message).toBe(
        `The system keychain is not available, so the API key of profile "work" cannot be ${verb}: unlock or install a keychain (Secret Service, Keychain, Credential Manager) and try again.`,
      );
      expect(((err as Error).cause as Error).message).toContain(message);
    }
  });

  it('other keychain errors are KEYCHAIN_UNAVAILABLE too, with their own sentence', async () => {
    const store = new KeychainSecretStore({ keytar: failing('Entry is matched by 2 credentials') });
    const err = await store.get(account).catch((e: unknown) => e);
    expect(isNotariumError(err, 'KEYCHAIN_UNAVAILABLE')).toBe(true);
    expect((err as Error).message).toMatch(/^The system keychain could not read the API key of profile "work": check the keychain/);
  });

  it('never puts the secret in a message or a cause, even if the keychain echoes it', async () => {
    const store = new KeychainSecretStore({ keytar: failing(`Couldn't access platform storage: refused ${SECRET}`, `echo ${SECRET}`) });
    const err = await store.set(account, SECRET).catch((e: unknown) => e);
    expect(isNotariumError(err, 'KEYCHAIN_UNAVAILABLE')).toBe(true);
    const everything = JSON.stringify(err, Object.getOwnPropertyNames(err)) + String(err) + String((err as Error).cause) + (err as Error).stack;
    expect(everything).not.toContain(SECRET);
    expect(String((err as Error).cause)).toContain('[secret]');
  });

  it('a miss is an answer of the store itself: "none" stands once a search has reached it, and is KEYCHAIN_UNAVAILABLE while none can', async () => {
    const calls: unknown[][] = [];
    const missing = (find: KeytarApi['findCredentials']): KeytarApi => ({
      getPassword: async () => null,
      setPassword: async () => undefined,
      deletePassword: async () => false,
      findCredentials: async (...args) => (calls.push(['find', ...args]), find(...args)),
    });
    const reached = new KeychainSecretStore({ keytar: missing(async () => []) });
    expect(await reached.get(account)).toBeNull();
    expect(await reached.delete(account)).toBe(false);
    expect(await reached.get(account)).toBeNull();
    // One search reached the store: later misses are its answers too.
    expect(calls).toEqual([['find', 'notarium']]);
    const noBus = new KeychainSecretStore({
      keytar: missing(async () => {
        throw new Error('zbus error: Failed to connect to address `unix:path=/run/no-bus`: No such file or directory (os error 2)');
      }),
    });
    for (const [call, verb] of [
      [() => noBus.get(account), 'read'],
      [() => noBus.delete(account), 'removed'],
    ] as const) {
      const err = await call().catch((e: unknown) => e);
      expect(isNotariumError(err, 'KEYCHAIN_UNAVAILABLE')).toBe(true);
      expect((err as Error).message).toMatch(new RegExp(`^The system keychain is not available, so the API key of profile "work" cannot be ${verb}:`));
    }
  });

  it('a synchronous throw from keytar is mapped too', async () => {
    const keytar: KeytarApi = {
      getPassword: () => {
        throw new Error("Couldn't access platform storage: no bus");
      },
      setPassword: async () => undefined,
      deletePassword: async () => false,
      findCredentials: async () => [],
    };
    await expect(new KeychainSecretStore({ keytar }).get(account)).rejects.toSatisfy((e) => isNotariumError(e, 'KEYCHAIN_UNAVAILABLE'));
  });
});
