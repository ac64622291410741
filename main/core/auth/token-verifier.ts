import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { NotariumError } from '../errors/notarium-error.ts';

/**
 * Access tokens are accepted only when they verify against the identity service's JWKS: RS256
 * only, the profile's issuer and audience, unexpired (with a minute of clock tolerance).
 */

export interface Identity {
  subject: string;
  name?: string;
  email?: string;
  groups: string[];
  /** Milliseconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

export interface TokenExpectations {
  jwksUrl: string;
  issuer: string;
  audience: string;
}

const ALGORITHMS = ['RS256'];
const CLOCK_TOLERANCE_SECONDS = 60;

export class AccessTokenVerifier {
  private jwks;

  constructor(
    private readonly expected: TokenExpectations,
    private readonly now: () => number = Date.now,
  ) {
    this.jwks = this.keySet();
  }

  private keySet() {
    return createRemoteJWKSet(new URL(this.expected.jwksUrl), { timeoutDuration: 10_000 });
  }

  async verify(token: string): Promise<Identity> {
    try {
      return await this.verifyWith(token);
    } catch (err) {
      // A key the cached set does not know may be a rotation: fetch the set again, once.
      if (err instanceof errors.JWKSNoMatchingKey) {
        this.jwks = this.keySet();
        try {
          return await this.verifyWith(token);
        } catch (again) {
          throw refused(again);
        }
      }
      throw refused(err);
    }
  }

  private async verifyWith(token: string): Promise<Identity> {
    const { payload } = await jwtVerify(token, this.jwks, {
      algorithms: ALGORITHMS,
      issuer: this.expected.issuer,
      audience: this.expected.audience,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(this.now()),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return identityOf(payload);
  }
}

function identityOf(p: JWTPayload): Identity {
  const groups = p['cognito:groups'];
  const identity: Identity = {
    subject: p.sub!,
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    issuedAt: p.iat! * 1000,
    expiresAt: p.exp! * 1000,
  };
  if (typeof p.name === 'string') identity.name = p.name;
  if (typeof p.email === 'string') identity.email = p.email;
  return identity;
}

/** Why a token was refused, by jose's error code: never the token itself. */
function refused(err: unknown): NotariumError {
  if (err instanceof NotariumError) return err;
  const code = err instanceof errors.JOSEError ? err.code : 'ERR_UNKNOWN';
  const reasons: Record<string, string> = {
    ERR_JWT_EXPIRED: 'it has expired',
    ERR_JWT_CLAIM_VALIDATION_FAILED: 'its issuer, audience or times are not the expected ones',
    ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'its signature does not verify',
    ERR_JWKS_NO_MATCHING_KEY: 'no published key matches it',
    ERR_JOSE_ALG_NOT_ALLOWED: 'it uses an algorithm other than RS256',
    ERR_JWS_INVALID: 'it is not a signed token',
    ERR_JWT_INVALID: 'it is not a valid token',
    ERR_JWKS_TIMEOUT: 'the published keys could not be fetched in time',
  };
  return new NotariumError('TOKEN_INVALID', `The identity portal returned an access token that was refused: ${reasons[code] ?? `it does not verify (${code})`}.`, { cause: code });
}
