import { svelte } from '@sveltejs/vite-plugin-svelte';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The renderer is built once and served by both shells (Electron's custom protocol, the web shell).
export default defineConfig({
  root: 'renderer',
  base: './',
  // The root is renderer/, so the Svelte config at the repository root is named explicitly.
  plugins: [svelte({ configFile: fileURLToPath(new URL('./svelte.config.js', import.meta.url)) })],
  build: { outDir: '../dist/renderer', emptyOutDir: true, target: 'chrome130' },
});
