import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Metafile } from 'esbuild';

/** The hashing worker and the module it imports (plain JavaScript, relative to the tree's root): what a bundle copies. */
export const HASH_WORKER_FILES = ['main/core/hashing/hash-worker.js', 'main/core/hashing/digest-file.js'];

/**
 * The hashing pool starts its workers from `new URL('./hash-worker.js', import.meta.url)`: every
 * bundle holding the pool gets the worker, and what it imports, copied beside the chunk that holds it.
 */
export function copyHashWorker(metafile: Metafile, root: string): void {
  for (const [chunk, output] of Object.entries(metafile.outputs)) {
    if (chunk.endsWith('.js') && output.inputs['main/core/hashing/hash-pool.ts']) {
      const dir = dirname(resolve(root, chunk));
      mkdirSync(dir, { recursive: true });
      for (const file of HASH_WORKER_FILES) copyFileSync(join(root, file), join(dir, basename(file)));
    }
  }
}
