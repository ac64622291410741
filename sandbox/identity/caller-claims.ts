import type { IncomingMessage } from 'node:http';
import { isExpiredTokenError, type AccessTokens } from './access-tokens.ts';
import { API_KEY_CLAIMS, claimsForGroups } from './granted-claims.ts';
import { unauthorized } from './identity-problems.ts';
import { sameSecret } from './secrets.ts';

/**
 * Who is calling endpoint 12, and what they may do: the API key in X-API-KEY, or else an access
 * token in Authorization: Bearer. A credential that is present but wrong is refused rather than
 * skipped, so a client learns that its key or token is bad.
 */
export async function callerClaims(req: IncomingMessage, apiKey: string, accessTokens: AccessTokens): Promise<string[]> {
  const key = req.headers['x-api-key'];
  if (key !== undefined) {
    if (typeof key !== 'string' || !sameSecret(key, apiKey)) throw unauthorized('The X-API-KEY header does not hold a valid API key.');
    return [...API_KEY_CLAIMS];
  }
  const authorization = req.headers.authorization;
  if (authorization === undefined) {
    throw unauthorized('Credentials are required: send the API key in X-API-KEY, or an access token as Authorization: Bearer <token>.');
  }
  const token = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(authorization)?.[1];
  if (!token) throw unauthorized('The Authorization header must have the form "Bearer <access token>".', true);
  return claimsForGroups(groupsOf(await verifiedPayload(token, accessTokens)));
}

async function verifiedPayload(token: string, accessTokens: AccessTokens): Promise<Record<string, unknown>> {
  try {
    return await accessTokens.verify(token);
  } catch (err) {
    if (isExpiredTokenError(err)) throw unauthorized('The access token has expired; get a new one with the refresh token.', true);
    throw unauthorized('The access token is not valid: it was not signed by this service with a published key, or it is malformed.', true);
  }
}

function groupsOf(payload: Record<string, unknown>): string[] {
  const groups = payload['cognito:groups'];
  return Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [];
}
