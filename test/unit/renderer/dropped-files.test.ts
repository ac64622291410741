import { describe, expect, it } from 'vitest';
import { filesFromDrop } from '../../../renderer/lib/files.ts';

// A drop's folders as the browser gives them (FileSystemEntry): a subfolder the browser may not
// read answers readEntries with an error, a file it may not read answers file() with one. Both are
// left out and named, beside the files that were read.

type Fake = { name: string; fullPath: string; isFile: boolean; isDirectory: boolean } & Record<string, unknown>;

const file = (fullPath: string, readable = true): Fake => ({
  name: fullPath.split('/').at(-1)!,
  fullPath,
  isFile: true,
  isDirectory: false,
  file: (ok: (f: File) => void, fail: (e: Error) => void) =>
    readable ? ok(new File([fullPath], fullPath.split('/').at(-1)!)) : fail(new Error('NotReadableError')),
});

const folder = (fullPath: string, children: Fake[] | 'denied'): Fake => ({
  name: fullPath.split('/').at(-1)!,
  fullPath,
  isFile: false,
  isDirectory: true,
  createReader: () => {
    let given = false;
    return {
      readEntries: (ok: (batch: Fake[]) => void, fail: (e: Error) => void) => {
        if (children === 'denied') return fail(new Error('NotReadableError'));
        const batch = given ? [] : children;
        given = true;
        ok(batch);
      },
    };
  },
});

const dropOf = (...entries: Fake[]) =>
  ({ items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry, getAsFile: () => null })), files: [] }) as unknown as DataTransfer;

describe('files from a drop', () => {
  it('leaves out and names a subfolder and a file the browser could not read, and keeps the rest', async () => {
    const dropped = await filesFromDrop(
      dropOf(
        folder('/docs', [
          file('/docs/deed.pdf'),
          folder('/docs/locked', 'denied'),
          folder('/docs/open', [file('/docs/open/a.txt'), file('/docs/open/b.txt', false)]),
        ]),
      ),
    );
    expect(dropped.files.map((f) => f.name)).toEqual(['deed.pdf', 'a.txt']);
    expect(dropped.skipped).toEqual(['/docs/locked', '/docs/open/b.txt']);
  });

  it('skips nothing when everything is read', async () => {
    expect(await filesFromDrop(dropOf(file('/one.txt')))).toMatchObject({ skipped: [] });
  });
});
