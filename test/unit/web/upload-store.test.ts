import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadStore } from '../../../main/web/upload-store.ts';
import { batchHead } from '../../../preload/upload-batch.ts';

// The store's side of a request of several files, fed by hand so that a test decides where the body
// stops: a request cut off after some of its files are whole keeps none of them, and counts none.

let dir: string;
let store: UploadStore;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-uploads-'));
  store = await UploadStore.open(join(dir, 'uploads'), { fileBytes: 100, totalBytes: 200, count: 3, batchFiles: 3 });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A request body the test writes to; `headers` as Node gives them (no declared length: chunked). */
const request = (): PassThrough & IncomingMessage => Object.assign(new PassThrough(), { headers: {} }) as unknown as PassThrough & IncomingMessage;

/** Resolves once the store has written a file (the first one is whole on disk), polling the folder. */
async function filesOnDisk(n: number): Promise<void> {
  while (readdirSync(join(dir, 'uploads')).length < n) await new Promise((r) => setTimeout(r, 5));
}

describe("the upload store's requests of several files", () => {
  it('deletes the files already whole when the request is cut off, and counts none of them', async () => {
    const req = request();
    const received = store.receive(req);
    req.write(
      batchHead([
        { name: 'a.txt', size: 3 },
        { name: 'b.txt', size: 50 },
      ]),
    );
    req.write('aaa');
    req.write('b'.repeat(10));
    await filesOnDisk(2); // a.txt whole, b.txt begun
    req.destroy(new Error('aborted'));
    await expect(received).rejects.toMatchObject({
      code: 'UPLOAD_FAILED',
      message: 'The upload of "a.txt" and 1 other files was interrupted: drop them again.',
    });
    expect(readdirSync(join(dir, 'uploads'))).toEqual([]);
    // All three places are free again: the two reserved for the cut request were given back.
    const next = request();
    const taken = store.receive(next);
    next.end(
      batchHead([
        { name: 'x', size: 1 },
        { name: 'y', size: 1 },
        { name: 'z', size: 100 },
      ]) +
        'xy' +
        'z'.repeat(100),
    );
    expect((await taken).map((u) => [u.name, u.size])).toEqual([
      ['x', 1],
      ['y', 1],
      ['z', 100],
    ]);
  });

  it('refuses a body that ends before its files do, as an interrupted upload', async () => {
    const req = request();
    const received = store.receive(req);
    req.end(batchHead([{ name: 'short.txt', size: 10 }]) + 'only5');
    await expect(received).rejects.toMatchObject({ code: 'UPLOAD_FAILED', message: 'The upload of "short.txt" was interrupted: drop it again.' });
    expect(readdirSync(join(dir, 'uploads'))).toEqual([]);
  });

  it('splits files across chunks and chunks across files: each file gets its own bytes', async () => {
    const req = request();
    const received = store.receive(req);
    const body =
      batchHead([
        { name: 'a', size: 4 },
        { name: 'b', size: 0 },
        { name: 'c', size: 5 },
      ]) + 'aaaaccccc';
    for (const ch of body) req.write(ch); // one byte at a time, the head too
    req.end();
    const uploads = await received;
    expect(uploads.map((u) => readFileSync(u.path, 'utf8'))).toEqual(['aaaa', '', 'ccccc']);
    expect(uploads.map((u) => store.digestOf(u.path))).toEqual(
      ['aaaa', '', 'ccccc'].map((t) => ({ sha256: createHash('sha256').update(t).digest('hex'), size: t.length })),
    );
  });
});
