import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WatchedFile } from '../../../../main/core/store/watched-folders.ts';
import { fileFilter } from '../../../../main/core/watch/filters.ts';
import { mergeRescan, scanFolder, type RescanCounts, type RescanItem } from '../../../../main/core/watch/rescan.ts';
import type { FileSnapshot } from '../../../../main/core/watch/stability.ts';

const taken = (relPath: string, size: number, mtimeMs: number, goneAt: number | null = null): WatchedFile => ({
  folderId: 1,
  relPath,
  size,
  mtimeMs,
  ino: null,
  ctimeMs: null,
  sha256: 'aa'.repeat(32),
  recordId: 1,
  memberId: null,
  documentId: 1,
  goneAt,
  updatedAt: 0,
});
const all = () => true;

/** The merge of two sorted lists, whole: what it yields to check, and its counts. */
async function plan(
  known: WatchedFile[],
  found: [string, FileSnapshot][],
  accept: (relPath: string) => boolean = all,
  identify?: (f: WatchedFile, s: FileSnapshot) => void,
) {
  const counts: RescanCounts = { unchanged: 0, changed: 0 };
  const check: RescanItem[] = [];
  for await (const item of mergeRescan(known, found, accept, counts, identify)) check.push(item);
  return { check, ...counts };
}

/** Every item an async generator yields. */
async function listOf<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('mergeRescan', () => {
  it('leaves files with the snapshot last taken alone, and checks the others', async () => {
    const known = [taken('grown.txt', 10, 100), taken('same.txt', 10, 100), taken('touched.txt', 10, 100)];
    const found: [string, FileSnapshot][] = [
      ['grown.txt', { size: 11, mtimeMs: 100 }],
      ['new.txt', { size: 1, mtimeMs: 1 }],
      ['same.txt', { size: 10, mtimeMs: 100 }],
      ['touched.txt', { size: 10, mtimeMs: 200 }],
    ];
    const result = await plan(known, found);
    expect(result.unchanged).toBe(1);
    expect(result.changed).toBe(3);
    expect(result.check.map((c) => c.relPath)).toEqual(['grown.txt', 'new.txt', 'touched.txt']);
  });

  it('checks a file replaced by one of the same size and mtime (another inode, or ctime), and notes the identity of an entry kept without one', async () => {
    const known = [
      { ...taken('legacy.txt', 1, 1) },
      { ...taken('moved-over.txt', 1, 1), ino: 5, ctimeMs: 1 },
      { ...taken('rewritten.txt', 1, 1), ino: 6, ctimeMs: 1 },
    ];
    const identified: string[] = [];
    const result = await plan(
      known,
      [
        ['legacy.txt', { size: 1, mtimeMs: 1, ino: 4, ctimeMs: 1 }],
        ['moved-over.txt', { size: 1, mtimeMs: 1, ino: 9, ctimeMs: 1 }],
        ['rewritten.txt', { size: 1, mtimeMs: 1, ino: 6, ctimeMs: 2 }],
      ],
      all,
      (f, s) => identified.push(`${f.relPath}:${s.ino}`),
    );
    expect(result.check.map((c) => c.relPath)).toEqual(['moved-over.txt', 'rewritten.txt']);
    expect(identified).toEqual(['legacy.txt:4']);
  });

  it('checks files that are gone, once: a file already known to be gone is not checked again', async () => {
    const result = await plan([taken('gone.txt', 1, 1), taken('long-gone.txt', 1, 1, 5)], []);
    expect(result.check).toEqual([{ relPath: 'gone.txt', snapshot: null }]);
  });

  it('a file deleted and back with the same size and mtime is checked (it continues its history)', async () => {
    const result = await plan([taken('back.txt', 1, 1, 5)], [['back.txt', { size: 1, mtimeMs: 1 }]]);
    expect(result.check).toEqual([{ relPath: 'back.txt', snapshot: { size: 1, mtimeMs: 1 } }]);
  });

  it('leaves the entries of files the filter no longer takes as they are', async () => {
    const result = await plan([taken('old.log', 1, 1)], [], (p) => !p.endsWith('.log'));
    expect(result).toEqual({ check: [], unchanged: 0, changed: 0 });
  });
});

describe('scanFolder', () => {
  const root = mkdtempSync(join(tmpdir(), 'notarium-scan-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds the files the filter takes, in subfolders only when recursive, never through links', async () => {
    mkdirSync(join(root, 'sub', 'deeper'), { recursive: true });
    mkdirSync(join(root, '.notarium'));
    writeFileSync(join(root, 'a.txt'), 'a');
    writeFileSync(join(root, 'a.txt.receipt.json'), '{}');
    writeFileSync(join(root, '.notarium', 'x.txt'), 'x');
    writeFileSync(join(root, 'sub', 'deeper', 'b.txt'), 'bb');
    symlinkSync(join(root, 'a.txt'), join(root, 'link.txt'));
    const recursive = await listOf(scanFolder(root, fileFilter({ recursive: true, include: [], exclude: [] }), true));
    expect(recursive.map(([p]) => p)).toEqual(['a.txt', 'sub/deeper/b.txt']);
    expect(recursive[1]![1]).toMatchObject({ size: 2 });
    const flat = await listOf(scanFolder(root, fileFilter({ recursive: false, include: [], exclude: [] }), false));
    expect(flat.map(([p]) => p)).toEqual(['a.txt']);
  });

  it('yields the paths in the byte order of the library, a sub-folder’s files where its name and a "/" sort', async () => {
    const dir = join(root, 'order');
    for (const p of ['a/z.txt', 'a-b.txt', 'a.txt', 'ab/c.txt', 'B.txt', 'é.txt']) {
      mkdirSync(join(dir, p, '..'), { recursive: true });
      writeFileSync(join(dir, p), p);
    }
    const found = await listOf(scanFolder(dir, () => true, true));
    expect(found.map(([p]) => p)).toEqual(['B.txt', 'a-b.txt', 'a.txt', 'a/z.txt', 'ab/c.txt', 'é.txt']);
  });
});
