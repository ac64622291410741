import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Every file Notarium writes where people keep files (receipts, document indexes, file-manager
 * entries) is written here: a temporary file beside the target, then one rename over it, so a
 * reader never sees half a file and a crash or a full disk never leaves one.
 *
 * Those folders may be shared with other people, who may plant links. The temporary file is
 * therefore created exclusively (O_CREAT|O_EXCL, and O_NOFOLLOW where the platform has it) under a
 * random name: a link planted at any name is never followed and a name cannot be guessed, so no
 * file elsewhere can be overwritten through it. The rename replaces whatever stands at the target
 * itself, a link included, and never writes through it.
 */

// O_EXCL already refuses an existing link; O_NOFOLLOW says so twice where it exists (not on Windows).
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export interface AtomicWriteOptions {
  /** The file's exact mode (e.g. 0o755 for a script); by default 0o666 less the umask, as for any new file. */
  mode?: number;
  /** The temporary file's name (tests plant links at exactly the name used); by default a random one. */
  temporaryName?: () => string;
}

/** Hidden and *.tmp, so watched folders never take it; short, whatever the length of the target's name. */
const randomTemporaryName = (): string => `.notarium-${randomBytes(12).toString('hex')}.tmp`;

/** Names tried when something already stands at one: anything there is never opened, only stepped around. */
const ATTEMPTS = 3;

/** Replaces `path` with `content` in one step. The folder must exist; the temporary file is removed on failure. */
export function writeFileAtomically(path: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const { temporary, fd } = createTemporary(dirname(path), options);
  try {
    try {
      if (options.mode !== undefined) fchmodSync(fd, options.mode); // the umask may have taken bits away
      const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd); // the content is on disk before the name points at it
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (err) {
    try {
      unlinkSync(temporary);
    } catch {
      // Already renamed or never written: nothing left behind.
    }
    throw err;
  }
}

/** A new file of its own beside the target; whatever stands at a name (a planted link) is left as it is. */
function createTemporary(folder: string, options: AtomicWriteOptions): { temporary: string; fd: number } {
  for (let attempt = 1; ; attempt++) {
    const temporary = join(folder, (options.temporaryName ?? randomTemporaryName)());
    try {
      return { temporary, fd: openSync(temporary, CREATE_NEW, options.mode ?? 0o666) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === ATTEMPTS) throw err;
    }
  }
}
