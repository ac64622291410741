import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import type { WatchSettings } from '../../../../main/core/store/watched-folders.ts';

let now: number;
let lib: Library;
const settings: WatchSettings = { recursive: true, include: ['*.pdf'], exclude: ['draft-*'], receipts: 'folder', stableMs: 2000 };
const seen = (relPath: string, sha256 = 'aa'.repeat(32)) => ({
  folderId: 1,
  relPath,
  size: 3,
  mtimeMs: 1.5,
  ino: 7,
  ctimeMs: 1.5,
  sha256,
  recordId: null,
  memberId: null,
  documentId: null,
});

beforeEach(() => {
  now = 1_700_000_000_000;
  lib = Library.open(':memory:', () => now);
});
afterEach(() => lib.close());

describe('WatchedFolders', () => {
  it('keeps a folder with its settings, and changes them', () => {
    const folder = lib.watchedFolders.add('/docs', 'Sandbox', settings);
    expect(lib.watchedFolders.byPath('/docs')).toEqual({
      ...settings,
      id: folder.id,
      path: '/docs',
      profile: 'Sandbox',
      paused: false,
      documentId: null,
      createdAt: now,
      updatedAt: now,
    });
    now += 1;
    expect(lib.watchedFolders.update(folder.id, { ...settings, recursive: false, include: [] })).toMatchObject({
      recursive: false,
      include: [],
      updatedAt: now,
    });
    expect(lib.watchedFolders.list().map((f) => f.path)).toEqual(['/docs']);
  });

  it('keeps a folder paused until it is resumed', () => {
    const folder = lib.watchedFolders.add('/docs', 'Sandbox', settings);
    now += 1;
    expect(lib.watchedFolders.setPaused(folder.id, true)).toMatchObject({ paused: true, updatedAt: now });
    expect(lib.watchedFolders.update(folder.id, { ...settings, recursive: false })).toMatchObject({ paused: true, recursive: false });
    expect(lib.watchedFolders.setPaused(folder.id, false).paused).toBe(false);
  });

  it('remembers each file as last taken; a deleted one keeps its entry until a file is back', () => {
    const folder = lib.watchedFolders.add('/docs', 'Sandbox', settings);
    lib.watchedFolders.saveFile({ ...seen('a.pdf'), folderId: folder.id });
    lib.watchedFolders.markGone(folder.id, 'a.pdf');
    expect(lib.watchedFolders.file(folder.id, 'a.pdf')).toMatchObject({ goneAt: now, mtimeMs: 1.5 });
    expect(lib.watchedFolders.withContent('aa'.repeat(32))).toHaveLength(1);
    lib.watchedFolders.saveFile({ ...seen('a.pdf', 'bb'.repeat(32)), folderId: folder.id });
    expect(lib.watchedFolders.file(folder.id, 'a.pdf')).toMatchObject({ goneAt: null, sha256: 'bb'.repeat(32) });
  });

  it('moves an entry with its file, replacing what was last seen at the new place', () => {
    const folder = lib.watchedFolders.add('/docs', 'Sandbox', settings);
    lib.watchedFolders.saveFile({ ...seen('old.pdf'), folderId: folder.id });
    lib.watchedFolders.saveFile({ ...seen('new.pdf', 'cc'.repeat(32)), folderId: folder.id });
    lib.watchedFolders.markGone(folder.id, 'new.pdf');
    lib.watchedFolders.moveFile(lib.watchedFolders.file(folder.id, 'old.pdf')!, { folderId: folder.id, relPath: 'new.pdf', size: 3, mtimeMs: 2 });
    expect(lib.watchedFolders.files(folder.id)).toMatchObject([{ relPath: 'new.pdf', sha256: 'aa'.repeat(32), mtimeMs: 2, goneAt: null }]);
  });

  it('keeps a file waiting for its round: a later save replaces its content and keeps its place; taken or deleted, it waits no more', () => {
    const folder = lib.watchedFolders.add('/docs', 'Sandbox', settings);
    const { recordId: _r, memberId: _m, ...waiting } = { ...seen('a.pdf'), folderId: folder.id };
    lib.watchedFolders.wait(waiting, false);
    now += 5;
    lib.watchedFolders.wait({ ...waiting, relPath: 'b.pdf' }, false);
    lib.watchedFolders.wait({ ...waiting, sha256: 'bb'.repeat(32), size: 4 }, false); // a.pdf saved again
    expect(lib.watchedFolders.waiting(folder.id).map((w) => [w.relPath, w.sha256, w.takenAt])).toEqual([
      ['a.pdf', 'bb'.repeat(32), now - 5],
      ['b.pdf', 'aa'.repeat(32), now],
    ]);
    expect(lib.watchedFolders.file(folder.id, 'a.pdf')).toMatchObject({ sha256: 'bb'.repeat(32), recordId: null, memberId: null });
    lib.watchedFolders.markGone(folder.id, 'b.pdf');
    lib.watchedFolders.saveFile({ ...seen('a.pdf'), folderId: folder.id }); // back to content registered before
    expect(lib.watchedFolders.waitingCount(folder.id)).toBe(0);
  });

  it('lists a folder’s files in the byte order of their paths, a page at a time', () => {
    const folder = lib.watchedFolders.add('/docs', 'Sandbox', settings);
    const paths = ['b.pdf', 'a/z.pdf', 'a-b.pdf', 'é.pdf', 'A.pdf', 'a.pdf'];
    for (const p of paths) lib.watchedFolders.saveFile({ ...seen(p), folderId: folder.id });
    expect([...lib.watchedFolders.filesInOrder(folder.id, 2)].map((f) => f.relPath)).toEqual(['A.pdf', 'a-b.pdf', 'a.pdf', 'a/z.pdf', 'b.pdf', 'é.pdf']);
  });

  it('forgets a folder’s files with it, and the folders of a removed profile', async () => {
    const folder = lib.watchedFolders.add('/docs', 'Sandbox', settings);
    lib.watchedFolders.saveFile({ ...seen('a.pdf'), folderId: folder.id });
    lib.watchedFolders.remove(folder.id);
    expect(lib.watchedFolders.files(folder.id)).toEqual([]);
    await lib.profiles.save({ name: 'Work', baseUrl: 'https://records.example' });
    lib.watchedFolders.add('/work', 'Work', settings);
    await lib.profiles.remove('Work');
    expect(lib.watchedFolders.list()).toEqual([]);
  });
});
