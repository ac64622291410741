import { mkdir, readFile, realpath, rm, rmdir } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import { writeFileAtomically } from '../fs/atomic-write.ts';

/**
 * The files Notarium adds for a file manager carry this mark in a comment, so that uninstall and
 * status never mistake a file the user wrote (with the same name) for ours.
 */
export const OWNER_MARK = 'Written by Notarium';

/** One file manager's integration: not there, there with the current command, or there with another (the app moved). */
export type IntegrationState = 'absent' | 'installed' | 'outdated';

export async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if (errnoOf(err) === 'ENOENT' || errnoOf(err) === 'ENOTDIR') return null;
    throw unwritable(path, err);
  }
}

export async function ownedFileState(path: string, expected: string): Promise<IntegrationState> {
  const found = await readIfExists(path);
  if (found === null || !found.includes(OWNER_MARK)) return 'absent';
  return found === expected ? 'installed' : 'outdated';
}

/** Writes our file (creating its folders); a file of the same name that is not ours is left alone. */
export async function writeOwnedFile(path: string, content: string, mode: number): Promise<void> {
  const found = await readIfExists(path);
  if (found !== null && !found.includes(OWNER_MARK)) {
    throw new NotariumError('FILE_MANAGER_CONFLICT', `${path} was not written by Notarium, so it was left alone: rename or remove it, then try again.`);
  }
  await writeAtomically(path, content, mode);
}

/** Removes our file, then the folders that held only it, up to (never including) `base`. */
export async function removeOwnedFile(path: string, base: string): Promise<void> {
  const found = await readIfExists(path);
  if (found === null || !found.includes(OWNER_MARK)) return;
  try {
    await rm(path, { force: true });
  } catch (err) {
    throw unwritable(path, err);
  }
  await removeEmptyFolders(dirname(path), base);
}

/**
 * Replaces a file in one step (atomic-write.ts), so a crash or a full disk never leaves it half
 * written: that matters for files we share with the user, like Thunar's uca.xml.
 */
export async function writeAtomically(path: string, content: string, mode: number): Promise<void> {
  // A file kept elsewhere and linked here (dotfiles, in the user's own folders) is written where it
  // lives: the link stays. The temporary file beside it is never a link (atomic-write.ts).
  const target = await realpath(path).catch(() => path);
  try {
    await mkdir(dirname(target), { recursive: true });
    writeFileAtomically(target, content, { mode });
  } catch (err) {
    throw unwritable(path, err);
  }
}

/**
 * Folders left empty by an uninstall are removed (ours, created at install, or the file manager's
 * own, which it recreates when it needs them), so the tree is as it was found.
 */
export async function removeEmptyFolders(folder: string, base: string): Promise<void> {
  let current = folder;
  while (isInside(current, base)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or not ours to remove): stop here
    }
    current = dirname(current);
  }
}

function isInside(path: string, base: string): boolean {
  const rel = relative(base, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep);
}

export function unwritable(path: string, err: unknown): NotariumError {
  if (err instanceof NotariumError) return err;
  const code = errnoOf(err);
  const reason = code ? ` (${code})` : '';
  return new NotariumError(
    'FILE_MANAGER_UNWRITABLE',
    `Notarium could not change ${path}${reason}: check that the folder is yours and writable, then try again.`,
    { cause: err },
  );
}

function errnoOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}
