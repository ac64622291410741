// Which code `notarium` runs (bin/notarium.js): the built CLI (dist/cli, made by `npm ci` and
// `npm run build`), which starts at once, or in a development tree the TypeScript sources through
// tsx, when there is no bundle or when the bundle is not the build of the sources as they are now
// (cli-stamp.js: an edit takes effect at the next run, never hidden behind an old bundle; a file
// touched but not changed keeps the bundle). A tree without the sources runs its bundle.
import { existsSync, readFileSync } from 'node:fs';
import { CLI_STAMP, filesAsStamped } from './cli-stamp.js';

/** Types in cli-entry.d.ts. */
export function cliEntry(root) {
  const built = { entry: new URL('dist/cli/main.js', root), built: true };
  const sources = { entry: new URL('main/cli/main.ts', root), built: false };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(new URL(CLI_STAMP, root), 'utf8'));
  } catch {
    return sources; // never built, or a build cut short (the stamp is written last)
  }
  if (!existsSync(sources.entry)) return built;
  try {
    return filesAsStamped(root, stamp) ? built : sources;
  } catch {
    return sources; // a stamp this code cannot read: the sources are sure to be right
  }
}

/** Types in cli-entry.d.ts. */
export async function loadCli(root) {
  const { entry, built } = cliEntry(root);
  if (!built) (await import('tsx/esm/api')).register();
  return (await import(entry.href)).main;
}
