import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import { expandHome } from './home-path.ts';

/**
 * The folders a path typed so far may complete to (the web shell's "folder picker", where the
 * browser cannot name a path): the sub-folders of the typed path's parent whose names start with
 * what follows its last separator. Only the user's own folders are listed: a folder owned by
 * another user (or root: /, /tmp, /srv…) lists nothing, except that the folders above the home
 * folder lead to it, one step at a time. A hidden folder is listed only once its name's dot is typed.
 */

export const MAX_COMPLETIONS = 50;

export interface FolderCompletionOptions {
  home: string;
  /** The user owning what may be listed (POSIX); undefined where there are no such ids (Windows: only the home folder's). */
  uid?: number;
}

export async function completeFolder(typed: string, options: FolderCompletionOptions): Promise<string[]> {
  // `~` is the home folder, as when the path is watched (home-path.ts); completions keep the
  // spelling typed, so the browser's suggestion list still matches what is in the field.
  const expanded = expandHome(typed, options.home);
  if (expanded === typed) return completeAbsolute(typed, options);
  const found = await completeAbsolute(expanded === options.home ? options.home + sep : expanded, options);
  return found.map((path) => `~${path.slice(options.home.length)}`);
}

/**
 * A folder typed into the app is a full path (or one from `~`): a relative one would be read from
 * wherever the app happened to be started, which is not what anyone typing it means.
 */
export function requireFullPath(typed: string, home: string): void {
  if (!isAbsolute(expandHome(typed, home)))
    throw new NotariumError('INVALID_ARGUMENT', `Type the folder's full path, from ${sep}: for example ${join(home, 'Contracts')}.`);
}

async function completeAbsolute(typed: string, options: FolderCompletionOptions): Promise<string[]> {
  requireFullPath(typed, options.home);
  const [parent, start] = typed.endsWith(sep) ? [typed, ''] : [dirname(typed), basename(typed)];
  const matches = (name: string): boolean => name.startsWith(start) && (start.startsWith('.') || !name.startsWith('.'));

  const toHome = relative(parent, options.home);
  if (toHome !== '' && !toHome.startsWith('..') && !isAbsolute(toHome)) {
    // Above the home folder: the one way down to it, not the neighbours.
    const next = toHome.split(sep)[0]!;
    return matches(next) ? [join(parent, next)] : [];
  }
  if (!(await isOwn(parent, options))) {
    throw new NotariumError(
      'INVALID_ARGUMENT',
      `Notarium lists only your own folders, and ${parent} is not one: type the path in full, or start from ${options.home}.`,
    );
  }
  let names: string[];
  try {
    const entries = await readdir(parent, { withFileTypes: true });
    names = entries.filter((e) => e.isDirectory() && matches(e.name)).map((e) => e.name);
  } catch (err) {
    throw unreadable(parent, err);
  }
  return names
    .sort((a, b) => a.localeCompare(b))
    .slice(0, MAX_COMPLETIONS)
    .map((name) => join(parent, name));
}

async function isOwn(folder: string, { home, uid }: FolderCompletionOptions): Promise<boolean> {
  const inHome = relative(home, folder);
  const underHome = inHome === '' || (!inHome.startsWith('..') && !isAbsolute(inHome));
  if (uid === undefined) return underHome;
  try {
    const found = await stat(folder);
    return found.isDirectory() && found.uid === uid;
  } catch (err) {
    throw unreadable(folder, err);
  }
}

function unreadable(folder: string, err: unknown): NotariumError {
  const code = (err as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT' || code === 'ENOTDIR' ? 'there is no such folder' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (err as Error).message;
  return new NotariumError('FILE_UNREADABLE', `${folder} cannot be listed: ${why}.`, { cause: err });
}
