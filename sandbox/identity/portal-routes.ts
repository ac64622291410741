import * as z from 'zod';
import type { Route } from '../http/router.ts';
import type { AccessTokens } from './access-tokens.ts';
import { callerClaims } from './caller-claims.ts';
import { parseBody } from './identity-problems.ts';
import type { SigningKeys } from './signing-keys.ts';
import type { TokenIssuer } from './token-issuer.ts';

/** Identity endpoints 12-15 under /products/web/{envId}/portalbackend/api/api/v1/auth. */

export interface PortalDependencies {
  envId: string;
  apiKey: string;
  keys: SigningKeys;
  accessTokens: AccessTokens;
  issuer: TokenIssuer;
  /**
   * Only the fields record-service.md documents are taken; any other (codeVerifier among them: PKCE
   * is not documented) is refused with a 400 naming it, and the code is not spent.
   */
  documentedFieldsOnly: boolean;
}

const codeExchangeSchema = z.object({
  authorizationCode: z.string().min(1).max(512),
  usedRedirectUri: z.string().min(1).max(2048),
  codeVerifier: z.string().min(1).max(512).optional(),
});
const documentedCodeExchangeSchema = codeExchangeSchema.omit({ codeVerifier: true }).strict();
const refreshSchema = z.object({ refreshToken: z.string().min(1).max(512) });

/** Token answers must not be cached anywhere (RFC 6749 §5.1). */
const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export function portalBasePath(envId: string): string {
  return `/products/web/${encodeURIComponent(envId)}/portalbackend/api/api/v1/auth`;
}

export function portalRoutes(deps: PortalDependencies): Route[] {
  // The env id is part of the literal path, so another env id finds no route (404).
  const base = portalBasePath(deps.envId);
  return [
    {
      method: 'GET',
      path: `${base}/granted-claims`,
      public: true, // authenticates by itself: API key or Bearer token
      handler: async (ctx) => ({ status: 200, json: { grantedClaims: await callerClaims(ctx.req, deps.apiKey, deps.accessTokens) }, headers: NO_STORE }),
    },
    {
      method: 'POST',
      path: `${base}/sign-in/code-exchange`,
      public: true,
      handler: async (ctx) => {
        const raw = await ctx.body();
        // A portal without PKCE ignores the challenge sent to the authorization page.
        const body = deps.documentedFieldsOnly
          ? { ...parseBody(documentedCodeExchangeSchema, raw), codeVerifier: undefined }
          : parseBody(codeExchangeSchema, raw);
        const tokens = await deps.issuer.exchangeCode(body.authorizationCode, {
          redirectUri: body.usedRedirectUri,
          codeVerifier: body.codeVerifier,
          pkce: !deps.documentedFieldsOnly,
        });
        return { status: 201, json: tokens, headers: NO_STORE };
      },
    },
    {
      method: 'POST',
      path: `${base}/sign-in/refresh-token`,
      public: true,
      handler: async (ctx) => {
        const { refreshToken } = parseBody(deps.documentedFieldsOnly ? refreshSchema.strict() : refreshSchema, await ctx.body());
        return { status: 201, json: await deps.issuer.refresh(refreshToken), headers: NO_STORE };
      },
    },
    {
      method: 'GET',
      path: `${base}/.well-known/jwks.json`,
      public: true,
      // no-cache: after a rotation in tests, the new key must be visible at once.
      handler: () => ({ status: 200, json: deps.keys.jwks(), headers: { 'Cache-Control': 'no-cache' } }),
    },
  ];
}
