import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { cliEntry } from '../bin/cli-entry.js';
import type { CachedBuild } from './build-cache.ts';
import { copyHashWorker } from './hash-worker-copy.ts';

/**
 * Bundles the command line (`notarium`) into `dist/cli/`, so it starts as built JavaScript instead
 * of compiling TypeScript at each run (bin/notarium.js chooses between the two):
 * - `main.js`, the entry: the command table, the help, dispatch. Each command's module is a
 *   dynamic import, so esbuild splits it into its own file, and shared code into chunks/: a command
 *   loads only what it uses (`--help` nothing more; the sandbox, the web shell and Chromium printing
 *   only with their commands). chunks/ lies as deep below the tree's root as main/cli/commands/,
 *   so a module that finds the app's folder from its own place (commands/app.ts) finds the same.
 * - npm packages stay external (native modules such as better-sqlite3 and @napi-rs/keyring must
 *   load from node_modules), the hashing worker is copied beside the pool's chunk.
 * - `sources.json`, the stamp: the size and modification time of every source file in the bundle,
 *   which the bin compares to decide whether the bundle still is the sources' build.
 * Run by `npm ci` (the `prepare` script), `npm run build`, the integration tests' setup, and
 * `npm start` when its sources changed (cliCachedBuild).
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const CLI_STAMP = 'sources.json';

export interface CliBuild {
  main: string;
  metafile: Metafile;
  /** The files the bundle was built from (relative to the tree), as its stamp lists them. */
  sources: string[];
}

/** Builds the CLI of the tree at `root` (its main/, preload/ and sandbox/) into `<root>/dist/cli` (or `outdir`). */
export async function buildCli(root = ROOT, outdir = join(root, 'dist', 'cli')): Promise<CliBuild> {
  // Loaded here, not above: a start that skips the build (cliCachedBuild) does not load esbuild.
  const { build } = await import('esbuild');
  // Hashed chunk names: without a clean start, old chunks would pile up.
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: [join(root, 'main', 'cli', 'main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: root,
  });
  copyHashWorker(result.metafile, root);
  const sources = [...Object.keys(result.metafile.inputs), 'main/core/hashing/hash-worker.js'];
  const stamp = Object.fromEntries(
    sources.map((file) => {
      const stat = statSync(join(root, file));
      return [file, [stat.size, stat.mtimeMs]];
    }),
  );
  mkdirSync(outdir, { recursive: true });
  // Written last: a build cut short leaves no stamp, and the bin runs the sources.
  writeFileSync(join(outdir, CLI_STAMP), JSON.stringify(stamp));
  return { main: join(outdir, 'main.js'), metafile: result.metafile, sources };
}

/**
 * `npm start`'s build of the CLI (scripts/build-cache.ts), skipped while the bundle is current: by
 * the hashes of its sources and outputs, and by the bin's own choice (bin/cli-entry.js), so that a
 * start after the skip runs the bundle, never the sources through tsx.
 */
export function cliCachedBuild(root = ROOT): CachedBuild {
  return {
    name: 'cli',
    root,
    fixedInputs: ['scripts/build-cli.ts', 'scripts/hash-worker-copy.ts', 'tsconfig.json', 'package-lock.json'],
    outputs: ['dist/cli'],
    run: async () => (await buildCli(root)).sources,
    isCurrent: () => cliEntry(pathToFileURL(`${root}/`)).built,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli();
}
