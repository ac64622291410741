import { createRequire } from 'node:module';
import type Picomatch from 'picomatch';
import { isNotariumFile } from '../../../preload/notarium-files.ts';
import { NotariumError } from '../errors/notarium-error.ts';

/**
 * Which files of a watched folder are taken. Never: hidden entries (`.notarium/` among them),
 * Notarium's own files (receipts, document indexes) and the temporary or partial files that
 * editors, downloads and Notarium's own atomic writes leave while they work. Then the folder's
 * include and exclude globs decide, against the path relative to the folder ('/'-separated).
 */

const TEMPORARY_FILES = [
  /\.(tmp|temp|part|partial|crdownload|download|swp|swo|swx)$/i,
  /~$/, // editor backups
  /^~\$/, // office lock files
  /^#.*#$/, // emacs autosaves
];

/** A name (file or folder) the watcher never takes, whatever the globs say. */
export function isNeverWatched(name: string): boolean {
  return name.startsWith('.') || isNotariumFile(name) || TEMPORARY_FILES.some((p) => p.test(name));
}

/** A relative path the watcher never looks into or takes: some segment of it is never watched. */
export function isNeverWatchedPath(relPath: string): boolean {
  return relPath.split('/').some(isNeverWatched);
}

export interface FilterSettings {
  recursive: boolean;
  include: readonly string[];
  exclude: readonly string[];
}

const requireHere = createRequire(import.meta.url);

/** picomatch, loaded when globs are first used: a command that watches nothing does not load it (CommonJS: synchronously). */
function picomatch(globs: string | string[]): ReturnType<typeof Picomatch> {
  return (requireHere('picomatch') as typeof Picomatch)(globs);
}

/**
 * A glob without '/' matches the file's name at any depth (`*.pdf`); one with '/' matches the whole
 * relative path (`contracts/**`). picomatch's own basename option mishandles the second kind.
 */
function globMatcher(globs: readonly string[]): (relPath: string) => boolean {
  const byName = globs.filter((g) => !g.includes('/'));
  const byPath = globs.filter((g) => g.includes('/'));
  const name = byName.length ? picomatch(byName) : () => false;
  const path = byPath.length ? picomatch(byPath) : () => false;
  return (relPath) => name(relPath.slice(relPath.lastIndexOf('/') + 1)) || path(relPath);
}

/** Refuses globs picomatch cannot use, with a sentence that names the glob. */
export function checkGlobs(globs: readonly string[]): void {
  for (const glob of globs) {
    try {
      picomatch(glob);
    } catch (err) {
      throw new NotariumError('INVALID_SETTING', `"${glob}" is not a usable glob (${(err as Error).message}).`, { cause: err });
    }
  }
}

/** The test a file's relative path must pass to be taken. */
export function fileFilter(settings: FilterSettings): (relPath: string) => boolean {
  const included = settings.include.length ? globMatcher(settings.include) : () => true;
  const excluded = globMatcher(settings.exclude);
  return (relPath) => {
    if (relPath === '' || relPath.startsWith('../')) return false;
    if (!settings.recursive && relPath.includes('/')) return false;
    if (isNeverWatchedPath(relPath)) return false;
    return included(relPath) && !excluded(relPath);
  };
}
