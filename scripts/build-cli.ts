import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Metafile, Plugin } from 'esbuild';
import { cliEntry } from '../bin/cli-entry.js';
import { CLI_STAMP, stampFiles } from '../bin/cli-stamp.js';
import { copyHashWorker, HASH_WORKER_FILES } from './hash-worker-copy.ts';

/**
 * Bundles the command line (`notarium`) into `dist/cli/`, so it starts as built JavaScript instead
 * of compiling TypeScript at each run (bin/notarium.js chooses between the two):
 * - `main.js`, the entry: the command table, the help, dispatch. Each command's module is a
 *   dynamic import, so esbuild splits it into its own file, and shared code into chunks/: a command
 *   loads only what it uses (`--help` nothing more; the sandbox, the web shell and Chromium printing
 *   only with their commands). chunks/ lies as deep below the tree's root as main/cli/commands/,
 *   so a module that finds the app's folder from its own place (commands/app.ts) finds the same.
 * - npm packages stay external (native modules such as better-sqlite3 and @napi-rs/keyring must
 *   load from node_modules) but for the few bundled in (BUNDLED_PACKAGES); the hashing worker is
 *   copied beside the pool's chunk.
 * - `sources.json`, the stamp (bin/cli-stamp.js): every file of the tree the bundle was built
 *   from and what built it, by size, time and content, which the bin compares to decide whether
 *   the bundle still is the sources' build, and `npm start` to decide whether to build it again.
 * Run by `npm ci` (the `prepare` script), `npm run build`, the integration tests' setup, and
 * `npm start` when the bin would not run the bundle (buildCliIfChanged).
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What builds the bundle, stamped with its sources: a change to one may change the bundle. The lock
 * file stands for the packages bundled in too (an install that changes one changes it), so the
 * stamp, checked at every start, does not list their hundred-odd files.
 */
const RECIPE = ['scripts/build-cli.ts', 'scripts/hash-worker-copy.ts', 'tsconfig.json', 'package-lock.json'];

/**
 * Packages bundled into the CLI rather than loaded from node_modules: ES modules spread over many
 * files (zod's about 95, jose's 46), each of which Node would find, read and compile at every start
 * of a command that loads them. The others stay external: native addons must load from
 * node_modules, CommonJS ones (picomatch, qrcode, ws) would need `require` in an ES module bundle,
 * and tools (tsx, @electron/get) are not the CLI's code.
 */
const BUNDLED_PACKAGES = new Set(['zod', 'jose', '@noble/hashes', '@scure/base', 'chokidar', 'readdirp']);

const externalPackages: Plugin = {
  name: 'notarium:external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path, kind }) => {
      if (kind === 'entry-point') return undefined;
      const name = path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/');
      return BUNDLED_PACKAGES.has(name) ? undefined : { path, external: true };
    });
  },
};

export interface CliBuild {
  main: string;
  metafile: Metafile;
  /** The tree's files the bundle was built from (relative to it; packages not); its stamp lists them, and RECIPE. */
  sources: string[];
}

/** Builds the CLI of the tree at `root` (its main/, preload/, verifier/ and sandbox/) into `<root>/dist/cli` (or `outdir`). */
export async function buildCli(root = ROOT, outdir = join(root, 'dist', 'cli')): Promise<CliBuild> {
  // Loaded here, not above: a start that skips the build (buildCliIfChanged) does not load esbuild.
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
    plugins: [externalPackages],
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: root,
  });
  copyHashWorker(result.metafile, root);
  const sources = [...new Set([...Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/')), ...HASH_WORKER_FILES])];
  mkdirSync(outdir, { recursive: true });
  // Written last: a build cut short leaves no stamp, and the bin runs the sources.
  writeFileSync(join(outdir, basename(CLI_STAMP)), JSON.stringify(stampFiles(pathToFileURL(`${root}/`), [...sources, ...RECIPE])));
  return { main: join(outdir, 'main.js'), metafile: result.metafile, sources };
}

/**
 * `npm start`'s build of the CLI: run when the bin would not run the bundle (bin/cli-stamp.js
 * answers both), so the start that follows runs the bundle, never the sources through tsx.
 */
export async function buildCliIfChanged(root = ROOT): Promise<'built' | 'unchanged'> {
  if (cliEntry(pathToFileURL(`${root}/`)).built) return 'unchanged';
  await buildCli(root);
  return 'built';
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli();
}
