import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { ELECTRON_SQLITE_ENV, electronSqliteBuild } from '../core/electron-sqlite-build.ts';
import { NotariumError } from '../core/errors/notarium-error.ts';

/**
 * Starting the desktop app from a clone (`npm start`, `notarium app`): Electron when its binary
 * was downloaded with the npm package, with a copy of better-sqlite3 compiled for Electron's ABI
 * under dist/native/ (the repository's own copy stays compiled for Node, for the CLI and tests).
 */

export interface ElectronRuntime {
  binary: string;
  version: string;
}

/** Electron's binary as the `electron` npm package installed it, or null when it is not there. */
export function findElectron(appRoot: string): ElectronRuntime | null {
  const pkg = join(appRoot, 'node_modules', 'electron');
  try {
    const relative = readFileSync(join(pkg, 'path.txt'), 'utf8').trim();
    const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
    const binary = join(pkg, 'dist', relative);
    return relative && existsSync(binary) ? { binary, version } : null;
  } catch {
    return null;
  }
}

export interface RebuildRequest {
  buildPath: string;
  electronVersion: string;
  onlyModules: string[];
  force: boolean;
}

export type Rebuild = (request: RebuildRequest) => Promise<void>;

/** @electron/rebuild, loaded only when needed (a development dependency). */
const electronRebuild: Rebuild = async (request) => {
  const { rebuild } = await import('@electron/rebuild');
  await rebuild(request);
};

/**
 * The entry file of a better-sqlite3 compiled for this Electron, built once per Electron and
 * better-sqlite3 version (a stamp records which) and reused after.
 */
export async function electronSqlite(appRoot: string, electronVersion: string, rebuild: Rebuild = electronRebuild): Promise<string> {
  const source = realpathSync(join(appRoot, 'node_modules', 'better-sqlite3'));
  const { version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { version: string };
  const { dir, module, entry, binary } = electronSqliteBuild(appRoot, electronVersion);
  const stampPath = join(dir, 'stamp.json');
  const stamp = JSON.stringify({ electron: electronVersion, betterSqlite3: version });
  if (existsSync(binary) && readIfExists(stampPath) === stamp) return entry;

  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  // The sources without the Node build; its own dependencies resolve from the app's node_modules.
  cpSync(source, module, { recursive: true, filter: (path) => !path.startsWith(join(source, 'build') + sep) && path !== join(source, 'build') });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'notarium-electron-native', private: true, dependencies: { 'better-sqlite3': version } }));
  try {
    await rebuild({ buildPath: dir, electronVersion, onlyModules: ['better-sqlite3'], force: true });
  } catch (err) {
    throw new NotariumError(
      'APP_UNAVAILABLE',
      `SQLite could not be compiled for Electron ${electronVersion} (${(err as Error).message}). Run "notarium app --web" to use the app in the browser instead.`,
      { cause: err },
    );
  }
  if (!existsSync(binary))
    throw new NotariumError(
      'APP_UNAVAILABLE',
      `SQLite was not compiled for Electron ${electronVersion}. Run "notarium app --web" to use the app in the browser instead.`,
    );
  writeFileSync(stampPath, stamp);
  return entry;
}

function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** A kernel switch that, at one value, leaves unprivileged processes without user namespaces. */
export interface UsernsSwitch {
  path: string;
  restricts: string;
  /** Said to the user when it does. */
  reason: string;
}

/**
 * Where the kernel says whether an unprivileged process may create a user namespace, which
 * Chromium's sandbox needs unless its setuid helper is installed: Ubuntu's AppArmor restriction
 * (23.10 and later), Debian's (and older Ubuntu's) unprivileged_userns_clone, and a limit of none.
 */
export const USERNS_SWITCHES: readonly UsernsSwitch[] = [
  {
    path: '/proc/sys/kernel/apparmor_restrict_unprivileged_userns',
    restricts: '1',
    reason: 'AppArmor restricts unprivileged user namespaces here (Ubuntu 23.10 and later)',
  },
  {
    path: '/proc/sys/kernel/unprivileged_userns_clone',
    restricts: '0',
    reason: 'The kernel allows no unprivileged user namespaces here (unprivileged_userns_clone is 0)',
  },
  { path: '/proc/sys/user/max_user_namespaces', restricts: '0', reason: 'The kernel allows no user namespaces here (max_user_namespaces is 0)' },
];

/**
 * Why Chromium's sandbox cannot start for this Electron (electron/electron#42510), or null when it
 * can: without unprivileged user namespaces Chromium needs its setuid helper, and the
 * chrome-sandbox of an Electron unpacked into node_modules is not root-owned and setuid. Then, as
 * electron-builder's AppImage launcher does, Electron is started with --no-sandbox.
 */
export function sandboxUnavailable(electron: ElectronRuntime, switches: readonly UsernsSwitch[] = USERNS_SWITCHES): string | null {
  const closed = switches.find((s) => readIfExists(s.path)?.trim() === s.restricts);
  if (!closed) return null;
  try {
    const helper = statSync(join(dirname(electron.binary), 'chrome-sandbox'));
    return helper.uid === 0 && (helper.mode & 0o4000) !== 0 ? null : closed.reason;
  } catch {
    return closed.reason;
  }
}

export interface LaunchOptions {
  appRoot: string;
  electron: ElectronRuntime;
  env: NodeJS.ProcessEnv;
  /** Extra arguments for the app (e.g. `--verify <paths…>`). */
  args?: string[];
  rebuild?: Rebuild;
  /** Says on the terminal what the launch changes (--no-sandbox, and how to do without). */
  say?: (line: string) => void;
  /** The kernel's switches for user namespaces (tests name other files). */
  usernsSwitches?: readonly UsernsSwitch[];
}

/** Runs the desktop app until it quits; resolves its exit code. */
export async function launchElectron(options: LaunchOptions): Promise<number> {
  const { appRoot } = options;
  for (const built of ['dist/main/electron/main.js', 'dist/preload/electron-preload.cjs', 'dist/renderer/index.html']) {
    if (!existsSync(join(appRoot, built)))
      throw new NotariumError('APP_UNAVAILABLE', `The desktop app is not built yet (${built} is missing): run "npm run build" (npm start does it for you).`);
  }
  const sqlite = await electronSqlite(appRoot, options.electron.version, options.rebuild);
  const env: NodeJS.ProcessEnv = { ...options.env, [ELECTRON_SQLITE_ENV]: sqlite };
  delete env.ELECTRON_RUN_AS_NODE; // would start Electron as plain Node instead of the app
  const args = [appRoot, ...(options.args ?? [])];
  const noSandbox = sandboxUnavailable(options.electron, options.usernsSwitches);
  if (noSandbox) {
    const helper = join(dirname(options.electron.binary), 'chrome-sandbox');
    options.say?.(
      `${noSandbox} and this Electron's chrome-sandbox is not setuid root, so Electron runs with --no-sandbox, as electron-builder's AppImage does; to keep Chromium's sandbox: sudo chown root:root ${helper} && sudo chmod 4755 ${helper}`,
    );
    args.push('--no-sandbox');
  }
  const child = spawn(options.electron.binary, args, { env, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', (err) => reject(new NotariumError('APP_UNAVAILABLE', `Electron could not be started: ${err.message}.`, { cause: err })));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
