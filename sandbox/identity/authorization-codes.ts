import type { SandboxDatabase } from '../store/database.ts';
import { invalidGrant } from './identity-problems.ts';
import { verifierMatches } from './pkce.ts';
import { hashSecret, newSecret } from './secrets.ts';

/**
 * Authorization codes (RFC 6749 §4.1.2): single-use, valid for 5 minutes, bound to the client,
 * the exact redirect URI and, when one was sent, the PKCE challenge. Only their hashes are stored.
 */

export const CODE_TTL_MS = 5 * 60 * 1000;

/** Who signed in, for which client: what a code and the tokens issued from it carry. */
export interface Grant {
  userName: string;
  clientId: string;
}

export interface CodeRequest extends Grant {
  redirectUri: string;
  codeChallenge: string | undefined;
}

/** What the code exchange presents along with the code. */
export interface CodeCheck {
  redirectUri: string;
  codeVerifier: string | undefined;
  /** False on a portal that does not do PKCE: the challenge is ignored (default true). */
  pkce?: boolean;
}

interface CodeRow {
  code_hash: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string | null;
  user_name: string;
  expires_at: number;
  used_at: number | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS identity_codes (
  code_hash       TEXT PRIMARY KEY,    -- SHA-256 of the code
  client_id       TEXT NOT NULL,
  redirect_uri    TEXT NOT NULL,       -- exactly as sent to the authorization page
  code_challenge  TEXT,                -- S256 challenge, when the client sent one
  user_name       TEXT NOT NULL,
  expires_at      INTEGER NOT NULL,
  used_at         INTEGER              -- kept after use, so a replay can be recognised
);
`;

export class AuthorizationCodes {
  constructor(
    private readonly db: SandboxDatabase,
    private readonly now: () => number,
    /** How long refresh tokens live: a used code is kept that long, while its tokens may still be revoked. */
    private readonly keepUsedMs: number,
  ) {
    db.exec(SCHEMA);
  }

  issue(request: CodeRequest): string {
    const code = newSecret();
    const now = this.now();
    this.db.prepare('DELETE FROM identity_codes WHERE expires_at < ?').run(now - this.keepUsedMs);
    this.db
      .prepare('INSERT INTO identity_codes (code_hash, client_id, redirect_uri, code_challenge, user_name, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(hashSecret(code), request.clientId, request.redirectUri, request.codeChallenge ?? null, request.userName, now + CODE_TTL_MS);
    return code;
  }

  /**
   * Checks a code and marks it used. A replay is reported through onReplay (which revokes what the
   * first exchange issued) before it is refused. A redirect or PKCE mismatch leaves the code usable:
   * the rightful client may still present it correctly.
   */
  redeem(code: string, check: CodeCheck, onReplay: (codeHash: string) => void): Grant & { codeHash: string } {
    const codeHash = hashSecret(code);
    const row = this.db.prepare<[string], CodeRow>('SELECT * FROM identity_codes WHERE code_hash = ?').get(codeHash);
    if (!row) throw invalidGrant('The authorization code is not known to this service.');
    if (row.used_at !== null) {
      onReplay(codeHash);
      throw invalidGrant('The authorization code has already been used; the tokens issued from it are revoked. Sign in again.');
    }
    if (this.now() >= row.expires_at) throw invalidGrant('The authorization code has expired (codes are valid for 5 minutes). Sign in again.');
    if (row.redirect_uri !== check.redirectUri) {
      throw invalidGrant('usedRedirectUri does not match the redirect URI sent to the authorization page.');
    }
    if (check.pkce !== false) checkPkce(row.code_challenge, check.codeVerifier);
    this.db.prepare('UPDATE identity_codes SET used_at = ? WHERE code_hash = ?').run(this.now(), codeHash);
    return { codeHash, userName: row.user_name, clientId: row.client_id };
  }
}

function checkPkce(challenge: string | null, verifier: string | undefined): void {
  if (challenge === null) {
    // A verifier without a challenge would let an attacker strip PKCE from the request (RFC 9700 §2.1.1).
    if (verifier !== undefined) throw invalidGrant('codeVerifier was sent, but the authorization request carried no code_challenge.');
    return;
  }
  if (verifier === undefined) throw invalidGrant('codeVerifier is required: the authorization request carried a code_challenge.');
  if (!verifierMatches(verifier, challenge)) throw invalidGrant('codeVerifier does not match the code_challenge sent to the authorization page.');
}
