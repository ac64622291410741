import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { duration } from '../../preload/duration.ts';
import type { Timers } from '../core/poller/poller.ts';
import { errorCodes } from '../core/api/transport-failure.ts';
import { findElectron, type ElectronRuntime } from './electron-launch.ts';

/**
 * Electron's binary for a clone that has none: Electron 45's npm package no longer downloads it at
 * install. Electron's own downloader, @electron/get, fetches it as the package's installer would
 * (same version, checksums, cache, and every setting it reads: ELECTRON_MIRROR,
 * electron_config_cache, electron_use_remote_checksums…), here with progress on the terminal and a
 * limit on a download that stalls; then the package's installer (node_modules/electron/install.js)
 * finds it in that cache, checks it again and unpacks it. A failure is one sentence, and is
 * remembered beside the package for a day: a start meanwhile does not try again (the download
 * would most likely fail the same way, and each try can take its stall limit), unless asked to.
 */

/** No byte for this long (no answer, or a download that stopped): given up. */
export const STALL_LIMIT_MS = 30_000;

/** How long a failed download is not tried again; set, this variable tries at once. */
export const RETRY_AFTER_MS = 24 * 3600_000;
export const DOWNLOAD_NOW_ENV = 'NOTARIUM_ELECTRON_DOWNLOAD';

export interface ElectronInstall {
  appRoot: string;
  /** For the installer's process; @electron/get reads its own settings from process.env. */
  env: NodeJS.ProcessEnv;
  /** A progress line that replaces the last one (a terminal's), and a line that stays. */
  progress: (line: string) => void;
  say: (line: string) => void;
  timers: Pick<Timers, 'now' | 'setTimeout' | 'clearTimeout'>;
}

/**
 * Why Electron could not be installed, as the middle of a sentence ("the mirror answered 404").
 * `retryAt`: when the download is tried again, once the failure is remembered (null: it could not
 * be, so at the next start). `failedAt`: set when this start did not try, for a failure remembered.
 */
export class ElectronDownloadFailed extends Error {
  retryAt: number | null = null;
  failedAt: number | null = null;
}

/** A download that failed, remembered beside the package: `npm ci`, which installs it anew, forgets it. */
interface DownloadFailure {
  version: string;
  at: number;
  reason: string;
}

const failureFile = (pkg: string): string => join(pkg, '.notarium-download-failed.json');

function lastFailure(pkg: string, version: string): DownloadFailure | undefined {
  try {
    const failure = JSON.parse(readFileSync(failureFile(pkg), 'utf8')) as DownloadFailure;
    return failure.version === version && Number.isFinite(failure.at) && typeof failure.reason === 'string' ? failure : undefined;
  } catch {
    return undefined; // none, or not one: the download is tried
  }
}

/** Downloads and unpacks Electron's binary; resolves it, or rejects with ElectronDownloadFailed. */
export async function installElectron(install: ElectronInstall): Promise<ElectronRuntime> {
  const pkg = join(install.appRoot, 'node_modules', 'electron');
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  const now = install.timers.now();
  const earlier = lastFailure(pkg, version);
  if (earlier && now - earlier.at < RETRY_AFTER_MS && !install.env[DOWNLOAD_NOW_ENV]) {
    const skipped = new ElectronDownloadFailed(earlier.reason);
    skipped.failedAt = earlier.at;
    skipped.retryAt = earlier.at + RETRY_AFTER_MS;
    throw skipped;
  }
  install.say(
    earlier
      ? `Downloading Electron ${version} for the desktop app again (it failed ${duration((now - earlier.at) / 1000)} ago: ${earlier.reason}; ELECTRON_MIRROR names another server)…`
      : `Downloading Electron ${version} for the desktop app (once; ELECTRON_MIRROR names another server)…`,
  );
  let electron: ElectronRuntime | null;
  try {
    await download(install, pkg, version);
    install.progress('');
    await runInstaller(install, pkg);
    electron = findElectron(install.appRoot);
    if (!electron) throw new ElectronDownloadFailed("Electron's installer finished, but no binary is where it said");
  } catch (err) {
    if (err instanceof ElectronDownloadFailed) err.retryAt = remember(pkg, { version, at: now, reason: err.message }) ? now + RETRY_AFTER_MS : null;
    throw err;
  }
  rmSync(failureFile(pkg), { force: true });
  install.say(`Electron ${version} is installed (node_modules/electron).`);
  return electron;
}

/** Whether the failure could be written down (a package folder that cannot be written to: tried at every start). */
function remember(pkg: string, failure: DownloadFailure): boolean {
  try {
    writeFileSync(failureFile(pkg), JSON.stringify(failure));
    return true;
  } catch {
    return false;
  }
}

async function download(install: ElectronInstall, pkg: string, version: string): Promise<void> {
  const env = install.env;
  // Loaded only here: a development dependency (Electron's), which the CLI otherwise never needs.
  const { downloadArtifact } = await import('@electron/get');
  const remoteChecksums = env.electron_use_remote_checksums || env.npm_config_electron_use_remote_checksums;
  const controller = new AbortController();
  let stall: unknown;
  const watch = (): void => {
    install.timers.clearTimeout(stall);
    stall = install.timers.setTimeout(() => controller.abort(), STALL_LIMIT_MS);
  };
  watch();
  try {
    await downloadArtifact({
      version,
      artifactName: 'electron',
      // As install.js chooses them; where it would choose otherwise it downloads by itself.
      platform: env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform,
      arch: env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch,
      cacheRoot: env.electron_config_cache,
      checksums: remoteChecksums ? undefined : (JSON.parse(readFileSync(join(pkg, 'checksums.json'), 'utf8')) as Record<string, string>),
      downloadOptions: {
        quiet: true,
        signal: controller.signal,
        getProgressCallback: ({ transferred, total }: { transferred: number; total: number | null }) => {
          watch();
          const mb = (n: number): string => (n / 1e6).toFixed(1);
          install.progress(
            `Downloading Electron ${version}: ${mb(transferred)}${total ? ` of ${mb(total)} MB (${Math.floor((transferred / total) * 100)}%)` : ' MB'}`,
          );
        },
      },
    });
  } catch (err) {
    install.progress('');
    throw new ElectronDownloadFailed(controller.signal.aborted ? `nothing arrived for ${STALL_LIMIT_MS / 1000} seconds` : reasonOf(err), { cause: err });
  } finally {
    install.timers.clearTimeout(stall);
  }
}

/** node_modules/electron/install.js, which takes the checked download from @electron/get's cache. */
async function runInstaller(install: ElectronInstall, pkg: string): Promise<void> {
  const child = spawn(process.execPath, [join(pkg, 'install.js')], { env: install.env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) {
    const firstLine = stderr.split('\n').find((l) => l.trim() !== '') ?? `exit code ${code}`;
    throw new ElectronDownloadFailed(`Electron's installer failed: ${firstLine.trim().replace(/\.$/, '')}`);
  }
}

/** A download's failure in a few words: the server's answer, the checksum, or the network's error code. */
function reasonOf(err: unknown): string {
  const e = err as { name?: unknown; message?: unknown; response?: { status?: unknown; url?: unknown } };
  if (e.name === 'HTTPError' && e.response) return `${hostOf(e.response.url)} answered ${String(e.response.status)}`;
  const name = (err as object | null)?.constructor?.name;
  if (name === 'ChecksumMismatchError') return 'the file downloaded does not match its published SHA-256 checksum';
  if (name === 'NoChecksumFoundError') return 'no published checksum names the file downloaded';
  const code = errorCodes(err)[0];
  if (code) return `the network said ${code}`;
  return typeof e.message === 'string' ? e.message.replace(/\.$/, '') : String(err);
}

function hostOf(url: unknown): string {
  try {
    return new URL(String(url)).host;
  } catch {
    return 'the server';
  }
}
