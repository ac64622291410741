import { describe, expect, it } from 'vitest';
import { checkGlobs, fileFilter, isNeverWatched } from '../../../../main/core/watch/filters.ts';

describe('files a watched folder never takes', () => {
  it.each([
    '.hidden',
    '.notarium',
    'contract.pdf.receipt.json',
    'contract.versions.json',
    'movie.mp4.part',
    'setup.exe.crdownload',
    'x.tmp',
    '.x.swp',
    'notes.txt~',
    '~$report.docx',
    '#draft#',
  ])('%s', (name) => expect(isNeverWatched(name)).toBe(true));

  it.each(['contract.pdf', 'receipt.json', 'temporary.txt', 'a~b.txt'])('takes %s', (name) => expect(isNeverWatched(name)).toBe(false));
});

describe('fileFilter', () => {
  const all = { recursive: true, include: [], exclude: [] };

  it('takes every file by default, but nothing inside a hidden folder or Notarium’s own', () => {
    const accept = fileFilter(all);
    expect(accept('a.txt')).toBe(true);
    expect(accept('deep/er/b.pdf')).toBe(true);
    expect(accept('.notarium/a.txt.receipt.json')).toBe(false);
    expect(accept('.git/config')).toBe(false);
    expect(accept('sub/a.txt.receipt.json')).toBe(false);
    expect(accept('')).toBe(false);
  });

  it('without recursion takes only the folder’s own files', () => {
    const accept = fileFilter({ ...all, recursive: false });
    expect(accept('a.txt')).toBe(true);
    expect(accept('sub/a.txt')).toBe(false);
  });

  it('a glob without "/" matches names at any depth; one with "/" the relative path', () => {
    const accept = fileFilter({ ...all, include: ['*.pdf', 'contracts/**'] });
    expect(accept('a.pdf')).toBe(true);
    expect(accept('x/y/a.pdf')).toBe(true);
    expect(accept('contracts/2024/terms.md')).toBe(true);
    expect(accept('notes/terms.md')).toBe(false);
  });

  it('exclusions win over inclusions', () => {
    const accept = fileFilter({ ...all, include: ['*.pdf'], exclude: ['draft-*', 'archive/**'] });
    expect(accept('final.pdf')).toBe(true);
    expect(accept('sub/draft-1.pdf')).toBe(false);
    expect(accept('archive/old.pdf')).toBe(false);
  });

  it('refuses a glob picomatch cannot use, naming it', () => {
    expect(() => checkGlobs(['*.pdf', ''])).toThrow(
      expect.objectContaining({ code: 'INVALID_SETTING', message: expect.stringMatching(/^"" is not a usable glob/) }),
    );
    expect(() => checkGlobs(['*.pdf', '**/x/*.md'])).not.toThrow();
  });
});
