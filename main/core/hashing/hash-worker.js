// The hashing worker: streams one file at a time through SHA-256 with one reusable buffer.
// Plain JavaScript importing only node:* so that it loads the same way under plain node, tsx
// (whose hook is registered in the main thread only), vitest and a bundled app.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

/** Holds the id of the job the pool wants cancelled; checked between chunks. */
const cancelled = new Int32Array(workerData.cancelFlag);
// O_NONBLOCK so that opening a FIFO fails fast instead of waiting for a writer (no-op for files).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

let buffer = Buffer.allocUnsafe(0);

function hash({ id, path, chunkSize, progressMs }) {
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
    const digest = createHash('sha256');
    let bytes = 0;
    let lastReport = performance.now();
    for (;;) {
      if (Atomics.load(cancelled, 0) === id) return { type: 'cancelled', id };
      // position null: read on from the current offset, so files that grow are read to the end.
      const n = readSync(fd, buffer, 0, chunkSize, null);
      if (n === 0) break;
      digest.update(n === chunkSize ? buffer : buffer.subarray(0, n));
      bytes += n;
      const now = performance.now();
      if (now - lastReport >= progressMs) {
        lastReport = now;
        parentPort.postMessage({ type: 'progress', id, bytes, total: Math.max(total, bytes) });
      }
    }
    return { type: 'done', id, sha256: digest.digest('hex'), size: bytes };
  } finally {
    closeSync(fd);
  }
}

parentPort.on('message', (job) => {
  let reply;
  try {
    reply = hash(job);
  } catch (err) {
    reply = { type: 'error', id: job.id, code: String(err?.code ?? 'EUNKNOWN'), message: String(err?.message ?? err) };
  }
  parentPort.postMessage(reply);
});
