import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoopbackListener } from '../../main/core/auth/loopback-listener.ts';
import { NotariumError } from '../../main/core/errors/notarium-error.ts';
import { SignIn } from '../../main/core/auth/sign-in.ts';
import { AccessTokenVerifier } from '../../main/core/auth/token-verifier.ts';
import { IdentityApi } from '../../main/core/api/identity-api.ts';
import { Connections, type Connection } from '../../main/core/connections.ts';
import { EmbeddedSandbox } from '../../main/core/sandbox-host/embedded-sandbox.ts';
import { refreshTokenAccount } from '../../main/core/secrets/accounts.ts';
import { readRefreshToken } from '../../main/core/secrets/refresh-token.ts';
import { Library } from '../../main/core/store/library.ts';
import type { SandboxOptions } from '../../sandbox/index.ts';
import { useAuthorizePage } from '../support/authorize-page.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { closedPort } from '../support/closed-port.ts';

// Sign-in against the sandbox's identity service over real HTTP; the "browser" is real HTTP too.

const PROFILE = 'Portal';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  while (cleanups.length) await cleanups.pop()!();
});

interface Setup {
  sb: TestSandbox;
  library: Library;
  connections: Connections;
  dispose(): Promise<void>;
  connection: () => Promise<Connection>;
  signIn: SignIn;
  secrets: MemorySecretStore;
  logs: string[];
  setNow(ms: number): void;
}

async function setup(sandbox: SandboxOptions = {}, clock?: { now: () => number }): Promise<Setup> {
  const sb = await startTestSandbox(sandbox);
  const library = Library.open(':memory:');
  await library.profiles.save({
    name: PROFILE,
    baseUrl: sb.baseUrl,
    authUrl: sb.authUrl,
    envId: sb.envId,
    authorizeUrl: `${sb.authUrl}/oauth2/authorize`,
    clientId: 'notarium-desktop',
  });
  const logs: string[] = [];
  const secrets = new MemorySecretStore();
  const connections = new Connections({
    profiles: library.profiles,
    sandbox: new EmbeddedSandbox('/nonexistent'),
    secrets,
    env: {},
    transport: { log: (l) => logs.push(l) },
  });
  let now: number | undefined;
  const signIn = new SignIn({
    profile: PROFILE,
    connection: () => connections.forProfile(PROFILE),
    secrets,
    portals: library.identityPortals,
    now: clock?.now ?? (() => now ?? Date.now()),
  });
  const dispose = async () => {
    signIn.dispose();
    library.close();
    await sb.stop();
  };
  return { sb, library, connections, signIn, secrets, logs, setNow: (ms) => (now = ms), dispose, connection: () => connections.forProfile(PROFILE) };
}

/** A setup torn down after the test. */
async function setupForTest(sandbox: SandboxOptions = {}, clock?: { now: () => number }): Promise<Setup> {
  const s = await setup(sandbox, clock);
  cleanups.push(() => s.dispose());
  return s;
}

/** An opener that signs in through the page, as the user would in the browser. */
const through =
  (action: 'sign-in' | 'cancel' = 'sign-in', seen: { url?: string; callbackPage?: string | null } = {}) =>
  async (url: string) => {
    seen.url = url;
    const visit = await useAuthorizePage(url, { action, userName: 'ada' });
    seen.callbackPage = visit.callbackPage;
  };

describe('the loopback listener', () => {
  it('binds 127.0.0.1 only, answers one valid callback, then closes', async () => {
    const listener = await LoopbackListener.start();
    expect(listener.address.address).toBe('127.0.0.1');
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const waiting = listener.waitForCode('s1');
    const foreign = await fetch(`${listener.redirectUri}?code=c&state=other`);
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toMatch(/does not belong to the sign-in/);
    const answering = fetch(`${listener.redirectUri}?code=the-code&state=s1`);
    expect(await waiting).toEqual({ code: 'the-code' });
    // The page waits for the sign-in's outcome: signed in.
    listener.answer(null);
    const ok = await answering;
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await ok.text()).toMatch(/You are signed in to Notarium\. You can close this tab/);
    await expect.poll(() => refused(listener.address.port)).toBe(true);
  });

  it('an error answer from the portal ends the wait with a sentence naming it', async () => {
    const listener = await LoopbackListener.start();
    const failed = listener.waitForCode('s2').catch((err: unknown) => err);
    const res = await fetch(`${listener.redirectUri}?error=invalid_scope&error_description=scope%20unknown&state=s2`);
    expect(await res.text()).toMatch(/reported an error/);
    expect(await failed).toMatchObject({
      code: 'SIGN_IN_FAILED',
      message: 'Sign-in did not complete: the identity portal answered "invalid_scope" (scope unknown).',
    });
  });

  it("speaks the browser's language (Accept-Language), English when it asks for none Notarium speaks", async () => {
    for (const [accept, lang, refusedWords, doneWords] of [
      ['fr-CH, fr;q=0.9, en;q=0.8', 'fr', 'ne correspond pas à la connexion lancée par Notarium', 'Vous êtes connecté à Notarium.'],
      ['it, de;q=0.5', 'de', 'gehört nicht zu der Anmeldung', 'Sie sind bei Notarium angemeldet.'],
      ['it, es;q=0.5', 'en', 'does not belong to the sign-in', 'You are signed in to Notarium.'],
    ] as const) {
      const listener = await LoopbackListener.start();
      const waiting = listener.waitForCode('s3');
      const headers = { 'Accept-Language': accept };
      const foreign = await fetch(`${listener.redirectUri}?code=c&state=other`, { headers });
      expect(foreign.headers.get('content-language')).toBe(lang);
      const refusedPage = await foreign.text();
      expect(refusedPage).toContain(`<html lang="${lang}">`);
      expect(refusedPage).toContain(refusedWords);
      const answering = fetch(`${listener.redirectUri}?code=the-code&state=s3`, { headers });
      await waiting;
      listener.answer(null);
      expect(await (await answering).text()).toContain(doneWords);
    }
  });

  it("says why the sign-in did not finish in the browser's language, the error's own words translated", async () => {
    const listener = await LoopbackListener.start();
    const waiting = listener.waitForCode('s4');
    const answering = fetch(`${listener.redirectUri}?code=the-code&state=s4`, { headers: { 'Accept-Language': 'de-DE' } });
    await waiting;
    listener.answer(new NotariumError('KEYCHAIN_UNAVAILABLE'));
    const text = await (await answering).text();
    expect(text).toContain('<h1>Anmeldung fehlgeschlagen</h1>');
    expect(text).toContain('Notarium konnte Ihre Anmeldung nicht abschließen:');
    expect(text).not.toContain(new NotariumError('KEYCHAIN_UNAVAILABLE').message);
  });

  it('refuses a request with another Host (DNS rebinding)', async () => {
    const listener = await LoopbackListener.start();
    cleanups.push(() => listener.close());
    const waiting = listener.waitForCode('s', { timeoutMs: 2000 });
    waiting.catch(() => {});
    const res = await rawGet(listener.address.port, '/callback?code=c&state=s', 'evil.example:80');
    expect(res).toMatch(/^HTTP\/1\.1 400/);
  });

  it('closes after a timeout and after cancel', async () => {
    const timed = await LoopbackListener.start();
    await expect(timed.waitForCode('s', { timeoutMs: 100 })).rejects.toMatchObject({ code: 'SIGN_IN_TIMEOUT' });
    await expect.poll(() => refused(timed.address.port)).toBe(true);
    const cancelled = await LoopbackListener.start();
    const controller = new AbortController();
    const waiting = cancelled.waitForCode('s', { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect.poll(() => refused(cancelled.address.port)).toBe(true);
  });
});

describe('sign-in through the system browser', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(() => s.dispose());

  it('signs in: state and PKCE in the URL, the identity verified, the refresh token in the keychain only', async () => {
    const seen: { url?: string; callbackPage?: string | null } = {};
    const identity = await s.signIn.signIn({ open: through('sign-in', seen) });
    const url = new URL(seen.url!);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(22);
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(seen.callbackPage).toMatch(/You are signed in to Notarium\./);
    expect(identity).toMatchObject({ subject: expect.any(String), name: 'ada', groups: ['notarium-users'] });
    expect(s.signIn.state).toMatchObject({ status: 'signed-in' });
    expect(await s.secrets.get(refreshTokenAccount(PROFILE))).toEqual(expect.any(String));
    expect(await s.signIn.grantedClaims()).toEqual(expect.arrayContaining(['records:read', 'records:write']));
  });

  it('without a keychain: the browser page says the sign-in failed, and why, as the app does', async () => {
    const t = await setupForTest();
    const refused = new NotariumError('KEYCHAIN_UNAVAILABLE', 'The system keychain is not available, so the sign-in cannot be kept.');
    // The keychain's boundary: no Secret Service answers (as on a machine without one).
    t.secrets.set = async () => {
      throw refused;
    };
    const seen: { callbackPage?: string | null } = {};
    await expect(t.signIn.signIn({ open: through('sign-in', seen) })).rejects.toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' });
    expect(seen.callbackPage).toContain('<h1>Sign-in failed</h1>');
    expect(seen.callbackPage).toContain('Notarium could not finish your sign-in: The system keychain is not available');
    expect(seen.callbackPage).not.toMatch(/finishing|signed in to Notarium/);
  });

  it('Cancel in the browser ends with a clear message', async () => {
    await expect(s.signIn.signIn({ open: through('cancel') })).rejects.toMatchObject({
      code: 'SIGN_IN_CANCELLED',
      message: 'Sign-in was cancelled in the browser: sign in again when you are ready.',
    });
  });

  it('a callback with another state is refused, and the real one still completes', async () => {
    const identity = await s.signIn.signIn({
      open: async (url) => {
        const redirect = new URL(url).searchParams.get('redirect_uri')!;
        expect((await fetch(`${redirect}?code=stolen&state=forged`)).status).toBe(400);
        await useAuthorizePage(url);
      },
    });
    expect(identity.subject).toEqual(expect.any(String));
  });

  it('signs out: keychain entry and memory wiped', async () => {
    await s.signIn.signOut();
    expect(s.signIn.state).toEqual({ status: 'signed-out' });
    expect(await s.secrets.get(refreshTokenAccount(PROFILE))).toBeNull();
    await expect(s.signIn.accessToken()).rejects.toMatchObject({ code: 'SIGNED_OUT' });
  });

  it('logs nothing of codes or tokens, and no error carries them', async () => {
    await s.signIn.signIn({ open: through() });
    const refresh = (await readRefreshToken(s.secrets, PROFILE))!.token;
    const access = await s.signIn.accessToken();
    const text = s.logs.join('\n');
    expect(text).toMatch(/code-exchange/);
    for (const secret of [refresh, access, access.split('.')[2]!]) expect(text).not.toContain(secret);
    const api = new IdentityApi({ authUrl: s.sb.authUrl, envId: s.sb.envId });
    const err = await api.refreshToken(refresh + 'x').catch((e: Error) => e);
    expect(String((err as Error).message) + JSON.stringify(err)).not.toContain(refresh);
  });
});

describe('a portal that takes only the fields it documents (the strict sandbox): no codeVerifier', () => {
  const exchanges = (logs: string[]) => logs.filter((l) => l.startsWith('POST ') && l.includes('/sign-in/code-exchange')).map((l) => l.split(' ')[2]);

  it('a code exchange refused for naming codeVerifier is sent once more without it, and the library remembers the portal', async () => {
    const s = await setupForTest({ strict: true });
    expect(await s.signIn.signIn({ open: through() })).toMatchObject({ name: 'ada' });
    // 400 naming the field, then 201 with the same code: a refused request does not spend it.
    expect(exchanges(s.logs)).toEqual(['400', '201']);
    const { auth } = await s.connection();
    expect(await s.library.identityPortals.refusesCodeVerifier(auth!.identityService)).toBe(true);
    s.logs.length = 0;
    await s.signIn.signOut();
    expect(await s.signIn.signIn({ open: through() })).toMatchObject({ name: 'ada' });
    expect(exchanges(s.logs)).toEqual(['201']);
  });

  it('a portal that takes codeVerifier gets it, and is not remembered as refusing it', async () => {
    const s = await setupForTest();
    await s.signIn.signIn({ open: through() });
    expect(exchanges(s.logs)).toEqual(['201']);
    const { auth } = await s.connection();
    expect(await s.library.identityPortals.refusesCodeVerifier(auth!.identityService)).toBe(false);
  });
});

describe('the identity service refuses what it must', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox();
  });
  afterAll(() => sb.stop());

  /** A code issued to a loopback listener, as a browser would deliver it. */
  async function obtainCode(): Promise<{ code: string; redirectUri: string }> {
    const listener = await LoopbackListener.start();
    const waiting = listener.waitForCode('st');
    await useAuthorizePage(
      `${sb.authUrl}/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'notarium-desktop', redirect_uri: listener.redirectUri, state: 'st' })}`,
    );
    return { code: (await waiting).code, redirectUri: listener.redirectUri };
  }

  it('a replayed code', async () => {
    const { code, redirectUri } = await obtainCode();
    const api = new IdentityApi({ authUrl: sb.authUrl, envId: sb.envId });
    await api.exchangeCode({ authorizationCode: code, usedRedirectUri: redirectUri });
    await expect(api.exchangeCode({ authorizationCode: code, usedRedirectUri: redirectUri })).rejects.toMatchObject({ errorCode: 'INVALID_GRANT' });
  });

  it('a different redirect URI', async () => {
    const { code } = await obtainCode();
    const api = new IdentityApi({ authUrl: sb.authUrl, envId: sb.envId });
    await expect(api.exchangeCode({ authorizationCode: code, usedRedirectUri: 'http://127.0.0.1:1/callback' })).rejects.toMatchObject({
      errorCode: 'INVALID_GRANT',
    });
  });

  it('a token signed by another key, even with a published kid', async () => {
    const { keys } = (await (await fetch(`${sb.authUrl}/products/web/${sb.envId}/portalbackend/api/api/v1/auth/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    const { privateKey } = await generateKeyPair('RS256');
    const issuer = `${sb.authUrl}/products/web/${sb.envId}`;
    const forged = await new SignJWT({ 'cognito:groups': ['admins'] })
      .setProtectedHeader({ alg: 'RS256', kid: keys[0]!.kid })
      .setIssuer(issuer)
      .setAudience('notarium-desktop')
      .setSubject('mallory')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const verifier = new AccessTokenVerifier({
      jwksUrl: `${issuer}/portalbackend/api/api/v1/auth/.well-known/jwks.json`,
      issuer,
      audience: 'notarium-desktop',
    });
    await expect(verifier.verify(forged)).rejects.toMatchObject({ code: 'TOKEN_INVALID', message: expect.stringMatching(/signature does not verify/) });
    await expect(verifier.verify('not.a.token')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });
});

describe('the identity service key set', () => {
  it('is fetched again once for a token naming a key it does not hold: a rotation is followed, an unknown key refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // jose's cooldown reads Date
    const issuer = 'https://id.example';
    const keys = [await generateKeyPair('RS256', { extractable: true }), await generateKeyPair('RS256', { extractable: true })];
    let published = 0;
    let fetches = 0;
    const server = createServer((_req, res) => {
      fetches++;
      void exportJWK(keys[published]!.publicKey).then((jwk) =>
        res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [{ ...jwk, kid: `k${published}`, alg: 'RS256', use: 'sig' }] })),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const token = (k: number, kid = `k${k}`) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(issuer)
        .setAudience('notarium-desktop')
        .setSubject('ada')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(keys[k]!.privateKey);
    const verifier = new AccessTokenVerifier({
      jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
      issuer,
      audience: 'notarium-desktop',
    });

    expect((await verifier.verify(await token(0))).subject).toBe('ada');
    expect(fetches).toBe(1);
    // The key was rotated just now: the token that names the new one has the set fetched again.
    published = 1;
    expect((await verifier.verify(await token(1))).subject).toBe('ada');
    expect(fetches).toBe(2);
    // A key the portal does not publish: one more fetch for that token, then refused.
    await expect(verifier.verify(await token(1, 'unknown'))).rejects.toMatchObject({
      code: 'TOKEN_INVALID',
      message: expect.stringMatching(/no published key matches it/),
    });
    expect(fetches).toBe(3);
    // Past the cooldown, jose fetches again by itself, once.
    vi.setSystemTime(Date.now() + 31_000);
    await expect(verifier.verify(await token(1, 'unknown'))).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    expect(fetches).toBe(4);
  });
});

describe('a key set that cannot be read', () => {
  it('is the connection failing, not the token: refused, timed out and malformed each get their own code', async () => {
    let answer: 'hang' | 'html' = 'html';
    const server = createServer((_req, res) => (answer === 'html' ? res.setHeader('content-type', 'text/html').end('<html>maintenance</html>') : undefined));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
    const port = (server.address() as AddressInfo).port;
    const expected = { issuer: 'https://id.example', audience: 'notarium-desktop' };
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer(expected.issuer)
      .setAudience(expected.audience)
      .setSubject('ada')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    await expect(new AccessTokenVerifier({ ...expected, jwksUrl: `http://127.0.0.1:${port}/jwks.json` }).verify(token)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
    });
    const closed = await closedPort();
    await expect(new AccessTokenVerifier({ ...expected, jwksUrl: `http://127.0.0.1:${closed}/jwks.json` }).verify(token)).rejects.toMatchObject({
      code: 'NETWORK',
      message: expect.stringMatching(/published keys could not be fetched/),
    });
    answer = 'hang';
    await expect(new AccessTokenVerifier({ ...expected, jwksUrl: `http://127.0.0.1:${port}/jwks.json` }, Date.now, 50).verify(token)).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
  });
});

describe('token lifetimes', () => {
  it('refreshes at about 80 % of the access token lifetime', async () => {
    const s = await setupForTest({ accessTokenTtl: 2 });
    const first = await s.signIn.signIn({ open: through() });
    const changed = new Promise<number>((resolve) => s.signIn.events.on('change', (st) => st.status === 'signed-in' && resolve(st.identity.issuedAt)));
    const issuedAgain = await changed;
    expect(issuedAgain).toBeGreaterThan(first.issuedAt);
  });

  it('follows a key rotation (a new kid)', async () => {
    let now = Date.now();
    const s = await setupForTest({ accessTokenTtl: 600 }, { now: () => now });
    await s.signIn.signIn({ open: through() });
    const before = await s.signIn.accessToken();
    await s.sb.json('/__sandbox/identity/rotate-key', { method: 'POST', body: JSON.stringify({ retirePrevious: true }) });
    now += 590_000; // the token is about to expire: the next use refreshes
    const after = await s.signIn.accessToken();
    const kid = (t: string) => JSON.parse(Buffer.from(t.split('.')[0]!, 'base64url').toString()).kid;
    expect(kid(after)).not.toBe(kid(before));
    expect(s.signIn.state).toMatchObject({ status: 'signed-in' });
  });

  it('refreshes once after a 401 (the portal no longer accepts the access token)', async () => {
    const s = await setupForTest({ accessTokenTtl: 600 });
    await s.signIn.signIn({ open: through() });
    const before = await s.signIn.accessToken();
    await s.sb.json('/__sandbox/identity/rotate-key', { method: 'POST', body: JSON.stringify({ retirePrevious: true }) });
    expect(await s.signIn.grantedClaims()).toEqual(expect.arrayContaining(['records:read']));
    expect(await s.signIn.accessToken()).not.toBe(before);
    expect(s.logs.filter((l) => /granted-claims 401/.test(l))).toHaveLength(1);
  });

  it('an expired refresh token signs the profile out, with a message, once', async () => {
    let sandboxNow = Date.now();
    const s = await setupForTest({ clock: () => sandboxNow, refreshTokenTtl: 60, accessTokenTtl: 30 });
    await s.signIn.signIn({ open: through() });
    sandboxNow += 120_000;
    s.setNow(sandboxNow);
    const changes: string[] = [];
    s.signIn.events.on('change', (st) => changes.push(st.status));
    await expect(s.signIn.accessToken()).rejects.toMatchObject({ code: 'SIGNED_OUT' });
    expect(s.signIn.state).toEqual({ status: 'signed-out', message: expect.stringMatching(/expired or was revoked/) });
    expect(await s.secrets.get(refreshTokenAccount(PROFILE))).toBeNull();
    await expect(s.signIn.accessToken()).rejects.toMatchObject({ code: 'SIGNED_OUT' });
    expect(changes).toEqual(['signed-out', 'signed-out']);
  });

  it('the refresh token goes back only to the identity service that issued it: a profile saved with another one is signed out, and the token is never sent there', async () => {
    // A recording loopback server stands in for the new identity service.
    const heard: string[] = [];
    const recorder = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        heard.push(`${req.method} ${req.url} ${body}`);
        res.writeHead(500).end();
      });
    });
    await new Promise<void>((done) => recorder.listen(0, '127.0.0.1', done));
    cleanups.push(() => new Promise<void>((done) => recorder.close(() => done())));
    const elsewhere = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;

    let now = Date.now();
    const s = await setupForTest({ accessTokenTtl: 600 }, { now: () => now });
    await s.signIn.signIn({ open: through() });
    const stored = (await s.secrets.get(refreshTokenAccount(PROFILE)))!;
    const {
      kind: _kind,
      apiKeyUrl: _apiKeyUrl,
      networkSource: _source,
      networkDetectedFrom: _from,
      baseUrl,
      ...rest
    } = await s.library.profiles.require(PROFILE);
    const profile = { ...rest, baseUrl: baseUrl! };
    await s.library.profiles.save({ ...profile, authUrl: elsewhere, envId: 'other-env', authorizeUrl: `${elsewhere}/oauth2/authorize` });
    s.connections.reset();
    now += 590_000; // the access token is about to expire: the next use (or the scheduled refresh) refreshes

    await expect(s.signIn.accessToken()).rejects.toMatchObject({ code: 'SIGNED_OUT', message: expect.stringMatching(/was signed out: sign in again/) });
    expect(s.signIn.state).toEqual({ status: 'signed-out', message: expect.stringContaining(`now signs in with ${elsewhere}/products/web/other-env`) });
    expect(await s.secrets.get(refreshTokenAccount(PROFILE))).toBeNull();
    expect(heard).toEqual([]);
    expect(heard.join('\n')).not.toContain(stored);

    // Back at the service that issued it, a new sign-in works as before.
    await s.library.profiles.save(profile);
    s.connections.reset();
    await s.signIn.signIn({ open: through() });
    expect(s.signIn.state).toMatchObject({ status: 'signed-in' });
  });

  it('a token kept before tokens were bound to their issuer is not sent anywhere: signed out, with a sentence', async () => {
    const s = await setupForTest();
    await s.secrets.set(refreshTokenAccount(PROFILE), 'a-bare-token-of-an-earlier-version');
    expect(await s.signIn.restore()).toEqual({
      status: 'signed-out',
      message: expect.stringMatching(/was made with an earlier identity service.*sign in again/),
    });
    expect(await s.secrets.get(refreshTokenAccount(PROFILE))).toBeNull();
    expect(s.logs.filter((l) => /refresh-token/.test(l))).toEqual([]);
  });

  it('restore() turns a stored refresh token into a signed-in state; revoked tokens sign out', async () => {
    const s = await setupForTest();
    await s.signIn.signIn({ open: through() });
    const fresh = new SignIn({ profile: PROFILE, connection: s.connection, secrets: s.secrets });
    cleanups.push(() => fresh.dispose());
    expect(await fresh.restore()).toMatchObject({ status: 'signed-in', identity: { name: 'ada' } });
    await s.sb.json('/__sandbox/identity/revoke-refresh-tokens', { method: 'POST', body: '{}' });
    const again = new SignIn({ profile: PROFILE, connection: s.connection, secrets: s.secrets });
    cleanups.push(() => again.dispose());
    expect(await again.restore()).toMatchObject({ status: 'signed-out', message: expect.stringMatching(/sign in again/) });
  });
});

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });
}

function rawGet(port: number, path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}
