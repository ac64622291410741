import { isAbsolute, relative, resolve, sep } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import type { MemberOfBatch } from '../store/batches.ts';
import { isLive, type StoredRecord } from '../store/record.ts';
import type { WatchedFile, WatchedFolder } from '../store/watched-folders.ts';
import type { NotaryContext } from '../usecases/context.ts';
import { isWaiting } from './sync-file.ts';

/**
 * A watched file's history (docs/design/batches-and-rounds.md, rounds): the versions of its own document from before rounds,
 * then the rounds of its folder's chain where its content changed — its members at its path, and
 * the member it holds now (a file moved here keeps its content's). Read from the library.
 */

export interface WatchedVersion {
  /** Its place in the file's history, from 1. */
  version: number;
  /** The round of the folder's chain it is a member of; null for a version of the file's document from before rounds. */
  round: number | null;
  sha256: string;
  /** The registration: the round's, or the document version's own. */
  registration: StoredRecord;
  member: MemberOfBatch | null;
}

export interface WatchedFileHistory {
  folder: WatchedFolder;
  relPath: string;
  file: WatchedFile;
  versions: WatchedVersion[];
  /** Its current content waits for the folder's next round (so it is none of the versions yet). */
  waiting: boolean;
}

/** The watched folder a path is in, with its path there ('/'-separated); undefined when it is in none. */
export function watchedPlace(ctx: Pick<NotaryContext, 'library'>, path: string): { folder: WatchedFolder; relPath: string } | undefined {
  const absolute = resolve(path);
  for (const folder of ctx.library.watchedFolders.list()) {
    const rel = relative(folder.path, absolute);
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return { folder, relPath: rel.split(sep).join('/') };
  }
  return undefined;
}

/** The history of the watched file at `path`, or null when no watched folder has taken a file there. */
export function watchedFileHistory(ctx: Pick<NotaryContext, 'library'>, path: string): WatchedFileHistory | null {
  const place = watchedPlace(ctx, path);
  const file = place && ctx.library.watchedFolders.file(place.folder.id, place.relPath);
  if (!place || !file) return null;
  const { folder, relPath } = place;
  const before = (file.documentId === null ? [] : ctx.library.records.registrationsOf(file.documentId)).filter(
    (r) => r.kind !== 'linked-delete' && r.sha256 !== null && isLive(r),
  );
  const inRounds = ctx.library.batches
    .membersByPath(resolve(folder.path, relPath))
    .filter((m) => m.registration.documentId !== null && m.registration.documentId === folder.documentId);
  const held = file.memberId === null ? undefined : ctx.library.batches.member(file.memberId);
  if (held && !inRounds.some((m) => m.member.id === held.member.id)) inRounds.push(held);
  const rounds = inRounds.filter((m) => isLive(m.registration)).sort((a, b) => a.batch.id - b.batch.id);
  const versions: WatchedVersion[] = [
    ...before.map((registration) => ({ round: null, sha256: registration.sha256!, registration, member: null })),
    ...rounds.map((member) => ({ round: member.registration.version, sha256: member.member.sha256, registration: member.registration, member })),
  ].map((v, i) => ({ ...v, version: i + 1 }));
  return { folder, relPath, file, versions, waiting: file.goneAt === null && isWaiting(file) };
}

/** Which versions of its watched history a file's content is (usually one; none when it changed since, or waits for its round). */
export async function watchedFileVersion(ctx: NotaryContext, path: string): Promise<{ history: WatchedFileHistory; matches: WatchedVersion[] } | null> {
  const history = watchedFileHistory(ctx, path);
  if (!history) return null;
  const { sha256 } = await ctx.hash(resolve(path));
  return { history, matches: history.versions.filter((v) => v.sha256 === sha256) };
}

/** A watched file in rounds has no document of its own to finalise: its folder's chain is finalised when the folder is removed. */
export function refuseWatchedFinalise(ctx: Pick<NotaryContext, 'library'>, path: string): void {
  const history = watchedFileHistory(ctx, path);
  if (!history || !history.versions.some((v) => v.round !== null)) return;
  throw new NotariumError(
    'NOT_A_DOCUMENT',
    `${history.relPath} is a file of the watched folder ${history.folder.path}: its versions are rounds of the folder's chain, which is finalised when the folder is removed ("notarium watch --remove"). A file's history ends when it is deleted.`,
  );
}
