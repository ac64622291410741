import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';

/**
 * The hashing pool starts its workers from `new URL('./hash-worker.js', import.meta.url)`: every
 * bundle holding the pool gets the worker copied beside the chunk that holds it.
 */
export function copyHashWorker(metafile: Metafile, root: string): void {
  for (const [chunk, output] of Object.entries(metafile.outputs)) {
    if (chunk.endsWith('.js') && output.inputs['main/core/hashing/hash-pool.ts']) {
      const dir = dirname(resolve(root, chunk));
      mkdirSync(dir, { recursive: true });
      copyFileSync(join(root, 'main', 'core', 'hashing', 'hash-worker.js'), join(dir, 'hash-worker.js'));
    }
  }
}
