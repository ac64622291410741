import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, type HttpRequest } from '../../main/core/api/http-client.ts';
import { isOutcomeUnknown } from '../../main/core/api/transport-failure.ts';
import type { NotariumError } from '../../main/core/errors/notarium-error.ts';
import { closedPort } from '../support/closed-port.ts';
import { netRequestFetch } from '../../main/electron/net-request-fetch.ts';
import { netFetch } from '../support/fake-electron/net-fetch.mjs';
import { netRequest } from '../support/fake-electron/net-request.mjs';

// The app's HTTP client over Electron's network stack (net.request as a fetch, the engine's; the
// stand-in's, as strict as Chromium's: a failure is Error("net::ERR_…") with no code or cause, a
// redirect not followed an event, then a death) says what the CLI's says over Node's fetch: the
// same cause, the same sentence, a write in doubt only when it may have been sent, and a redirect
// answered as the 3xx it is.

const client = new HttpClient({ fetch: netRequestFetch({ request: netRequest }), retry: { maxAttempts: 1 } });
const cliClient = new HttpClient({ retry: { maxAttempts: 1 } });
const write = (url: string): HttpRequest => ({ method: 'POST', url, kind: 'write', body: '{}' });
const failure = (p: Promise<unknown>): Promise<NotariumError> =>
  p.then(
    () => Promise.reject(new Error('answered')),
    (e: NotariumError) => e,
  );

/** A server that reads the request, then drops the connection without an answer. */
const dropping = createServer((req) => req.on('end', () => req.socket.destroy()).resume());
/** A service that moved: every request answered 308 to another path, except that path's. */
const moved = createServer((req, res) => {
  req.resume();
  if (req.url === '/v2/records') {
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ moved: true, method: req.method }));
    return;
  }
  res.writeHead(308, { location: '/v2/records', 'content-type': 'text/plain' }).end('Permanent Redirect');
});
let droppingUrl: string;
let movedUrl: string;
beforeAll(async () => {
  for (const server of [dropping, moved]) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  droppingUrl = `http://127.0.0.1:${(dropping.address() as { port: number }).port}/api/v1/records`;
  movedUrl = `http://127.0.0.1:${(moved.address() as { port: number }).port}/api/v1/records`;
});
afterAll(() => {
  dropping.close();
  moved.close();
});

describe("the HTTP client over Electron's network stack (net.request as the engine's fetch)", () => {
  it('a refused connection: nothing was sent, said as the CLI says it', async () => {
    const port = await closedPort();
    const err = await failure(client.request(write(`http://127.0.0.1:${port}/api/v1/records`)));
    expect(err.code).toBe('NETWORK');
    expect(isOutcomeUnknown(err)).toBe(false);
    expect(err.message).toMatch(new RegExp(`^The service at 127\\.0\\.0\\.1:${port} refused the connection \\(ECONNREFUSED\\): nothing is listening`));
  });

  it("a port on the Fetch standard's bad-port list: nothing was sent", async () => {
    const err = await failure(client.request(write('http://127.0.0.1:9/api/v1/records')));
    expect(isOutcomeUnknown(err)).toBe(false);
    expect(err.message).toMatch(/its port is one that web clients refuse to use/);
  });

  it('a connection dropped after the request was sent: the write is in doubt', async () => {
    const err = await failure(client.request(write(droppingUrl)));
    expect(err.code).toBe('NETWORK');
    expect(isOutcomeUnknown(err)).toBe(true);
  });

  it("refused, a bad port, dropped after sending: the app's answer is the CLI's, word for word", async () => {
    const answer = (err: NotariumError) => ({ code: err.code, inDoubt: isOutcomeUnknown(err), message: err.message });
    for (const url of [`http://127.0.0.1:${await closedPort()}/api/v1/records`, 'http://127.0.0.1:9/api/v1/records', droppingUrl]) {
      const app = answer(await failure(client.request(write(url))));
      expect({ url, ...app }).toEqual({ url, ...answer(await failure(cliClient.request(write(url)))) });
    }
  });

  it('a certificate this computer does not trust (self-signed): nothing was sent, said alike in both shells', async () => {
    // A real TLS server on loopback with a certificate made for the test (openssl, as the hashing reference).
    const dir = mkdtempSync(join(tmpdir(), 'notarium-tls-'));
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], {
      stdio: 'ignore',
    });
    let written = 0;
    const tls = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
      written++;
      req.resume();
      res.end('{}');
    });
    await new Promise<void>((done) => tls.listen(0, '127.0.0.1', done));
    const url = `https://127.0.0.1:${(tls.address() as { port: number }).port}/api/v1/records`;
    try {
      const app = await failure(client.request(write(url)));
      const cli = await failure(cliClient.request(write(url)));
      for (const err of [app, cli]) {
        expect(err.code).toBe('NETWORK');
        expect(isOutcomeUnknown(err)).toBe(false);
        expect(err.message).toMatch(
          /^Notarium could not open a secure connection to 127\.0\.0\.1:\d+ \((DEPTH_ZERO_SELF_SIGNED_CERT|ERR_CERT_AUTHORITY_INVALID)\), so nothing was sent/,
        );
      }
      expect(written).toBe(0);
    } finally {
      tls.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an https:// address on a plain HTTP port: the CLI knows nothing was sent; the app's network stack does not say (in doubt)", async () => {
    const https = droppingUrl.replace('http:', 'https:');
    const cli = await failure(cliClient.request(write(https)));
    expect(isOutcomeUnknown(cli)).toBe(false);
    expect(cli.message).toMatch(/\(ERR_SSL_WRONG_VERSION_NUMBER\), so nothing was sent/);
    expect(isOutcomeUnknown(await failure(client.request(write(https))))).toBe(true);
  });

  it('a redirect of the service: the 3xx the CLI gets, not a lost connection, and not followed', async () => {
    const err = await failure(client.request(write(movedUrl)));
    const cliErr = await failure(cliClient.request(write(movedUrl)));
    expect(isOutcomeUnknown(err)).toBe(false);
    expect(err.message).toMatch(/308/);
    expect({ code: err.code, message: err.message }).toEqual({ code: cliErr.code, message: cliErr.message });
  });

  it('an answer that never comes: a timeout, the request given up (its body too)', async () => {
    const slow = new HttpClient({ fetch: netRequestFetch({ request: netRequest }), retry: { maxAttempts: 1 }, timeouts: { readMs: 100, writeMs: 100 } });
    const headersOnly = createServer((req, res) => {
      req.resume();
      if (req.url === '/body') res.writeHead(200, { 'content-type': 'application/json' }).write('{');
    });
    await new Promise<void>((done) => headersOnly.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(headersOnly.address() as { port: number }).port}`;
    try {
      for (const path of ['/none', '/body']) {
        const err = await failure(slow.request({ method: 'GET', url: `${base}${path}`, kind: 'read' }));
        expect({ path, code: err.code }).toEqual({ path, code: 'TIMEOUT' });
      }
    } finally {
      headersOnly.closeAllConnections();
      headersOnly.close();
    }
  });

  it('an answer with no body (204) and one with a body', async () => {
    const answering = createServer((req, res) => {
      req.resume();
      if (req.url === '/empty') res.writeHead(204).end();
      else res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }).end('{"ok":true}');
    });
    await new Promise<void>((done) => answering.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(answering.address() as { port: number }).port}`;
    try {
      const empty = await client.request({ method: 'GET', url: `${base}/empty`, kind: 'read' });
      expect({ status: empty.status, body: empty.body.byteLength }).toEqual({ status: 204, body: 0 });
      const full = await client.request({ method: 'POST', url: `${base}/full`, kind: 'write', body: new TextEncoder().encode('{}') });
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('application/json');
      expect(full.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(new TextDecoder().decode(full.body)).toBe('{"ok":true}');
    } finally {
      answering.close();
    }
  });

  it('a redirect the request may follow (the explorer): followed by Chromium, the final answer read', async () => {
    const res = await client.request({ method: 'GET', url: movedUrl, kind: 'read', followRedirects: true });
    expect(res.status).toBe(201);
    expect(JSON.parse(new TextDecoder().decode(res.body))).toEqual({ moved: true, method: 'GET' });
  });
});

describe("Electron's net.fetch, why the engine does not use it", () => {
  it("rejects a redirect not to be followed ('manual') instead of answering the 3xx, as Electron 45's does", async () => {
    await expect(netFetch(movedUrl, { method: 'POST', body: '{}', redirect: 'manual' })).rejects.toThrow('Redirect was cancelled');
  });
});

describe("the stand-in's net.request checks headers as Electron 45's does", () => {
  const died = (request: ReturnType<typeof netRequest>): Promise<string> =>
    new Promise((resolve) => {
      request.on('error', (err: Error) => resolve(err.message));
      request.on('response', () => resolve('answered'));
      request.end();
    });

  it('a header apps may not set: the request dies with net::ERR_INVALID_ARGUMENT', async () => {
    const refused = [
      ['Host', 'x.example'],
      ['Trailer', 'a'],
      ['TE', 'trailers'],
      ['Upgrade', 'h2c'],
      ['Cookie2', 'a'],
      ['Keep-Alive', '5'],
      ['Transfer-Encoding', 'chunked'],
      ['Connection', 'Upgrade'],
      ['Content-Length', '2'],
    ];
    for (const [name, value] of refused) {
      expect({ name, outcome: await died(netRequest({ url: movedUrl, headers: { [name!]: value! } })) }).toEqual({
        name,
        outcome: 'net::ERR_INVALID_ARGUMENT',
      });
    }
    const request = netRequest(movedUrl);
    request.setHeader('keep-alive', '5');
    expect(await died(request)).toBe('net::ERR_INVALID_ARGUMENT');
    expect(await died(netRequest({ url: movedUrl, headers: { Connection: 'keep-alive' } }))).toBe('answered');
  });

  it('a missing value throws at once; so does a header set after the first write', () => {
    expect(() => netRequest({ url: movedUrl, headers: { Accept: null as unknown as string } })).toThrow('`value` required in setHeader("Accept", value)');
    const request = netRequest({ url: movedUrl, method: 'POST' });
    expect(() => request.setHeader('Accept', undefined as unknown as string)).toThrow('`value` required');
    request.write('{}');
    expect(() => request.setHeader('Accept', 'application/json')).toThrow("Can't set headers after they are sent");
    request.abort();
  });
});
