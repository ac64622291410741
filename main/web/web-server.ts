import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer } from 'ws';
import { BRIDGE_PROTOCOL, LAUNCH_FRAGMENT, LAUNCH_HEADER, NEW_LINK } from '../../preload/web-session.ts';
import { serveConnection, type Bridge } from './bridge-connection.ts';
import { writeLaunchFile, type LaunchFile } from './launch-file.ts';
import { openShellFolder } from './shell-folder.ts';
import { UploadRefused, UploadStore, type UploadLimits } from './upload-store.ts';
import { checkHostAndOrigin, checkRequest, sameSecret, type Gate, type GateVerdict } from './web-security.ts';

export type { Bridge } from './bridge-connection.ts';

/**
 * The web shell: the built renderer on 127.0.0.1 (random port) and a WebSocket bridge that carries
 * the same calls and events as the Electron preload. The per-launch secret is never a cookie: the
 * page trades the one-time launch token (in the launch address's fragment) for it once, and
 * presents it on the bridge and on uploads (see web-security.ts and preload/web-session.ts).
 * Dropped files are streamed here, several to a request, hashed on the way in, and kept only while
 * needed.
 */

export interface WebShellOptions {
  staticDir: string;
  bridge: Bridge;
  /** The data directory: the shell's launch file and uploads live in a private folder there. */
  dataDir: string;
  uploadLimits?: UploadLimits;
  /** Content-Security-Policy of the page (the renderer's own). */
  csp?: string;
  /** Failures no page should see in full (default: stderr). */
  log?: (line: string) => void;
}

export interface WebShell {
  origin: string;
  /** Opens the app once: `<origin>/#launch=<token>`. Print it only to the user's own terminal. */
  launchUrl: string;
  /** A private file that opens launchUrl: give its path to the browser, never the URL. Deleted once used, and at close. */
  launchFile(): Promise<string>;
  /** Resolves once a page has traded the launch token (the browser did open the app). */
  launched: Promise<void>;
  uploads: UploadStore;
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

/** The largest message the bridge takes; a larger one closes that connection (1009), not the shell. */
export const BRIDGE_MAX_MESSAGE = 4 * 1024 * 1024;

const USED = `This link was already used: each link opens Notarium once, in one tab. Go back to that tab. ${NEW_LINK}`;

const BAD_TARGET = 'This request does not name a page of Notarium.';

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
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const secret = randomBytes(32).toString('base64url');
  let launchToken: string | null = randomBytes(32).toString('base64url');
  const launchFiles = new Set<LaunchFile>();
  let traded = (): void => undefined;
  const launched = new Promise<void>((resolve) => (traded = resolve));
  const folder = await openShellFolder(options.dataDir);
  const uploads = await UploadStore.open(join(folder.dir, 'uploads'), options.uploadLimits, log);
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const gate: Gate = { host: `127.0.0.1:${port}`, origin, secret };
  const csp = options.csp ?? webShellCsp(origin);
  const launchUrl = `${origin}/#${LAUNCH_FRAGMENT}=${launchToken}`;

  const forgetLaunchFiles = async (): Promise<void> => {
    await Promise.all([...launchFiles].map((f) => f.remove()));
    launchFiles.clear();
  };

  /** The launch token for the secret, once, to a page of our own origin. */
  const trade = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const verdict = checkHostAndOrigin(req, gate, true);
    if (!verdict.ok) return refuse(res, verdict.status, verdict.reason);
    const token = req.headers[LAUNCH_HEADER.toLowerCase()];
    if (launchToken === null || typeof token !== 'string' || !sameSecret(token, launchToken)) return refuse(res, 403, USED);
    launchToken = null;
    traded();
    await forgetLaunchFiles();
    json(res, 200, { session: secret });
  };

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = requestTarget(req, origin);
    if (url === null) return refuse(res, 400, BAD_TARGET);
    if (url.pathname === '/session' && req.method === 'POST') return trade(req, res);
    if (url.pathname === '/session' || url.pathname === '/upload' || url.pathname.startsWith('/upload/')) {
      const verdict = checkRequest(req, gate, req.method !== 'GET' && req.method !== 'HEAD');
      if (!verdict.ok) return refuse(res, verdict.status, verdict.reason);
      if (url.pathname === '/session' && req.method === 'GET') return void res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
      if (url.pathname === '/upload' && req.method === 'POST') return upload(req, res, uploads);
      if (url.pathname.startsWith('/upload/') && req.method === 'DELETE') {
        await uploads.release(url.pathname.slice('/upload/'.length));
        return void res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
      }
      return refuse(res, 405, 'Not allowed.');
    }
    // The built page holds no secret: our Host, and our Origin when one is named, are enough.
    const verdict = checkHostAndOrigin(req, gate);
    if (!verdict.ok) return refuse(res, verdict.status, verdict.reason);
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'Not allowed.');
    await serveStatic(res, options.staticDir, url.pathname, csp);
  };
  // Whatever a request holds, what it throws (at once or later) becomes an answer: never the process's end.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const failed = (err: unknown): void => {
      log(`The web shell could not answer a ${String(req.method).slice(0, 16)} request: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) refuse(res, 500, 'Notarium could not answer this request.');
      else res.destroy();
    };
    try {
      answer(req, res).catch(failed);
    } catch (err) {
      failed(err);
    }
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: BRIDGE_MAX_MESSAGE,
    // The page offers two: ours, and the one that carries the secret. Only ours is ever echoed.
    handleProtocols: (offered) => (offered.has(BRIDGE_PROTOCOL) ? BRIDGE_PROTOCOL : false),
  });
  const upgrade = (req: IncomingMessage, socket: Socket, head: Buffer): void => {
    const verdict = requestTarget(req, origin)?.pathname === '/bridge' ? checkRequest(req, gate, true) : notTheBridge(req, origin);
    if (!verdict.ok) return refuseUpgrade(socket, verdict.status, verdict.reason);
    wss.handleUpgrade(req, socket, head, (ws) => serveConnection(ws, options.bridge, log));
  };
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    try {
      upgrade(req, socket, head);
    } catch (err) {
      log(`The web shell could not answer an upgrade: ${err instanceof Error ? err.message : String(err)}`);
      refuseUpgrade(socket, 500, 'Notarium could not answer this request.');
    }
  });

  return {
    origin,
    launchUrl,
    launchFile: async () => {
      if (launchToken === null) throw new Error('The launch link was already used.');
      const file = await writeLaunchFile(folder.dir, launchUrl);
      launchFiles.add(file);
      return file.path;
    },
    launched,
    uploads,
    close: async () => {
      launchToken = null;
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => {
        wss.close(() => server.close(() => resolve()));
        server.closeAllConnections();
      });
      await uploads.releaseAll();
      await folder.remove();
    },
  };
}

/** The request's target on our origin, or null when it is not one (`//[`, a bare `*`…): those are answered 400. */
function requestTarget(req: IncomingMessage, origin: string): URL | null {
  if (typeof req.url !== 'string' || !req.url.startsWith('/')) return null;
  try {
    const url = new URL(req.url, origin);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

function notTheBridge(req: IncomingMessage, origin: string): GateVerdict {
  return requestTarget(req, origin) === null ? { ok: false, status: 400, reason: BAD_TARGET } : { ok: false, status: 404, reason: 'Not found.' };
}

function refuseUpgrade(socket: Socket, status: number, reason: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${reason}`);
  else socket.destroy();
}

function refuse(res: ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(reason);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function upload(req: IncomingMessage, res: ServerResponse, uploads: UploadStore): Promise<void> {
  try {
    const received = await uploads.receive(req);
    json(res, 200, { uploads: received.map(({ id, name, size }) => ({ uploadId: id, name, size })) });
  } catch (err) {
    if (!(err instanceof UploadRefused)) throw err;
    // Answered before the body is read: the connection closes after the answer, so the rest is not sent.
    res.writeHead(err.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Connection: 'close' });
    res.end(JSON.stringify({ error: { code: err.code, message: err.message } }), () => {
      if (!req.complete) req.socket.destroy();
    });
  }
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
