import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { readRegularFile } from '../../../../main/core/fs/read-regular-file.ts';

// Whatever lies at a path (a FIFO, a device, a folder, a huge file), reading it ends at once with a
// sentence, and never reads more than the limit: nothing here may block or fill memory.

const dir = mkdtempSync(join(tmpdir(), 'notarium-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LIMIT = 1024;
const tooLarge = (size: number | undefined) => new NotariumError('RECEIPT_INVALID', `too large: ${size ?? 'grew past the limit'}`);
const read = (path: string) => readRegularFile(path, { maxBytes: LIMIT, tooLarge });

describe('readRegularFile', () => {
  it('reads a regular file up to the limit, and through a link to one', async () => {
    writeFileSync(join(dir, 'small'), 'receipt');
    writeFileSync(join(dir, 'exact'), 'x'.repeat(LIMIT));
    symlinkSync(join(dir, 'small'), join(dir, 'link-to-small'));
    expect((await read(join(dir, 'small'))).toString()).toBe('receipt');
    expect((await read(join(dir, 'exact'))).length).toBe(LIMIT);
    expect((await read(join(dir, 'link-to-small'))).toString()).toBe('receipt');
  });

  it('refuses one byte past the limit, by its size', async () => {
    writeFileSync(join(dir, 'over'), 'x'.repeat(LIMIT + 1));
    await expect(read(join(dir, 'over'))).rejects.toThrow(`too large: ${LIMIT + 1}`);
  });

  it('refuses a 1.5 GiB sparse file by its size, without reading it', async () => {
    const path = join(dir, 'sparse');
    const fd = openSync(path, 'w');
    ftruncateSync(fd, 1.5 * 2 ** 30);
    closeSync(fd);
    // A read of it would allocate 1.5 GiB (or fail on the string length): the size alone refuses it.
    await expect(read(path)).rejects.toThrow(`too large: ${1.5 * 2 ** 30}`);
  });

  it('refuses a FIFO without opening it for a writer that never comes', async () => {
    const path = join(dir, 'fifo');
    execFileSync('mkfifo', [path]);
    await expect(read(path)).rejects.toMatchObject({
      code: 'FILE_UNREADABLE',
      message: expect.stringMatching(/"[^"]*fifo" could not be read: it is a pipe \(FIFO\), not a regular file/),
    });
  });

  it('refuses devices, and links to them, before opening them', async () => {
    symlinkSync('/dev/zero', join(dir, 'zero'));
    symlinkSync('/dev/urandom', join(dir, 'random'));
    for (const path of ['/dev/zero', join(dir, 'zero'), join(dir, 'random'), '/dev/null']) {
      await expect(read(path), path).rejects.toMatchObject({
        code: 'FILE_UNREADABLE',
        message: expect.stringMatching(/could not be read: it is a device, not a regular file/),
      });
    }
  });

  it.runIf(process.platform === 'linux')('says in words why a special file the system will not read cannot be read (/proc/self/pagemap: EINVAL)', async () => {
    await expect(read('/proc/self/pagemap')).rejects.toMatchObject({
      code: 'FILE_UNREADABLE',
      message: expect.stringMatching(
        /could not be read: the system refused to read it \(it may be a special file, such as one under \/proc\); Notarium reads only regular files\.$/,
      ),
    });
  });

  it('refuses a folder, a dangling link and a missing file, saying which', async () => {
    mkdirSync(join(dir, 'folder'));
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
    await expect(read(join(dir, 'folder'))).rejects.toThrow(/it is a folder, not a file/);
    await expect(read(join(dir, 'dangling'))).rejects.toThrow(/it does not exist/);
    await expect(read(join(dir, 'missing'))).rejects.toThrow(/it does not exist/);
  });

  it('stops at the limit when the size the file system tells is not the length (a file in /proc says 0)', async () => {
    if (process.platform !== 'linux') {
      // Such files are Linux's /proc: macOS and Windows have none, so there is nothing of the kind to read there.
      expect(existsSync('/proc/self/maps')).toBe(false);
      return;
    }
    // /proc/self/maps reports size 0 yet has content: only the bounded read tells how long it is.
    await expect(readRegularFile('/proc/self/maps', { maxBytes: 16, tooLarge })).rejects.toThrow('too large: grew past the limit');
    expect((await readRegularFile('/proc/self/maps', { maxBytes: 1 << 22, tooLarge })).length).toBeGreaterThan(16);
  });

  it('reads a file that says 0 to its end, past the first read (/proc/self/smaps: a block of lines per mapping)', async () => {
    if (process.platform !== 'linux') {
      expect(existsSync('/proc/self/smaps')).toBe(false);
      return;
    }
    const text = (await readRegularFile('/proc/self/smaps', { maxBytes: 1 << 24, tooLarge })).toString();
    expect(text.length).toBeGreaterThan(64 * 1024); // many times the first read
    // Each mapping's block ends with its flags: the last line is one, whole.
    expect(text).toMatch(/\nVmFlags:[a-z ]+\n$/);
  });
});
