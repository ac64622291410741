import { execFileSync } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { digestFile, type DigestFileOptions } from '../../../../main/core/hashing/digest-file.js';
import { turnsWhile } from '../../../support/event-loop-turns.ts';

// The read loop of every hash (the pool's calling thread and its workers), in both of its ways of
// reading, on real files and FIFOs: a FIFO opened non-blocking fails a read at once when what was
// written has been read, which gives a read that fails after others succeeded, without any stand-in.

const CHUNK = 4096;
const dir = mkdtempSync(join(tmpdir(), 'notarium-digest-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A FIFO that the test writes and digestFile reads, through one descriptor; reads fail (EAGAIN) when it is empty. */
function fifo(name: string): number {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return openSync(path, constants.O_RDWR | constants.O_NONBLOCK);
}

describe.each([
  ['on this thread', true],
  ["on libuv's thread pool", false],
])('digestFile, reading %s', (where, blocking) => {
  const quiet: DigestFileOptions = { blocking, stopped: () => false, onProgress: () => undefined, progressMs: Infinity };
  const named = (name: string): string => join(dir, `${blocking ? 'blocking' : 'pool'}-${name}`);

  async function digestPath(path: string, options = quiet): Promise<{ sha256: string; size: number } | null> {
    const fd = openSync(path, 'r');
    try {
      return await digestFile(fd, Buffer.alloc(CHUNK), options);
    } finally {
      closeSync(fd);
    }
  }

  it.each([0, 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK - 1, 2 * CHUNK, 2 * CHUNK + 1, 5 * CHUNK + 7])(
    `a file of %i bytes (chunks of 4096): the SHA-256 of its bytes, and its size, ${where}`,
    async (size) => {
      const path = named(`file-${size}.bin`);
      writeFileSync(path, randomFillSync(Buffer.alloc(size)));
      expect(await digestPath(path)).toEqual({ sha256: sha256(readFileSync(path)), size });
    },
  );

  it('reports the bytes hashed so far, growing, up to the size', async () => {
    const path = named('progress.bin');
    writeFileSync(path, randomFillSync(Buffer.alloc(3 * CHUNK + 5)));
    const seen: number[] = [];
    const result = await digestPath(path, { ...quiet, progressMs: 0, onProgress: (bytes) => seen.push(bytes) });
    expect(seen).toEqual([CHUNK, 2 * CHUNK, 3 * CHUNK, 3 * CHUNK + 5]);
    expect(result?.size).toBe(3 * CHUNK + 5);
  });

  it('a read that fails after others succeeded rejects with the error the file system gave', async () => {
    const fd = fifo(`fails-mid-way-${blocking}`);
    try {
      writeSync(fd, randomFillSync(Buffer.alloc(CHUNK + 100)));
      const seen: number[] = [];
      const job = digestFile(fd, Buffer.alloc(CHUNK), { ...quiet, progressMs: 0, onProgress: (bytes) => seen.push(bytes) });
      await expect(job).rejects.toMatchObject({ code: 'EAGAIN' });
      expect(seen).toEqual([CHUNK, CHUNK + 100]);
    } finally {
      closeSync(fd);
    }
  });

  it('stopped: null after the chunk it was asked after, and nothing read past it', async () => {
    const fd = fifo(`stopped-${blocking}`);
    try {
      writeSync(fd, Buffer.alloc(CHUNK, 1));
      writeSync(fd, Buffer.from('left unread'));
      let chunks = 0;
      const result = await digestFile(fd, Buffer.alloc(CHUNK), { ...quiet, stopped: () => ++chunks === 1 });
      expect(result).toBeNull();
      const rest = Buffer.alloc(64);
      expect(rest.toString('utf8', 0, readSync(fd, rest))).toBe('left unread');
    } finally {
      closeSync(fd);
    }
  });
});

describe('digestFile, reading on this thread', () => {
  it('lets the event loop turn between chunks', async () => {
    const path = join(dir, 'turns.bin');
    writeFileSync(path, Buffer.alloc(4 * CHUNK, 3));
    const fd = openSync(path, 'r');
    try {
      const digesting = () => digestFile(fd, Buffer.alloc(CHUNK), { blocking: true, stopped: () => false, onProgress: () => undefined, progressMs: Infinity });
      expect(await turnsWhile(digesting)).toBeGreaterThanOrEqual(3);
    } finally {
      closeSync(fd);
    }
  });
});
