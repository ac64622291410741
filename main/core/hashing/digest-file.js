// The one read path of every hash, on either thread (hash-worker.js, and hash-pool.ts on the
// calling thread). Plain JavaScript importing only node:*, as the worker that imports it must be.
import { createHash } from 'node:crypto';
import { read } from 'node:fs';

/** Types in digest-file.d.ts. */
export async function digestFile(fd, buffers, { stopped, onProgress, progressMs }) {
  const digest = createHash('sha256');
  let [filling, filled] = buffers;
  let size = 0;
  let lastReport = performance.now();
  // Read ahead: the next chunk is copied out of the page cache (on libuv's thread pool) while this
  // thread digests the last one, so the copy overlaps the hashing instead of adding to it.
  let reading = readChunk(fd, filling);
  try {
    for (;;) {
      const n = await reading;
      if (n === 0) return { sha256: digest.digest('hex'), size };
      if (stopped()) return null;
      [filling, filled] = [filled, filling];
      reading = readChunk(fd, filling);
      digest.update(n === filled.length ? filled : filled.subarray(0, n));
      size += n;
      const now = performance.now();
      if (now - lastReport >= progressMs) {
        lastReport = now;
        onProgress(size);
      }
    }
  } finally {
    // The caller closes fd next: no read may still be under way on it (or on the file that reuses its number).
    await reading.catch(() => undefined);
  }
}

/** Bytes read into the buffer from the file's current offset (so a file that grows is read to its end); 0 at its end. */
function readChunk(fd, buffer) {
  return new Promise((resolve, reject) => read(fd, buffer, 0, buffer.length, null, (err, n) => (err ? reject(err) : resolve(n))));
}
