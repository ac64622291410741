import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WatchedFile } from '../../../../main/core/store/watched-folders.ts';
import { fileFilter } from '../../../../main/core/watch/filters.ts';
import { planRescan, scanFolder } from '../../../../main/core/watch/rescan.ts';

const taken = (relPath: string, size: number, mtimeMs: number, goneAt: number | null = null): WatchedFile => ({
  folderId: 1,
  relPath,
  size,
  mtimeMs,
  sha256: 'aa'.repeat(32),
  recordId: 1,
  documentId: 1,
  goneAt,
  updatedAt: 0,
});
const all = () => true;

describe('planRescan', () => {
  it('leaves files with the size and mtime last taken alone, and checks the others', () => {
    const known = [taken('same.txt', 10, 100), taken('grown.txt', 10, 100), taken('touched.txt', 10, 100)];
    const found = new Map([
      ['same.txt', { size: 10, mtimeMs: 100 }],
      ['grown.txt', { size: 11, mtimeMs: 100 }],
      ['touched.txt', { size: 10, mtimeMs: 200 }],
      ['new.txt', { size: 1, mtimeMs: 1 }],
    ]);
    const plan = planRescan(known, found, all);
    expect(plan.unchanged).toBe(1);
    expect(plan.check.map((c) => c.relPath).sort()).toEqual(['grown.txt', 'new.txt', 'touched.txt']);
  });

  it('checks files that are gone, once: a file already known to be gone is not checked again', () => {
    const plan = planRescan([taken('gone.txt', 1, 1), taken('long-gone.txt', 1, 1, 5)], new Map(), all);
    expect(plan.check).toEqual([{ relPath: 'gone.txt', snapshot: null }]);
  });

  it('a file deleted and back with the same size and mtime is checked (it continues its document)', () => {
    const plan = planRescan([taken('back.txt', 1, 1, 5)], new Map([['back.txt', { size: 1, mtimeMs: 1 }]]), all);
    expect(plan.check).toEqual([{ relPath: 'back.txt', snapshot: { size: 1, mtimeMs: 1 } }]);
  });

  it('leaves the entries of files the filter no longer takes as they are', () => {
    const plan = planRescan([taken('old.log', 1, 1)], new Map(), (p) => !p.endsWith('.log'));
    expect(plan).toEqual({ check: [], unchanged: 0 });
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
    const recursive = await scanFolder(root, fileFilter({ recursive: true, include: [], exclude: [] }), true);
    expect([...recursive.keys()].sort()).toEqual(['a.txt', 'sub/deeper/b.txt']);
    expect(recursive.get('sub/deeper/b.txt')).toMatchObject({ size: 2 });
    const flat = await scanFolder(root, fileFilter({ recursive: false, include: [], exclude: [] }), false);
    expect([...flat.keys()]).toEqual(['a.txt']);
  });
});
