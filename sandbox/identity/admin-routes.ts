import * as z from 'zod';
import type { Route } from '../http/router.ts';
import { parseBody } from './identity-problems.ts';
import type { RefreshTokens } from './refresh-tokens.ts';
import type { SigningKeys } from './signing-keys.ts';

/** Test controls under /__sandbox/identity; not public, so the server requires the x-api-key. */

const rotateSchema = z.object({ retirePrevious: z.boolean().default(false) }).strict();

export function identityAdminRoutes(keys: SigningKeys, refreshTokens: RefreshTokens): Route[] {
  return [
    {
      method: 'POST',
      path: '/__sandbox/identity/rotate-key',
      handler: async (ctx) => {
        const { retirePrevious } = parseBody(rotateSchema, await ctx.body(), {});
        const kid = await keys.rotate(retirePrevious);
        return { status: 200, json: { kid, publishedKids: keys.jwks().keys.map((key) => key.kid) } };
      },
    },
    {
      method: 'POST',
      path: '/__sandbox/identity/revoke-refresh-tokens',
      handler: () => ({ status: 200, json: { revoked: refreshTokens.revokeAll() } }),
    },
  ];
}
