import { describe, expect, it } from 'vitest';
import { BATCH_BYTES, BATCH_FILES, BATCH_HEAD_BYTES, batchHead, inBatches, NAME_CHARS, readBatchHead, SIZES_PER_STEP } from '../../../preload/upload-batch.ts';

describe('requests of several dropped files', () => {
  it('splits a drop at BATCH_FILES files and BATCH_BYTES bytes, in order, a larger file alone', async () => {
    const small = Array.from({ length: BATCH_FILES + 10 }, (_, i) => ({ i, size: 10 }));
    expect((await inBatches(small)).map((b) => b.length)).toEqual([BATCH_FILES, 10]);
    expect((await inBatches(small)).flat()).toEqual(small);
    const mixed = [{ size: 1 }, { size: BATCH_BYTES + 1 }, { size: BATCH_BYTES / 2 }, { size: BATCH_BYTES / 2 }, { size: 1 }];
    expect((await inBatches(mixed)).map((b) => b.map((f) => f.size))).toEqual([[1], [BATCH_BYTES + 1], [BATCH_BYTES / 2, BATCH_BYTES / 2], [1]]);
    expect(await inBatches([])).toEqual([]);
  });

  it("reads the files' sizes a few at a time, giving the page its turn between steps", async () => {
    const seen: string[] = [];
    const files = Array.from({ length: 2 * SIZES_PER_STEP + 3 }, (_, i) => ({
      get size(): number {
        seen.push(`size ${i}`);
        return 10;
      },
    }));
    const batches = await inBatches(files, async () => void seen.push('turn'));
    expect(batches.flat()).toHaveLength(files.length);
    const reads = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => `size ${from + k}`);
    expect(seen).toEqual([
      ...reads(0, SIZES_PER_STEP),
      'turn',
      ...reads(SIZES_PER_STEP, 2 * SIZES_PER_STEP),
      'turn',
      ...reads(2 * SIZES_PER_STEP, files.length),
    ]);
  });

  it('writes a head the shell reads back, one line, names cut and never a path', () => {
    const head = batchHead([
      { name: 'a\nb.txt', size: 3 },
      { name: '../etc/passwd', size: 0 },
      { name: 'x'.repeat(NAME_CHARS + 5), size: 1 },
    ]);
    expect(head.indexOf('\n')).toBe(head.length - 1);
    expect(readBatchHead(head.slice(0, -1))).toEqual([
      { name: 'a\nb.txt', size: 3 },
      { name: '.._etc_passwd', size: 0 },
      { name: 'x'.repeat(NAME_CHARS), size: 1 },
    ]);
  });

  it('fits the longest head the page can write within what the shell reads', () => {
    const worst = batchHead(Array.from({ length: BATCH_FILES }, () => ({ name: '\u0001'.repeat(NAME_CHARS + 1), size: Number.MAX_SAFE_INTEGER })));
    expect(new TextEncoder().encode(worst).length).toBeLessThan(BATCH_HEAD_BYTES);
  });
});
