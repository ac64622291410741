import { join } from 'node:path';

/**
 * Where a clone keeps the better-sqlite3 compiled for one Electron (`npm start` compiles it into
 * dist/native/; the repository's own stays compiled for Node, for the CLI and the tests). One place
 * for the layout: the launcher builds it there, and the unpackaged app looks for it there when
 * started without the launcher ("Verify with Notarium" from a file manager).
 */
export function electronSqliteBuild(appRoot: string, electronVersion: string): { dir: string; module: string; entry: string; binary: string } {
  const dir = join(appRoot, 'dist', 'native', `electron-${electronVersion}`);
  const module = join(dir, 'node_modules', 'better-sqlite3');
  return { dir, module, entry: join(module, 'lib', 'index.js'), binary: join(module, 'build', 'Release', 'better_sqlite3.node') };
}

/** The variable that names that build to the engine process (main/electron/engine-process.ts). */
export const ELECTRON_SQLITE_ENV = 'NOTARIUM_ELECTRON_SQLITE';
