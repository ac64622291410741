import { basename, join } from 'node:path';
import { present } from '../fs/entry-at.ts';
import { inBlock, type StoredRecord } from '../store/record.ts';
import type { WatchedFile, WatchedFolder } from '../store/watched-folders.ts';
import { writeMemberReceipt } from '../usecases/batch-receipts.ts';
import type { NotaryContext } from '../usecases/context.ts';
import { readReceiptFile, writeReceipt } from '../usecases/receipts.ts';
import { checkReceiptNames } from '../usecases/receipt-names.ts';
import { registrationTarget } from '../usecases/submit.ts';
import { profileNetworks, standingRegistrations, type Registration } from '../usecases/registrations.ts';
import { earlierVersionReceiptLocation, moveReceipt, receiptLocation } from './receipt-location.ts';
import { snapshotOf } from './rescan.ts';
import { sameSnapshot } from './stability.ts';

/**
 * Takes one stable file of a watched folder. New content (a new file, or a changed one) waits for
 * the folder's next round (rounds.ts); content already notarised (a rename, a copy, a revert) is
 * only tracked, never registered again; a deleted file keeps its records and its place, so a file
 * back at the same path continues its history.
 */

/** `waiting`: taken, for the folder's next round. `registered` and `version` are said when its round is built (folder-watcher.ts). */
export type WatchAction = 'registered' | 'version' | 'waiting' | 'known' | 'renamed' | 'unchanged' | 'deleted';

export interface ContentFacts {
  /** What was last taken at this path (deleted since, perhaps). */
  last: WatchedFile | undefined;
  sha256: string;
  /** A registration of this content in the folder's profile, published or in a block: a record, or a member of one. */
  known: Registration | undefined;
  /** A file last taken with this content and now gone: this file, moved here. */
  moved: WatchedFile | undefined;
  /** Another existing file already extends `known`'s document. */
  heldElsewhere: boolean;
}

export type ContentDecision =
  | { action: 'unchanged' }
  | { action: 'renamed'; from: WatchedFile }
  | { action: 'known'; known: Registration; documentId: number | null }
  | { action: 'waiting' };

export function decideContent(f: ContentFacts): ContentDecision {
  if (f.last && f.last.sha256 === f.sha256) return { action: 'unchanged' };
  if (f.known) {
    if (f.moved && (!f.last || f.last.goneAt !== null)) return { action: 'renamed', from: f.moved };
    // A document from before rounds (or one of the command line's) that the content is a version of: the file's history begins with it, unless another file holds it.
    const itsDocument = f.known.member || f.heldElsewhere ? null : f.known.record.documentId;
    return { action: 'known', known: f.known, documentId: f.last?.documentId ?? itsDocument };
  }
  return { action: 'waiting' };
}

export type SyncResult = { action: WatchAction; record: StoredRecord | null } | { action: 'unsettled' };

export interface SyncOptions {
  ctx: NotaryContext;
  signal: AbortSignal;
  /** Runs `fn` alone among the runs for the same content: the same content is taken once. */
  exclusive<R>(sha256: string, fn: () => Promise<R>): Promise<R>;
}

/** A file's entry waits for its folder's next round: it holds neither a record nor a member yet. */
export const isWaiting = (file: Pick<WatchedFile, 'recordId' | 'memberId'>): boolean => file.recordId === null && file.memberId === null;

/** null when there is nothing to do (unchanged by its snapshot, or never taken and gone). */
export async function syncFile(options: SyncOptions, folder: WatchedFolder, relPath: string): Promise<SyncResult | null> {
  const { ctx, signal } = options;
  const store = ctx.library.watchedFolders;
  const path = join(folder.path, relPath);
  const last = store.file(folder.id, relPath);
  const before = await snapshotOf(path);
  if (!before) {
    if (!last || last.goneAt !== null) return null;
    store.markGone(folder.id, relPath);
    return { action: 'deleted', record: registrationOfEntry(ctx, last)?.record ?? null };
  }
  if (last && last.goneAt === null && sameSnapshot(last, before)) return null;
  let sha256: string;
  try {
    ({ sha256 } = await ctx.hash(path, { signal }));
  } catch (err) {
    // Deleted or replaced while it was read: not a failure, the file settles again.
    if (!signal.aborted && !sameSnapshot(before, await snapshotOf(path))) return { action: 'unsettled' };
    throw err;
  }
  if (!sameSnapshot(before, await snapshotOf(path))) return { action: 'unsettled' };
  return options.exclusive(sha256, async () => {
    // Read again: another run may have taken this very save while this one waited its turn (two events of one save).
    const current = store.file(folder.id, relPath);
    if (current && current.goneAt === null && current.sha256 === sha256 && sameSnapshot(current, before)) return null;
    const decision = decideContent(await factsFor(ctx, folder, relPath, current, sha256));
    const taken = {
      folderId: folder.id,
      relPath,
      size: before.size,
      mtimeMs: before.mtimeMs,
      ino: before.ino ?? null,
      ctimeMs: before.ctimeMs ?? null,
      sha256,
    };
    switch (decision.action) {
      case 'unchanged': {
        // Touched, or back after a deletion, with the content it had: still that registration (or still waiting for its round).
        if (isWaiting(current!)) {
          store.wait({ ...taken, documentId: current!.documentId }, false);
          return { action: 'unchanged', record: null };
        }
        store.saveFile({ ...taken, recordId: current!.recordId, memberId: current!.memberId, documentId: current!.documentId });
        const registration = registrationOfEntry(ctx, current!);
        await alignReceipt(ctx, folder, relPath, sha256, registration);
        return { action: 'unchanged', record: registration?.record ?? null };
      }
      case 'renamed': {
        const { from } = decision;
        store.moveFile(from, taken);
        const registration = registrationOfEntry(ctx, from);
        const fromFolder = store.get(from.folderId) ?? folder;
        const receipt = receiptLocation(folder, relPath);
        if (registration && moveReceipt(receiptLocation(fromFolder, from.relPath), receipt, folder.path)) {
          if (registration.member) ctx.library.batches.setReceiptPath(registration.member.member.id, receipt);
          else ctx.library.records.setReceiptPath(registration.record.id, receipt);
        }
        return { action: 'renamed', record: registration?.record ?? null };
      }
      case 'known': {
        const { known } = decision;
        store.saveFile({
          ...taken,
          recordId: known.member ? null : known.record.id,
          memberId: known.member?.member.id ?? null,
          documentId: decision.documentId,
        });
        await alignReceipt(ctx, folder, relPath, sha256, known);
        return { action: 'known', record: known.record };
      }
      case 'waiting':
        // Refused before it waits, as notarise refuses before registering: a file whose receipts could
        // not be named, or a profile whose receipts could not be written, is never put in a round.
        checkReceiptNames(basename(relPath), { label: 'v<N>' });
        registrationTarget(ctx, await ctx.connections.forProfile(folder.profile));
        // The receipt beside it is of what it held: kept under .notarium/ with its version in the name.
        await alignReceipt(ctx, folder, relPath, sha256, null);
        // A file that held a registered content (or, back at its path, held one) continues its history; one waiting already keeps what it was.
        store.wait({ ...taken, documentId: current?.documentId ?? null }, current !== undefined && (!isWaiting(current) || current.documentId !== null));
        return { action: 'waiting', record: null };
    }
  });
}

/** What a file's entry holds: its record, or the round member of its content with that round's registration; null while it waits. */
function registrationOfEntry(ctx: Pick<NotaryContext, 'library'>, file: Pick<WatchedFile, 'recordId' | 'memberId'>): Registration | null {
  if (file.memberId !== null) {
    const member = ctx.library.batches.member(file.memberId);
    return member ? { record: member.registration, member } : null;
  }
  const record = file.recordId === null ? undefined : ctx.library.records.get(file.recordId);
  return record ? { record } : null;
}

/**
 * The receipt at a watched file's place is its current content's (`sha256`). When the content
 * changes (a new save, an undo, a copy), the receipt of what the file held moves under `.notarium/`
 * with its version in the name — beside the file it would only fail to verify — and the receipt of
 * `registration`, the content's now, is written if it has its proof (else the engine writes it once
 * it does). With no registration (the content waits for its round), only the move.
 */
async function alignReceipt(ctx: NotaryContext, folder: WatchedFolder, relPath: string, sha256: string, registration: Registration | null): Promise<void> {
  const at = receiptLocation(folder, relPath);
  let standing: { registration: { txId: string; version?: number | null }; file: { sha256: string } } | undefined; // the receipt there, if there is one
  if (await present(at)) {
    try {
      standing = await readReceiptFile(at);
    } catch {
      return; // not one of our receipts (or no regular file at all): not ours to replace
    }
  }
  if (standing && standing.file.sha256 === sha256 && (!registration || standing.registration.txId === registration.record.txId)) return;
  if (standing) moveReceipt(at, earlierVersionReceiptLocation(folder, relPath, standing.registration), folder.path);
  if (!registration || !inBlock(registration.record)) return;
  try {
    if (registration.member) await writeMemberReceipt(ctx, registration.member, at, { within: folder.path });
    else await writeReceipt(ctx, registration.record, at, { within: folder.path });
  } catch {
    // The evidence could not be gathered now (offline): the engine writes it later.
  }
}

/** What the decision needs, from the library and (for files elsewhere) the disk. */
async function factsFor(ctx: NotaryContext, folder: WatchedFolder, relPath: string, last: WatchedFile | undefined, sha256: string): Promise<ContentFacts> {
  const store = ctx.library.watchedFolders;
  const live = standingRegistrations(ctx, await profileNetworks(ctx), sha256, folder.profile).filter(
    ({ record: r }) => r.state === 'published' || r.state === 'confirmed' || r.state === 'settled',
  );
  const known = live.find((r) => !r.member && r.record.documentId !== null) ?? live[0];
  const exists = async (file: WatchedFile): Promise<boolean> => {
    const home = store.get(file.folderId);
    return home !== undefined && (await snapshotOf(join(home.path, file.relPath))) !== null;
  };
  const elsewhere = (file: WatchedFile) => file.folderId !== folder.id || file.relPath !== relPath;
  let moved: WatchedFile | undefined;
  for (const file of store.withContent(sha256)) {
    if (elsewhere(file) && !isWaiting(file) && !(await exists(file))) {
      moved = file;
      break;
    }
  }
  let heldElsewhere = false;
  if (known && !known.member && known.record.documentId !== null) {
    for (const file of store.holdingDocument(known.record.documentId)) if (elsewhere(file) && (await exists(file))) heldElsewhere = true;
  }
  return { last, sha256, known, moved, heldElsewhere };
}
