import { refreshTokenAccount } from './accounts.ts';
import type { SecretStore } from './secret-store.ts';

/**
 * A profile's refresh token, kept in the keychain with the identity service that issued it, so it
 * is only ever sent back there: a profile saved with another auth URL or env id has a token that
 * belongs elsewhere, and sign-in.ts deletes it instead of sending it (as api-key.ts binds the API
 * key to its URL). One keychain entry holds both, so they never disagree.
 */

export interface StoredRefreshToken {
  token: string;
  /** Who issued it (AuthEndpoints.identityService); null for a token kept before tokens were bound. */
  issuedBy: string | null;
}

export async function readRefreshToken(store: SecretStore, profile: string): Promise<StoredRefreshToken | null> {
  const stored = await store.get(refreshTokenAccount(profile));
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as Partial<StoredRefreshToken> | null;
    if (typeof parsed?.token === 'string' && typeof parsed.issuedBy === 'string') return { token: parsed.token, issuedBy: parsed.issuedBy };
  } catch {
    // The bare token of an earlier version.
  }
  return { token: stored, issuedBy: null };
}

export function storeRefreshToken(store: SecretStore, profile: string, token: StoredRefreshToken & { issuedBy: string }): Promise<void> {
  return store.set(refreshTokenAccount(profile), JSON.stringify({ issuedBy: token.issuedBy, token: token.token }));
}
