import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Grant } from './authorization-codes.ts';
import { claimsForGroups, groupsForUser } from './granted-claims.ts';
import { SIGNING_ALG, type SigningKeys } from './signing-keys.ts';
import type { Users } from './users.ts';

/**
 * Access tokens: RS256 JWTs in the RFC 9068 profile (typ "at+jwt"), shaped like the portal's
 * Cognito tokens. Claims: iss, sub, aud (= client_id), client_id, iat, exp (= iat + ttl), jti,
 * name, cognito:groups, scope (the granted claims, space-separated), token_use "access".
 */

export const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface IssuedAccessToken {
  accessToken: string;
  expiresIn: number;
}

export interface AccessTokenSettings {
  issuer: () => string;
  ttlSeconds: number;
  now: () => number;
}

export class AccessTokens {
  constructor(
    private readonly keys: SigningKeys,
    private readonly users: Users,
    private readonly settings: AccessTokenSettings,
  ) {}

  async issue(grant: Grant): Promise<IssuedAccessToken> {
    const { kid, privateKey } = await this.keys.signingKey();
    const iat = Math.floor(this.settings.now() / 1000);
    const groups = groupsForUser(grant.userName);
    const accessToken = await new SignJWT({
      client_id: grant.clientId,
      name: grant.userName,
      'cognito:groups': groups,
      scope: claimsForGroups(groups).join(' '),
      token_use: 'access',
    })
      .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: ACCESS_TOKEN_TYPE })
      .setIssuer(this.settings.issuer())
      .setSubject(this.users.subjectFor(grant.userName))
      .setAudience(grant.clientId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.settings.ttlSeconds)
      .setJti(randomUUID())
      .sign(privateKey);
    return { accessToken, expiresIn: this.settings.ttlSeconds };
  }

  /** The payload of a token this service signed with a published key and that has not expired. */
  async verify(token: string): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.keys.verificationKeys(), {
      issuer: this.settings.issuer(),
      algorithms: [SIGNING_ALG],
      typ: ACCESS_TOKEN_TYPE,
      currentDate: new Date(this.settings.now()),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  }
}

export function isExpiredTokenError(err: unknown): boolean {
  return err instanceof errors.JWTExpired;
}
