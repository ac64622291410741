import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCli } from '../bin/cli-entry.js';
import { buildIfChanged, type CachedBuild } from './build-cache.ts';
import { buildCliIfChanged } from './build-cli.ts';

/**
 * `npm start`: the UI (Vite), the desktop bundles, the offline verifier page and the CLI's (esbuild) built when their inputs
 * changed since the last start, then `notarium app` with the arguments given (`npm start -- --web`),
 * run as the bin runs it: from the CLI bundle, now current. The UI's and the desktop's builds are
 * judged by build-cache.ts; the CLI's by the bin's own stamp (bin/cli-stamp.js), which says at
 * every `notarium` whether to run the bundle. The build tools are loaded only for a build that
 * runs, so a start with nothing to build goes straight on.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');

const renderer: CachedBuild = {
  name: 'renderer',
  root: ROOT,
  fixedInputs: ['vite.config.ts', 'svelte.config.js', 'tsconfig.json', 'package-lock.json', 'renderer/public'],
  outputs: ['dist/renderer'],
  run: async () => {
    const { build } = await import('vite');
    const read = new Set<string>();
    await build({
      root: join(ROOT, 'renderer'),
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      // The modules the build loaded, as files (Svelte's style parts carry a query; virtual modules start with \0).
      plugins: [
        {
          name: 'notarium:inputs',
          buildEnd: {
            handler() {
              for (const id of this.getModuleIds()) if (id.startsWith('/')) read.add(id.replace(/\?.*$/, ''));
            },
          },
        },
      ],
    });
    return [...read];
  },
};

const desktop: CachedBuild = {
  name: 'desktop',
  root: ROOT,
  fixedInputs: ['scripts/build-desktop.ts', 'tsconfig.json', 'package-lock.json'],
  outputs: ['dist/main', 'dist/preload'],
  run: async () => {
    const { buildDesktop } = await import('./build-desktop.ts');
    return (await buildDesktop(DIST)).inputs;
  },
};

// The offline verifier page the app writes beside exported receipts and carries in certificates.
const verifierPage: CachedBuild = {
  name: 'verifier-page',
  root: ROOT,
  fixedInputs: ['scripts/build-verifier-page.ts', 'tsconfig.json', 'package-lock.json'],
  outputs: ['dist/verifier-page'],
  run: async () => {
    const { buildVerifierPage } = await import('./build-verifier-page.ts');
    return (await buildVerifierPage(ROOT)).inputs;
  },
};

for (const build of [renderer, desktop, verifierPage]) await buildIfChanged(build, DIST);
await buildCliIfChanged(ROOT);
const main = await loadCli(pathToFileURL(`${ROOT}/`));
process.exitCode = await main(['app', ...process.argv.slice(2)]);
