import { describe, expect, it } from 'vitest';
import { BATCH_BYTES, BATCH_FILES, BATCH_HEAD_BYTES, batchHead, inBatches, NAME_CHARS, readBatchHead } from '../../../preload/upload-batch.ts';

describe('requests of several dropped files', () => {
  it('splits a drop at BATCH_FILES files and BATCH_BYTES bytes, in order, a larger file alone', () => {
    const small = Array.from({ length: BATCH_FILES + 10 }, (_, i) => ({ i, size: 10 }));
    expect(inBatches(small).map((b) => b.length)).toEqual([BATCH_FILES, 10]);
    expect(inBatches(small).flat()).toEqual(small);
    const mixed = [{ size: 1 }, { size: BATCH_BYTES + 1 }, { size: BATCH_BYTES / 2 }, { size: BATCH_BYTES / 2 }, { size: 1 }];
    expect(inBatches(mixed).map((b) => b.map((f) => f.size))).toEqual([[1], [BATCH_BYTES + 1], [BATCH_BYTES / 2, BATCH_BYTES / 2], [1]]);
    expect(inBatches([])).toEqual([]);
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
