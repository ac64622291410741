import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const RENDERER_TESTS = 'test/unit/renderer/**/*.test.ts';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'], exclude: [...configDefaults.exclude, RENDERER_TESTS] },
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
