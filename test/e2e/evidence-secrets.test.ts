import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { KeychainSecretStore } from '../../main/core/secrets/keychain-secret-store.ts';
import { librarySecrets } from '../../main/core/secrets/library-secrets.ts';
import { Library } from '../../main/core/store/library.ts';
import { readRefreshToken } from '../../main/core/secrets/refresh-token.ts';
import { BRIDGE_PROTOCOL, SESSION_PROTOCOL_PREFIX } from '../../preload/web-session.ts';
import { startSandbox } from '../../sandbox/server.ts';
import { type CliRun, runCli, sandboxProfileArgs } from '../support/cli.ts';
import { CHROMIUM, PAGE_WAIT_MS, launchApp, screenButton } from '../support/web-app.ts';

// Evidence (secrets): a whole session in the web shell that handles every kind of
// secret (an API key typed into Settings, a wrong one, a sign-in with its refresh and access
// tokens, the session secret), with everything the page receives and everything the app process
// prints recorded; then none of those secrets may appear in any of it, nor in a receipt, nor in a
// sentence shown. The exact token strings are known honestly: the service profile's identity
// calls go through a recording proxy in this process (it sees the answers the app gets), and the
// refresh token is read back from the keychain with the app's own secret store.
// The gate's refusals are tested case by case in test/integration/web-shell.test.ts; here the same
// kinds of request are sent to the real app and counted, for the printed figures.

const PROFILE = 'Svc';
const WRONG_KEY = `wrong-key-${createHash('sha256').update(String(process.pid)).digest('hex').slice(0, 24)}`;

const home = mkdtempSync(join(tmpdir(), 'notarium-evidence-'));
const files = join(home, 'user-files');
// The receipt as downloaded, named for its file so that the two dropped together are checked together.
const DOWNLOADED_RECEIPT = 'contract.txt.receipt.json';
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let proxy: Server;
let proxyUrl: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let app: { run: CliRun; link: string };

/** What the proxy saw: token answers and how often the app used each credential. */
const issued = { accessTokens: new Set<string>(), refreshTokens: new Set<string>() };
const used = { apiKey: 0, wrongKey: 0, bearer: 0 };

/** Everything the page got or sent, and everything the app printed. */
const framesReceived: string[] = [];
const framesSent: string[] = [];
const bodies: string[] = [];
let appOutput = '';
const shown: string[] = [];
let refusal = '';

function startProxy(target: string): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = req.headers['x-api-key'];
      if (key === sandbox.apiKey) used.apiKey++;
      if (key === WRONG_KEY) used.wrongKey++;
      if (/^Bearer /.test(req.headers.authorization ?? '')) used.bearer++;
      const out = request(new URL(req.url ?? '/', target), { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
        const back: Buffer[] = [];
        answer.on('data', (c: Buffer) => back.push(c));
        answer.on('end', () => {
          const body = Buffer.concat(back);
          if (/\/sign-in\/(code-exchange|refresh-token)$/.test(new URL(req.url ?? '/', target).pathname) && answer.statusCode === 201) {
            const tokens = JSON.parse(body.toString('utf8')) as { accessToken?: string; refreshToken?: string };
            if (tokens.accessToken) issued.accessTokens.add(tokens.accessToken);
            if (tokens.refreshToken) issued.refreshTokens.add(tokens.refreshToken);
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(body);
        });
      });
      out.on('error', () => res.writeHead(502).end());
      out.end(Buffer.concat(chunks));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const screen = (name: string) => screenButton(page, name);

async function noteShown(): Promise<void> {
  shown.push((await page.textContent('body')) ?? '');
}

async function setKey(key: string): Promise<void> {
  await screen('Account & settings').click();
  const row = page.locator('li.profile').filter({ hasText: PROFILE });
  await row.getByRole('button', { name: /(Set|Replace) API key/ }).click();
  await row.locator('input[type=password]').fill(key);
  await row.getByRole('button', { name: 'Save key' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `The API key for ${PROFILE} is set.` })
    .waitFor();
  await noteShown();
}

beforeAll(async () => {
  mkdirSync(files);
  sandbox = await startSandbox({ blockInterval: 0.5 });
  proxy = await startProxy(sandbox.baseUrl);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  // A service profile: records, explorer and identity through the proxy; the authorize page is the
  // sandbox's own (the browser goes there); the issuer is the sandbox's, since it signs the tokens.
  const env = { NOTARIUM_HOME: home };
  const added = await runCli(
    [
      'profile',
      'add',
      PROFILE,
      ...sandboxProfileArgs(proxyUrl),
      '--auth-url',
      proxyUrl,
      '--env-id',
      sandbox.envId,
      '--authorize-url',
      `${sandbox.baseUrl}/oauth2/authorize`,
      '--client-id',
      'notarium-evidence',
      '--issuer',
      `${sandbox.baseUrl}/products/web/${sandbox.envId}`,
      '--idempotent-writes',
    ],
    { env },
  );
  expect(added.code, added.stderr).toBe(0);
  expect((await runCli(['profile', 'use', PROFILE], { env })).code).toBe(0);

  app = await launchApp({ NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.5' });
  app.run.child.stdout!.on('data', (d) => (appOutput += d));
  app.run.child.stderr!.on('data', (d) => (appOutput += d));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  // Every page of the context (the app and the sign-in tab), from its first request.
  context.on('page', (p) => {
    p.on('websocket', (ws) => {
      ws.on('framereceived', (f) => framesReceived.push(String(f.payload)));
      ws.on('framesent', (f) => framesSent.push(String(f.payload)));
    });
  });
  context.on('response', (response) => {
    void response.body().then(
      (b) => bodies.push(b.toString('utf8')),
      () => bodies.push(''), // redirects and upgrades have no body: counted, nothing to read
    );
  });
  page = await context.newPage();
  await page.goto(app.link);
  await page.waitForLoadState('networkidle');
});

afterAll(async () => {
  await browser?.close();
  app?.run.child.kill('SIGTERM');
  await app?.run;
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await sandbox?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('secrets in a whole session', () => {
  it('handles an API key, a sign-in, notarising, verifying, exports and errors', async () => {
    await setKey(sandbox.apiKey);

    // Sign in: the web shell's page offers the sign-in page in a tab of its own, which signs in on the sandbox's page.
    await screen('Account & settings').click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open the sign-in page' }).click()]);
    await tab.waitForLoadState();
    await tab.getByLabel('User name').fill('ada');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByText('You can close this tab').waitFor();
    await tab.close();
    await page.getByText('Signed in', { exact: true }).waitFor();
    await noteShown();

    // Notarise with the key, to settled.
    const file = join(files, 'contract.txt');
    writeFileSync(file, 'the signed contract\n');
    await screen('Notarise').click();
    await page.locator('input[type=file]').first().setInputFiles(file);
    await page.getByText('Settled').first().waitFor();
    await noteShown();

    // Export the receipt from the Library.
    await screen('Library').click();
    await page.getByRole('option').filter({ hasText: 'contract.txt' }).first().click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export receipt/ }).click();
    await (await download).saveAs(join(files, DOWNLOADED_RECEIPT));
    await noteShown();

    // Verify the file with its receipt, dropped together under the receipt's own name (online: the service is asked, with the key).
    await screen('Verify').click();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles([file, join(files, DOWNLOADED_RECEIPT)]);
    await expect.poll(() => page.locator('tbody tr:not(.report) td.status').first().textContent()).toBe('Verified · test chain');
    await noteShown();

    // A wrong key: the service refuses it, and the page says so in a sentence.
    await setKey(WRONG_KEY);
    const other = join(files, 'refused.txt');
    writeFileSync(other, 'refused with a wrong key\n');
    await screen('Notarise').click();
    await page.locator('input[type=file]').first().setInputFiles(other);
    const why = page
      .locator('.why')
      .filter({ hasText: /API key/i })
      .first();
    await why.waitFor();
    refusal = (await why.textContent()) ?? '';
    await noteShown();

    // The credentials really were used (else "not leaked" would prove nothing).
    expect(used.apiKey).toBeGreaterThan(0);
    expect(used.wrongKey).toBeGreaterThan(0);
    expect(used.bearer).toBeGreaterThan(0);
    expect(framesReceived.some((f) => f.includes(JSON.stringify(refusal.trim()).slice(1, -1)))).toBe(true); // the service's refusal, as a sentence
  });

  it('shows no secret in any frame, response body, log line, receipt or sentence', async () => {
    // The refresh token the app keeps is the one the proxy saw issued.
    const library = Library.open(home);
    const libraryId = library.id;
    library.close();
    const stored = (await readRefreshToken(librarySecrets(new KeychainSecretStore(), libraryId), PROFILE))?.token;
    expect(stored).toBeDefined();
    expect(issued.refreshTokens.has(stored!)).toBe(true);
    expect(issued.accessTokens.size).toBeGreaterThan(0);
    const session = await sessionSecret();
    // The embedded sandbox's key, when the app started it (its data folder is the home's sandbox/).
    const hostFile = join(home, 'sandbox', 'host.json');
    const embeddedKey = existsSync(hostFile) ? [(JSON.parse(readFileSync(hostFile, 'utf8')) as { apiKey: string }).apiKey] : [];
    const secrets: Record<string, string[]> = {
      'API key': [sandbox.apiKey],
      'wrong API key': [WRONG_KEY],
      'embedded sandbox API key': embeddedKey,
      'refresh token': [...issued.refreshTokens],
      'access token': [...issued.accessTokens],
      'session secret': [session],
      'launch token': [new URLSearchParams(new URL(app.link).hash.slice(1)).get('launch')!],
    };
    for (const values of Object.values(secrets)) for (const v of values) expect(v.length).toBeGreaterThanOrEqual(16);

    // Exactly what the session produced: the one receipt downloaded (the web shell writes none beside its uploads, which it deletes).
    const receipts = findReceipts(home);
    expect(receipts).toEqual([join(files, DOWNLOADED_RECEIPT)]);
    // The one-time link itself is printed, by design, on the user's own terminal (--no-open): that line is not a leak.
    const logLines = appOutput.split('\n').filter((l) => l.trim() !== '' && l.trim() !== app.link);
    const places: [string, string[]][] = [
      ['frame to the page', framesReceived],
      ['HTTP response body', bodies],
      ['app log line', logLines],
      ['receipt file', receipts.map((p) => readFileSync(p, 'utf8'))],
      ['page text', shown],
    ];
    const leaks: string[] = [];
    // The page learns the session secret once, from the answer to its launch token (POST /session): that body is where it must be.
    const trades = bodies.filter((b) => b === JSON.stringify({ session }));
    expect(trades).toHaveLength(1);
    const elsewhere: [string, string[]][] = places.map(([place, texts]) => [
      place,
      place === 'HTTP response body' ? texts.filter((t) => !trades.includes(t)) : texts,
    ]);
    for (const [place, texts] of elsewhere) {
      for (const [kind, values] of Object.entries(secrets)) {
        if (texts.some((t) => values.some((v) => t.includes(v)))) leaks.push(`${kind} in a ${place}`);
      }
    }
    if (framesSent.some((f) => f.includes(session))) leaks.push('session secret in a frame from the page');
    if ((await context.cookies()).length > 0) leaks.push('a cookie (cookies reach every port of 127.0.0.1)');
    // The page sends the key it was typed into, once per save, in that call only; no token ever.
    const keySends = framesSent.filter((f) => f.includes(sandbox.apiKey) || f.includes(WRONG_KEY));
    expect(keySends.every((f) => (JSON.parse(f) as { method: string }).method === 'setApiKey')).toBe(true);
    expect(keySends).toHaveLength(2);
    for (const kind of ['refresh token', 'access token', 'embedded sandbox API key'] as const) {
      if (framesSent.some((f) => secrets[kind]!.some((v) => f.includes(v)))) leaks.push(`${kind} in a frame from the page`);
    }
    const frames = framesReceived.length + framesSent.length;
    console.log(
      `secrets: ${frames} frames, ${bodies.length} response bodies, ${logLines.length} log lines, ${receipts.length} receipts checked; ${leaks.length} leaks`,
    );
    expect(leaks).toEqual([]);
  });

  it('refuses requests without the secret, from another origin (another port of 127.0.0.1 too), to a foreign Host, and a used launch token', async () => {
    const origin = new URL(app.link).origin;
    const secret = await sessionSecret();
    const host = new URL(origin).host;
    const otherPort = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`; // a local process the browser may visit
    const withSecret = { 'x-notarium-session': secret };
    const token = new URLSearchParams(new URL(app.link).hash.slice(1)).get('launch')!;
    const cases: { name: string; path?: string; headers: Record<string, string>; expected: number }[] = [
      { name: 'no secret', headers: { origin }, expected: 403 },
      { name: 'a guessed secret', headers: { origin, 'x-notarium-session': 'guess' }, expected: 403 },
      { name: 'the secret from a foreign Origin', headers: { ...withSecret, origin: 'http://attacker.example' }, expected: 403 },
      { name: "the secret from another port's Origin", headers: { ...withSecret, origin: otherPort }, expected: 403 },
      { name: 'the secret in a POST without Origin', headers: withSecret, expected: 403 },
      { name: 'the secret replayed as a cookie', headers: { origin, cookie: `notarium_session=${secret}` }, expected: 403 },
      { name: 'a foreign Host (DNS rebinding)', headers: { ...withSecret, origin, host: 'attacker.example' }, expected: 421 },
      { name: 'localhost as Host', headers: { ...withSecret, origin, host: `localhost:${new URL(origin).port}` }, expected: 421 },
      { name: 'the launch token used again', path: '/session', headers: { origin, 'x-notarium-launch': token }, expected: 403 },
    ];
    const statuses: string[] = [];
    for (const c of cases) {
      const status = await raw(origin, 'POST', c.path ?? '/upload?name=x', { host, ...c.headers });
      statuses.push(`${c.name} ${status}`);
      expect(status, c.name).toBe(c.expected);
    }
    const upgrades: [string, Record<string, string>, string | null][] = [
      ['no secret', { origin }, null],
      ['a foreign Origin', { origin: 'http://attacker.example' }, secret],
      ["another port's Origin", { origin: otherPort }, secret],
      ['no Origin', {}, secret],
      ['a foreign Host', { origin, host: 'attacker.example' }, secret],
      ['the secret as a cookie', { origin, cookie: `notarium_session=${secret}` }, null],
    ];
    for (const [name, headers, presented] of upgrades) {
      const status = await upgrade(origin, headers, presented);
      statuses.push(`bridge with ${name} ${status}`);
      expect(status, name).toBe(name === 'a foreign Host' ? 421 : 403);
    }
    expect(await upgrade(origin, { origin }, secret)).toBe(101); // and the page's own way in works
    expect(statuses).toHaveLength(cases.length + upgrades.length); // each one above asserted with its own expected status
    console.log(`web shell gate: ${statuses.length} of ${statuses.length} refused (${statuses.join(', ')})`);
  });
});

/** The session secret as the page keeps it: in its tab's sessionStorage, bound to the shell's origin. */
function sessionSecret(): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem('notarium.session')!);
}

function findReceipts(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...findReceipts(path));
    else if (name.endsWith('.receipt.json')) out.push(path);
  }
  return out;
}

function raw(origin: string, method: string, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, origin), { method, headers }, (res: IncomingMessage) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end('x');
  });
}

function upgrade(origin: string, headers: Record<string, string>, secret: string | null): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/bridge`, [BRIDGE_PROTOCOL, ...(secret ? [SESSION_PROTOCOL_PREFIX + secret] : [])], { headers });
    ws.once('open', () => (ws.close(), resolve(101)));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}
