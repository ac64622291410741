// The hashing worker: hashes one file at a time through the read loop every hash takes
// (digest-file.js), reading on its own thread into a buffer it keeps from job to job. Plain
// JavaScript importing only node:* and that module, so that it loads the same way under plain
// node, tsx (whose hook is registered in the main thread only), vitest and a bundled app
// (scripts/hash-worker-copy.ts copies both).
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { digestFile } from './digest-file.js';

/** Holds the id of the job the pool wants cancelled; checked between chunks. */
const cancelled = new Int32Array(workerData.cancelFlag);
// O_NONBLOCK so that opening a FIFO fails fast instead of waiting for a writer (no-op for files).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

let buffer = Buffer.allocUnsafe(0);

async function hash({ id, path, chunkSize, progressMs }) {
  if (buffer.length !== chunkSize) buffer = Buffer.allocUnsafe(chunkSize);
  const fd = openSync(path, OPEN_FLAGS);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) {
      const err = new Error('not a regular file');
      err.code = stat.isDirectory() ? 'EISDIR' : 'ENOTREG';
      throw err;
    }
    const total = stat.size;
    const result = await digestFile(fd, buffer, {
      blocking: true,
      stopped: () => Atomics.load(cancelled, 0) === id,
      progressMs,
      onProgress: (bytes) => parentPort.postMessage({ type: 'progress', id, bytes, total: Math.max(total, bytes) }),
    });
    return result === null ? { type: 'cancelled', id } : { type: 'done', id, ...result };
  } finally {
    closeSync(fd);
  }
}

// The pool sends a worker its next job only once it has answered the last: one job at a time.
parentPort.on('message', async (job) => {
  let reply;
  try {
    reply = await hash(job);
  } catch (err) {
    reply = { type: 'error', id: job.id, code: String(err?.code ?? 'EUNKNOWN'), message: String(err?.message ?? err) };
  }
  parentPort.postMessage(reply);
});
