import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Builds the renderer the web shell serves (dist/renderer). */
export function buildRenderer(): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: resolve(import.meta.dirname, '../..'), stdio: 'ignore' });
}

/**
 * Vitest global setup of the integration tests: the renderer is built once, before any file runs.
 * Built by each file instead, a build emptied the folder while another file's app served from it.
 */
export default buildRenderer;
