import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NotariumError } from '../errors/notarium-error.ts';

/**
 * Prints an HTML page to PDF with the machine's Chromium-family browser in headless mode: the web
 * shell's counterpart of Electron's printToPDF. The page is written to a private temporary folder
 * and loaded from there, then everything is removed. (Scripts cannot be switched off by flag, or
 * headless printing breaks; the certificate's own CSP forbids them.)
 */

export interface ChromiumPdfOptions {
  /** A browser executable; default: NOTARIUM_CHROMIUM, then the usual names and install paths. */
  executable?: string | null;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  timeoutMs?: number;
}

const LINUX_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'microsoft-edge-stable', 'microsoft-edge'];

function macCandidates(): string[] {
  return ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium', 'Microsoft Edge.app/Contents/MacOS/Microsoft Edge'].map(
    (app) => join('/Applications', app),
  );
}

function windowsCandidates(env: NodeJS.ProcessEnv): string[] {
  const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((r): r is string => Boolean(r));
  return roots.flatMap((root) => [
    join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
    join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
    join(root, 'Chromium', 'Application', 'chrome.exe'),
  ]);
}

/** The first Chromium-family browser found, or null. */
export function findChromium(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string | null {
  if (env.NOTARIUM_CHROMIUM) return existsSync(env.NOTARIUM_CHROMIUM) ? env.NOTARIUM_CHROMIUM : null;
  if (platform === 'darwin') return macCandidates().find((p) => existsSync(p)) ?? null;
  if (platform === 'win32') return windowsCandidates(env).find((p) => existsSync(p)) ?? null;
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of LINUX_NAMES) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return null;
}

export async function printPdfWithChromium(html: string, options: ChromiumPdfOptions = {}): Promise<Uint8Array> {
  const env = options.env ?? process.env;
  const executable = options.executable === undefined ? findChromium(env, options.platform) : options.executable;
  if (!executable) throw new NotariumError('PDF_UNAVAILABLE');
  const dir = await mkdtemp(join(tmpdir(), 'notarium-print-'));
  try {
    const page = join(dir, 'certificate.html');
    const pdf = join(dir, 'certificate.pdf');
    await writeFile(page, html, { mode: 0o600 });
    const args = [
      '--headless',
      '--disable-gpu',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-extensions',
      '--disable-sync',
      // A fresh profile must not reach for the OS keychain (a "Chrome Safe Storage" or keyring prompt).
      '--password-store=basic',
      '--use-mock-keychain',
      '--no-pdf-header-footer',
      `--user-data-dir=${join(dir, 'profile')}`,
      `--print-to-pdf=${pdf}`,
      pathToFileURL(page).href,
    ];
    // Chromium refuses to run as root with its sandbox on (containers, CI); it is ours, offline page.
    if (process.getuid?.() === 0) args.unshift('--no-sandbox');
    await run(executable, args, options.timeoutMs ?? 60_000);
    let bytes: Buffer;
    try {
      bytes = await readFile(pdf);
    } catch {
      throw new NotariumError('PDF_FAILED');
    }
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new NotariumError('PDF_FAILED');
    return new Uint8Array(bytes);
  } finally {
    // Helper processes may still hold the profile for a moment (Windows): the result stands regardless.
    await rm(dir, { recursive: true, force: true, maxRetries: 5 }).catch(() => {});
  }
}

function run(executable: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { stdio: 'ignore' });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new NotariumError('PDF_TIMEOUT'));
    }, timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new NotariumError('PDF_UNAVAILABLE', undefined, { cause: err }));
    });
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(); // success is judged by the PDF it wrote
    });
  });
}
