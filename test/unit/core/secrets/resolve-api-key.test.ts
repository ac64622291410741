import { describe, expect, it } from 'vitest';
import { isNotariumError, NotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { apiKeyAccount, refreshTokenAccount } from '../../../../main/core/secrets/accounts.ts';
import { resolveApiKey } from '../../../../main/core/secrets/resolve-api-key.ts';
import type { SecretStore } from '../../../../main/core/secrets/secret-store.ts';
import { MemorySecretStore } from './memory-secret-store.ts';

describe('resolveApiKey', () => {
  it('NOTARIUM_API_KEY overrides the keychain', async () => {
    const store = new MemorySecretStore();
    await store.set(apiKeyAccount('work'), 'from-keychain');
    expect(await resolveApiKey('work', { store, env: { NOTARIUM_API_KEY: 'from-env' } })).toBe('from-env');
  });

  it('the keychain when the variable is unset, empty or blank', async () => {
    const store = new MemorySecretStore();
    await store.set(apiKeyAccount('work'), 'from-keychain');
    for (const env of [{}, { NOTARIUM_API_KEY: '' }, { NOTARIUM_API_KEY: '  \n' }]) {
      expect(await resolveApiKey('work', { store, env })).toBe('from-keychain');
    }
  });

  it('trims a trailing newline from the variable', async () => {
    expect(await resolveApiKey('work', { store: new MemorySecretStore(), env: { NOTARIUM_API_KEY: 'k\n' } })).toBe('k');
  });

  it("reads the profile's own API key, not another profile's or its refresh token", async () => {
    const store = new MemorySecretStore();
    await store.set(apiKeyAccount('home'), 'home-key');
    await store.set(refreshTokenAccount('work'), 'work-refresh');
    const err = await resolveApiKey('work', { store, env: {} }).catch((e: unknown) => e);
    expect(isNotariumError(err, 'NO_API_KEY')).toBe(true);
    expect((err as Error).message).toContain('"work"');
    expect((err as Error).message).toContain('NOTARIUM_API_KEY');
    expect(await resolveApiKey('home', { store, env: {} })).toBe('home-key');
  });

  it('an empty stored key counts as none', async () => {
    const store = new MemorySecretStore();
    await store.set(apiKeyAccount('work'), '');
    await expect(resolveApiKey('work', { store, env: {} })).rejects.toSatisfy((e) => isNotariumError(e, 'NO_API_KEY'));
  });

  it('a keychain failure stays KEYCHAIN_UNAVAILABLE, not NO_API_KEY', async () => {
    const broken: SecretStore = {
      get: () => Promise.reject(new NotariumError('KEYCHAIN_UNAVAILABLE')),
      set: () => Promise.reject(new NotariumError('KEYCHAIN_UNAVAILABLE')),
      delete: () => Promise.reject(new NotariumError('KEYCHAIN_UNAVAILABLE')),
    };
    await expect(resolveApiKey('work', { store: broken, env: {} })).rejects.toSatisfy((e) => isNotariumError(e, 'KEYCHAIN_UNAVAILABLE'));
    // ...and the variable still works without any keychain.
    expect(await resolveApiKey('work', { store: broken, env: { NOTARIUM_API_KEY: 'k' } })).toBe('k');
  });

  it('defaults to process.env', async () => {
    const saved = process.env.NOTARIUM_API_KEY;
    process.env.NOTARIUM_API_KEY = 'process-env-key';
    try {
      expect(await resolveApiKey('work', { store: new MemorySecretStore() })).toBe('process-env-key');
    } finally {
      if (saved === undefined) delete process.env.NOTARIUM_API_KEY;
      else process.env.NOTARIUM_API_KEY = saved;
    }
  });
});
