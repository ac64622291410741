// The CLI bundle's stamp (dist/cli/sources.json): what the bundle was built from, and whether the
// tree still holds exactly that. One question, asked by the bin at every start (cli-entry.js: run
// the bundle or the sources?) and by `npm start` (scripts/build-cli.ts: build again or not?), so
// the two can never disagree. It lists every file of the tree the build read (its sources, as
// esbuild reports them; the packages bundled in count by the lock file) and what it was built by
// (its script, tsconfig.json, the lock file), each with its size, modification time and SHA-256,
// or null where the file was missing. A file is as it was when its size and time are, without
// reading it (an edit changes the time; only a copy that keeps times, cp -p or tar, could give
// other text the old size and time); when only its time changed (a checkout, a touch, an editor
// saving the same text) its content is hashed and compared, so a file touched but not changed
// keeps the bundle current. Not scripts/build-cache.ts's hash of every input, which `npm start`
// can afford for the UI's builds but the bin, at every `notarium`, cannot. Plain JavaScript with
// no dependencies: the bin reads it before anything is built.
import { readFileSync, statSync } from 'node:fs';

/** The stamp's place in the tree. */
export const CLI_STAMP = 'dist/cli/sources.json';

/** Types in cli-stamp.d.ts. */
export function stampFiles(root, files) {
  return Object.fromEntries(
    [...new Set(files)].sort().map((file) => {
      const url = new URL(file, root);
      const stat = statSync(url, { throwIfNoEntry: false });
      return [file, stat === undefined ? null : [stat.size, stat.mtimeMs, sha256(url)]];
    }),
  );
}

/** Types in cli-stamp.d.ts. */
export function filesAsStamped(root, stamp) {
  return Object.entries(stamp).every(([file, was]) => {
    const url = new URL(file, root);
    const stat = statSync(url, { throwIfNoEntry: false });
    if (was === null || stat === undefined) return was === null && stat === undefined;
    const [size, mtimeMs, hash] = was;
    return stat.size === size && (stat.mtimeMs === mtimeMs || sha256(url) === hash);
  });
}

function sha256(url) {
  // Loaded here: a start whose files all keep their size and time never loads node:crypto.
  const { createHash } = process.getBuiltinModule('node:crypto');
  return createHash('sha256').update(readFileSync(url)).digest('hex');
}
