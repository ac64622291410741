import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { BRIDGE_MAX_MESSAGE, startWebShell, type Bridge, type WebShell } from '../../main/web/web-server.ts';
import { parseCall } from '../../preload/contract.ts';
import { BRIDGE_PROTOCOL, SESSION_PROTOCOL_PREFIX } from '../../preload/web-session.ts';
import { BATCH_HEAD_BYTES, batchHead } from '../../preload/upload-batch.ts';
import { openBridge, tradeLaunch, upload, uploadFiles, type NodeSession } from '../support/web-app.ts';

// The web shell's server over real HTTP and WebSocket: the gate (Host, Origin, the session secret
// presented by the page, never a cookie), the one-time launch token and its private launch file,
// the bridge's answers to anything a page sends, and uploads (bounded, hashed, deleted).

const root = mkdtempSync(join(tmpdir(), 'notarium-web-'));
const staticDir = join(root, 'static');
const dataDir = join(root, 'data');
const logged: string[] = [];
const emitters = new Set<(event: string, payload: unknown) => void>();
const bridge: Bridge = {
  call: (method, args) => {
    // Any other name goes to the contract, which refuses the names it does not have.
    if (!['echo', 'fail', 'crash', 'throwAtOnce'].includes(method)) return Promise.resolve().then(() => parseCall(method, args));
    if (method === 'throwAtOnce') throw Object.assign(new Error('Refused before any promise.'), { code: 'INVALID_ARGUMENT' });
    if (method === 'fail') return Promise.reject(Object.assign(new Error('A sentence for people.'), { code: 'INVALID_ARGUMENT', stack: 'secret stack' }));
    if (method === 'crash') return Promise.reject(new TypeError("Cannot read properties of undefined (reading 'secret-internals')"));
    return Promise.resolve(args);
  },
  subscribe: (e) => (emitters.add(e), () => emitters.delete(e)),
};
const LIMITS = { fileBytes: 1000, totalBytes: 2500, count: 3, batchFiles: 4 };
let shell: WebShell;
let session: NodeSession;
let launchFile: string;

beforeAll(async () => {
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Notarium</title><script src="app.js"></script>');
  writeFileSync(join(staticDir, 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'outside.txt'), 'outside');
  shell = await startWebShell({ staticDir, bridge, dataDir, uploadLimits: LIMITS, log: (l) => logged.push(l) });
  launchFile = await shell.launchFile();
});
afterAll(async () => {
  await shell.close();
  rmSync(root, { recursive: true, force: true });
});

/** A raw request, so Host can be anything (fetch would not let a test forge it). */
function raw(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
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

/** Bytes as a hostile local process writes them, and everything the shell answers until it closes the connection. */
function rawBytes(text: string): Promise<string> {
  const { port } = new URL(shell.origin);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(text));
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

const token = (): string => new URLSearchParams(new URL(shell.launchUrl).hash.slice(1)).get('launch')!;
const secretHeader = (): Record<string, string> => ({ 'x-notarium-session': session.secret });

/**
 * What a check that compares too little (a prefix, startsWith, a length slip) would let through:
 * every prefix, the value extended, and every one-character change, each of the same alphabet.
 */
function nearMisses(value: string): string[] {
  const other = (c: string) => (c === 'A' ? 'B' : 'A');
  return [
    ...Array.from({ length: value.length - 1 }, (_, n) => value.slice(0, n + 1)),
    `${value}A`,
    `${value}${value}`,
    value.slice(1),
    ...Array.from(value, (c, i) => `${value.slice(0, i)}${other(c)}${value.slice(i + 1)}`),
  ];
}

describe('the launch', () => {
  it('keeps the token out of what is sent: the link carries it in its fragment only', () => {
    const url = new URL(shell.launchUrl);
    expect(url.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url.pathname + url.search).toBe('/');
    expect(token()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('writes a private launch file (0600, in a 0700 folder, an unpredictable name) that holds the link', () => {
    expect(statSync(launchFile).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(launchFile)).mode & 0o777).toBe(0o700);
    expect(statSync(dirname(dirname(launchFile))).mode & 0o777).toBe(0o700);
    expect(launchFile).toMatch(/launch-[A-Za-z0-9_-]{22}\.html$/);
    expect(readFileSync(launchFile, 'utf8')).toContain(JSON.stringify(shell.launchUrl));
  });

  it('trades the token only from our Origin, never for a guess, then once only; the launch file is gone', async () => {
    expect((await raw('/session', { 'x-notarium-launch': token() }, 'POST')).status).toBe(403);
    expect((await raw('/session', { 'x-notarium-launch': token(), origin: 'http://127.0.0.1:1' }, 'POST')).status).toBe(403);
    expect((await raw('/session', { 'x-notarium-launch': 'guess', origin: shell.origin }, 'POST')).status).toBe(403);
    // Nor for a prefix of it, an extension, or one character changed (each would pass a check that compares too little).
    const misses = nearMisses(token());
    expect(misses).toHaveLength(2 * 43 + 2);
    for (const miss of misses) expect((await raw('/session', { 'x-notarium-launch': miss, origin: shell.origin }, 'POST')).status, miss).toBe(403);
    expect(existsSync(launchFile)).toBe(true); // a wrong guess does not spend the real token
    session = await tradeLaunch(shell.launchUrl);
    expect(session.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(existsSync(launchFile)).toBe(false);
    const again = await raw('/session', { 'x-notarium-launch': token(), origin: shell.origin }, 'POST');
    expect(again.status).toBe(403);
    expect(again.body).toMatch(/already used.*notarium app/);
    await expect(shell.launchFile()).rejects.toThrow(/already used/);
  });

  it('never sets a cookie', async () => {
    for (const res of [
      await raw('/', {}),
      await raw('/session', secretHeader()),
      await raw('/session', { 'x-notarium-launch': token(), origin: shell.origin }, 'POST'),
    ]) {
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('tells a page whether its secret is still good', async () => {
    expect((await raw('/session', secretHeader())).status).toBe(204);
    expect((await raw('/session', { 'x-notarium-session': 'guess' })).status).toBe(403);
    // A prefix of the secret, an extension, or one character changed: refused, as a guess is.
    for (const miss of nearMisses(session.secret)) expect((await raw('/session', { 'x-notarium-session': miss })).status, miss).toBe(403);
    for (const miss of nearMisses(session.secret).slice(0, 3))
      expect((await raw('/upload?name=x', { 'x-notarium-session': miss, origin: shell.origin }, 'POST', 'x')).status, miss).toBe(403);
    expect((await raw('/session', {})).body).toMatch(/notarium app/);
  });
});

describe('the gate', () => {
  it('serves the page, which holds no secret, with a strict CSP', async () => {
    const page = await raw('/', {});
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect((await raw('/app.js', {})).status).toBe(200);
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin, even with the secret', async () => {
    expect((await raw('/', { host: 'attacker.example' })).status).toBe(421);
    expect((await raw('/', { host: 'localhost:1' })).status).toBe(421);
    expect((await raw('/', { origin: 'http://attacker.example' })).status).toBe(403);
    expect((await raw('/upload?name=x', { ...secretHeader(), origin: 'http://127.0.0.1:1' }, 'POST', 'x')).status).toBe(403);
    expect((await raw('/upload?name=x', secretHeader(), 'POST', 'x')).status).toBe(403); // a POST must name its Origin
    expect((await raw('/upload?name=x', { origin: shell.origin }, 'POST', 'x')).status).toBe(403); // and present the secret
    expect((await raw('/upload?name=x', { origin: shell.origin, cookie: `notarium_session=${session.secret}` }, 'POST', 'x')).status).toBe(403); // not as a cookie
  });

  it('answers a request target that is no address with 400, on a request and on an upgrade, and goes on', async () => {
    const { port } = new URL(shell.origin);
    const head = (target: string, upgrade: boolean) =>
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${upgrade ? `Origin: ${shell.origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n` : ''}\r\n`;
    for (const target of ['//[', '//[::1', '//attacker.example/bridge', 'http://[/bridge', '*']) {
      expect(await rawBytes(head(target, true))).toMatch(/^HTTP\/1\.1 400 /);
      expect(await rawBytes(head(target, false))).toMatch(/^HTTP\/1\.1 400 /);
    }
    expect((await raw('/session', secretHeader())).status).toBe(204);
  });

  it('does not serve files outside the renderer', async () => {
    for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/..%2foutside.txt']) expect((await raw(path, {})).status).toBe(404);
  });
});

describe('the bridge', () => {
  const refused = (headers: Record<string, string>, protocols: string[] = [BRIDGE_PROTOCOL, SESSION_PROTOCOL_PREFIX + session.secret]) =>
    new Promise<number>((resolve) => {
      const ws = new WebSocket(`${shell.origin.replace('http', 'ws')}/bridge`, protocols, { headers });
      ws.once('open', () => (ws.close(), resolve(101)));
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode!));
      ws.once('error', () => resolve(0));
    });

  it('refuses the upgrade without the secret, from another Origin (another 127.0.0.1 port too), without an Origin, or to another Host', async () => {
    expect(await refused({ origin: shell.origin }, [BRIDGE_PROTOCOL])).toBe(403);
    expect(await refused({ origin: shell.origin }, [BRIDGE_PROTOCOL, `${SESSION_PROTOCOL_PREFIX}guess`])).toBe(403);
    // A prefix of the secret, an extension, or one character changed, as the subprotocol: refused.
    for (const miss of nearMisses(session.secret))
      expect(await refused({ origin: shell.origin }, [BRIDGE_PROTOCOL, SESSION_PROTOCOL_PREFIX + miss]), miss).toBe(403);
    expect(await refused({ origin: shell.origin, cookie: `notarium_session=${session.secret}` }, [BRIDGE_PROTOCOL])).toBe(403);
    expect(await refused({ origin: 'http://attacker.example' })).toBe(403);
    expect(await refused({ origin: 'http://127.0.0.1:1' })).toBe(403);
    expect(await refused({})).toBe(403);
    expect(await refused({ origin: shell.origin, host: 'attacker.example' })).toBe(421);
  });

  it('echoes only its own subprotocol, never the one carrying the secret', async () => {
    const ws = await openBridge(session);
    expect(ws.protocol).toBe(BRIDGE_PROTOCOL);
    ws.close();
  });

  it('answers every message, with a code and a sentence only, and carries events', async () => {
    const ws = await openBridge(session);
    const messages: Record<string, unknown>[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d))));
    const sent = [
      { id: 1, method: 'echo', args: ['a', 2] },
      { id: 2, method: 'fail', args: [] },
      { id: 3, method: 'notAMethod', args: [] },
      { id: 4, method: 'throwAtOnce', args: [] },
      { id: 5, method: 'crash', args: [] },
      { id: 6, method: 'echo' },
      { id: 'x', method: 'echo', args: [] },
    ].map((m) => JSON.stringify({ type: 'call', ...m }));
    for (const m of [...sent, 'not json', 'null', '[]', '7', '"text"', '{"__proto__":{"polluted":1}}']) ws.send(m);
    ws.send(Buffer.from([0, 1, 2]), { binary: true });
    await expect.poll(() => messages.length).toBe(14);
    expect(messages).toContainEqual({ type: 'answer', id: 1, ok: true, value: ['a', 2] });
    expect(messages).toContainEqual({ type: 'answer', id: 2, ok: false, error: { code: 'INVALID_ARGUMENT', message: 'A sentence for people.' } });
    expect(messages).toContainEqual({ type: 'answer', id: 3, ok: false, error: { code: 'BAD_CALL', message: 'There is no call named "notAMethod".' } });
    expect(messages).toContainEqual({ type: 'answer', id: 4, ok: false, error: { code: 'INVALID_ARGUMENT', message: 'Refused before any promise.' } });
    // Not one of Notarium's own failures: the catalogue's sentence for the page, the details in the log.
    expect(messages).toContainEqual({
      type: 'answer',
      id: 5,
      ok: false,
      error: { code: 'INTERNAL', message: expect.stringMatching(/error of its own/), said: { key: 'errors.INTERNAL' } },
    });
    expect(JSON.stringify(messages)).not.toMatch(/secret-internals|secret stack/);
    expect(logged.some((l) => l.includes('secret-internals'))).toBe(true);
    expect(messages).toContainEqual({ type: 'answer', id: 6, ok: false, error: { code: 'BAD_CALL', message: expect.stringMatching(/takes JSON messages/) } });
    expect(messages.filter((m) => m.id === null)).toHaveLength(8);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const emit of emitters) emit('record-updated', { id: 7 });
    await expect.poll(() => messages.at(-1)).toEqual({ type: 'event', event: 'record-updated', payload: { id: 7 } });
    ws.close();
  });

  it('closes only the connection that sent a frame too large, and keeps answering others', async () => {
    const big = await openBridge(session);
    const closed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)));
    big.send('x'.repeat(BRIDGE_MAX_MESSAGE + 1));
    expect(await closed).toBe(1009);
    const ws = await openBridge(session);
    const answer = new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    ws.send(JSON.stringify({ type: 'call', id: 1, method: 'echo', args: ['still here'] }));
    expect(await answer).toEqual({ type: 'answer', id: 1, ok: true, value: ['still here'] });
    ws.close();
  });
});

describe('uploads', () => {
  const uploadDir = () => join(dirname(launchFile), 'uploads');
  const post = (body: string, headers: Record<string, string> = {}) => raw('/upload', { ...secretHeader(), origin: shell.origin, ...headers }, 'POST', body);
  /** A request's body as the page writes it: the head, then each file's bytes. */
  const batch = (files: { name: string; text: string; size?: number }[]) =>
    batchHead(files.map((f) => ({ name: f.name, size: f.size ?? Buffer.byteLength(f.text) }))) + files.map((f) => f.text).join('');

  it("streams each of a request's files into a private folder, hashing it on the way in", async () => {
    const res = await post(
      batch([
        { name: 'contract/../x.pdf', text: 'file bytes' },
        { name: 'empty.txt', text: '' },
        { name: 'b.txt', text: 'bé' },
      ]),
    );
    expect(res.status).toBe(200);
    const { uploads } = JSON.parse(res.body) as { uploads: { uploadId: string; name: string; size: number }[] };
    expect(uploads.map(({ name, size }) => ({ name, size }))).toEqual([
      { name: 'contract_.._x.pdf', size: 10 },
      { name: 'empty.txt', size: 0 },
      { name: 'b.txt', size: 3 },
    ]);
    const held = uploads.map((u) => shell.uploads.get(u.uploadId)!);
    expect(held.map((h) => readFileSync(h.path, 'utf8'))).toEqual(['file bytes', '', 'bé']);
    for (const h of held) expect(statSync(h.path).mode & 0o777).toBe(0o600);
    expect(statSync(uploadDir()).mode & 0o777).toBe(0o700);
    expect(shell.uploads.digestOf(held[2]!.path)).toEqual({ sha256: createHash('sha256').update('bé').digest('hex'), size: 3 });
    await Promise.all(uploads.map((u) => shell.uploads.release(u.uploadId)));
    for (const h of held) expect(existsSync(h.path)).toBe(false);
  });

  it('refuses a file larger than the limit before reading it, with a sentence that names it', async () => {
    const res = await upload(session, 'movie.mkv', new Uint8Array(LIMITS.fileBytes + 1));
    expect(res.status).toBe(413);
    expect(res.error?.code).toBe('UPLOAD_REFUSED');
    expect(res.error?.message).toMatch(
      /^"movie\.mkv" is too large for the browser version of Notarium, which takes files of up to 1000 B: use the desktop app or the notarium command/,
    );
    expect(readdirSync(uploadDir())).toEqual([]);
  });

  it('takes a request whole or not at all: one file too large, and none of its files is kept', async () => {
    const res = await uploadFiles(session, [
      { name: 'small.txt', body: 'small' },
      { name: 'large.bin', body: new Uint8Array(LIMITS.fileBytes + 1) },
    ]);
    expect(res.status).toBe(413);
    expect(res.error?.message).toMatch(/^"large\.bin" is too large/);
    expect(readdirSync(uploadDir())).toEqual([]);
  });

  it('refuses more files in one request than it takes, saying how many it takes', async () => {
    const files = Array.from({ length: LIMITS.batchFiles + 1 }, (_, i) => ({ name: `f${i}.txt`, body: 'x' }));
    const res = await uploadFiles(session, files);
    expect(res.status).toBe(413);
    expect(res.error).toEqual({
      code: 'UPLOAD_REFUSED',
      message: 'The page sent 5 dropped files in one request, and Notarium takes up to 4 at a time: reload the page, then drop them again.',
    });
    expect(readdirSync(uploadDir())).toEqual([]);
  });

  it('refuses a body that is not what its head says, with a sentence, and keeps nothing of it', async () => {
    const cases: [string, string, Record<string, string>?][] = [
      ['', 'it is empty'],
      ['not json\nbytes', 'its list of files is not JSON'],
      ['[]\n', 'it names no file'],
      ['{"name":"a","size":1}\na', 'it names no file'],
      ['[{"name":"a","size":-1}]\n', 'a file in its list has no name or no size'],
      ['[{"name":"a","size":1.5}]\nab', 'a file in its list has no name or no size'],
      ['[{"name":"a"}]\n', 'a file in its list has no name or no size'],
      ['[{"name":"a","size":3}]', 'its list of files has no end'],
      [batch([{ name: 'a', text: 'abc' }]) + 'more', 'its length is not the sum of its files'],
      [batch([{ name: 'a', text: 'abc', size: 5 }]), 'its length is not the sum of its files'],
    ];
    for (const [body, why] of cases) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(JSON.parse(res.body), body).toEqual({
        error: { code: 'UPLOAD_FAILED', message: `Notarium could not read the dropped files the page sent (${why}): reload the page, then drop them again.` },
      });
    }
    const long = await post(`[{"name":"${'a'.repeat(BATCH_HEAD_BYTES)}","size":1}]\na`);
    expect(long.status).toBe(413);
    expect(JSON.parse(long.body)).toMatchObject({
      error: { code: 'UPLOAD_REFUSED', message: expect.stringMatching(/^The page sent a list of dropped files longer than/) },
    });
    expect(readdirSync(uploadDir())).toEqual([]);
  });

  /** A request with no declared length (chunked), its body written in parts; its status. */
  const streamed = (parts: (string | Uint8Array)[]): Promise<number | null> => {
    const { port } = new URL(shell.origin);
    return new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/upload', method: 'POST', headers: { ...secretHeader(), origin: shell.origin } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', () => resolve(null));
      for (const part of parts) req.write(part);
      req.end();
    });
  };

  it('refuses a body that goes past its files (no declared length), and deletes what came', async () => {
    const status = await streamed([batchHead([{ name: 'a.bin', size: 100 }]), ...Array.from({ length: 12 }, () => new Uint8Array(100))]);
    expect(status).toBe(400);
    await expect.poll(() => readdirSync(uploadDir())).toEqual([]);
  });

  it('holds at most the stated count and bytes at once; a release makes room', async () => {
    const a = await upload(session, 'a.bin', new Uint8Array(900));
    const b = await upload(session, 'b.bin', new Uint8Array(900));
    const c = await upload(session, 'c.bin', new Uint8Array(900)); // 2,700 bytes would pass 2,500
    expect([a.status, b.status, c.status]).toEqual([200, 200, 413]);
    expect(c.error?.code).toBe('UPLOAD_REFUSED');
    expect(c.error?.message).toMatch(
      /already holds 1\.8 KiB of dropped files for work in progress, and "c\.bin" would take it past 2\.4 KiB: wait until that is done/,
    );
    const two = await uploadFiles(session, [
      { name: 'd.bin', body: 'small' },
      { name: 'e.bin', body: 'small' },
    ]);
    expect(two.status).toBe(429); // 4 files would pass 3: neither is taken
    expect(two.error?.code).toBe('UPLOAD_REFUSED');
    expect(two.error?.message).toMatch(
      /already holds 2 dropped files for work in progress, and holds 3 at most: wait until it is done, then drop "d\.bin" and 1 other files again/,
    );
    const d = await upload(session, 'd.bin', 'small');
    const e = await upload(session, 'e.bin', 'small');
    expect([d.status, e.status]).toEqual([200, 429]);
    // The page gives back one it will not use: deleted at once, and there is room again.
    const dropped = await raw(`/upload/${d.uploadId}`, { ...secretHeader(), origin: shell.origin }, 'DELETE');
    expect(dropped.status).toBe(204);
    expect(shell.uploads.get(d.uploadId!)).toBeUndefined();
    expect((await raw(`/upload/${a.uploadId}`, { origin: shell.origin }, 'DELETE')).status).toBe(403); // not without the secret
    expect((await upload(session, 'f.bin', 'small')).status).toBe(200);
    expect(readdirSync(uploadDir())).toHaveLength(3);
  });
});

describe('an upload whose file cannot be deleted', () => {
  it('is logged, stops nothing, and counts against the limits until a later try deletes it', async () => {
    const home = join(root, 'undeletable');
    const lines: string[] = [];
    const other = await startWebShell({
      staticDir,
      bridge,
      dataDir: home,
      uploadLimits: { fileBytes: 100, totalBytes: 100, count: 1, batchFiles: 10 },
      log: (l) => lines.push(l),
    });
    try {
      const mine = await tradeLaunch(other.launchUrl);
      const first = await upload(mine, 'held.pdf', 'in use');
      const { path } = other.uploads.get(first.uploadId!)!;
      // A file rm cannot delete, even as root: a folder that is not empty, where the upload was.
      rmSync(path);
      mkdirSync(join(path, 'in-the-way'), { recursive: true });
      await expect(other.uploads.release(first.uploadId!)).resolves.toBeUndefined();
      const answer = await fetch(`${mine.origin}/upload/${first.uploadId}`, {
        method: 'DELETE',
        headers: { origin: mine.origin, 'x-notarium-session': mine.secret },
      });
      expect(answer.status).toBe(204);
      expect(lines.join('\n')).toMatch(/A dropped file Notarium is done with could not be deleted \(ERR_FS_EISDIR\): it is tried again/);
      expect(lines.join('\n')).not.toContain(mine.secret);
      // Still on disk, so still held: the bound stays true.
      expect((await upload(mine, 'next.pdf', 'next')).status).toBe(429);
      rmSync(path, { recursive: true }); // what held it lets go
      const next = await upload(mine, 'next.pdf', 'next'); // the next upload tries again first
      expect(next.status).toBe(200);
      expect(existsSync(path)).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('start and close', () => {
  it("deletes at start what shells no longer running left, and keeps a running one's folder", async () => {
    const home = join(root, 'leftovers');
    const parent = join(home, 'web-shell');
    mkdirSync(join(parent, '999999999-old', 'uploads'), { recursive: true });
    writeFileSync(join(parent, '999999999-old', 'uploads', 'big'), 'left from a crash');
    mkdirSync(join(parent, `${process.pid}-running`));
    mkdirSync(join(home, 'uploads'));
    writeFileSync(join(home, 'uploads', '0b1c2d3e-0000-4000-8000-0123456789ab'), 'left by an earlier version');
    const other = await startWebShell({ staticDir, bridge, dataDir: home });
    try {
      expect(existsSync(join(parent, '999999999-old'))).toBe(false);
      expect(existsSync(join(home, 'uploads'))).toBe(false); // emptied, so removed
      expect(existsSync(join(parent, `${process.pid}-running`))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it("leaves a user's own uploads/ where NOTARIUM_HOME is their folder: only an earlier version's files go", async () => {
    const home = join(root, 'users-own');
    const theirs = join(home, 'uploads');
    mkdirSync(join(theirs, 'photos'), { recursive: true });
    writeFileSync(join(theirs, 'cv.pdf'), 'theirs');
    writeFileSync(join(theirs, 'photos', 'a.jpg'), 'theirs');
    mkdirSync(join(theirs, '0b1c2d3e-0000-4000-8000-0123456789ab')); // named like ours, but a folder: not ours
    writeFileSync(join(theirs, '11111111-2222-4333-8444-555555555555'), 'left by an earlier version');
    const other = await startWebShell({ staticDir, bridge, dataDir: home });
    await other.close();
    expect(readdirSync(theirs).sort()).toEqual(['0b1c2d3e-0000-4000-8000-0123456789ab', 'cv.pdf', 'photos']);
    expect(readFileSync(join(theirs, 'photos', 'a.jpg'), 'utf8')).toBe('theirs');
  });

  it('deletes its launch file and its uploads at close', async () => {
    const home = join(root, 'closing');
    const other = await startWebShell({ staticDir, bridge, dataDir: home });
    const unused = await other.launchFile(); // the browser never came
    const mine = await tradeLaunch(other.launchUrl).then((s) => upload(s, 'left.pdf', 'dropped, never used'));
    expect(mine.status).toBe(200);
    expect(readdirSync(join(home, 'web-shell'))).toHaveLength(1);
    await other.close();
    expect(existsSync(unused)).toBe(false);
    expect(readdirSync(join(home, 'web-shell'))).toEqual([]);
  });
});
