import { lstatSync } from 'node:fs';
import { lstat } from 'node:fs/promises';

/**
 * What stands at a path, links not followed: a link is itself, never what it points to, so a link
 * planted in a shared folder is seen as a link (and a dangling one as something) rather than read
 * through. Any failure to look (missing, no permission) is "nothing there".
 */

/** Anything at all: a FIFO, a folder or a dangling link counts, so the caller reads it and says what is wrong instead of acting as if nothing were there. */
export async function present(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** A real folder (a link to one is not). */
export async function isFolder(path: string): Promise<boolean> {
  return lstat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

/** A regular file (a link to one is not); synchronous, for the watcher's receipt moves. */
export function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}
