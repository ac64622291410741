import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { HANG_LIMIT_MS, INNER_WAIT_MS } from './test/support/hang-limit.ts';

const RENDERER_TESTS = 'test/unit/renderer/**/*.test.ts';

export default defineConfig({
  test: {
    testTimeout: HANG_LIMIT_MS,
    hookTimeout: HANG_LIMIT_MS,
    expect: { poll: { timeout: INNER_WAIT_MS } },
    // Most files wait on timers, sandbox blocks and child processes rather than on the CPU, so
    // more files than cores run at once. Vitest's default (cores − 1) is one worker on CI's
    // 2 cores: about 15 minutes for the suite on an idle machine; with 3 it took 12 to 14 minutes
    // with two CPU-bound processes and other test runs beside it, and passed (docs/development.md, Tests).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: [...configDefaults.exclude, RENDERER_TESTS] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/renderer-build.ts', 'test/support/cli-build.ts', 'test/support/verifier-page-build.ts'],
        },
      },
      // The renderer's states use Svelte's runes: only their tests load the Svelte compiler.
      {
        extends: true,
        plugins: [svelte({ configFile: fileURLToPath(new URL('./svelte.config.js', import.meta.url)) })],
        test: { name: 'renderer', include: [RENDERER_TESTS] },
      },
    ],
  },
});
