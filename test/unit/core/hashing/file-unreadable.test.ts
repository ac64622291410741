import { describe, expect, it } from 'vitest';
import { isNotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { fileUnreadable } from '../../../../main/core/hashing/file-unreadable.ts';

describe('fileUnreadable', () => {
  it.each([
    ['ENOENT', /does not exist/],
    ['EISDIR', /is a folder, not a file/],
    ['EACCES', /permission denied/],
    ['EPERM', /permission denied/],
    ['ENOTREG', /not a regular file/],
    ['EMFILE', /too many files are open/],
    ['EIO', /read error/],
    ['EWORKER', /worker stopped unexpectedly/],
  ])('%s gives one sentence naming the file and the reason', (code, reason) => {
    const err = fileUnreadable('/home/ana/contract.pdf', code);
    expect(isNotariumError(err, 'FILE_UNREADABLE')).toBe(true);
    expect(err.message).toMatch(/^The file "\/home\/ana\/contract\.pdf" could not be read: .+\.$/);
    expect(err.message).toMatch(reason);
  });

  it('an unknown code keeps the system detail and the code', () => {
    const err = fileUnreadable('a.txt', 'ESTALE', 'stale file handle');
    expect(err.message).toBe('The file "a.txt" could not be read: stale file handle (ESTALE).');
  });

  it('a missing file whose name came back with U+FFFD says its real name may not be UTF-8 (issue #11)', () => {
    const err = fileUnreadable('/home/ana/bad\uFFFD.txt', 'ENOENT');
    expect(err.message).toMatch(
      /could not be read: there is no file of that name: its real name may hold bytes that are not UTF-8 .*rename the file with UTF-8 characters only\.$/,
    );
    expect(fileUnreadable('/home/ana/gone.txt', 'ENOENT').message).toMatch(/does not exist/);
  });
});
