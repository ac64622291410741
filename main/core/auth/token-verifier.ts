import type * as Jose from 'jose';
import type { FetchLike } from '../api/http-client.ts';
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

/**
 * jose's remote key set fetches the JWKS again by itself when a token names a key it does not hold
 * (a rotation), once its cooldown after the last fetch has passed. A token is verified only as it
 * comes from the portal's own token endpoint, so one that names an unknown key within the cooldown
 * (a key rotated just now) asks jose to reload the set, once for that token.
 */
const JWKS_COOLDOWN_MS = 30_000;

type RemoteKeys = ReturnType<typeof Jose.createRemoteJWKSet>;

export class AccessTokenVerifier {
  private jwks: RemoteKeys | undefined;

  constructor(
    private readonly expected: TokenExpectations,
    private readonly now: () => number = Date.now,
    private readonly fetchTimeoutMs = 10_000,
    /** The engine's fetch (the app's is Electron's network stack); jose's own, Node's, otherwise. */
    private readonly fetch?: FetchLike,
  ) {}

  async verify(token: string): Promise<Identity> {
    // Loaded at the first sign-in: the commands and starts that sign in to nothing do not load it.
    const jose = await import('jose');
    const jwks = (this.jwks ??= jose.createRemoteJWKSet(new URL(this.expected.jwksUrl), {
      timeoutDuration: this.fetchTimeoutMs,
      cooldownDuration: JWKS_COOLDOWN_MS,
      ...(this.fetch ? { [jose.customFetch]: this.fetch } : {}),
    }));
    // Outside the cooldown jose fetches the set by itself for an unknown key: no second fetch then.
    const fetchesItself = !jwks.coolingDown;
    try {
      return await this.verifyWith(jose, jwks, token);
    } catch (err) {
      if (!(err instanceof jose.errors.JWKSNoMatchingKey) || fetchesItself) throw refused(jose.errors, err);
    }
    try {
      await jwks.reload();
      return await this.verifyWith(jose, jwks, token);
    } catch (err) {
      throw refused(jose.errors, err);
    }
  }

  private async verifyWith(jose: typeof Jose, jwks: RemoteKeys, token: string): Promise<Identity> {
    const { payload } = await jose.jwtVerify(token, jwks, {
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

function identityOf(p: Jose.JWTPayload): Identity {
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

/**
 * Why a token was refused, by jose's error code: never the token itself. A key set that could not
 * be fetched says nothing about the token: that is the connection's failure, named as such.
 */
function refused(errors: typeof Jose.errors, err: unknown): Error {
  if (err instanceof NotariumError) return err;
  const keysUnreadable = "The identity portal's published keys";
  if (err instanceof errors.JWKSTimeout)
    return new NotariumError('TIMEOUT', `${keysUnreadable} could not be fetched in time, so the sign-in could not be checked: try again.`);
  if (err instanceof errors.JWKSInvalid || (err instanceof errors.JOSEError && err.code === 'ERR_JOSE_GENERIC')) {
    return new NotariumError('BAD_RESPONSE', `${keysUnreadable} could not be read (the portal answered with something else): try again later.`, { cause: err });
  }
  // fetch's own failures (refused, unreachable, TLS) are TypeErrors; anything else is a fault of ours.
  if (err instanceof TypeError) {
    return new NotariumError(
      'NETWORK',
      `${keysUnreadable} could not be fetched, so the sign-in could not be checked: check the network connection and the profile's auth URL.`,
      { cause: err },
    );
  }
  if (!(err instanceof errors.JOSEError)) return err instanceof Error ? err : new Error(String(err));
  const code = err.code;
  const reasons: Record<string, string> = {
    ERR_JWT_EXPIRED: 'it has expired',
    ERR_JWT_CLAIM_VALIDATION_FAILED: 'its issuer, audience or times are not the expected ones',
    ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'its signature does not verify',
    ERR_JWKS_NO_MATCHING_KEY: 'no published key matches it',
    ERR_JOSE_ALG_NOT_ALLOWED: 'it uses an algorithm other than RS256',
    ERR_JWS_INVALID: 'it is not a signed token',
    ERR_JWT_INVALID: 'it is not a valid token',
  };
  return new NotariumError(
    'TOKEN_INVALID',
    `The identity portal returned an access token that was refused: ${reasons[code] ?? `it does not verify (${code})`}.`,
    { cause: code },
  );
}
