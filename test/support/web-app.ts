import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { BRIDGE_PROTOCOL, LAUNCH_FRAGMENT, LAUNCH_HEADER, SESSION_HEADER, SESSION_PROTOCOL_PREFIX } from '../../preload/web-session.ts';
import { batchHead } from '../../preload/upload-batch.ts';
import { runCli, type CliRun } from './cli.ts';

/**
 * The app as a user meets it in the web shell: `notarium app --no-open` on a fresh data directory
 * (embedded sandbox, fast blocks), opened in Debian's Chromium through its one-time link. And the
 * same session from Node, for tests that speak to the shell directly: the launch token traded for
 * the session secret, the bridge opened with it, uploads sent with it, as the page does.
 */

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export interface RunningApp {
  page: Page;
  home: string;
  /** Console errors and CSP violations seen by the page. */
  problems: string[];
  /** What the app process wrote to stderr so far (e.g. a sign-in link it could not open). */
  stderr(): string;
  /** Stops the app (SIGTERM) and leaves the page open, as a user whose app stopped under an open tab meets it. */
  stopApp(): Promise<void>;
  close(): Promise<void>;
}

/** `notarium app --no-open` as a child process, and the one-time link it prints on stdout. */
export async function launchApp(env: NodeJS.ProcessEnv, options: { cwd?: string } = {}): Promise<{ run: CliRun; link: string; stderr: () => string }> {
  const run = runCli(['app', '--no-open'], { env: { NOTARIUM_NO_BROWSER: '1', ...env }, cwd: options.cwd });
  let stderr = '';
  run.child.stderr!.on('data', (d) => (stderr += d));
  const link = await new Promise<string>((resolveLink, reject) => {
    let out = '';
    run.child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('http://127.0.0.1:'));
      if (line) resolveLink(line.trim());
    });
    void run.then((r) => reject(new Error(`notarium app exited: ${r.stderr}`)));
  });
  return { run, link, stderr: () => stderr };
}

export interface NodeSession {
  origin: string;
  secret: string;
}

/** What the page does with its launch link: the token (in the fragment) traded once for the session secret. */
export async function tradeLaunch(link: string): Promise<NodeSession> {
  const url = new URL(link);
  const token = new URLSearchParams(url.hash.slice(1)).get(LAUNCH_FRAGMENT);
  if (!token) throw new Error(`No launch token in ${link}`);
  const answer = await fetch(`${url.origin}/session`, { method: 'POST', headers: { origin: url.origin, [LAUNCH_HEADER]: token } });
  if (answer.status !== 200) throw new Error(`The launch token was refused (${answer.status}): ${await answer.text()}`);
  const { session } = (await answer.json()) as { session: string };
  return { origin: url.origin, secret: session };
}

/** The bridge as the page opens it: our Origin, and the secret as the second subprotocol. */
export function openBridge(session: NodeSession, headers: Record<string, string> = { origin: session.origin }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${session.origin.replace('http', 'ws')}/bridge`, [BRIDGE_PROTOCOL, SESSION_PROTOCOL_PREFIX + session.secret], { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
  });
}

/** One call over an open bridge, and its answer (the protocol's, preload/protocol/messages.ts). */
export function call(
  ws: WebSocket,
  id: number,
  method: string,
  args: unknown[],
): Promise<{ id: number | null; ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  return new Promise((resolve) => {
    const onMessage = (data: unknown): void => {
      const message = JSON.parse(String(data)) as { type?: string; id?: number | null };
      if (message.type !== 'answer' || message.id !== id) return;
      ws.off('message', onMessage);
      resolve(message as never);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'call', id, method, args }));
  });
}

/** Files dropped on the page: one POST /upload with the session header, as the page sends them (preload/upload-batch.ts). */
export async function uploadFiles(
  session: NodeSession,
  files: readonly { name: string; body: Uint8Array<ArrayBuffer> | string }[],
): Promise<{ status: number; uploadIds?: string[]; error?: { code: string; message: string } }> {
  const bytes = files.map((f) => (typeof f.body === 'string' ? new TextEncoder().encode(f.body) : f.body));
  const answer = await fetch(`${session.origin}/upload`, {
    method: 'POST',
    body: new Blob([batchHead(files.map((f, i) => ({ name: f.name, size: bytes[i]!.length }))), ...bytes]),
    headers: { origin: session.origin, [SESSION_HEADER]: session.secret },
  });
  const answered = (await answer.json()) as { uploads?: { uploadId: string }[]; error?: { code: string; message: string } };
  return { status: answer.status, ...(answer.status === 200 ? { uploadIds: answered.uploads!.map((u) => u.uploadId) } : { error: answered.error }) };
}

/** One file dropped on the page. */
export async function upload(
  session: NodeSession,
  name: string,
  body: Uint8Array<ArrayBuffer> | string,
): Promise<{ status: number; uploadId?: string; error?: { code: string; message: string } }> {
  const { uploadIds, ...answer } = await uploadFiles(session, [{ name, body }]);
  return { ...answer, ...(uploadIds ? { uploadId: uploadIds[0] } : {}) };
}

/**
 * How long a page action or wait may take. Playwright's 30 s default is a speed bound a loaded
 * machine reaches; this one only catches a page that will never get there (below the tests' hang
 * limit, so the failure names what was awaited).
 */
export const PAGE_WAIT_MS = 300_000;

/** The sidebar's button for a screen (the Library's also names its pending count, "Library 2 pending"). */
export function screenButton(page: Page, name: string): Locator {
  const label = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: new RegExp(`^${label}(\\s*\\d+ pending)?$`) });
}

/** The words of the first status badge within `scope` (a row, a details panel). */
export async function badgeText(scope: Locator): Promise<string | undefined> {
  return (await scope.locator('.badge').first().textContent())?.trim();
}

/** Whether all of `target` is within the visible part of the main area (the one scroller): a person sees it without scrolling. */
export function inSight(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const main = el.closest('main')!.getBoundingClientRect();
    return box.height > 0 && box.top >= main.top && box.bottom <= main.bottom;
  });
}

/**
 * The app on a fresh data directory, opened in Chromium and loaded. `setUp` prepares the data
 * directory first, as a user would with the CLI (a profile, its key); `locale` is the browser's
 * language (en-US unless given); `beforeLoad` sees the page before it loads (to listen to its traffic).
 */
export async function openApp(
  options: { blockInterval?: number; setUp?: (home: string) => Promise<void>; locale?: string; beforeLoad?: (page: Page) => void } = {},
): Promise<RunningApp> {
  const home = mkdtempSync(join(tmpdir(), 'notarium-e2e-'));
  await options.setUp?.(home);
  const { run, link, stderr } = await launchApp({ NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: String(options.blockInterval ?? 0.5) });
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  // The browser's language (navigator.languages), which the page follows until one is chosen in Settings.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, locale: options.locale ?? 'en-US' });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  // The app ending under a test (a native abort, a crash) is said at once with its last words,
  // not only as a page that waits for the PDF or the bridge until the page limit.
  let closing = false;
  void run.then(({ code, stderr: said }) => {
    if (closing) return;
    const ended = `notarium app ended before the test closed it (${run.child.signalCode ?? `exit code ${code}`}):\n${said.trim().split('\n').slice(-20).join('\n')}`;
    problems.push(ended);
    console.error(ended);
  });
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  options.beforeLoad?.(page);
  await page.goto(link);
  await page.waitForLoadState('networkidle');
  return {
    page,
    home,
    problems,
    stderr,
    stopApp: async () => {
      closing = true;
      run.child.kill('SIGTERM');
      await run;
    },
    close: async () => {
      closing = true;
      await browser.close();
      run.child.kill('SIGTERM');
      await run;
      rmSync(home, { recursive: true, force: true });
    },
  };
}
