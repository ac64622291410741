import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isNotariumFile } from '../../../preload/notarium-files.ts';
import type { NotariumError } from '../errors/notarium-error.ts';
import { folderUnreadable } from '../hashing/file-unreadable.ts';

/**
 * A file of a walk, or a folder of it that could not be listed (`skipped`: why, naming it): its
 * files are left out, and the caller says so as that entry's failure, beside the files it has.
 */
export interface Walked {
  path: string;
  skipped?: NotariumError;
}

/**
 * The files a user means by a path: a named file as it is; a folder's files, recursively, without
 * following links and leaving out hidden entries and Notarium's own files. A folder that cannot be
 * listed (permission denied) is one skipped entry: the walk goes on with the rest.
 */
export async function filesIn(path: string): Promise<Walked[]> {
  let info;
  try {
    info = await lstat(path);
  } catch {
    return [{ path }]; // the caller reports it as unreadable
  }
  if (!info.isDirectory()) return [{ path }];
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (err) {
    return [{ path, skipped: folderUnreadable(path, err) }];
  }
  const out: Walked[] = [];
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || isNotariumFile(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) out.push(...(await filesIn(child)));
    else if (entry.isFile()) out.push({ path: child });
  }
  return out;
}

/**
 * Where a file of a run came from, so a caller can tell apart files of the same name or path:
 * `index` in the list of paths it was given; `inFolder`, for a folder there, the file's place
 * among that folder's files (null: the path was the file itself).
 */
export interface FileOrigin {
  index: number;
  inFolder: number | null;
}

/** The files the paths name (filesIn of each, in order), each with where it came from. */
export async function filesOf(paths: readonly string[]): Promise<(FileOrigin & Walked)[]> {
  const found = await Promise.all(paths.map((p) => filesIn(p)));
  return found.flatMap((files, index) => files.map((file, i) => ({ ...file, index, inFolder: file.path === paths[index] ? null : i })));
}
