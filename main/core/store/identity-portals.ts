import type { LibraryConnection } from './connection.ts';

/**
 * What the library has learnt of identity portals, by the identity service a profile signs in
 * with (its auth URL and env id): a portal that refused `codeVerifier` as a field it does not know
 * (PKCE is not documented) is sent none from then on. Kept in the settings table, so every process
 * on this library knows it, and a profile renamed or another one on the same portal too.
 */
export class IdentityPortals {
  constructor(private readonly db: LibraryConnection) {}

  async refusesCodeVerifier(identityService: string): Promise<boolean> {
    return (await this.db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(keyOf(identityService))) !== undefined;
  }

  async rememberRefusesCodeVerifier(identityService: string): Promise<void> {
    await this.db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES (?, 'refused')").run(keyOf(identityService));
  }
}

function keyOf(identityService: string): string {
  return `identity-portal-refuses-code-verifier:${identityService}`;
}
