import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderWithin } from '../../../../main/core/fs/folder-within.ts';

const root = mkdtempSync(join(tmpdir(), 'notarium-within-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('folderWithin', () => {
  it('makes the folders below the root, one at a time; a name that merely starts with ".." is inside', () => {
    const watched = join(root, 'watched');
    mkdirSync(watched);
    folderWithin(watched, join(watched, '..notes', '.notarium'));
    expect(readdirSync(join(watched, '..notes'))).toEqual(['.notarium']);
  });

  it('refuses a folder outside the root, and a planted link on the way', () => {
    const watched = join(root, 'shared');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(watched);
    mkdirSync(elsewhere);
    expect(() => folderWithin(watched, join(root, 'other'))).toThrow(/is not in it/);
    symlinkSync(elsewhere, join(watched, '.notarium'));
    expect(() => folderWithin(watched, join(watched, '.notarium', 'sub'))).toThrow(/\.notarium is a link/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
