import type { FileRef } from '../../preload/contract.ts';
import { NotariumError } from '../core/errors/notarium-error.ts';

/** The desktop app names files by path; uploads are the web shell's. */
export function pathOf(ref: FileRef): string {
  if (ref.kind === 'path') return ref.path;
  throw new NotariumError('NOT_IN_THIS_SHELL', 'The desktop app takes files by their path; uploads are for the web shell.');
}
