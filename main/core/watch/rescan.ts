import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { WatchedFile } from '../store/watched-folders.ts';
import { isNeverWatched } from './filters.ts';
import { sameSnapshot, type FileSnapshot } from './stability.ts';

/**
 * Catching up after a restart: the folder's files as they are now, compared with what the watcher
 * last took by size, mtime, inode and ctime only. Files that differ (or are new, or gone) are
 * checked; the others are left alone, so an unchanged folder costs one stat per file and no hashing.
 *
 * Both sides are streams in the same order (the paths' UTF-8 bytes, SQLite's own order for the
 * library's side), merged as they come: a folder of a million files is never held whole, on either
 * side — what is held is one directory's listing per level of the walk, and a page of the library.
 */

/** A regular file's size, mtime, inode and ctime, or null when there is none (gone, a folder, a link). */
export async function snapshotOf(path: string): Promise<FileSnapshot | null> {
  try {
    const info = await lstat(path);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, ctimeMs: info.ctimeMs } : null;
  } catch {
    return null;
  }
}

/** Compares paths as SQLite orders them (their UTF-8 bytes), which is not JavaScript's order beyond the BMP. */
export function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/**
 * The files under `root` that `accept` takes, by '/'-separated relative path, in byte order; links
 * are not followed. A folder's entries are sorted with a '/' after a sub-folder's name, so walking
 * depth first yields the whole paths in byte order.
 */
export async function* scanFolder(root: string, accept: (relPath: string) => boolean, recursive: boolean): AsyncGenerator<[string, FileSnapshot]> {
  async function* walk(dir: string, prefix: string): AsyncGenerator<[string, FileSnapshot]> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // unreadable (or gone meanwhile): its files are not seen
    }
    const keyed = entries
      .filter((e) => (e.isDirectory() ? recursive && !isNeverWatched(e.name) : e.isFile()))
      .map((e) => ({ entry: e, key: e.isDirectory() ? `${e.name}/` : e.name }))
      .sort((a, b) => byteOrder(a.key, b.key));
    for (const { entry, key } of keyed) {
      const rel = prefix + entry.name;
      if (entry.isDirectory()) yield* walk(join(dir, entry.name), prefix + key);
      else if (accept(rel)) {
        const snapshot = await snapshotOf(join(dir, entry.name));
        if (snapshot) yield [rel, snapshot];
      }
    }
  }
  yield* walk(root, '');
}

export interface RescanItem {
  relPath: string;
  /** What is on disk now; null: gone. */
  snapshot: FileSnapshot | null;
}

export interface RescanCounts {
  unchanged: number;
  changed: number;
}

/**
 * Merges what is on disk (`found`) with what was last taken (`known`), both in byte order: yields
 * the files to check — new, changed by size, mtime, inode or ctime, deleted and back, or gone — and
 * counts the others. Entries the filter no longer takes are left as they are. `identify` is told of
 * unchanged entries kept before inodes and ctimes were, with theirs (noted once, at this rescan).
 */
export async function* mergeRescan(
  known: AsyncIterable<WatchedFile> | Iterable<WatchedFile>,
  found: AsyncIterable<[string, FileSnapshot]> | Iterable<[string, FileSnapshot]>,
  accept: (relPath: string) => boolean,
  counts: RescanCounts,
  identify: (file: WatchedFile, snapshot: FileSnapshot) => void = () => {},
): AsyncGenerator<RescanItem> {
  const k = iteratorOf(known);
  const f = iteratorOf(found);
  let last = await k.next();
  let seen = await f.next();
  while (!last.done || !seen.done) {
    const order = last.done ? 1 : seen.done ? -1 : byteOrder(last.value.relPath, seen.value[0]);
    if (order < 0) {
      const file = last.value as WatchedFile;
      if (file.goneAt === null && accept(file.relPath)) {
        counts.changed++;
        yield { relPath: file.relPath, snapshot: null };
      }
      last = await k.next();
    } else if (order > 0) {
      const [relPath, snapshot] = seen.value as [string, FileSnapshot];
      counts.changed++;
      yield { relPath, snapshot };
      seen = await f.next();
    } else {
      const file = last.value as WatchedFile;
      const [relPath, snapshot] = seen.value as [string, FileSnapshot];
      if (file.goneAt === null && sameSnapshot(file, snapshot)) {
        counts.unchanged++;
        if (file.ino == null || file.ctimeMs == null) identify(file, snapshot);
      } else {
        counts.changed++;
        yield { relPath, snapshot };
      }
      last = await k.next();
      seen = await f.next();
    }
  }
}

function iteratorOf<T>(items: AsyncIterable<T> | Iterable<T>): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
}
