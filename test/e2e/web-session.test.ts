import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli, type CliRun } from '../support/cli.ts';
import { keepShots } from '../support/screenshots.ts';
import { CHROMIUM, PAGE_WAIT_MS, screenButton } from '../support/web-app.ts';
import { INNER_WAIT_MS } from '../support/hang-limit.ts';

// The web shell's authority is not a cookie (cookies reach every port of
// 127.0.0.1) and is never readable by another user. `notarium app` opens the browser on a private
// launch file (a stand-in xdg-open on PATH records what it was given, as another user would see it
// in /proc), the page trades the token in its fragment for a secret it keeps in its tab, and a
// page on another port of 127.0.0.1, in the same browser, gets nothing of it.

const root = mkdtempSync(join(tmpdir(), 'notarium-e2e-session-'));
const home = join(root, 'data');
const bin = join(root, 'bin');
const opened = join(root, 'opened.txt');
let run: CliRun;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let visitor: Server;
const visits: IncomingHttpHeaders[] = [];
let launchFile = '';
let link = '';

beforeAll(async () => {
  mkdirSync(bin);
  // What the opener was given (its argv is all another user sees), and the file's modes then.
  writeFileSync(
    join(bin, 'xdg-open'),
    `#!/bin/sh\n{ printf '%s\\n' "$@"; stat -c '%a' "$1" "$(dirname "$1")" 2>/dev/null; } > "${opened}.part"; mv "${opened}.part" "${opened}"\n`,
  );
  chmodSync(join(bin, 'xdg-open'), 0o755);
  run = runCli(['app', '--web'], {
    env: { NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '1', NOTARIUM_NO_BROWSER: '', PATH: `${bin}:${process.env.PATH}` },
  });
  await vi.waitFor(() => expect(existsSync(opened)).toBe(true), { timeout: INNER_WAIT_MS, interval: 100 });
  launchFile = readFileSync(opened, 'utf8').split('\n')[0]!;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  page = await context.newPage();
  // Another local process the browser may be sent to: it records what the browser sends it.
  visitor = createServer((req, res) => {
    visits.push(req.headers);
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>elsewhere</title><p>another port</p>');
  });
  await new Promise<void>((resolve) => visitor.listen(0, '127.0.0.1', () => resolve()));
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (visitor ? visitor.close(() => resolve()) : resolve()));
  run?.child.kill('SIGTERM');
  await run;
  rmSync(root, { recursive: true, force: true });
});

describe('the web shell session', () => {
  let origin = '';

  it('gives the opener a private file, not the link: 0600 in a 0700 folder', () => {
    const [arg, fileMode, dirMode, extra] = readFileSync(opened, 'utf8').split('\n');
    expect(arg).toMatch(new RegExp(`^${home}/web-shell/\\d+-[^/]+/launch-[A-Za-z0-9_-]{22}\\.html$`));
    expect(arg).not.toMatch(/launch=|127\.0\.0\.1/);
    expect(extra).toBe('');
    expect([fileMode, dirMode]).toEqual(['600', '700']);
    expect(statSync(dirname(dirname(arg!))).mode & 0o777).toBe(0o700);
    link = /location\.replace\("([^"]+)"\)/.exec(readFileSync(launchFile, 'utf8'))![1]!;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#launch=[A-Za-z0-9_-]{43}$/);
  });

  it('opens the app from the launch file, takes the token out of the address, and deletes the file', async () => {
    await page.goto(`file://${launchFile}`);
    await page.getByRole('heading', { name: 'Notarise' }).waitFor();
    // The screen shows before the trade is answered; the file is gone once the page holds its secret.
    await page.waitForFunction(() => sessionStorage.getItem('notarium.session') !== null);
    origin = new URL(page.url()).origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(page.url()).toBe(`${origin}/`);
    expect(existsSync(launchFile)).toBe(false);
    expect(await context.cookies()).toEqual([]);
  });

  it('keeps working after a reload (the tab keeps its secret)', async () => {
    await page.reload();
    await screenButton(page, 'Library').click();
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    expect(await page.locator('.conn').count()).toBe(0);
  });

  it('gives a page on another port of 127.0.0.1 nothing of the session', async () => {
    const other = await context.newPage();
    const visitorOrigin = `http://127.0.0.1:${(visitor.address() as AddressInfo).port}`;
    await other.goto(`${visitorOrigin}/`);
    expect(visits.at(-1)!.cookie).toBeUndefined();
    expect(JSON.stringify(visits)).not.toContain(await page.evaluate(() => sessionStorage.getItem('notarium.session')!));
    const seen = await other.evaluate(async (shell) => {
      const bridge = await new Promise<string>((resolve) => {
        const ws = new WebSocket(`${shell.replace('http', 'ws')}/bridge`, ['notarium']);
        ws.onopen = () => resolve('open');
        ws.onerror = () => resolve('refused');
      });
      const upload = await fetch(`${shell}/upload?name=x`, { method: 'POST', body: 'x', credentials: 'include' }).then(
        (r) => String(r.status),
        () => 'blocked',
      );
      return { cookie: document.cookie, stored: sessionStorage.length, bridge, upload };
    }, origin);
    expect(seen).toEqual({ cookie: '', stored: 0, bridge: 'refused', upload: expect.stringMatching(/^(403|blocked)$/) });
    await other.close();
  });

  it('shows how to get a new link when the link is used again, and in a tab opened by hand', async () => {
    const again = await context.newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'Notarium needs a new link' }).waitFor();
    expect(await again.textContent('main')).toMatch(/already used.*run "notarium app" again/);
    // How to get a new link, in the browser version's own terms: it has no launcher.
    expect(await again.textContent('main')).toMatch(/stop Notarium in the terminal where it runs \(Ctrl\+C\)/);
    expect(await again.textContent('main')).not.toMatch(/launcher/);
    await keepShots(again, 'web-link-used');
    expect(again.url()).toBe(`${origin}/`);
    mkdirSync('test-results', { recursive: true });
    await again.screenshot({ path: 'test-results/e2e-link-used.png' });
    await again.goto(`${origin}/`);
    await again.getByRole('heading', { name: 'Notarium needs a new link' }).waitFor();
    expect(await again.textContent('main')).toMatch(/no Notarium session.*go back to the tab it opened/);
    await again.close();
  });
});
