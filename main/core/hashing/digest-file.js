// The one read loop of every hash, on either thread (hash-worker.js, and hash-pool.ts on the
// calling thread). Plain JavaScript importing only node:*, as the worker that imports it must be.
import { createHash } from 'node:crypto';
import { read, readSync } from 'node:fs';

/** Types in digest-file.d.ts. */
export async function digestFile(fd, buffer, { blocking, stopped, onProgress, progressMs }) {
  const digest = createHash('sha256');
  let size = 0;
  let lastReport = performance.now();
  for (;;) {
    // position null: read on from the current offset, so a file that grows is read to its end.
    const n = blocking ? readSync(fd, buffer, 0, buffer.length, null) : await readOnPool(fd, buffer);
    if (n === 0) return { sha256: digest.digest('hex'), size };
    digest.update(n === buffer.length ? buffer : buffer.subarray(0, n));
    size += n;
    const now = performance.now();
    if (now - lastReport >= progressMs) {
      lastReport = now;
      onProgress(size);
    }
    if (blocking) await turn(); // what else this thread serves (a pool's messages, a signal) is heard between chunks
    if (stopped()) return null;
  }
}

function readOnPool(fd, buffer) {
  return new Promise((resolve, reject) => read(fd, buffer, 0, buffer.length, null, (err, n) => (err ? reject(err) : resolve(n))));
}

function turn() {
  return new Promise((resolve) => setImmediate(resolve));
}
