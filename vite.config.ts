import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// The renderer is built once and served by both shells (Electron's custom protocol, the web shell).
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte()],
  build: { outDir: '../dist/renderer', emptyOutDir: true, target: 'chrome130' },
});
