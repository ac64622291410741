import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * The entry of the engine's utility process (no `electron` import: it talks to the main process
 * through `process.parentPort` only). Unpackaged (`npm start`), the repository's better-sqlite3 is
 * compiled for plain Node (the CLI and the tests use it), so the launcher prepares a copy compiled
 * for Electron and names it in NOTARIUM_ELECTRON_SQLITE (the main process drops it when packaged);
 * every import of better-sqlite3 (the library's and the embedded sandbox's) is redirected to it
 * before the engine loads.
 */

/** A resolve hook sending `better-sqlite3` to the module named in `data.target`. */
const REDIRECT_HOOK = `
let target;
export function initialize(data) { target = data.target; }
export async function resolve(specifier, context, next) {
  return next(specifier === 'better-sqlite3' ? target : specifier, context);
}`;

const devSqlite = process.env.NOTARIUM_ELECTRON_SQLITE;
if (devSqlite) {
  register(`data:text/javascript,${encodeURIComponent(REDIRECT_HOOK)}`, { data: { target: pathToFileURL(devSqlite).href } });
}
await import('./engine-main.ts');
