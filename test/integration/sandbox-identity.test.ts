import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { startSandbox, type RunningSandbox } from '../../sandbox/index.ts';

// The identity service over real HTTP: the authorization page, endpoints 12-15, expiry,
// revocation, key rotation and persistence.

const CLIENT_ID = 'notarium-desktop';
const REDIRECT_URI = 'http://127.0.0.1:49152/callback';
const CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

interface Tokens {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
}

interface SignInOptions {
  redirectUri?: string;
  state?: string;
  challenge?: string;
  userName?: string;
}

const portal = (sb: RunningSandbox): string => `${sb.authUrl}/products/web/${sb.envId}/portalbackend/api/api/v1/auth`;
const jwksUrl = (sb: RunningSandbox): URL => new URL(`${portal(sb)}/.well-known/jwks.json`);
const issuerOf = (sb: RunningSandbox): string => `${sb.authUrl}/products/web/${sb.envId}`;

function authorizeUrl(sb: RunningSandbox, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(defined(params));
  return `${sb.authUrl}/oauth2/authorize?${query}`;
}

function validParams(options: SignInOptions = {}): Record<string, string | undefined> {
  return {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    state: options.state ?? 'state-123',
    code_challenge: options.challenge,
    code_challenge_method: options.challenge === undefined ? undefined : 'S256',
  };
}

const getAuthorize = (sb: RunningSandbox, params: Record<string, string | undefined>): Promise<Response> =>
  fetch(authorizeUrl(sb, params), { redirect: 'manual' });

const postForm = (sb: RunningSandbox, fields: Record<string, string | undefined>): Promise<Response> =>
  fetch(`${sb.authUrl}/oauth2/authorize`, { method: 'POST', body: new URLSearchParams(defined(fields)), redirect: 'manual' });

const defined = (fields: Record<string, string | undefined>): [string, string][] =>
  Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined);

/** The hidden fields of the sign-in form, unescaped as a browser would. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  }
  return fields;
}

/** Loads the page, submits its form with an action, and returns where the browser is sent. */
async function submitPage(sb: RunningSandbox, action: 'sign-in' | 'cancel', options: SignInOptions = {}): Promise<URL> {
  const page = await getAuthorize(sb, validParams(options));
  expect(page.status).toBe(200);
  const res = await postForm(sb, { ...hiddenFields(await page.text()), user_name: options.userName ?? 'sandbox-user', action });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function signIn(sb: RunningSandbox, options: SignInOptions = {}): Promise<string> {
  const location = await submitPage(sb, 'sign-in', options);
  return location.searchParams.get('code')!;
}

const postJson = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const exchange = (sb: RunningSandbox, body: unknown): Promise<Response> => postJson(`${portal(sb)}/sign-in/code-exchange`, body);
const refresh = (sb: RunningSandbox, refreshToken: unknown): Promise<Response> => postJson(`${portal(sb)}/sign-in/refresh-token`, { refreshToken });

async function tokensFor(sb: RunningSandbox, options: SignInOptions = {}): Promise<Tokens> {
  const code = await signIn(sb, options);
  const res = await exchange(sb, { authorizationCode: code, usedRedirectUri: options.redirectUri ?? REDIRECT_URI });
  expect(res.status).toBe(201);
  return (await res.json()) as Tokens;
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function verify(sb: RunningSandbox, token: string, options: { now?: number; issuer?: string } = {}): Promise<JWTPayload> {
  // A fresh key set each time: jose caches a remote JWKS, and rotation tests need the current one.
  const { payload } = await jwtVerify(token, createRemoteJWKSet(jwksUrl(sb)), {
    issuer: options.issuer ?? issuerOf(sb),
    audience: CLIENT_ID,
    algorithms: ['RS256'],
    ...(options.now === undefined ? {} : { currentDate: new Date(options.now) }),
  });
  return payload;
}

const publishedKids = async (sb: RunningSandbox): Promise<string[]> =>
  ((await (await fetch(jwksUrl(sb))).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);

const grantedClaims = (sb: RunningSandbox, headers: Record<string, string>): Promise<Response> => fetch(`${portal(sb)}/granted-claims`, { headers });
const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });
const admin = (sb: RunningSandbox, path: string, body?: unknown): Promise<Response> =>
  fetch(`${sb.baseUrl}/__sandbox/identity/${path}`, {
    method: 'POST',
    headers: { 'x-api-key': sb.apiKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function expectProblem(res: Response, status: number, errorCode: string, secret?: string): Promise<Record<string, unknown>> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const doc = (await res.json()) as Record<string, unknown>;
  expect(doc).toMatchObject({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String), errorCode });
  if (secret) expect(JSON.stringify(doc)).not.toContain(secret);
  return doc;
}

const expectInvalidGrant = (res: Response, secret?: string) => expectProblem(res, 400, 'INVALID_GRANT', secret);

async function expectRefusedPage(res: Response): Promise<string> {
  expect(res.status).toBe(400);
  expect(res.headers.get('location')).toBeNull();
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('content-security-policy')).toBe(CSP);
  return res.text();
}

function redirectParams(res: Response): URLSearchParams {
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  return location.searchParams;
}

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandbox({ blockInterval: 0 });
});
afterAll(() => sb.stop());

describe('authorization page', () => {
  it('renders the sign-in form for a valid request, with strict headers', async () => {
    const res = await getAuthorize(sb, validParams({ challenge: pkcePair().challenge }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers.get('content-security-policy')).toBe(CSP);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<title>Sign in — Notarium sandbox</title>');
    expect(html).toMatch(/<label for="user-name">User name<\/label>/);
    expect(html).toMatch(/<input type="text" id="user-name" name="user_name" value="sandbox-user" required/);
    expect(html).toMatch(/<button type="submit" name="action" value="sign-in">Sign in<\/button>/);
    expect(html).toMatch(/<button type="submit" name="action" value="cancel"[^>]*>Cancel<\/button>/);
    expect(html).toContain('<form method="post" action="/oauth2/authorize">');
    expect(hiddenFields(html)).toMatchObject({ client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, state: 'state-123', code_challenge_method: 'S256' });
  });

  it('escapes every reflected value', async () => {
    const state = '"><script>alert(1)</script>';
    const html = await (await getAuthorize(sb, { ...validParams({ state }), client_id: '<b>evil</b>' })).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>evil');
    expect(hiddenFields(html).state).toBe(state);
  });

  it('accepts the IPv6 loopback address', async () => {
    expect((await getAuthorize(sb, validParams({ redirectUri: 'http://[::1]:49152/cb' }))).status).toBe(200);
  });

  it.each([
    ['https', 'https://127.0.0.1:49152/callback'],
    ['a non-loopback host', 'http://example.com:49152/callback'],
    ['localhost by name', 'http://localhost:49152/callback'],
    ['a missing port', 'http://127.0.0.1/callback'],
    ['an empty port', 'http://127.0.0.1:/callback'],
    ['user info', 'http://user:pw@127.0.0.1:49152/callback'],
    ['a host hidden after user info', 'http://127.0.0.1:49152@evil.example/callback'],
    ['a shorthand address', 'http://127.1:49152/callback'],
    ['a fragment', 'http://127.0.0.1:49152/callback#x'],
    ['not a URI', 'callback'],
    ['a missing redirect_uri', undefined],
  ])('refuses %s with an HTML page and no redirect', async (_, redirectUri) => {
    const html = await expectRefusedPage(await getAuthorize(sb, { ...validParams(), redirect_uri: redirectUri }));
    expect(html).toContain('<title>Sign in — Notarium sandbox</title>');
  });

  it('refuses a missing client_id with an HTML page, even when other errors would redirect', async () => {
    await expectRefusedPage(await getAuthorize(sb, { ...validParams(), client_id: undefined, response_type: 'token' }));
  });

  it('redirects unsupported_response_type with the state', async () => {
    const params = redirectParams(await getAuthorize(sb, { ...validParams(), response_type: 'token' }));
    expect(params.get('error')).toBe('unsupported_response_type');
    expect(params.get('state')).toBe('state-123');
    expect(params.get('code')).toBeNull();
  });

  it.each([
    ['the plain method', { code_challenge: pkcePair().challenge, code_challenge_method: 'plain' }],
    ['a challenge without a method', { code_challenge: pkcePair().challenge }],
    ['a method without a challenge', { code_challenge_method: 'S256' }],
    ['a malformed challenge', { code_challenge: 'short', code_challenge_method: 'S256' }],
  ])('redirects invalid_request for %s', async (_, pkce) => {
    const params = redirectParams(await getAuthorize(sb, { ...validParams(), ...pkce }));
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('state')).toBe('state-123');
  });

  it('signs in: 302 to the loopback URI with a code and the same state, keeping its query', async () => {
    const location = await submitPage(sb, 'sign-in', { redirectUri: `${REDIRECT_URI}?app=notarium`, state: 'a b&c' });
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('app')).toBe('notarium');
    expect(location.searchParams.get('state')).toBe('a b&c');
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it('cancel redirects with error=access_denied and the state', async () => {
    const location = await submitPage(sb, 'cancel');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('re-validates the posted form: a tampered redirect_uri is refused without a redirect', async () => {
    const fields = { ...validParams(), redirect_uri: 'http://evil.example:80/cb', user_name: 'x', action: 'sign-in' };
    await expectRefusedPage(await postForm(sb, fields));
  });

  it('asks again for an empty user name', async () => {
    const res = await postForm(sb, { ...validParams(), user_name: '   ', action: 'sign-in' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('Enter a user name');
  });
});

describe('code exchange (13)', () => {
  it('answers 201 with a verifiable RS256 access token, its lifetime and a refresh token', async () => {
    const res = await exchange(sb, { authorizationCode: await signIn(sb, { userName: 'alice' }), usedRedirectUri: REDIRECT_URI });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const tokens = (await res.json()) as Tokens;
    expect(Object.keys(tokens).sort()).toEqual(['accessToken', 'expiresIn', 'refreshToken']);
    expect(tokens.expiresIn).toBe(900);
    const payload = await verify(sb, tokens.accessToken);
    expect(payload).toMatchObject({ iss: issuerOf(sb), aud: CLIENT_ID, name: 'alice', 'cognito:groups': ['notarium-users'], sub: expect.any(String) });
    expect(payload.exp! - payload.iat!).toBe(tokens.expiresIn);
    const header = decodeProtectedHeader(tokens.accessToken);
    expect(header.alg).toBe('RS256');
    expect(header.kid).toBeTruthy();
  });

  it('keeps one subject per user name', async () => {
    const first = await verify(sb, (await tokensFor(sb, { userName: 'bob' })).accessToken);
    const second = await verify(sb, (await tokensFor(sb, { userName: 'bob' })).accessToken);
    const other = await verify(sb, (await tokensFor(sb, { userName: 'carol' })).accessToken);
    expect(second.sub).toBe(first.sub);
    expect(other.sub).not.toBe(first.sub);
  });

  it('refuses a replayed code and revokes the refresh token issued from it', async () => {
    const code = await signIn(sb);
    const first = (await (await exchange(sb, { authorizationCode: code, usedRedirectUri: REDIRECT_URI })).json()) as Tokens;
    expect((await refresh(sb, first.refreshToken)).status).toBe(201);
    await expectInvalidGrant(await exchange(sb, { authorizationCode: code, usedRedirectUri: REDIRECT_URI }), code);
    await expectInvalidGrant(await refresh(sb, first.refreshToken), first.refreshToken);
  });

  it('refuses an unknown code and a wrong usedRedirectUri', async () => {
    await expectInvalidGrant(await exchange(sb, { authorizationCode: 'not-a-code', usedRedirectUri: REDIRECT_URI }), 'not-a-code');
    const code = await signIn(sb);
    await expectInvalidGrant(await exchange(sb, { authorizationCode: code, usedRedirectUri: `${REDIRECT_URI}/other` }), code);
    await expectInvalidGrant(await exchange(sb, { authorizationCode: code, usedRedirectUri: 'http://127.0.0.1:49153/callback' }), code);
    // A mismatch does not burn the code: the client that owns it can still redeem it.
    expect((await exchange(sb, { authorizationCode: code, usedRedirectUri: REDIRECT_URI })).status).toBe(201);
  });

  it('PKCE: a missing or wrong verifier is refused, the right one accepted', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await signIn(sb, { challenge });
    await expectInvalidGrant(await exchange(sb, { authorizationCode: code, usedRedirectUri: REDIRECT_URI }), code);
    await expectInvalidGrant(await exchange(sb, { authorizationCode: code, usedRedirectUri: REDIRECT_URI, codeVerifier: pkcePair().verifier }), code);
    const res = await exchange(sb, { authorizationCode: code, usedRedirectUri: REDIRECT_URI, codeVerifier: verifier });
    expect(res.status).toBe(201);
  });

  it('PKCE: a verifier for a code issued without a challenge is refused', async () => {
    const code = await signIn(sb);
    await expectInvalidGrant(await exchange(sb, { authorizationCode: code, usedRedirectUri: REDIRECT_URI, codeVerifier: pkcePair().verifier }));
  });

  it('refuses malformed bodies: INVALID_JSON, INVALID_REQUEST', async () => {
    await expectProblem(await exchange(sb, '{not json'), 400, 'INVALID_JSON');
    await expectProblem(await exchange(sb, '[]'), 400, 'INVALID_JSON');
    await expectProblem(await exchange(sb, { usedRedirectUri: REDIRECT_URI }), 400, 'INVALID_REQUEST');
    await expectProblem(await exchange(sb, { authorizationCode: 42, usedRedirectUri: REDIRECT_URI }), 400, 'INVALID_REQUEST');
    await expectProblem(await exchange(sb, { authorizationCode: 'x' }), 400, 'INVALID_REQUEST');
    await expectProblem(await refresh(sb, undefined), 400, 'INVALID_REQUEST');
    await expectProblem(await refresh(sb, 7), 400, 'INVALID_REQUEST');
  });
});

describe('refresh token (14)', () => {
  it('answers 201 with a new access token that verifies', async () => {
    const tokens = await tokensFor(sb, { userName: 'dave' });
    const res = await refresh(sb, tokens.refreshToken);
    expect(res.status).toBe(201);
    const refreshed = (await res.json()) as { accessToken: string; expiresIn: number };
    expect(Object.keys(refreshed).sort()).toEqual(['accessToken', 'expiresIn']);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    const [before, after] = [await verify(sb, tokens.accessToken), await verify(sb, refreshed.accessToken)];
    expect(after.sub).toBe(before.sub);
    expect(after.name).toBe('dave');
  });

  it('refuses an unknown token', async () => {
    await expectInvalidGrant(await refresh(sb, 'not-a-refresh-token'), 'not-a-refresh-token');
  });

  it('refuses tokens revoked by the admin route, which needs the API key', async () => {
    const tokens = await tokensFor(sb);
    const unauthenticated = await fetch(`${sb.baseUrl}/__sandbox/identity/revoke-refresh-tokens`, { method: 'POST' });
    await expectProblem(unauthenticated, 401, 'UNAUTHORIZED');
    expect((await refresh(sb, tokens.refreshToken)).status).toBe(201);
    const revoked = await admin(sb, 'revoke-refresh-tokens');
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { revoked: number }).revoked).toBeGreaterThan(0);
    await expectInvalidGrant(await refresh(sb, tokens.refreshToken), tokens.refreshToken);
  });
});

describe('granted claims (12)', () => {
  const url = () => `${portal(sb)}/granted-claims`;

  it('answers the API key with its claims', async () => {
    const res = await grantedClaims(sb, { 'X-API-KEY': sb.apiKey });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ grantedClaims: ['records:read', 'records:write', 'linkedrecords:read', 'linkedrecords:write'] });
  });

  it('answers a Bearer token with the claims of its groups', async () => {
    const user = await grantedClaims(sb, bearer((await tokensFor(sb)).accessToken));
    expect(user.status).toBe(200);
    expect(((await user.json()) as { grantedClaims: string[] }).grantedClaims).toEqual([
      'records:read',
      'records:write',
      'linkedrecords:read',
      'linkedrecords:write',
    ]);
    const readerToken = (await tokensFor(sb, { userName: 'reader-1' })).accessToken;
    expect((await verify(sb, readerToken))['cognito:groups']).toEqual(['notarium-readers']);
    expect(await (await grantedClaims(sb, bearer(readerToken))).json()).toEqual({ grantedClaims: ['records:read', 'linkedrecords:read'] });
  });

  it('answers 401 without credentials, with a wrong key or a malformed header', async () => {
    const none = await fetch(url());
    await expectProblem(none, 401, 'UNAUTHORIZED');
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expectProblem(await grantedClaims(sb, { 'X-API-KEY': `${sb.apiKey}x` }), 401, 'UNAUTHORIZED', sb.apiKey);
    await expectProblem(await grantedClaims(sb, { 'X-API-KEY': '' }), 401, 'UNAUTHORIZED');
    await expectProblem(await grantedClaims(sb, { Authorization: 'Basic dXNlcjpwdw==' }), 401, 'UNAUTHORIZED');
    await expectProblem(await grantedClaims(sb, bearer('not.a.jwt')), 401, 'UNAUTHORIZED');
  });

  it('answers 401 to a forged token: another key under the same kid, or no signature', async () => {
    const real = await tokensFor(sb);
    const { kid } = decodeProtectedHeader(real.accessToken);
    const payload = await verify(sb, real.accessToken);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ ...payload }).setProtectedHeader({ alg: 'RS256', kid: kid!, typ: 'at+jwt' }).sign(privateKey);
    await expectProblem(await grantedClaims(sb, bearer(forged)), 401, 'UNAUTHORIZED', forged);
    const [header, body] = real.accessToken.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', kid, typ: 'at+jwt' })).toString('base64url');
    await expectProblem(await grantedClaims(sb, bearer(`${none}.${body}.`)), 401, 'UNAUTHORIZED');
    await expectProblem(await grantedClaims(sb, bearer(`${header}.${body}.AAAA`)), 401, 'UNAUTHORIZED');
  });
});

describe('JWKS (15) and paths', () => {
  it('publishes public RSA keys with kid, alg RS256 and use sig', async () => {
    const res = await fetch(jwksUrl(sb));
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', kid: expect.any(String), alg: 'RS256', use: 'sig', n: expect.any(String), e: 'AQAB' });
      for (const privatePart of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(privatePart);
    }
  });

  it('answers 404 under another env id', async () => {
    const other = `${sb.authUrl}/products/web/other-env/portalbackend/api/api/v1/auth`;
    expect((await fetch(`${other}/.well-known/jwks.json`)).status).toBe(404);
    expect((await fetch(`${other}/granted-claims`, { headers: { 'X-API-KEY': sb.apiKey } })).status).toBe(404);
    expect((await postJson(`${other}/sign-in/code-exchange`, { authorizationCode: 'x', usedRedirectUri: REDIRECT_URI })).status).toBe(404);
    expect((await postJson(`${other}/sign-in/refresh-token`, { refreshToken: 'x' })).status).toBe(404);
  });
});

describe('expiry, with a controllable clock', () => {
  let clocked: RunningSandbox;
  let now = Date.now();
  beforeAll(async () => {
    clocked = await startSandbox({ blockInterval: 0, clock: () => now, refreshTokenTtl: 3600, accessTokenTtl: 600 });
  });
  afterAll(() => clocked.stop());

  it('a code is good for 5 minutes', async () => {
    const fresh = await signIn(clocked);
    now += 5 * 60 * 1000 - 1000;
    expect((await exchange(clocked, { authorizationCode: fresh, usedRedirectUri: REDIRECT_URI })).status).toBe(201);
    const stale = await signIn(clocked);
    now += 5 * 60 * 1000 + 1000;
    await expectInvalidGrant(await exchange(clocked, { authorizationCode: stale, usedRedirectUri: REDIRECT_URI }), stale);
  });

  it('tokens carry the clock: exp - iat is the configured lifetime', async () => {
    const tokens = await tokensFor(clocked);
    expect(tokens.expiresIn).toBe(600);
    const payload = await verify(clocked, tokens.accessToken, { now });
    expect(payload.iat).toBe(Math.floor(now / 1000));
    expect(payload.exp! - payload.iat!).toBe(600);
  });

  it('an expired access token is refused by granted-claims', async () => {
    const tokens = await tokensFor(clocked);
    expect((await grantedClaims(clocked, bearer(tokens.accessToken))).status).toBe(200);
    now += 601 * 1000;
    await expectProblem(await grantedClaims(clocked, bearer(tokens.accessToken)), 401, 'UNAUTHORIZED');
  });

  it('a refresh token expires after refreshTokenTtl', async () => {
    const tokens = await tokensFor(clocked);
    now += 3599 * 1000;
    expect((await refresh(clocked, tokens.refreshToken)).status).toBe(201);
    now += 2000;
    await expectInvalidGrant(await refresh(clocked, tokens.refreshToken), tokens.refreshToken);
  });
});

describe('key rotation', () => {
  let rotating: RunningSandbox;
  beforeAll(async () => {
    rotating = await startSandbox({ blockInterval: 0 });
  });
  afterAll(() => rotating.stop());

  const kids = (): Promise<string[]> => publishedKids(rotating);

  it('needs the API key', async () => {
    await expectProblem(await fetch(`${rotating.baseUrl}/__sandbox/identity/rotate-key`, { method: 'POST' }), 401, 'UNAUTHORIZED');
  });

  it('signs with a new kid, keeps the old key published, and drops it on retirePrevious', async () => {
    const before = (await tokensFor(rotating)).accessToken;
    const oldKid = decodeProtectedHeader(before).kid!;

    const rotated = await admin(rotating, 'rotate-key');
    expect(rotated.status).toBe(200);
    const after = (await tokensFor(rotating)).accessToken;
    const newKid = decodeProtectedHeader(after).kid!;
    expect(newKid).not.toBe(oldKid);
    expect((await rotated.json()) as { kid: string }).toMatchObject({ kid: newKid });
    expect((await kids()).sort()).toEqual([oldKid, newKid].sort());
    await verify(rotating, before);
    await verify(rotating, after);
    expect((await grantedClaims(rotating, bearer(before))).status).toBe(200);

    expect((await admin(rotating, 'rotate-key', { retirePrevious: true })).status).toBe(200);
    const [latestKid] = await kids();
    expect(await kids()).toEqual([latestKid]);
    expect(latestKid).not.toBe(newKid);
    await expect(verify(rotating, before)).rejects.toThrow();
    await expect(verify(rotating, after)).rejects.toThrow();
    await expectProblem(await grantedClaims(rotating, bearer(before)), 401, 'UNAUTHORIZED');
    await verify(rotating, (await tokensFor(rotating)).accessToken);
  });

  it('refuses an invalid rotate body', async () => {
    await expectProblem(await admin(rotating, 'rotate-key', { retirePrevious: 'yes' }), 400, 'INVALID_REQUEST');
  });
});

describe('persistence across a restart', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'notarium-identity-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the signing key, subjects and refresh tokens', async () => {
    const first = await startSandbox({ blockInterval: 0, dataDir });
    const kidsBefore = await publishedKids(first);
    const tokens = await tokensFor(first, { userName: 'erin' });
    const subBefore = (await verify(first, tokens.accessToken)).sub;
    const firstIssuer = issuerOf(first);
    await first.stop();

    const second = await startSandbox({ blockInterval: 0, dataDir });
    try {
      expect(await publishedKids(second)).toEqual(kidsBefore);
      // The issuer names the origin, which changes with the port; the signature still checks out.
      await verify(second, tokens.accessToken, { issuer: firstIssuer });
      const res = await refresh(second, tokens.refreshToken);
      expect(res.status).toBe(201);
      const payload = await verify(second, ((await res.json()) as { accessToken: string }).accessToken);
      expect(payload.sub).toBe(subBefore);
    } finally {
      await second.stop();
    }
  });
});
