import { lstatSync, mkdirSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';

/**
 * A folder under a watched folder that Notarium writes into (`.notarium/` and its subfolders, a
 * file's own folder), made ready without following links. Watched folders may be shared: another
 * user can replace `.notarium` (or a folder in it) with a link to a folder of someone else's, and a
 * receipt written or renamed there would land outside. So every component below `root` is created
 * one at a time (never through mkdir -p, which follows links), each must be a real folder, and the
 * result's real path must be the one expected under the root's. The root itself is the person's
 * choice and may be a link.
 */
export function folderWithin(root: string, folder: string): void {
  const rel = relative(root, folder);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw outside(root, folder, `${folder} is not in it`);
  let at = root;
  for (const part of rel.split(sep).filter(Boolean)) {
    at = join(at, part);
    try {
      mkdirSync(at);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const info = lstatSync(at);
    if (info.isSymbolicLink()) throw outside(root, folder, `${at} is a link`);
    if (!info.isDirectory()) throw outside(root, folder, `${at} is not a folder`);
  }
  // Checked again as a whole: a component swapped for a link since it was looked at is caught here.
  if (realpathSync(folder) !== join(realpathSync(root), rel)) throw outside(root, folder, `${folder} leads elsewhere`);
}

function outside(root: string, folder: string, why: string): NotariumError {
  return new NotariumError(
    'FILE_UNREADABLE',
    `Nothing was written into ${folder}: ${why}, so a file written there could land outside the watched folder ${root}. Someone may have planted it: remove it (Notarium makes the folder again), then write the receipt again (notarium receipt export, or Export receipt in the app).`,
  );
}
