import { chmodSync, closeSync, mkdirSync, openSync, statSync, writeFileSync } from 'node:fs';

/**
 * Notarium's data directory is its user's alone: the library (every file's name, path and
 * digest), the embedded sandbox's API key and identity signing key. On POSIX systems its folders
 * are 0700 and its files 0600, whatever the umask: modes are set when a file is created and
 * tightened when an existing one is opened (a library from an earlier version, a copied folder).
 *
 * Not a process umask: that would also change the files people expect with their usual modes
 * (receipts beside their files), and it is one setting for the whole process, Electron's included.
 *
 * Windows ignores these modes; there the data directory is under %APPDATA%, which the user's
 * profile ACLs already keep private, so nothing is changed.
 */
export const OWNER_ONLY_MODES = process.platform !== 'win32';

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Creates the folder (and its missing parents) as 0700, and takes group and other access away from an existing one. */
export function privateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: FOLDER_MODE });
  restrict(path);
}

/** Creates the file empty as 0600 if it is missing (so SQLite, which gives its -wal and -shm files the database's mode, starts private), and tightens it if it is there. */
export function privateFile(path: string): void {
  closeSync(openSync(path, 'a', FILE_MODE));
  restrict(path);
}

/** Writes a small file of the data directory as 0600. */
export function writePrivateFile(path: string, content: string): void {
  writeFileSync(path, content, { mode: FILE_MODE });
  restrict(path); // a file that was already there keeps its mode through writeFileSync
}

/** Tightens a file that may be there (SQLite's -wal and -shm of an earlier run). */
export function restrictIfPresent(path: string): void {
  try {
    restrict(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Group and other bits go; the owner's stay as they are. */
function restrict(path: string): void {
  if (!OWNER_ONLY_MODES) return;
  const mode = statSync(path).mode & 0o7777;
  if (mode & 0o077) chmodSync(path, mode & ~0o077);
}
