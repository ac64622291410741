import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { copyHashWorker, HASH_WORKER_FILES } from './hash-worker-copy.ts';

/**
 * Bundles the Electron main process and its preload (the renderer is Vite's job):
 * - main → `dist/main/electron/main.js` (the main process) and `engine.js` (the engine's utility
 *   process), ESM for Electron's Node, npm packages left external (the packaged app carries
 *   node_modules; native modules must load from there), the hashing worker copied beside the
 *   chunk that starts it. Code splitting keeps the engine in a chunk loaded after engine.js has
 *   chosen which SQLite build to use (see main/electron/engine-process.ts).
 * - preload → `dist/preload/electron-preload.cjs`, one CommonJS file: sandboxed preloads cannot
 *   load ESM or any module but `electron`.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface DesktopBuild {
  main: string;
  engine: string;
  preload: string;
  metafiles: { main: Metafile; preload: Metafile };
  /** Every source file the bundles were made from (relative to the repository), for the build cache. */
  inputs: string[];
}

export async function buildDesktop(outRoot = join(ROOT, 'dist')): Promise<DesktopBuild> {
  const mainDir = join(outRoot, 'main', 'electron');
  const preload = join(outRoot, 'preload', 'electron-preload.cjs');
  // Chunk names carry hashes: without a clean start, old chunks would pile up (and be packaged).
  rmSync(join(outRoot, 'main'), { recursive: true, force: true });
  rmSync(join(outRoot, 'preload'), { recursive: true, force: true });
  const common = { bundle: true, sourcemap: 'linked', logLevel: 'warning', metafile: true, legalComments: 'none', absWorkingDir: ROOT } as const;
  const [mainResult, preloadResult] = await Promise.all([
    build({
      ...common,
      entryPoints: { main: join(ROOT, 'main', 'electron', 'main.ts'), engine: join(ROOT, 'main', 'electron', 'engine-process.ts') },
      outdir: mainDir,
      format: 'esm',
      splitting: true,
      platform: 'node',
      target: 'node22',
      packages: 'external',
      chunkNames: 'chunks/[name]-[hash]',
    }),
    build({
      ...common,
      entryPoints: [join(ROOT, 'preload', 'electron-preload.ts')],
      outfile: preload,
      format: 'cjs',
      platform: 'node',
      target: 'chrome140',
      external: ['electron'],
    }),
  ]);
  copyHashWorker(mainResult.metafile, ROOT);
  return {
    main: join(mainDir, 'main.js'),
    engine: join(mainDir, 'engine.js'),
    preload,
    metafiles: { main: mainResult.metafile, preload: preloadResult.metafile },
    inputs: [...Object.keys(mainResult.metafile.inputs), ...Object.keys(preloadResult.metafile.inputs), ...HASH_WORKER_FILES],
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildDesktop(process.argv[2] ? resolve(process.argv[2]) : undefined);
}
