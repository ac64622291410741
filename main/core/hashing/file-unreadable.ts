import { said } from '../../../preload/i18n/said.ts';
import { asNotariumError, NotariumError } from '../errors/notarium-error.ts';

/** Reasons people can act on, by the errno code the file system gave. */
const REASONS: Record<string, string> = {
  ENOENT: 'it does not exist (it may have been moved or deleted)',
  EISDIR: 'it is a folder, not a file',
  ENOTREG: 'it is not a regular file but a device, a pipe or a socket, and Notarium reads only regular files',
  // Not errnos: what lstat/fstat found instead of a regular file (read-regular-file.ts).
  EFIFO: 'it is a pipe (FIFO), not a regular file, and Notarium reads only regular files',
  EDEVICE: 'it is a device, not a regular file, and Notarium reads only regular files',
  ESOCKET: 'it is a socket, not a regular file, and Notarium reads only regular files',
  EINVAL: 'the system refused to read it (it may be a special file, such as one under /proc); Notarium reads only regular files',
  EACCES: 'permission denied: this user is not allowed to read it',
  EPERM: 'permission denied: this user is not allowed to read it',
  ENOTDIR: 'a part of its path is not a folder',
  ENAMETOOLONG: 'its path is too long',
  ELOOP: 'its path has too many symbolic links (there may be a loop)',
  EMFILE: 'too many files are open at once; try again with fewer files',
  ENFILE: 'too many files are open at once; try again with fewer files',
  EIO: 'the disk reported a read error',
  ENXIO: 'it is not a regular file but a device, a pipe or a socket, and Notarium reads only regular files',
  EAGAIN: 'it is not a regular file but a device, a pipe or a socket, and Notarium reads only regular files',
  // Not an errno: the worker thread died (out of memory, killed) while hashing this file.
  EWORKER: 'the hashing worker stopped unexpectedly; try again',
};

const NOT_UTF8 =
  'there is no file of that name: its real name may hold bytes that are not UTF-8 (shown as \uFFFD), which Notarium cannot open; rename the file with UTF-8 characters only';

// The commonest reasons as whole sentences for other languages (engine/en.ts): a page says the others in English.
const SAID_REASONS = {
  ENOENT: 'errorsWith.fileMissing',
  EISDIR: 'errorsWith.fileIsFolder',
  EACCES: 'errorsWith.fileDenied',
  EPERM: 'errorsWith.fileDenied',
  ENOTREG: 'errorsWith.fileNotRegular',
  ENXIO: 'errorsWith.fileNotRegular',
  EAGAIN: 'errorsWith.fileNotRegular',
} as const;

/** FILE_UNREADABLE with one sentence naming the file and the reason. */
export function fileUnreadable(path: string, code: string, detail?: string, cause?: unknown): NotariumError {
  // Node reads names as UTF-8: bytes that are not (legal on Linux) come back as U+FFFD, a name no file has.
  const notUtf8 = code === 'ENOENT' && path.includes('\uFFFD');
  const reason = notUtf8 ? NOT_UTF8 : (REASONS[code] ?? `${detail ?? 'unexpected error'} (${code})`);
  const key = notUtf8 || !Object.hasOwn(SAID_REASONS, code) ? undefined : SAID_REASONS[code as keyof typeof SAID_REASONS];
  return new NotariumError('FILE_UNREADABLE', `The file "${path}" could not be read: ${reason}.`, { cause, ...(key ? { said: said(key, { path }) } : {}) });
}

/** FILE_UNREADABLE for a folder a walk could not list: its files were skipped, the reason said as a file's is. */
export function folderUnreadable(path: string, err: unknown): NotariumError {
  const code = errnoOf(err) ?? 'EIO';
  const reason = REASONS[code] ?? `${(err as Error).message} (${code})`;
  return new NotariumError('FILE_UNREADABLE', `The folder "${path}" could not be read, so its files were skipped: ${reason}.`, { cause: err });
}

/**
 * What a file operation threw, as the catalogue says it: a file system's failure (an errno, or one
 * of read-regular-file.ts' stand-ins) is FILE_UNREADABLE naming the file; one of Notarium's own
 * stays as it is; anything else is not about the file and is INTERNAL (asNotariumError).
 */
export function fileError(path: string, err: unknown): NotariumError {
  const code = errnoOf(err);
  return code === null ? asNotariumError(err) : fileUnreadable(path, code, (err as Error).message, err);
}

function errnoOf(err: unknown): string | null {
  if (!(err instanceof Error) || err instanceof NotariumError) return null;
  const { code, errno } = err as NodeJS.ErrnoException;
  return typeof code === 'string' && (typeof errno === 'number' || Object.hasOwn(REASONS, code)) ? code : null;
}
