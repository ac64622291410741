import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { runCli, type CliRun } from './cli.ts';

/**
 * The app as a user meets it in the web shell: `notarium app --no-open` on a fresh data directory
 * (embedded sandbox, fast blocks), opened in Debian's Chromium through its one-time link.
 */

const ROOT = resolve(import.meta.dirname, '../..');
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export interface RunningApp {
  page: Page;
  home: string;
  /** Console errors and CSP violations seen by the page. */
  problems: string[];
  /** What the app process wrote to stderr so far (e.g. a sign-in link it could not open). */
  stderr(): string;
  close(): Promise<void>;
}

export function buildRenderer(): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'ignore' });
}

/** `notarium app --no-open` as a child process, and the one-time link it prints on stdout. */
export async function launchApp(env: NodeJS.ProcessEnv): Promise<{ run: CliRun; link: string; stderr: () => string }> {
  const run = runCli(['app', '--no-open'], { env: { NOTARIUM_NO_BROWSER: '1', ...env } });
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

/** The sidebar's button for a screen. */
export function screenButton(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true });
}

/** The app on a fresh data directory, opened in Chromium and loaded. */
export async function openApp(options: { blockInterval?: number } = {}): Promise<RunningApp> {
  buildRenderer();
  const home = mkdtempSync(join(tmpdir(), 'notarium-e2e-'));
  const { run, link, stderr } = await launchApp({ NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: String(options.blockInterval ?? 0.5) });
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(link);
  await page.waitForLoadState('networkidle');
  return {
    page,
    home,
    problems,
    stderr,
    close: async () => {
      await browser.close();
      run.child.kill('SIGTERM');
      await run;
      rmSync(home, { recursive: true, force: true });
    },
  };
}
