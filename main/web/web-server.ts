import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { WebSocketServer, type WebSocket } from 'ws';
import { checkHostAndOrigin, checkRequest, SESSION_COOKIE, type Gate } from './web-security.ts';

/**
 * The web shell: the built renderer on 127.0.0.1 (random port) and a WebSocket bridge that carries
 * the same calls and events as the Electron preload. A one-time launch URL sets the per-launch
 * secret as an HttpOnly, SameSite=Strict cookie; every request and the upgrade are checked for it,
 * for our Host and for our Origin. Dropped files are streamed here and stored for the core to hash.
 */

export interface Bridge {
  methods: ReadonlySet<string>;
  /** Validates and runs a call; throws errors with `code` and a sentence for people. */
  call(method: string, args: unknown[]): Promise<unknown>;
  subscribe(emit: (event: string, payload: unknown) => void): () => void;
}

export interface Upload {
  id: string;
  name: string;
  size: number;
  path: string;
}

export interface WebShellOptions {
  staticDir: string;
  bridge: Bridge;
  /** Where dropped files are streamed to (created if missing). */
  uploadDir: string;
  /** Every upload is reported here, so the bridge can find it by id. */
  onUpload(upload: Upload): void;
  /** Content-Security-Policy of the page (the renderer's own). */
  csp?: string;
}

export interface WebShell {
  origin: string;
  /** Opens the app once: it trades its token for the session cookie. */
  launchUrl: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

export function webShellCsp(origin: string): string {
  const ws = origin.replace(/^http/, 'ws');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${ws}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const secret = randomBytes(32).toString('base64url');
  let launchToken: string | null = randomBytes(32).toString('base64url');
  mkdirSync(options.uploadDir, { recursive: true });
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const gate: Gate = { host: `127.0.0.1:${port}`, origin, secret };
  const csp = options.csp ?? webShellCsp(origin);

  const refuse = (res: ServerResponse, status: number, reason: string): void => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(reason);
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const launch = url.searchParams.get('launch');
      if (launch !== null) {
        const verdict = checkHostAndOrigin(req, gate);
        if (!verdict.ok) return refuse(res, verdict.status, verdict.reason);
        if (launchToken === null || launch !== launchToken) return refuse(res, 403, 'This launch link was already used: open Notarium again from its launcher.');
        launchToken = null; // one time only
        res.writeHead(303, {
          'Set-Cookie': `${SESSION_COOKIE}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
          Location: '/',
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
        });
        return res.end();
      }
      const verdict = checkRequest(req, gate, req.method !== 'GET' && req.method !== 'HEAD');
      if (!verdict.ok) return refuse(res, verdict.status, verdict.reason);
      if (req.method === 'POST' && url.pathname === '/upload') return upload(req, res, url, options);
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Not allowed.');
      await serveStatic(res, options.staticDir, url.pathname, csp);
    })().catch(() => {
      if (!res.headersSent) refuse(res, 500, 'Notarium could not answer this request.');
      else res.destroy();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const verdict = new URL(req.url ?? '/', origin).pathname === '/bridge' ? checkRequest(req, gate, true) : { ok: false as const, status: 404, reason: 'Not found.' };
    if (!verdict.ok) {
      socket.end(`HTTP/1.1 ${verdict.status} Refused\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${verdict.reason}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => connect(ws, options.bridge));
  });

  return {
    origin,
    launchUrl: `${origin}/?launch=${launchToken}`,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => {
        wss.close(() => server.close(() => resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/** One page connection: calls in, answers and events out, as JSON messages. */
function connect(ws: WebSocket, bridge: Bridge): void {
  const send = (message: unknown): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const unsubscribe = bridge.subscribe((event, payload) => send({ event, payload }));
  ws.on('close', unsubscribe);
  ws.on('message', (data) => {
    let message: { id?: unknown; method?: unknown; args?: unknown };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return send({ id: null, error: { code: 'USAGE', message: 'The message is not JSON.' } });
    }
    const { id, method, args } = message;
    if (typeof id !== 'number' || typeof method !== 'string' || !Array.isArray(args) || !bridge.methods.has(method)) {
      return send({ id: typeof id === 'number' ? id : null, error: { code: 'USAGE', message: 'Unknown call.' } });
    }
    bridge.call(method, args).then(
      (result) => send({ id, result: result ?? null }),
      (err: unknown) => send({ id, error: errorOf(err) }),
    );
  });
}

/** Only the code and the sentence cross to the page: no stack, no cause. */
function errorOf(err: unknown): { code: string; message: string } {
  const e = err as { code?: unknown; message?: unknown };
  return { code: typeof e?.code === 'string' ? e.code : 'INTERNAL', message: typeof e?.message === 'string' ? e.message : 'Something went wrong.' };
}

async function upload(req: IncomingMessage, res: ServerResponse, url: URL, options: WebShellOptions): Promise<void> {
  const name = (url.searchParams.get('name') ?? '').replace(/[/\\]/g, '_').slice(0, 255) || 'upload';
  const id = randomUUID();
  const path = join(options.uploadDir, id);
  await pipeline(req, createWriteStream(path, { mode: 0o600 }));
  const { size } = await stat(path);
  options.onUpload({ id, name, size, path });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ uploadId: id, name, size }));
}

async function serveStatic(res: ServerResponse, root: string, pathname: string, csp: string): Promise<void> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '');
  const file = join(root, relative);
  if (!file.startsWith(normalize(root) + sep) || relative.split(/[/\\]/).includes('..')) {
    res.writeHead(404).end();
    return;
  }
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.');
    return;
  }
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Type': type,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': type.startsWith('text/html') ? 'no-store' : 'private, max-age=3600',
  };
  if (type.startsWith('text/html')) Object.assign(headers, { 'Content-Security-Policy': csp, 'X-Frame-Options': 'DENY' });
  res.writeHead(200, headers);
  res.end(body);
}
