import { describe, expect, it } from 'vitest';
import { isNotariumError, NotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { apiKeyAccount, refreshTokenAccount } from '../../../../main/core/secrets/accounts.ts';
import { hasUsableApiKey, resolveApiKey, setApiKey } from '../../../../main/core/secrets/api-key.ts';
import type { SecretStore } from '../../../../main/core/secrets/secret-store.ts';
import { Library } from '../../../../main/core/store/library.ts';
import { MemorySecretStore } from '../../../support/memory-secret-store.ts';

const URL_A = 'https://records.example.com';
const URL_B = 'https://elsewhere.example.net';

/** A library with service profiles 'work' and 'home' whose keys were entered for their URLs. */
async function setUp(store: SecretStore = new MemorySecretStore()) {
  const library = Library.open(':memory:');
  await library.profiles.save({ name: 'work', baseUrl: URL_A });
  await library.profiles.save({ name: 'home', baseUrl: URL_A });
  const profile = async (name = 'work') => library.profiles.require(name);
  return { library, store, profile };
}

describe('resolveApiKey', () => {
  it('NOTARIUM_API_KEY overrides the keychain', async () => {
    const { library, store, profile } = await setUp();
    await setApiKey(library.profiles, store, 'work', 'from-keychain');
    expect(await resolveApiKey(await profile(), URL_A, { store, env: { NOTARIUM_API_KEY: 'from-env' } })).toBe('from-env');
  });

  it('the keychain when the variable is unset, empty or blank', async () => {
    const { library, store, profile } = await setUp();
    await setApiKey(library.profiles, store, 'work', 'from-keychain');
    for (const env of [{}, { NOTARIUM_API_KEY: '' }, { NOTARIUM_API_KEY: '  \n' }]) {
      expect(await resolveApiKey(await profile(), URL_A, { store, env })).toBe('from-keychain');
    }
    // The same place spelled otherwise (host case, trailing slash, default port) is the same place.
    expect(await resolveApiKey(await profile(), 'https://RECORDS.example.com:443/', { store, env: {} })).toBe('from-keychain');
  });

  it('trims a trailing newline from the variable', async () => {
    const { store, profile } = await setUp();
    expect(await resolveApiKey(await profile(), URL_A, { store, env: { NOTARIUM_API_KEY: 'k\n' } })).toBe('k');
  });

  it("reads the profile's own API key, not another profile's or its refresh token", async () => {
    const { library, store, profile } = await setUp();
    await setApiKey(library.profiles, store, 'home', 'home-key');
    await store.set(refreshTokenAccount('work'), 'work-refresh');
    const err = await resolveApiKey(await profile(), URL_A, { store, env: {} }).catch((e: unknown) => e);
    expect(isNotariumError(err, 'NO_API_KEY')).toBe(true);
    expect((err as Error).message).toContain('"work"');
    expect((err as Error).message).toContain('NOTARIUM_API_KEY');
    expect(await resolveApiKey(await profile('home'), URL_A, { store, env: {} })).toBe('home-key');
  });

  it('an empty stored key counts as none', async () => {
    const { store, profile } = await setUp();
    await store.set(apiKeyAccount('work'), '');
    await expect(resolveApiKey(await profile(), URL_A, { store, env: {} })).rejects.toSatisfy((e) => isNotariumError(e, 'NO_API_KEY'));
  });

  it('a keychain failure stays KEYCHAIN_UNAVAILABLE, not NO_API_KEY', async () => {
    const broken: SecretStore = {
      get: () => Promise.reject(new NotariumError('KEYCHAIN_UNAVAILABLE')),
      set: () => Promise.reject(new NotariumError('KEYCHAIN_UNAVAILABLE')),
      delete: () => Promise.reject(new NotariumError('KEYCHAIN_UNAVAILABLE')),
    };
    const { profile } = await setUp();
    await expect(resolveApiKey(await profile(), URL_A, { store: broken, env: {} })).rejects.toSatisfy((e) => isNotariumError(e, 'KEYCHAIN_UNAVAILABLE'));
    // ...and the variable still works without any keychain.
    expect(await resolveApiKey(await profile(), URL_A, { store: broken, env: { NOTARIUM_API_KEY: 'k' } })).toBe('k');
  });

  it('defaults to process.env', async () => {
    const saved = process.env.NOTARIUM_API_KEY;
    process.env.NOTARIUM_API_KEY = 'process-env-key';
    try {
      const { store, profile } = await setUp();
      expect(await resolveApiKey(await profile(), URL_A, { store })).toBe('process-env-key');
    } finally {
      if (saved === undefined) delete process.env.NOTARIUM_API_KEY;
      else process.env.NOTARIUM_API_KEY = saved;
    }
  });
});

describe('a stored key goes only where it was entered', () => {
  it('a profile saved with a new URL has no usable key: the stored one is not sent there, and the sentence says what to do', async () => {
    const { library, store, profile } = await setUp();
    await setApiKey(library.profiles, store, 'work', 'the-key');
    expect(await hasUsableApiKey(await profile(), store)).toBe(true);
    await library.profiles.save({ name: 'work', baseUrl: URL_B });
    expect(await hasUsableApiKey(await profile(), store)).toBe(false);
    const err = await resolveApiKey(await profile(), URL_B, { store, env: {} }).catch((e: unknown) => e);
    expect(isNotariumError(err, 'NO_API_KEY')).toBe(true);
    expect((err as Error).message).toBe(
      `The API key stored for the profile "work" was entered for ${URL_A}, so Notarium does not send it to ${URL_B}: enter the key for ${URL_B} with "notarium key set --profile work" or in the app's settings.`,
    );
    expect((err as Error).message).not.toContain('the-key');
    // Back at the address it was entered for, it is the same key for the same place.
    await library.profiles.save({ name: 'work', baseUrl: URL_A });
    expect(await resolveApiKey(await profile(), URL_A, { store, env: {} })).toBe('the-key');
  });

  it('entering the key again binds it to the new URL', async () => {
    const { library, store, profile } = await setUp();
    await setApiKey(library.profiles, store, 'work', 'old-key');
    await library.profiles.save({ name: 'work', baseUrl: URL_B });
    await setApiKey(library.profiles, store, 'work', 'new-key');
    expect(await resolveApiKey(await profile(), URL_B, { store, env: {} })).toBe('new-key');
    expect((await profile()).apiKeyUrl).toBe(URL_B);
    await expect(resolveApiKey(await profile(), URL_A, { store, env: {} })).rejects.toSatisfy((e) => isNotariumError(e, 'NO_API_KEY'));
  });

  it('an explicit confirmation (keepApiKey) moves the key with the URL; it cannot revive a key left behind earlier', async () => {
    const { library, store, profile } = await setUp();
    await setApiKey(library.profiles, store, 'work', 'the-key');
    await library.profiles.save({ name: 'work', baseUrl: URL_B }, { keepApiKey: true });
    expect(await resolveApiKey(await profile(), URL_B, { store, env: {} })).toBe('the-key');
    // Left behind at B, then moved on to C: keepApiKey applies to a key bound to the URL being left only.
    await library.profiles.save({ name: 'work', baseUrl: 'https://c.example' });
    await library.profiles.save({ name: 'work', baseUrl: 'https://d.example' }, { keepApiKey: true });
    expect(await hasUsableApiKey(await profile(), store)).toBe(false);
  });

  it('NOTARIUM_BASE_URL never receives a stored key: the override needs its own NOTARIUM_API_KEY', async () => {
    const { library, store, profile } = await setUp();
    await setApiKey(library.profiles, store, 'work', 'the-key');
    const err = await resolveApiKey(await profile(), URL_B, { store, env: {} }).catch((e: unknown) => e);
    expect(isNotariumError(err, 'NO_API_KEY')).toBe(true);
    // The sentence is the behaviour here: it says where the key was entered and what to do instead.
    expect((err as Error).message).toBe(
      `The API key stored for the profile "work" was entered for ${URL_A}, and NOTARIUM_BASE_URL sends this profile's requests to ${URL_B}, where Notarium does not send it: give that service's key in NOTARIUM_API_KEY.`,
    );
    expect(await resolveApiKey(await profile(), URL_B, { store, env: { NOTARIUM_API_KEY: 'script-key' } })).toBe('script-key');
  });

  it('a key left in the keychain by a removed profile of the same name is not used by the new one', async () => {
    const { library, store, profile } = await setUp();
    await setApiKey(library.profiles, store, 'work', 'the-key');
    await library.profiles.remove('work');
    await library.profiles.save({ name: 'work', baseUrl: URL_B });
    const err = await resolveApiKey(await profile(), URL_B, { store, env: {} }).catch((e: unknown) => e);
    expect(isNotariumError(err, 'NO_API_KEY')).toBe(true);
    expect((err as Error).message).toMatch(/"work" belongs to an earlier profile of that name, so Notarium does not send it to/);
  });

  it('while the keychain is being changed no key is bound; a failed change leaves the old binding', async () => {
    const { library, store, profile } = await setUp();
    await setApiKey(library.profiles, store, 'work', 'the-key');
    const failing: SecretStore = {
      ...store,
      get: (a) => store.get(a),
      delete: (a) => store.delete(a),
      set: async () => {
        expect((await profile()).apiKeyUrl).toBeNull();
        throw new NotariumError('KEYCHAIN_UNAVAILABLE');
      },
    };
    await expect(setApiKey(library.profiles, failing, 'work', 'other')).rejects.toSatisfy((e) => isNotariumError(e, 'KEYCHAIN_UNAVAILABLE'));
    expect((await profile()).apiKeyUrl).toBe(URL_A);
    expect(await resolveApiKey(await profile(), URL_A, { store, env: {} })).toBe('the-key');
    await expect(setApiKey(library.profiles, store, 'Sandbox', 'x')).rejects.toMatchObject({ code: 'SANDBOX_PROFILE_FIXED' });
  });
});
