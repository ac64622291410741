import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { WatchedFile } from '../store/watched-folders.ts';
import { isNeverWatched } from './filters.ts';
import { sameSnapshot, type FileSnapshot } from './stability.ts';

/**
 * Catching up after a restart: the folder's files as they are now, compared with what the watcher
 * last took by size and mtime only. Files that differ (or are new, or gone) are checked; the
 * others are left alone, so an unchanged folder costs one stat per file and no hashing.
 */

/** A regular file's size and mtime, or null when there is none (gone, a folder, a link). */
export async function snapshotOf(path: string): Promise<FileSnapshot | null> {
  try {
    const info = await lstat(path);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** The files under `root` that `accept` takes, by '/'-separated relative path; links are not followed. */
export async function scanFolder(root: string, accept: (relPath: string) => boolean, recursive: boolean): Promise<Map<string, FileSnapshot>> {
  const found = new Map<string, FileSnapshot>();
  const walk = async (dir: string, prefix: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // unreadable (or gone meanwhile): its files are not seen, not deleted
    }
    await Promise.all(
      entries.map(async (entry) => {
        const rel = prefix + entry.name;
        if (entry.isDirectory()) {
          if (recursive && !isNeverWatched(entry.name)) await walk(join(dir, entry.name), `${rel}/`);
        } else if (entry.isFile() && accept(rel)) {
          const snapshot = await snapshotOf(join(dir, entry.name));
          if (snapshot) found.set(rel, snapshot);
        }
      }),
    );
  };
  await walk(root, '');
  return found;
}

export interface RescanPlan {
  /** Files to check: new, changed by size or mtime (snapshot), or gone (null). */
  check: { relPath: string; snapshot: FileSnapshot | null }[];
  unchanged: number;
}

/** Compares what is on disk with what was last taken; entries the filter no longer takes are left as they are. */
export function planRescan(known: readonly WatchedFile[], found: ReadonlyMap<string, FileSnapshot>, accept: (relPath: string) => boolean): RescanPlan {
  const plan: RescanPlan = { check: [], unchanged: 0 };
  const byPath = new Map(known.map((f) => [f.relPath, f]));
  for (const [relPath, snapshot] of found) {
    const last = byPath.get(relPath);
    if (last && last.goneAt === null && sameSnapshot(last, snapshot)) plan.unchanged++;
    else plan.check.push({ relPath, snapshot });
  }
  for (const file of known) {
    if (file.goneAt === null && !found.has(file.relPath) && accept(file.relPath)) plan.check.push({ relPath: file.relPath, snapshot: null });
  }
  return plan;
}
