import { EventEmitter } from 'node:events';
import type { FetchLike } from '../api/http-client.ts';
import { refusedCodeVerifier, type CodeExchange, type IdentityApi, type IssuedTokens } from '../api/identity-api.ts';
import type { IdentityPortals } from '../store/identity-portals.ts';
import type { Connection } from '../connections.ts';
import { NotariumError, ServiceError } from '../errors/notarium-error.ts';
import { refreshTokenAccount } from '../secrets/accounts.ts';
import { readRefreshToken, storeRefreshToken } from '../secrets/refresh-token.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { LoopbackListener } from './loopback-listener.ts';
import { createPkce, newState } from './pkce.ts';
import { AccessTokenVerifier, type Identity } from './token-verifier.ts';

/**
 * Sign-in to a profile's identity portal the way native apps should (RFC 8252): in the user's own
 * browser, back through a one-shot loopback listener, with `state` and PKCE. The refresh token is
 * kept in the keychain; the access token only in memory, refreshed at about 80 % of its lifetime
 * and once after a 401. A refresh token that expired or was revoked signs the profile out, with a
 * message — never a loop of errors.
 */

export type SignInState = { status: 'signed-out'; message?: string } | { status: 'signed-in'; identity: Identity };

export interface SignInEvents {
  change: [state: SignInState];
}

export interface SignInOptions {
  /** Opens the authorization URL in the system browser (Electron: shell.openExternal of this URL only). */
  open(url: string): void | Promise<void>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface SignInDeps {
  profile: string;
  connection: () => Promise<Connection>;
  secrets: SecretStore;
  /** What the library knows of identity portals (one that refuses codeVerifier); without it, nothing is remembered. */
  portals?: IdentityPortals;
  now?: () => number;
  /** The engine's fetch, for the identity service's keys (see AccessTokenVerifier). */
  fetch?: FetchLike;
}

const REFRESH_AT = 0.8;
const RETRY_AFTER_NETWORK_ERROR_MS = 30_000;

export class SignIn {
  readonly events = new EventEmitter<SignInEvents>();
  private current: SignInState = { status: 'signed-out' };
  private access: { token: string; identity: Identity } | undefined;
  private verifier: AccessTokenVerifier | undefined;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<string> | undefined;
  private listening: LoopbackListener | undefined;
  private readonly now: () => number;

  constructor(private readonly deps: SignInDeps) {
    this.now = deps.now ?? Date.now;
  }

  get state(): SignInState {
    return this.current;
  }

  /** The whole browser flow; resolves with the verified identity. */
  async signIn(options: SignInOptions): Promise<Identity> {
    const { auth, identity: api } = await this.endpoints();
    const listener = await LoopbackListener.start();
    this.listening = listener;
    try {
      const state = newState();
      const pkce = createPkce();
      const url = new URL(auth.authorizeUrl);
      url.search = new URLSearchParams({
        ...Object.fromEntries(url.searchParams),
        response_type: 'code',
        client_id: auth.clientId,
        redirect_uri: listener.redirectUri,
        state,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      }).toString();
      const waiting = listener.waitForCode(state, { timeoutMs: options.timeoutMs, signal: options.signal });
      // Once the browser is back: the code exchanged, the token kept, and only then the browser's page says how it ended.
      const finishing = waiting.then(async ({ code }) => {
        try {
          const tokens = await this.exchange(
            api,
            auth.identityService,
            { authorizationCode: code, usedRedirectUri: listener.redirectUri, codeVerifier: pkce.verifier },
            options.signal,
          );
          const identity = await this.accept(tokens.accessToken);
          await storeRefreshToken(this.deps.secrets, this.deps.profile, { token: tokens.refreshToken, issuedBy: auth.identityService });
          listener.answer(null);
          return identity;
        } catch (err) {
          listener.answer(err);
          throw err;
        }
      });
      finishing.catch(() => {}); // observed below; an opener failure must not leave it unhandled
      await options.open(url.href);
      return await finishing;
    } finally {
      this.listening = undefined;
      await listener.close();
    }
  }

  /**
   * The code exchange, with the PKCE verifier unless this portal is known to refuse it; a portal
   * that refuses it as an unknown field is asked once more without it, and remembered.
   */
  private async exchange(api: IdentityApi, portal: string, exchange: CodeExchange, signal: AbortSignal | undefined): Promise<IssuedTokens> {
    const portals = this.deps.portals;
    const without = { authorizationCode: exchange.authorizationCode, usedRedirectUri: exchange.usedRedirectUri };
    if (await portals?.refusesCodeVerifier(portal)) return api.exchangeCode(without, { signal });
    try {
      return await api.exchangeCode(exchange, { signal });
    } catch (err) {
      if (!refusedCodeVerifier(err)) throw err;
      await portals?.rememberRefusesCodeVerifier(portal);
      return api.exchangeCode(without, { signal });
    }
  }

  /** At start: a refresh token in the keychain becomes a fresh access token, or the profile is signed out. */
  async restore(): Promise<SignInState> {
    if (!(await readRefreshToken(this.deps.secrets, this.deps.profile))) return this.signedOut();
    try {
      await this.refresh();
    } catch (err) {
      if (this.current.status === 'signed-in') return this.current;
      if (!(err instanceof NotariumError && err.code === 'SIGNED_OUT')) throw err;
    }
    return this.current;
  }

  /** A valid access token, refreshed first when it is about to expire. */
  async accessToken(): Promise<string> {
    if (this.access && this.access.identity.expiresAt - this.now() > 30_000) return this.access.token;
    return this.refresh();
  }

  /** The claims granted to the signed-in user (endpoint 12, with the access token); one retry after a 401. */
  async grantedClaims(): Promise<string[]> {
    const { identity: api } = await this.endpoints();
    try {
      return await api.grantedClaims({ accessToken: await this.accessToken() });
    } catch (err) {
      if (!(err instanceof ServiceError && err.status === 401)) throw err;
      return api.grantedClaims({ accessToken: await this.refresh() });
    }
  }

  /** Wipes the keychain entry and the tokens in memory; `message` says why, when it was not asked for. */
  async signOut(message?: string): Promise<void> {
    await this.deps.secrets.delete(refreshTokenAccount(this.deps.profile));
    this.signedOut(message);
  }

  dispose(): void {
    void this.listening?.close(); // a sign-in under way ends (cancelled) with the engine
    clearTimeout(this.timer);
    this.events.removeAllListeners();
  }

  /** One refresh at a time; an expired or revoked refresh token signs out. */
  private refresh(): Promise<string> {
    this.refreshing ??= this.doRefresh().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async doRefresh(): Promise<string> {
    const stored = await readRefreshToken(this.deps.secrets, this.deps.profile);
    if (!stored) {
      this.signedOut();
      throw new NotariumError('SIGNED_OUT');
    }
    const { auth, identity: api } = await this.endpoints();
    if (stored.issuedBy !== auth.identityService) {
      // The profile's identity service changed since (or the token predates the binding): the
      // token is never sent to a service that did not issue it.
      const message = `The sign-in of the profile "${this.deps.profile}" was made with ${stored.issuedBy ?? 'an earlier identity service'}, and the profile now signs in with ${auth.identityService}, so it was signed out: sign in again.`;
      await this.signOut(message);
      throw new NotariumError('SIGNED_OUT', message);
    }
    let tokens;
    try {
      tokens = await api.refreshToken(stored.token);
    } catch (err) {
      // Only the portal saying the grant is bad signs out; a 404 or 403 from a wrong URL or a proxy does not.
      if (err instanceof ServiceError && (err.status === 401 || (err.status === 400 && err.errorCode === 'INVALID_GRANT'))) {
        await this.deps.secrets.delete(refreshTokenAccount(this.deps.profile));
        this.signedOut('Your sign-in has expired or was revoked: sign in again.');
        throw new NotariumError('SIGNED_OUT', 'Your sign-in has expired or was revoked: sign in again.', { cause: err.errorCode });
      }
      // The portal could not be reached: keep the state and try again later.
      this.schedule(RETRY_AFTER_NETWORK_ERROR_MS);
      throw err;
    }
    if (tokens.refreshToken) await storeRefreshToken(this.deps.secrets, this.deps.profile, { token: tokens.refreshToken, issuedBy: auth.identityService });
    try {
      await this.accept(tokens.accessToken);
    } catch (err) {
      // A portal whose tokens do not verify is not retried in a loop: sign out and say why.
      this.signedOut(err instanceof Error ? err.message : String(err));
      throw err;
    }
    return tokens.accessToken;
  }

  private async accept(token: string): Promise<Identity> {
    const identity = await this.tokenVerifier().then((v) => v.verify(token));
    this.access = { token, identity };
    this.current = { status: 'signed-in', identity };
    this.schedule(identity.issuedAt + (identity.expiresAt - identity.issuedAt) * REFRESH_AT - this.now());
    this.events.emit('change', this.current);
    return identity;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh().catch(() => {}), Math.max(1000, ms));
    this.timer.unref();
  }

  private signedOut(message?: string): SignInState {
    clearTimeout(this.timer);
    this.access = undefined;
    this.verifier = undefined; // the next sign-in may be with another identity service
    this.current = message ? { status: 'signed-out', message } : { status: 'signed-out' };
    this.events.emit('change', this.current);
    return this.current;
  }

  private async tokenVerifier(): Promise<AccessTokenVerifier> {
    if (!this.verifier) {
      const { auth, identity } = await this.endpoints();
      this.verifier = new AccessTokenVerifier(
        { jwksUrl: identity.jwksUrl(), issuer: auth.issuer, audience: auth.audience },
        this.now,
        undefined,
        this.deps.fetch,
      );
    }
    return this.verifier;
  }

  private async endpoints() {
    const connection = await this.deps.connection();
    if (!connection.auth || !connection.identity) throw new NotariumError('SIGN_IN_NOT_CONFIGURED');
    return { auth: connection.auth, identity: connection.identity };
  }
}
