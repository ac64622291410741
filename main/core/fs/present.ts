import { lstat } from 'node:fs/promises';

/**
 * Whether anything is at the path, links not followed: a FIFO, a folder or a dangling link counts,
 * so the caller reads it and says what is wrong instead of acting as if nothing were there.
 */
export async function present(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}
