import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const RENDERER_TESTS = 'test/unit/renderer/**/*.test.ts';

/**
 * A test's time limit only catches a hang. Integration and e2e tests run sandboxes, CLI processes
 * and a browser, which load slows without bound on a shared 2-core machine: their limit is far
 * above any run of theirs, so it says "hung", never "slow" (speed belongs in bench/).
 */
const HANG_LIMIT_MS = 600_000;

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Most files wait on timers, sandbox blocks and child processes rather than on the CPU, so
    // more files than cores run at once. Vitest's default (cores − 1) is one worker on CI's
    // 2 cores: about 15 minutes for the suite on an idle machine; with 3 it took 12 to 14 minutes
    // with two CPU-bound processes and other test runs beside it, and passed (README, Tests).
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
          globalSetup: ['test/support/renderer-build.ts'],
          testTimeout: HANG_LIMIT_MS,
          hookTimeout: HANG_LIMIT_MS,
          // expect.poll waits for an event as long, less a margin so that its failure says what it awaited.
          expect: { poll: { timeout: HANG_LIMIT_MS / 2 } },
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
