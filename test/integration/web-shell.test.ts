import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startWebShell, type Bridge, type Upload, type WebShell } from '../../main/web/web-server.ts';

// The web shell's gate over real HTTP and WebSocket: secret cookie, Host, Origin, one-time launch.

const root = mkdtempSync(join(tmpdir(), 'notarium-web-'));
const staticDir = join(root, 'static');
const uploads: Upload[] = [];
let emit: ((event: string, payload: unknown) => void) | undefined;
const bridge: Bridge = {
  methods: new Set(['echo', 'fail']),
  call: async (method, args) => {
    if (method === 'fail') throw Object.assign(new Error('A sentence for people.'), { code: 'USAGE', stack: 'secret stack' });
    return args;
  },
  subscribe: (e) => ((emit = e), () => (emit = undefined)),
};
let shell: WebShell;
let cookie: string;

beforeAll(async () => {
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Notarium</title><script src="app.js"></script>');
  writeFileSync(join(staticDir, 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'outside.txt'), 'outside');
  shell = await startWebShell({ staticDir, bridge, uploadDir: join(root, 'uploads'), onUpload: (u) => uploads.push(u) });
  const launched = await fetch(shell.launchUrl, { redirect: 'manual' });
  expect(launched.status).toBe(303);
  const setCookie = launched.headers.get('set-cookie')!;
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Strict/);
  cookie = setCookie.split(';')[0]!;
});
afterAll(async () => {
  await shell.close();
  rmSync(root, { recursive: true, force: true });
});

/** A raw request, so Host can be anything (fetch would not let a test forge it). */
function raw(path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const { port } = new URL(shell.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let data = '';
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: data, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the gate', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(shell.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses requests without the secret, and a second use of the launch link', async () => {
    expect((await raw('/', {})).status).toBe(403);
    expect((await raw('/', { cookie: 'notarium_session=guess' })).status).toBe(403);
    const again = await raw(new URL(shell.launchUrl).pathname + new URL(shell.launchUrl).search, {});
    expect(again.status).toBe(403);
    expect(again.body).toMatch(/already used/);
  });

  it('serves the page with the secret, with a strict CSP', async () => {
    const page = await raw('/', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect((await raw('/app.js', { cookie })).status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin, even with the secret', async () => {
    expect((await raw('/', { cookie, host: 'attacker.example' })).status).toBe(421);
    expect((await raw('/', { cookie, host: 'localhost:1' })).status).toBe(421);
    expect((await raw('/', { cookie, origin: 'http://attacker.example' })).status).toBe(403);
    expect((await raw('/upload?name=x', { cookie }, 'POST', 'x')).status).toBe(403); // a POST must name its Origin
  });

  it('does not serve files outside the renderer', async () => {
    for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/..%2foutside.txt']) expect((await raw(path, { cookie })).status).toBe(404);
  });
});

describe('the bridge', () => {
  const open = (headers: Record<string, string>) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`${shell.origin.replace('http', 'ws')}/bridge`, { headers });
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    });

  it('refuses the upgrade without the secret, from another Origin, or without an Origin', async () => {
    await expect(open({ origin: shell.origin })).rejects.toThrow(/403/);
    await expect(open({ cookie, origin: 'http://attacker.example' })).rejects.toThrow(/403/);
    await expect(open({ cookie })).rejects.toThrow(/403/);
  });

  it('carries calls, errors (code and sentence only) and events', async () => {
    const ws = await open({ cookie, origin: shell.origin });
    const messages: Record<string, unknown>[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d))));
    ws.send(JSON.stringify({ id: 1, method: 'echo', args: ['a', 2] }));
    ws.send(JSON.stringify({ id: 2, method: 'fail', args: [] }));
    ws.send(JSON.stringify({ id: 3, method: 'notAMethod', args: [] }));
    ws.send('not json');
    await expect.poll(() => messages.length).toBe(4);
    expect(messages).toContainEqual({ id: 1, result: ['a', 2] });
    expect(messages).toContainEqual({ id: 2, error: { code: 'USAGE', message: 'A sentence for people.' } });
    expect(messages).toContainEqual({ id: 3, error: { code: 'USAGE', message: 'Unknown call.' } });
    emit!('record-updated', { id: 7 });
    await expect.poll(() => messages.at(-1)).toEqual({ event: 'record-updated', payload: { id: 7 } });
    ws.close();
  });
});

describe('uploads', () => {
  it('streams a dropped file to the upload folder for the core to hash', async () => {
    const res = await raw('/upload?name=contract%2F..%2Fx.pdf', { cookie, origin: shell.origin }, 'POST', 'file bytes');
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ name: 'contract_.._x.pdf', size: 10 });
    expect(readFileSync(uploads.at(-1)!.path, 'utf8')).toBe('file bytes');
  });
});
