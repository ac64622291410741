import { readFile } from 'node:fs/promises';
import { extname, relative, resolve, sep, isAbsolute } from 'node:path';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from './app-origin.ts';

/**
 * The built renderer served from `app://notarium/`: a real, secure origin for the page instead of
 * file:// (which would let it read any local file). Every answer carries the strict CSP.
 */

export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Must run before the app is ready: a standard, secure scheme gets an origin, fetch and code cache. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
  ]);
}

/** After ready: serve `rootDir` (dist/renderer) on the scheme. */
export function handleAppProtocol(rootDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rootDir));
}

function headersFor(type: string): Record<string, string> {
  return {
    'Content-Type': type,
    'Content-Security-Policy': APP_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}

function refuse(status: number, reason: string): Response {
  return new Response(reason, { status, headers: headersFor('text/plain; charset=utf-8') });
}

/** The file under `rootDir` a URL names, or null when it names anything outside it. */
export function fileForUrl(url: string, rootDir: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  // Encoded separators or NULs have no business in a renderer asset name.
  if (path.includes('\0') || path.includes('\\')) return null;
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return null;
  const root = resolve(rootDir);
  const file = resolve(root, ...(segments.length ? segments : ['index.html']));
  const rel = relative(root, file);
  if (rel === '' || rel.startsWith('..' + sep) || rel === '..' || isAbsolute(rel)) return null;
  return file;
}

export async function serveAppRequest(request: Request, rootDir: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Not allowed.');
  const file = fileForUrl(request.url, rootDir);
  if (!file) return refuse(404, 'Not found.');
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return refuse(404, 'Not found.');
  }
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers: headersFor(type) });
}
