import { chmod, lstat, mkdir, mkdtemp, readdir, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { NotariumError } from '../core/errors/notarium-error.ts';

/**
 * The web shell's private folder: `<data>/web-shell/<pid>-<random>/`, mode 0700 (as its parent),
 * holding its launch file and its uploads. Several shells may run at once, so at start only the
 * folders of shells that are no longer running are deleted (with the uploads earlier versions
 * kept for good); at close, the shell's own.
 */

export interface ShellFolder {
  dir: string;
  remove(): Promise<void>;
}

export async function openShellFolder(dataDir: string): Promise<ShellFolder> {
  const parent = join(dataDir, 'web-shell');
  await mkdir(parent, { recursive: true, mode: 0o700 });
  // Made here or long ago: never a link to somewhere else, never readable by others.
  if (!(await lstat(parent)).isDirectory()) throw new NotariumError('STORE_ERROR', `${parent} is not a folder: move it away and open Notarium again.`);
  await chmod(parent, 0o700);
  await removeOldUploads(join(dataDir, 'uploads'));
  for (const name of await readdir(parent)) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (!running(pid)) await rm(join(parent, name), { recursive: true, force: true });
  }
  const dir = await mkdtemp(join(parent, `${process.pid}-`)); // 0700, unpredictable
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Earlier versions kept uploads in `<data>/uploads/`, named by UUID. The data directory may be a
 * folder of the user's own (NOTARIUM_HOME), whose `uploads/` is theirs: only files named as ours
 * are deleted, and the folder only if that leaves it empty.
 */
async function removeOldUploads(dir: string): Promise<void> {
  let names: string[];
  try {
    if (!(await lstat(dir)).isDirectory()) return;
    names = await readdir(dir);
  } catch {
    return; // none, or not ours to read
  }
  for (const name of names) {
    const path = join(dir, name);
    if (OLD_UPLOAD.test(name) && (await lstat(path)).isFile()) await rm(path, { force: true });
  }
  await rmdir(dir).catch(() => undefined); // not empty: what is left is not ours
}

const OLD_UPLOAD = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function running(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}
