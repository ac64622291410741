import { basename, join } from 'node:path';
import type { BatchOf, NewBatch } from '../store/batches.ts';
import { inBlock, isLive, type StoredRecord, type Submission } from '../store/record.ts';
import type { WaitingFile, WatchedFolder } from '../store/watched-folders.ts';
import type { NotaryContext } from '../usecases/context.ts';
import { batchSubmission } from '../usecases/notarise-batch.ts';
import { profileNetworks, standingRegistrations, type ProfileNetworks, type Registration } from '../usecases/registrations.ts';
import { leaseFor } from '../usecases/send-lease.ts';
import { registrationTarget, submitRecord } from '../usecases/submit.ts';
import { sentHead } from '../usecases/version-queue.ts';

/**
 * A watched folder's rounds (docs/design/batches-and-rounds.md, rounds): the files taken since its last round, anchored
 * together by one batch whose root is the next record of the folder's chain — round 1 its
 * `linked-create`, each later round a `linked-update` of the one before, built only once that one
 * is in a block. So a folder costs at most one transaction per block, whatever changes in it.
 */

/** The waiting files a round takes, each with the leaf (member position) of its content: the same content twice is one member. */
export interface RoundFile {
  relPath: string;
  sha256: string;
  position: number;
  /** Its next version (it held a registered content), rather than a new file. */
  continues: boolean;
}

/** The chain's name: the folder's, said to be one. */
export const chainName = (folder: Pick<WatchedFolder, 'path'>): string => `${basename(folder.path) || folder.path} (watched folder)`;

/**
 * The round after `after` (null: the chain's first) of these waiting files: a batch over their
 * contents (each with a nonce of its own), registered as the chain's next linked record.
 */
export function roundSubmission(
  ctx: Pick<NotaryContext, 'newKey'>,
  folder: Pick<WatchedFolder, 'path' | 'profile'>,
  after: Pick<StoredRecord, 'txId' | 'version' | 'documentId'> | null,
  waiting: readonly Pick<WaitingFile, 'relPath' | 'size' | 'sha256' | 'continues'>[],
  where: Pick<Submission, 'network' | 'serviceUrl'>,
): { batch: NewBatch; files: RoundFile[] } {
  const position = new Map<string, number>();
  const contents: { name: string; path: string; size: number; sha256: string }[] = [];
  const files = waiting.map((f): RoundFile => {
    let at = position.get(f.sha256);
    if (at === undefined) {
      position.set(f.sha256, (at = contents.length));
      contents.push({ name: basename(f.relPath), path: join(folder.path, f.relPath), size: f.size, sha256: f.sha256 });
    }
    return { relPath: f.relPath, sha256: f.sha256, position: at, continues: f.continues };
  });
  const batch = batchSubmission(ctx, folder.profile, where, contents);
  const round = (after?.version ?? 0) + 1;
  batch.registration = {
    ...batch.registration,
    kind: after ? 'linked-update' : 'linked-create',
    // What tells rounds apart first: a list cuts a long name at its end.
    name: `Round ${round}, ${contents.length === 1 ? '1 file' : `${contents.length} files`} — ${chainName(folder)}`,
    documentId: after?.documentId ?? null,
    version: round,
    prevTxId: after?.txId ?? null,
  };
  return { batch, files };
}

/** A waiting file whose content another Notarium on the same library registered meanwhile: it takes that registration. */
export interface KnownMeanwhile {
  relPath: string;
  registration: Registration;
}

export interface SentRound extends BatchOf {
  folder: WatchedFolder;
  files: RoundFile[];
  /** Its send's failure, when it failed (the registration says what became of it: in doubt, not sent, failed). */
  error: unknown;
}

/**
 * The folder's chain is closed (finalised, or its final record on its way): no round can follow.
 * Removing the folder closes it, and that is refused while it is watched; one closed anyway — by
 * another computer on a shared library, or by a Notarium from before that refusal — stops the
 * folder until its user starts a new chain (FolderWatcher.newChain).
 */
export async function chainClosed(ctx: Pick<NotaryContext, 'library'>, folder: Pick<WatchedFolder, 'documentId'>): Promise<boolean> {
  if (folder.documentId === null) return false;
  if ((await ctx.library.documents.get(folder.documentId))?.finalisedAt != null) return true;
  return ctx.library.records.ofDocument(folder.documentId).some((r) => r.kind === 'linked-delete' && isLive(r));
}

/** Whether the chain can take its next round now, and the head it follows (null: the chain's first record); null when not now. */
async function turnOf(ctx: NotaryContext, folder: WatchedFolder): Promise<{ after: StoredRecord | null } | null> {
  if (folder.documentId === null) return { after: null };
  if (await chainClosed(ctx, folder)) return null;
  const chain = ctx.library.records.ofDocument(folder.documentId);
  if (chain.some((r) => r.state === 'queued' || r.state === 'submitting' || r.state === 'published')) return null;
  const head = sentHead(chain);
  if (!head || !isLive(head)) return { after: null }; // every round so far refused: the chain starts again
  return inBlock(head) ? { after: head } : null;
}

/**
 * Builds the folder's next round from the files waiting and sends it, when its turn has come (else
 * null: it is built when the chain's head is in a block). A content another process registered
 * meanwhile is not anchored again: its files take that registration. Files of a round the service
 * refused wait again.
 */
export async function releaseRound(
  ctx: NotaryContext,
  folderId: number,
  options: { signal?: AbortSignal } = {},
): Promise<{ round: SentRound | null; known: KnownMeanwhile[] }> {
  const known: KnownMeanwhile[] = [];
  const none = { round: null, known };
  // Contents registered elsewhere meanwhile are taken out and the round read again: a few times at most.
  for (let attempt = 0; attempt < 3; attempt++) {
    await ctx.library.watchRounds.reclaimDead(folderId);
    const folder = ctx.library.watchedFolders.get(folderId);
    const turn = folder && (await turnOf(ctx, folder));
    if (!folder || !turn) return none;
    const waiting = ctx.library.watchedFolders.waiting(folder.id, ctx.library.batches.maxFiles());
    if (waiting.length === 0) return none;
    const where = registrationTarget(ctx, await ctx.connections.forProfile(folder.profile));
    const { batch, files } = roundSubmission(ctx, folder, turn.after, waiting, where);
    const built = await ctx.library.watchRounds.build({ folderId, after: turn.after, batch, files, chainName: chainName(folder) }, leaseFor(ctx));
    if (built.stale) return none;
    if (built.taken) {
      known.push(...takeKnown(ctx, await profileNetworks(ctx), folder, waiting, new Set(built.taken)));
      continue;
    }
    ctx.recordUpdated(built.registration);
    let error: unknown = null;
    try {
      await submitRecord(ctx, built.registration, options.signal);
    } catch (err) {
      error = err;
    }
    return { round: { ...built, registration: ctx.library.records.get(built.registration.id)!, folder, files, error }, known };
  }
  return none;
}

/** Waiting files whose content the profile holds now (registered by another process meanwhile): they take that registration. */
function takeKnown(
  ctx: NotaryContext,
  networks: ProfileNetworks,
  folder: WatchedFolder,
  waiting: readonly WaitingFile[],
  taken: ReadonlySet<string>,
): KnownMeanwhile[] {
  const store = ctx.library.watchedFolders;
  return waiting.flatMap((file) => {
    const known = taken.has(file.sha256) ? standingRegistrations(ctx, networks, file.sha256, folder.profile).find((r) => isLive(r.record)) : undefined;
    const entry = store.file(folder.id, file.relPath);
    if (!known || !entry) return [];
    store.saveFile({ ...entry, recordId: known.member ? null : known.record.id, memberId: known.member?.member.id ?? null });
    return [{ relPath: file.relPath, registration: known }];
  });
}
