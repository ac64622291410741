import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from './electron-mock.ts';

vi.mock('electron', () => import('./electron-mock.ts'));
const { APP_CSP, fileForUrl, handleAppProtocol, registerAppScheme, serveAppRequest } = await import('../../../main/electron/app-protocol.ts');

let root: string;
let renderer: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'notarium-protocol-'));
  renderer = join(root, 'dist', 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Notarium</title>');
  writeFileSync(join(renderer, 'assets', 'index.js'), 'console.log(1)');
  writeFileSync(join(renderer, 'assets', 'index.css'), 'body{}');
  writeFileSync(join(renderer, 'assets', 'font.woff2'), 'x');
  writeFileSync(join(root, 'dist', 'secret.txt'), 'not for the page');
  writeFileSync(join(root, 'dist', 'renderer-evil.txt'), 'not for the page either');
});
beforeEach(() => electron.resetElectron());

const get = (url: string, method = 'GET') => serveAppRequest(new Request(url, { method }), renderer);

describe('the app:// scheme', () => {
  it('is registered as a privileged standard, secure scheme (before ready)', () => {
    registerAppScheme();
    expect(electron.protocol.privileged).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, supportFetchAPI: true }) },
    ]);
    expect(electron.protocol.privileged[0]).not.toMatchObject({ privileges: { bypassCSP: true } });
  });

  it('is handled by serving the renderer folder (after ready: it is the default session that handles it)', async () => {
    expect(() => handleAppProtocol(renderer)).toThrow('Session can only be received when app is ready');
    await electron.app.whenReady();
    handleAppProtocol(renderer);
    const response = await electron.protocol.handlers.get('app')!(new Request('app://notarium/index.html'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Notarium</title>');
  });
});

describe('responses', () => {
  it('carry the strict CSP, on every answer', async () => {
    expect(APP_CSP).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    for (const response of [
      await get('app://notarium/index.html'),
      await get('app://notarium/assets/index.js'),
      await get('app://notarium/missing.js'),
      await get('app://notarium/index.html', 'POST'),
    ]) {
      expect(response.headers.get('content-security-policy')).toBe(APP_CSP);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it.each([
    ['app://notarium/', 'text/html; charset=utf-8'],
    ['app://notarium/index.html', 'text/html; charset=utf-8'],
    ['app://notarium/assets/index.js', 'text/javascript; charset=utf-8'],
    ['app://notarium/assets/index.css', 'text/css; charset=utf-8'],
    ['app://notarium/assets/font.woff2', 'font/woff2'],
  ])('%s is served as %s', async (url, type) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('app://notarium/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await get('app://notarium/index.html', 'POST')).status).toBe(405);
  });

  it('answers 404 for a missing file or a folder', async () => {
    expect((await get('app://notarium/nope.js')).status).toBe(404);
    expect((await get('app://notarium/assets')).status).toBe(404);
  });
});

describe('path traversal', () => {
  it.each([
    'app://notarium/../secret.txt',
    'app://notarium/%2e%2e/secret.txt',
    'app://notarium/assets/%2e%2e/%2e%2e/secret.txt',
    'app://notarium/..%2fsecret.txt',
    'app://notarium/..%2F..%2F..%2Fetc%2Fpasswd',
    'app://notarium/..%5csecret.txt',
    'app://notarium/%2e%2e%5csecret.txt',
    'app://notarium/../renderer-evil.txt',
    'app://notarium/%00index.html',
    'app://notarium/%E0%A4%A',
    'app://other/index.html',
    'app://notarium.evil/index.html',
    'file:///etc/passwd',
  ])('%s is refused', async (url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('not for the page');
  });

  it('never names a file outside the root', () => {
    expect(fileForUrl('app://notarium/assets/index.js', renderer)).toBe(join(renderer, 'assets', 'index.js'));
    // URL parsing folds dot segments (as Chromium does) at the root; decoded ones are refused.
    expect(fileForUrl('app://notarium/%2e%2e/secret.txt', renderer)).toBe(join(renderer, 'secret.txt'));
    expect(fileForUrl('app://notarium/..%2fsecret.txt', renderer)).toBeNull();
    expect(fileForUrl('not a url', renderer)).toBeNull();
  });
});
