import { describe, expect, it } from 'vitest';
import { apiKeyAccount, describeAccount, KEYCHAIN_SERVICE, profileAccount, refreshTokenAccount } from '../../../../main/core/secrets/accounts.ts';

describe('keychain accounts', () => {
  it('one account per profile and kind, under the notarium service', () => {
    expect(KEYCHAIN_SERVICE).toBe('notarium');
    expect(apiKeyAccount('work')).toBe('profile:work:api-key');
    expect(refreshTokenAccount('work')).toBe('profile:work:refresh-token');
    expect(profileAccount('sandbox', 'api-key')).toBe('profile:sandbox:api-key');
  });

  it('different profiles and kinds never share an account, even with colons in names', () => {
    const names = ['a', 'b', 'a:b', 'a:api-key', 'Ünïcødé 名前'];
    const accounts = names.flatMap((n) => [apiKeyAccount(n), refreshTokenAccount(n)]);
    expect(new Set(accounts).size).toBe(accounts.length);
  });

  it('an empty profile name is a programming error', () => {
    expect(() => apiKeyAccount('')).toThrow(TypeError);
    expect(() => refreshTokenAccount('  ')).toThrow(TypeError);
  });

  it('describes accounts in words for error sentences', () => {
    expect(describeAccount(apiKeyAccount('work'))).toBe('the API key of profile "work"');
    expect(describeAccount(refreshTokenAccount('a:b'))).toBe('the sign-in token of profile "a:b"');
    expect(describeAccount('other')).toBe('the secret "other"');
  });
});
