// Which code `notarium` runs (bin/notarium.js): the built CLI (dist/cli, made by `npm ci` and
// `npm run build`), which starts at once, or in a development tree the TypeScript sources through
// tsx, when there is no bundle or when the bundle is not the build of the sources as they are now.
// The build's stamp records each source file's size and modification time, so an edit takes effect
// at the next run, never hidden behind an old bundle. A tree without the sources runs its bundle.
import { existsSync, readFileSync, statSync } from 'node:fs';

/** Types in cli-entry.d.ts. */
export function cliEntry(root) {
  const built = { entry: new URL('dist/cli/main.js', root), built: true };
  const sources = { entry: new URL('main/cli/main.ts', root), built: false };
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(new URL('dist/cli/sources.json', root), 'utf8'));
  } catch {
    return sources; // never built, or a build cut short (the stamp is written last)
  }
  if (!existsSync(sources.entry)) return built;
  const current = Object.entries(stamp).every(([file, [size, mtimeMs]]) => {
    const stat = statSync(new URL(file, root), { throwIfNoEntry: false });
    return stat !== undefined && stat.size === size && stat.mtimeMs === mtimeMs;
  });
  return current ? built : sources;
}

/** Types in cli-entry.d.ts. */
export async function loadCli(root) {
  const { entry, built } = cliEntry(root);
  if (!built) (await import('tsx/esm/api')).register();
  return (await import(entry.href)).main;
}
