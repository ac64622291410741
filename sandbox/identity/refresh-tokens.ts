import type { SandboxDatabase } from '../store/database.ts';
import type { Grant } from './authorization-codes.ts';
import { invalidGrant } from './identity-problems.ts';
import { hashSecret, newSecret } from './secrets.ts';

/**
 * Refresh tokens: opaque, stored hashed, valid for refreshTokenTtl, revocable one code's worth at
 * a time (code replay) or all at once (the admin route). They are not rotated: endpoint 14 answers
 * with an access token only.
 */

/** Expired tokens linger a while so a late caller hears "expired" rather than "not known". */
const KEEP_EXPIRED_MS = 7 * 24 * 3600 * 1000;

interface TokenRow {
  user_name: string;
  client_id: string;
  expires_at: number;
  revoked_at: number | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS identity_refresh_tokens (
  token_hash  TEXT PRIMARY KEY,      -- SHA-256 of the token
  code_hash   TEXT,                  -- the authorization code it was issued for
  user_name   TEXT NOT NULL,
  client_id   TEXT NOT NULL,
  expires_at  INTEGER NOT NULL,
  revoked_at  INTEGER
);
CREATE INDEX IF NOT EXISTS identity_refresh_tokens_code ON identity_refresh_tokens (code_hash);
`;

export class RefreshTokens {
  constructor(
    private readonly db: SandboxDatabase,
    private readonly now: () => number,
    private readonly ttlMs: number,
  ) {
    db.exec(SCHEMA);
  }

  issue(grant: Grant, codeHash: string): string {
    const token = newSecret();
    const now = this.now();
    this.db.prepare('DELETE FROM identity_refresh_tokens WHERE expires_at < ?').run(now - KEEP_EXPIRED_MS);
    this.db
      .prepare('INSERT INTO identity_refresh_tokens (token_hash, code_hash, user_name, client_id, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(hashSecret(token), codeHash, grant.userName, grant.clientId, now + this.ttlMs);
    return token;
  }

  /** The grant behind a live token. */
  redeem(token: string): Grant {
    const row = this.db
      .prepare<[string], TokenRow>('SELECT user_name, client_id, expires_at, revoked_at FROM identity_refresh_tokens WHERE token_hash = ?')
      .get(hashSecret(token));
    if (!row) throw invalidGrant('The refresh token is not known to this service. Sign in again.');
    if (row.revoked_at !== null) throw invalidGrant('The refresh token has been revoked. Sign in again.');
    if (this.now() >= row.expires_at) throw invalidGrant('The refresh token has expired. Sign in again.');
    return { userName: row.user_name, clientId: row.client_id };
  }

  revokeForCode(codeHash: string): number {
    return this.db.prepare('UPDATE identity_refresh_tokens SET revoked_at = ? WHERE code_hash = ? AND revoked_at IS NULL').run(this.now(), codeHash).changes;
  }

  revokeAll(): number {
    return this.db.prepare('UPDATE identity_refresh_tokens SET revoked_at = ? WHERE revoked_at IS NULL').run(this.now()).changes;
  }
}
