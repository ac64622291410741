import type { Route } from '../http/router.ts';
import type { MetaTable, SandboxDatabase } from '../store/database.ts';
import { AccessTokens } from './access-tokens.ts';
import { identityAdminRoutes } from './admin-routes.ts';
import { AuthorizationCodes } from './authorization-codes.ts';
import { authorizeRoutes } from './authorize-routes.ts';
import { portalRoutes } from './portal-routes.ts';
import { RefreshTokens } from './refresh-tokens.ts';
import { SigningKeys } from './signing-keys.ts';
import { TokenIssuer } from './token-issuer.ts';
import { Users } from './users.ts';

/**
 * The identity service: the authorization page, the portal's token endpoints (12-15) and test
 * controls. Its state (keys, users, codes, refresh tokens) lives in the sandbox database.
 */

export interface IdentityOptions {
  db: SandboxDatabase;
  meta: MetaTable;
  envId: string;
  apiKey: string;
  /** The server's origin (http://127.0.0.1:PORT), known once it listens. */
  origin: () => string;
  now: () => number;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Bodies with a field the portal does not document are refused (behaviour.ts, identityFields). */
  documentedFieldsOnly?: boolean;
}

export async function createIdentityService(options: IdentityOptions): Promise<{ routes: Route[] }> {
  const { db, now, envId } = options;
  const keys = await SigningKeys.open(db, now);
  const users = new Users(db, now);
  const refreshTtlMs = options.refreshTokenTtl * 1000;
  const codes = new AuthorizationCodes(db, now, refreshTtlMs);
  const refreshTokens = new RefreshTokens(db, now, refreshTtlMs);
  const accessTokens = new AccessTokens(keys, users, {
    issuer: () => `${options.origin()}/products/web/${envId}`,
    ttlSeconds: options.accessTokenTtl,
    now,
  });
  const issuer = new TokenIssuer(codes, refreshTokens, accessTokens);
  return {
    routes: [
      ...portalRoutes({ envId, apiKey: options.apiKey, keys, accessTokens, issuer, documentedFieldsOnly: options.documentedFieldsOnly ?? false }),
      ...authorizeRoutes(codes),
      ...identityAdminRoutes(keys, refreshTokens),
    ],
  };
}
