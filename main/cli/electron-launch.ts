import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
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
  const dir = join(appRoot, 'dist', 'native', `electron-${electronVersion}`);
  const module = join(dir, 'node_modules', 'better-sqlite3');
  const binary = join(module, 'build', 'Release', 'better_sqlite3.node');
  const stampPath = join(dir, 'stamp.json');
  const stamp = JSON.stringify({ electron: electronVersion, betterSqlite3: version });
  if (existsSync(binary) && readIfExists(stampPath) === stamp) return join(module, 'lib', 'index.js');

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
  return join(module, 'lib', 'index.js');
}

function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export interface LaunchOptions {
  appRoot: string;
  electron: ElectronRuntime;
  env: NodeJS.ProcessEnv;
  /** Extra arguments for the app (e.g. `--verify <paths…>`). */
  args?: string[];
  rebuild?: Rebuild;
}

/** Runs the desktop app until it quits; resolves its exit code. */
export async function launchElectron(options: LaunchOptions): Promise<number> {
  const { appRoot } = options;
  for (const built of ['dist/main/electron/main.js', 'dist/preload/electron-preload.cjs', 'dist/renderer/index.html']) {
    if (!existsSync(join(appRoot, built)))
      throw new NotariumError('APP_UNAVAILABLE', `The desktop app is not built yet (${built} is missing): run "npm run build" (npm start does it for you).`);
  }
  const sqlite = await electronSqlite(appRoot, options.electron.version, options.rebuild);
  const env: NodeJS.ProcessEnv = { ...options.env, NOTARIUM_ELECTRON_SQLITE: sqlite };
  delete env.ELECTRON_RUN_AS_NODE; // would start Electron as plain Node instead of the app
  const child = spawn(options.electron.binary, [appRoot, ...(options.args ?? [])], { env, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', (err) => reject(new NotariumError('APP_UNAVAILABLE', `Electron could not be started: ${err.message}.`, { cause: err })));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
