import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isNotariumFile } from '../../../preload/notarium-files.ts';

/**
 * The files a user means by a path: a named file as it is; a folder's files, recursively, without
 * following links and leaving out hidden entries and Notarium's own files.
 */
export async function filesIn(path: string): Promise<string[]> {
  let info;
  try {
    info = await lstat(path);
  } catch {
    return [path]; // the caller reports it as unreadable
  }
  if (!info.isDirectory()) return [path];
  const out: string[] = [];
  const entries = await readdir(path, { withFileTypes: true });
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || isNotariumFile(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) out.push(...(await filesIn(child)));
    else if (entry.isFile()) out.push(child);
  }
  return out;
}
