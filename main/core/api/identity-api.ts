import { ServiceError } from '../errors/notarium-error.ts';
import { HttpClient, joinUrl, type CallOptions, type HttpRequest, type HttpResponse, type TransportOptions } from './http-client.ts';
import { segment } from './request-url.ts';
import { codeExchangeSchema, grantedClaimsSchema, parseJson, refreshSchema } from './responses.ts';

/**
 * The identity portal (record-service.md endpoints 12-15) under
 * {authUrl}/products/web/{envId}/portalbackend/api/api/v1/auth. Keys, codes and tokens travel in
 * headers or JSON bodies only, and are removed from any service text kept in an error.
 */

export interface IdentityApiOptions extends TransportOptions {
  authUrl: string;
  envId: string;
}

export type ClaimsCredential = { apiKey: string } | { accessToken: string };

export interface CodeExchange {
  authorizationCode: string;
  /** The redirect URI used when the code was obtained. */
  usedRedirectUri: string;
  /** PKCE verifier; sent when the authorize request carried a challenge. */
  codeVerifier?: string;
}

export interface IssuedTokens {
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  refreshToken: string;
}

export interface RefreshedTokens {
  accessToken: string;
  expiresIn: number;
  /** Only if the portal rotates refresh tokens (the documented one does not). */
  refreshToken: string | null;
}

export class IdentityApi {
  private readonly http: HttpClient;
  private readonly base: string;

  constructor(options: IdentityApiOptions) {
    this.base = joinUrl(options.authUrl, `/products/web/${segment(options.envId)}/portalbackend/api/api/v1/auth`);
    this.http = new HttpClient(options);
  }

  async grantedClaims(credential: ClaimsCredential, options?: CallOptions): Promise<string[]> {
    const [headers, secret] =
      'apiKey' in credential
        ? [{ 'X-API-KEY': credential.apiKey }, credential.apiKey]
        : [{ authorization: `Bearer ${credential.accessToken}` }, credential.accessToken];
    const res = await this.call({ method: 'GET', url: `${this.base}/granted-claims`, kind: 'read', headers, redact: [secret] }, options);
    return parseJson(res, grantedClaimsSchema, 'granted claims').grantedClaims;
  }

  /** 201 with tokens. A code is single-use, so this counts as a write: never re-sent after a lost answer. */
  async exchangeCode(exchange: CodeExchange, options?: CallOptions): Promise<IssuedTokens> {
    const body: Record<string, string> = { authorizationCode: exchange.authorizationCode, usedRedirectUri: exchange.usedRedirectUri };
    if (exchange.codeVerifier !== undefined) body.codeVerifier = exchange.codeVerifier;
    const res = await this.postJson('/sign-in/code-exchange', body, 'write', [exchange.authorizationCode, exchange.codeVerifier ?? ''], options);
    return parseJson(res, codeExchangeSchema, 'code exchange');
  }

  /** 201 with a new access token. Repeating it is harmless (refresh tokens are not rotated), so it is retried like a read. */
  async refreshToken(refreshToken: string, options?: CallOptions): Promise<RefreshedTokens> {
    const res = await this.postJson('/sign-in/refresh-token', { refreshToken }, 'read', [refreshToken], options);
    return parseJson(res, refreshSchema, 'token refresh');
  }

  /** Where the public signing keys are (for a JWT verifier such as jose's createRemoteJWKSet). */
  jwksUrl(): string {
    return `${this.base}/.well-known/jwks.json`;
  }

  private postJson(path: string, body: object, kind: HttpRequest['kind'], redact: string[], options: CallOptions | undefined): Promise<HttpResponse> {
    return this.call(
      { method: 'POST', url: this.base + path, kind, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), redact },
      options,
    );
  }

  private call(req: Omit<HttpRequest, 'signal'>, options: CallOptions | undefined): Promise<HttpResponse> {
    return this.http.request({ ...req, signal: options?.signal });
  }
}

/**
 * The portal refused the code exchange because of `codeVerifier` itself: a 400 naming it as a field
 * it does not take (record-service.md documents only authorizationCode and usedRedirectUri). The
 * code is not spent by a refused request, so it can be exchanged again without the field.
 */
export function refusedCodeVerifier(err: unknown): boolean {
  if (!(err instanceof ServiceError) || err.status !== 400) return false;
  const said = `${err.title ?? ''} ${err.detail ?? ''}`;
  return /codeVerifier/.test(said) && /unrecogni[sz]ed|unknown|not allowed|not permitted|additional|unexpected/i.test(said);
}
