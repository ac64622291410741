import { constants } from 'node:fs';
import { lstat, open, stat } from 'node:fs/promises';
import type { NotariumError } from '../errors/notarium-error.ts';
import { fileError } from '../hashing/file-unreadable.ts';

/**
 * Reads a small file that anyone may have put there (a receipt beside a file, say) without
 * letting it stall or exhaust the engine: only a regular file is opened, never a FIFO, a device, a
 * socket or a folder, and at most `maxBytes` of it are read, on the libuv pool.
 *
 * A link is followed only to a regular file. The path is checked before it is opened (opening
 * some devices has side effects); it is opened with O_NONBLOCK (where the platform has it), so a
 * FIFO swapped in between cannot block the open, and the opened file is checked again.
 */

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
/** The least first read, for a file whose size is not its length. */
const FIRST_READ = 8 * 1024;

export interface BoundedReadOptions {
  maxBytes: number;
  /** The error for a file longer than `maxBytes` (its size, when the file system says it). */
  tooLarge(size: number | undefined): NotariumError;
}

/** The whole file; throws FILE_UNREADABLE for a missing or non-regular file, `tooLarge()` past the limit. */
export async function readRegularFile(path: string, options: BoundedReadOptions): Promise<Buffer> {
  let handle;
  try {
    const link = await lstat(path);
    const info = link.isSymbolicLink() ? await stat(path) : link;
    if (!info.isFile()) throw notRegular(info);
    if (info.size > options.maxBytes) throw options.tooLarge(info.size);
    handle = await open(path, OPEN_FLAGS);
    const opened = await handle.stat();
    if (!opened.isFile()) throw notRegular(opened);
    if (opened.size > options.maxBytes) throw options.tooLarge(opened.size);
    // As long as the file says it is (a receipt is a few KiB: not the limit's 4 MiB for each, which
    // a folder's thousand receipts turned into seconds of garbage collection), grown while it reads
    // longer (a file in /proc says 0); one byte past the limit tells a file that grew from one that fits.
    let buffer = Buffer.alloc(Math.min(Math.max(opened.size, FIRST_READ), options.maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.alloc(Math.min(buffer.length, options.maxBytes + 1 - buffer.length))]);
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > options.maxBytes) throw options.tooLarge(undefined);
    }
    return buffer.subarray(0, length);
  } catch (err) {
    throw fileError(path, err);
  } finally {
    await handle?.close();
  }
}

type Kind = { isDirectory(): boolean; isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean };

/** What is there instead of a regular file, as a code file-unreadable.ts has a sentence for. */
function notRegular(info: Kind): NodeJS.ErrnoException {
  const code = info.isDirectory()
    ? 'EISDIR'
    : info.isFIFO()
      ? 'EFIFO'
      : info.isCharacterDevice() || info.isBlockDevice()
        ? 'EDEVICE'
        : info.isSocket()
          ? 'ESOCKET'
          : 'ENOTREG';
  return Object.assign(new Error('not a regular file'), { code });
}
