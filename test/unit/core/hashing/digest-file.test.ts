import { execFileSync } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { digestFile, type DigestFileOptions } from '../../../../main/core/hashing/digest-file.js';

// The read path of every hash (the pool's calling thread and its workers), on real files and
// FIFOs: a FIFO's reads wait for a writer, or fail at once when opened non-blocking, which gives
// a read that is under way, or a read that fails after others succeeded, without any stand-in.

const CHUNK = 4096;
const dir = mkdtempSync(join(tmpdir(), 'notarium-digest-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const buffers = (): [Buffer, Buffer] => [Buffer.alloc(CHUNK), Buffer.alloc(CHUNK)];
const quiet: DigestFileOptions = { stopped: () => false, onProgress: () => undefined, progressMs: Infinity };
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

async function digestPath(path: string, options = quiet): Promise<{ sha256: string; size: number } | null> {
  const fd = openSync(path, 'r');
  try {
    return await digestFile(fd, buffers(), options);
  } finally {
    closeSync(fd);
  }
}

/** A FIFO opened for reading and writing: opening it waits for no one, and what the test writes, digestFile reads. */
function fifo(name: string, flags = 0): number {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return openSync(path, constants.O_RDWR | flags);
}

const turns = (n: number): Promise<void> => (n === 0 ? Promise.resolve() : new Promise((r) => setImmediate(() => void turns(n - 1).then(r))));

describe('digestFile', () => {
  it.each([0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK - 1, 2 * CHUNK, 2 * CHUNK + 1, 5 * CHUNK + 7])(
    'a file of %i bytes (chunks of 4096): the SHA-256 of its bytes, and its size',
    async (size) => {
      const path = join(dir, `file-${size}.bin`);
      writeFileSync(path, randomFillSync(Buffer.alloc(size)));
      expect(await digestPath(path)).toEqual({ sha256: sha256(readFileSync(path)), size });
    },
  );

  it('reports the bytes hashed so far, growing, up to the size', async () => {
    const path = join(dir, 'progress.bin');
    writeFileSync(path, randomFillSync(Buffer.alloc(3 * CHUNK + 5)));
    const seen: number[] = [];
    const result = await digestPath(path, { ...quiet, progressMs: 0, onProgress: (bytes) => seen.push(bytes) });
    expect(seen).toEqual([CHUNK, 2 * CHUNK, 3 * CHUNK, 3 * CHUNK + 5]);
    expect(result?.size).toBe(3 * CHUNK + 5);
  });

  it('a read that fails after others succeeded rejects with the error the file system gave', async () => {
    // Non-blocking: once what was written is read, the next read fails (EAGAIN) instead of waiting.
    const fd = fifo('fails-mid-way', constants.O_NONBLOCK);
    try {
      writeSync(fd, randomFillSync(Buffer.alloc(CHUNK + 100)));
      const seen: number[] = [];
      await expect(digestFile(fd, buffers(), { ...quiet, progressMs: 0, onProgress: (bytes) => seen.push(bytes) })).rejects.toMatchObject({
        code: 'EAGAIN',
      });
      expect(seen).toEqual([CHUNK, CHUNK + 100]);
    } finally {
      closeSync(fd);
    }
  });

  it('stopped: settles only once the read under way has finished, leaving nothing read after it', async () => {
    const fd = fifo('stopped');
    try {
      let stop = false;
      let settled = false;
      writeSync(fd, Buffer.alloc(CHUNK, 1));
      const job = digestFile(fd, buffers(), { stopped: () => stop, progressMs: 0, onProgress: () => (stop = true) });
      void job.finally(() => (settled = true));
      // The first chunk is hashed and the next read waits on the empty FIFO: a stop must wait for it.
      await expect.poll(() => stop).toBe(true);
      await turns(5);
      expect(settled).toBe(false);
      writeSync(fd, Buffer.from('read ahead'));
      expect(await job).toBeNull();
      // Nothing reads the FIFO any more: what is written next is all there for the next reader.
      writeSync(fd, Buffer.from('next'));
      const rest = Buffer.alloc(64);
      expect(rest.toString('utf8', 0, readSync(fd, rest))).toBe('next');
    } finally {
      closeSync(fd);
    }
  });

  it('a progress callback that throws: rejects with its error once the read under way has finished', async () => {
    const fd = fifo('progress-throws');
    try {
      const boom = new Error('progress failed');
      let thrown = false;
      let settled = false;
      writeSync(fd, Buffer.alloc(CHUNK, 1));
      const onProgress = (): void => {
        thrown = true;
        throw boom;
      };
      const job = digestFile(fd, buffers(), { ...quiet, progressMs: 0, onProgress });
      void job.catch(() => undefined).finally(() => (settled = true));
      await expect.poll(() => thrown).toBe(true);
      await turns(5);
      expect(settled).toBe(false);
      writeSync(fd, Buffer.from('read ahead'));
      await expect(job).rejects.toBe(boom);
      writeSync(fd, Buffer.from('next'));
      const rest = Buffer.alloc(64);
      expect(rest.toString('utf8', 0, readSync(fd, rest))).toBe('next');
    } finally {
      closeSync(fd);
    }
  });
});
