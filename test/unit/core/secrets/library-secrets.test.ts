import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiKeyAccount, describeAccount, refreshTokenAccount } from '../../../../main/core/secrets/accounts.ts';
import { librarySecrets } from '../../../../main/core/secrets/library-secrets.ts';
import { Library } from '../../../../main/core/store/library.ts';
import { MemorySecretStore } from '../../../support/memory-secret-store.ts';

describe("a library's secrets", () => {
  it('two libraries keep a profile of the same name apart in one keychain', async () => {
    const keychain = new MemorySecretStore();
    const [one, two] = [librarySecrets(keychain, 'one'), librarySecrets(keychain, 'two')];
    await one.set(refreshTokenAccount('Sandbox'), 'token of one');
    await two.set(refreshTokenAccount('Sandbox'), 'token of two');
    expect(await one.get(refreshTokenAccount('Sandbox'))).toBe('token of one');
    expect(await two.get(refreshTokenAccount('Sandbox'))).toBe('token of two');
    expect(await one.delete(refreshTokenAccount('Sandbox'))).toBe(true);
    expect(await one.get(refreshTokenAccount('Sandbox'))).toBeNull();
    expect(await two.get(refreshTokenAccount('Sandbox'))).toBe('token of two');
    expect([...keychain.entries.keys()]).toEqual(['library:two:profile:Sandbox:refresh-token']);
  });

  it('an account kept before secrets were per library is taken over by the first library that reads it, once', async () => {
    const keychain = new MemorySecretStore();
    await keychain.set(apiKeyAccount('work'), 'an earlier key');
    const [one, two] = [librarySecrets(keychain, 'one'), librarySecrets(keychain, 'two')];
    expect(await one.get(apiKeyAccount('work'))).toBe('an earlier key');
    expect(await two.get(apiKeyAccount('work'))).toBeNull();
    expect([...keychain.entries]).toEqual([['library:one:profile:work:api-key', 'an earlier key']]);
  });

  it('delete removes an earlier account too, so a removed key does not come back', async () => {
    const keychain = new MemorySecretStore();
    await keychain.set(apiKeyAccount('work'), 'an earlier key');
    const one = librarySecrets(keychain, 'one');
    expect(await one.delete(apiKeyAccount('work'))).toBe(true);
    expect(await one.get(apiKeyAccount('work'))).toBeNull();
    expect(await one.delete(apiKeyAccount('work'))).toBe(false);
  });

  it("a library's id is made once and kept: each data directory has its own", () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'notarium-lib-')), mkdtempSync(join(tmpdir(), 'notarium-lib-'))];
    try {
      const first = Library.open(dirs[0]!);
      const id = first.id;
      first.close();
      const again = Library.open(dirs[0]!);
      expect(again.id).toBe(id);
      again.close();
      const other = Library.open(dirs[1]!);
      expect(other.id).not.toBe(id);
      other.close();
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });

  it('sentences name the profile, not the library', () => {
    expect(describeAccount(`library:0f1e:${apiKeyAccount('work')}`)).toBe('the API key of profile "work"');
  });
});
