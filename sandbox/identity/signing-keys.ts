import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JWK, type JWTVerifyGetKey } from 'jose';
import type { SandboxDatabase } from '../store/database.ts';

/**
 * The RS256 keys that sign access tokens, kept in the database so tokens outlive a restart.
 * The newest key signs; every key still in the table is published in the JWKS, so tokens signed
 * before a rotation keep verifying until the old keys are retired.
 */

export const SIGNING_ALG = 'RS256';

export interface ActiveKey {
  kid: string;
  privateKey: CryptoKey | Uint8Array;
}

interface KeyRow {
  kid: string;
  private_jwk: string;
  public_jwk: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS identity_signing_keys (
  seq          INTEGER PRIMARY KEY AUTOINCREMENT,   -- newest signs
  kid          TEXT NOT NULL UNIQUE,                -- RFC 7638 thumbprint of the public key
  private_jwk  TEXT NOT NULL,
  public_jwk   TEXT NOT NULL,                       -- with kid, alg and use, as published
  created_at   INTEGER NOT NULL
);
`;

export class SigningKeys {
  private active: ActiveKey | undefined;
  private keySet: JWTVerifyGetKey | undefined;

  private constructor(
    private readonly db: SandboxDatabase,
    private readonly now: () => number,
  ) {}

  /** Opens the key table, creating the first key pair on a fresh database. */
  static async open(db: SandboxDatabase, now: () => number): Promise<SigningKeys> {
    db.exec(SCHEMA);
    const keys = new SigningKeys(db, now);
    if (keys.rows().length === 0) await keys.rotate(false);
    return keys;
  }

  /** Makes a new signing key; with retirePrevious, older keys leave the JWKS at once. */
  async rotate(retirePrevious: boolean): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const privateJwk = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(publicJwk, 'sha256');
    const published: JWK = { ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' };
    this.db.transaction(() => {
      if (retirePrevious) this.db.prepare('DELETE FROM identity_signing_keys').run();
      this.db
        .prepare('INSERT INTO identity_signing_keys (kid, private_jwk, public_jwk, created_at) VALUES (?, ?, ?, ?)')
        .run(kid, JSON.stringify(privateJwk), JSON.stringify(published), this.now());
    })();
    this.active = undefined;
    this.keySet = undefined;
    return kid;
  }

  /** The key that signs new tokens. */
  async signingKey(): Promise<ActiveKey> {
    if (!this.active) {
      const newest = this.rows().at(-1)!;
      this.active = { kid: newest.kid, privateKey: await importJWK(JSON.parse(newest.private_jwk) as JWK, SIGNING_ALG) };
    }
    return this.active;
  }

  /** The public keys, as endpoint 15 publishes them. */
  jwks(): { keys: JWK[] } {
    return { keys: this.rows().map((row) => JSON.parse(row.public_jwk) as JWK) };
  }

  /** A key resolver over the published keys only: a retired key no longer verifies anything. */
  verificationKeys(): JWTVerifyGetKey {
    this.keySet ??= createLocalJWKSet(this.jwks());
    return this.keySet;
  }

  private rows(): KeyRow[] {
    return this.db.prepare<[], KeyRow>('SELECT kid, private_jwk, public_jwk FROM identity_signing_keys ORDER BY seq').all();
  }
}
