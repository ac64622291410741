import module from 'node:module';
import { pathToFileURL } from 'node:url';
import { ELECTRON_SQLITE_ENV } from '../core/electron-sqlite-build.ts';

/**
 * The entry of the engine's utility process (it talks to the main process through
 * `process.parentPort`). Unpackaged (`npm start`), the repository's better-sqlite3 is
 * compiled for plain Node (the CLI and the tests use it), so the launcher prepares a copy compiled
 * for Electron and names it in NOTARIUM_ELECTRON_SQLITE (the main process drops it when packaged);
 * every import of better-sqlite3 (the library's and the embedded sandbox's) is redirected to it
 * before the engine loads.
 */

type RegisterHooks = (hooks: { resolve: (specifier: string, context: unknown, next: (specifier: string, context: unknown) => unknown) => unknown }) => void;

const devSqlite = process.env[ELECTRON_SQLITE_ENV];
if (devSqlite) {
  const target = pathToFileURL(devSqlite).href;
  // In this thread and synchronous (module.register, off-thread, is deprecated). Reached through
  // the default export: Node 20's types (the CLI's) do not declare it; Electron 45's Node has it.
  (module as unknown as { registerHooks: RegisterHooks }).registerHooks({
    resolve: (specifier, context, next) => next(specifier === 'better-sqlite3' ? target : specifier, context),
  });
}
await import('./engine-main.ts');
