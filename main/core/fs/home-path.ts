import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * A path as a shell would have read it: a leading `~` (alone, or before a separator) is the home
 * folder. A shell expands it only when it is unquoted, and the app's forms never do, so a path that
 * arrives with it (`notarium watch '~/Docs'`, a folder typed into the app) means the home folder,
 * never a folder named "~" in the current one. `~user` is left as it is.
 */
export function expandHome(path: string, home: string = homedir()): string {
  if (path === '~') return home;
  if (path.startsWith('~/') || (process.platform === 'win32' && path.startsWith('~\\'))) return join(home, path.slice(2));
  return path;
}
