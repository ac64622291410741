import { app } from 'electron';
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * The Electron entry. Unpackaged (`npm start`), the repository's better-sqlite3 is compiled for
 * plain Node (the CLI and the tests use it), so the launcher prepares a copy compiled for
 * Electron and names it in NOTARIUM_ELECTRON_SQLITE; every import of better-sqlite3 (the library's
 * and the embedded sandbox's) is redirected to it before the engine loads. A packaged app has its
 * own node_modules rebuilt for Electron and never reads that variable.
 */

const ELECTRON_SQLITE = 'NOTARIUM_ELECTRON_SQLITE';

/** A resolve hook sending `better-sqlite3` to the module named in `data.target`. */
const REDIRECT_HOOK = `
let target;
export function initialize(data) { target = data.target; }
export async function resolve(specifier, context, next) {
  return next(specifier === 'better-sqlite3' ? target : specifier, context);
}`;

const devSqlite = app.isPackaged ? undefined : process.env[ELECTRON_SQLITE];
if (devSqlite) {
  register(`data:text/javascript,${encodeURIComponent(REDIRECT_HOOK)}`, { data: { target: pathToFileURL(devSqlite).href } });
}
await import('./start-desktop.ts');
