import { basename } from 'node:path';
import type { FileRef } from '../../../preload/contract.ts';
import type { ShellAbilities } from './shell-abilities.ts';

/** The files a call names, as the shell resolves them: paths to read, names to show, and their release once the work is done. */

export interface ShellFiles {
  path(ref: FileRef): string;
  name(ref: FileRef): string;
  /** The path kept with a record ("show in folder", receipts beside it): only a real one, never an upload's temporary path. */
  kept(path: string): string | null;
  /** The paths of a call's files in its order (a path given twice included), each with the name to show. */
  named(refs: readonly FileRef[]): { paths: string[]; nameOf: (path: string) => string };
  release: (refs: readonly (FileRef | undefined)[]) => void;
  /** A call that uses a file and answers when done with it. */
  using<T>(ref: FileRef, work: () => Promise<T>): Promise<T>;
}

export function shellFiles(abilities: ShellAbilities): ShellFiles {
  const name = (ref: FileRef): string => abilities.nameOf?.(ref) ?? basename(abilities.resolveFile(ref));
  const keepsPaths = abilities.shell === 'electron';
  const release = (refs: readonly (FileRef | undefined)[]): void => abilities.releaseFiles?.(refs.filter((r) => r !== undefined));
  return {
    path: (ref) => abilities.resolveFile(ref),
    name,
    kept: (path) => (keepsPaths ? path : null),
    named: (refs) => {
      const paths = refs.map((f) => abilities.resolveFile(f));
      const names = new Map(refs.map((f, i) => [paths[i]!, name(f)]));
      return { paths, nameOf: (path) => names.get(path) ?? basename(path) };
    },
    release,
    using: async (ref, work) => {
      try {
        return await work();
      } finally {
        release([ref]);
      }
    },
  };
}
