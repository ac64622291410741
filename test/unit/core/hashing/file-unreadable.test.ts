import { describe, expect, it } from 'vitest';
import { errorData } from '../../../../main/core/errors/error-data.ts';
import { isNotariumError, NotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { fileError, fileUnreadable } from '../../../../main/core/hashing/file-unreadable.ts';

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

  it('a missing file whose name came back with U+FFFD says its real name may not be UTF-8', () => {
    const err = fileUnreadable('/home/ana/bad\uFFFD.txt', 'ENOENT');
    expect(err.message).toMatch(
      /could not be read: there is no file of that name: its real name may hold bytes that are not UTF-8 .*rename the file with UTF-8 characters only\.$/,
    );
    expect(fileUnreadable('/home/ana/gone.txt', 'ENOENT').message).toMatch(/does not exist/);
  });
});

describe('fileError: only what it knows is about the file', () => {
  const errno = (code: string, message: string) => Object.assign(new Error(message), { code, errno: -13, syscall: 'open' });

  it('a file system failure, by its errno, is FILE_UNREADABLE naming the file', () => {
    const err = fileError('/srv/deed.pdf', errno('EACCES', "EACCES: permission denied, open '/srv/deed.pdf'"));
    expect(err.code).toBe('FILE_UNREADABLE');
    expect(err.message).toBe('The file "/srv/deed.pdf" could not be read: permission denied: this user is not allowed to read it.');
  });

  it("one of Notarium's own stays as it is", () => {
    const own = new NotariumError('RECEIPT_INVALID');
    expect(fileError('/srv/deed.pdf', own)).toBe(own);
  });

  it('anything else (a bug) is INTERNAL, never a cause-specific code; its detail only reaches the log', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'sha256')");
    const err = fileError('/srv/deed.pdf', bug);
    expect(err.code).toBe('INTERNAL');
    expect(err.cause).toBe(bug);
    const logged: string[] = [];
    expect(errorData(err, (detail) => logged.push(detail))).toEqual({ code: 'INTERNAL', message: err.message, said: { key: 'errors.INTERNAL' } });
    expect(logged).toEqual(["TypeError: Cannot read properties of undefined (reading 'sha256')"]);
    // A string code that is no errno (a library's own) is not taken for one.
    expect(fileError('/srv/deed.pdf', Object.assign(new Error('bad'), { code: 'ERR_SOMETHING' })).code).toBe('INTERNAL');
  });
});
