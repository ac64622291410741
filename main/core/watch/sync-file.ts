import { join } from 'node:path';
import { isNotariumError, NotariumError } from '../errors/notarium-error.ts';
import { present } from '../fs/entry-at.ts';
import type { StoredDocument } from '../store/documents.ts';
import { inBlock, isLive, type StoredRecord } from '../store/record.ts';
import type { WatchedFile, WatchedFolder } from '../store/watched-folders.ts';
import type { NotaryContext } from '../usecases/context.ts';
import { addVersion } from '../usecases/documents.ts';
import { notarise } from '../usecases/notarise.ts';
import { readReceiptFile, writeReceipt } from '../usecases/receipts.ts';
import { earlierVersionReceiptLocation, moveReceipt, receiptLocation } from './receipt-location.ts';
import { snapshotOf } from './rescan.ts';
import { sameSnapshot } from './stability.ts';

/**
 * Takes one stable file of a watched folder. New content starts a document; a changed file becomes
 * its document's next version; content already notarised (a rename, a copy, a revert) is only
 * tracked, never registered again; a deleted file keeps its records and its place, so a file back
 * at the same path continues the same document.
 */

/** `superseded`: a save queued as the next version was replaced by a later save before it was sent. */
export type WatchAction = 'registered' | 'version' | 'known' | 'renamed' | 'unchanged' | 'deleted' | 'superseded';

export interface ContentFacts {
  /** What was last taken at this path (deleted since, perhaps). */
  last: WatchedFile | undefined;
  sha256: string;
  /** A live registration of this content in the folder's profile. */
  known: StoredRecord | undefined;
  /** A file last taken with this content and now gone: this file, moved here. */
  moved: WatchedFile | undefined;
  /** The document the file at this path extends. */
  document: StoredDocument | undefined;
  /** Another existing file already extends `known`'s document. */
  heldElsewhere: boolean;
}

export type ContentDecision =
  | { action: 'unchanged' }
  | { action: 'renamed'; from: WatchedFile }
  | { action: 'known'; record: StoredRecord; documentId: number | null }
  | { action: 'version'; document: StoredDocument }
  | { action: 'registered' };

export function decideContent(f: ContentFacts): ContentDecision {
  if (f.last && f.last.sha256 === f.sha256) return { action: 'unchanged' };
  if (f.known) {
    if (f.moved && (!f.last || f.last.goneAt !== null)) return { action: 'renamed', from: f.moved };
    // A copy of a file that is still there starts its own document at its first change.
    return { action: 'known', record: f.known, documentId: f.last?.documentId ?? (f.heldElsewhere ? null : f.known.documentId) };
  }
  // A finalised document takes no versions: the file starts a new one.
  if (f.document && f.document.finalisedAt === null) return { action: 'version', document: f.document };
  return { action: 'registered' };
}

/** `superseded`: earlier saves of the file that this one replaced in its document's queue. */
/** `note`: what is worth saying of an outcome that is no failure (the content taken by another Notarium meanwhile). */
export type SyncResult = { action: WatchAction; record: StoredRecord | null; superseded?: StoredRecord[]; note?: string } | { action: 'unsettled' };

export interface SyncOptions {
  ctx: NotaryContext;
  signal: AbortSignal;
  /** Runs `fn` alone among the runs for the same content: the same content is registered once. */
  exclusive<R>(sha256: string, fn: () => Promise<R>): Promise<R>;
}

/** null when there is nothing to do (unchanged by size and mtime, or never taken and gone). */
export async function syncFile(options: SyncOptions, folder: WatchedFolder, relPath: string): Promise<SyncResult | null> {
  const { ctx, signal } = options;
  const store = ctx.library.watchedFolders;
  const path = join(folder.path, relPath);
  const last = store.file(folder.id, relPath);
  const before = await snapshotOf(path);
  if (!before) {
    if (!last || last.goneAt !== null) return null;
    store.markGone(folder.id, relPath);
    return { action: 'deleted', record: recordOf(ctx, last.recordId) };
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
    // Read again: another run may have taken this very save while this one waited its turn (two
    // events of one save); taking it twice would queue its version twice, the second replacing the first.
    const current = store.file(folder.id, relPath);
    if (current && current.goneAt === null && current.sha256 === sha256 && sameSnapshot(current, before)) return null;
    const decision = decideContent(await factsFor(ctx, folder, relPath, current, sha256));
    const taken = { folderId: folder.id, relPath, size: before.size, mtimeMs: before.mtimeMs, sha256 };
    switch (decision.action) {
      case 'unchanged': {
        store.saveFile({ ...taken, recordId: current!.recordId, documentId: current!.documentId });
        const record = recordOf(ctx, current!.recordId);
        await alignReceipt(ctx, folder, relPath, record);
        return { action: 'unchanged', record };
      }
      case 'renamed': {
        const { from } = decision;
        store.moveFile(from, taken);
        const record = recordOf(ctx, from.recordId);
        const fromFolder = store.get(from.folderId) ?? folder;
        const receipt = receiptLocation(folder, relPath);
        if (record && moveReceipt(receiptLocation(fromFolder, from.relPath), receipt, folder.path)) ctx.library.records.setReceiptPath(record.id, receipt);
        return { action: 'renamed', record };
      }
      case 'known':
        store.saveFile({ ...taken, recordId: decision.record.id, documentId: decision.documentId });
        await alignReceipt(ctx, folder, relPath, decision.record);
        return { action: 'known', record: decision.record };
      // notarise and addVersion hash the file again (from the page cache, usually): their own
      // checks and the resumption of a registration left in doubt stay the engine's.
      // While the version before it waits for its block, a new save replaces the queued one: only
      // the latest content is registered when the block comes (version-queue.ts).
      case 'version': {
        const { document } = decision;
        let record: StoredRecord;
        try {
          record = await addVersion(ctx, path, { documentId: document.id }, { signal, profile: folder.profile, replaceQueued: true });
        } catch (err) {
          const other = takenElsewhere(err) && ctx.library.records.ofDocument(document.id).find((v) => v.sha256 === sha256 && isLive(v));
          if (!other) throw err;
          store.saveFile({ ...taken, recordId: other.id, documentId: document.id });
          return { action: 'known', record: other, note: err.message };
        }
        store.saveFile({ ...taken, sha256: record.sha256 ?? sha256, recordId: record.id, documentId: document.id });
        await alignReceipt(ctx, folder, relPath, record);
        return { action: 'version', record, superseded: ctx.library.records.supersededBy(record.id) };
      }
      case 'registered': {
        const [outcome] = await notarise(ctx, [path], { document: true, profile: folder.profile, signal });
        if (outcome && 'error' in outcome && outcome.record && takenElsewhere(outcome.error)) {
          store.saveFile({ ...taken, recordId: outcome.record.id, documentId: outcome.record.documentId });
          return { action: 'known', record: outcome.record, note: outcome.error.message };
        }
        if (!outcome || 'error' in outcome) throw outcome?.error ?? new NotariumError('FILE_UNREADABLE');
        const { record } = outcome;
        store.saveFile({ ...taken, sha256: record.sha256 ?? sha256, recordId: record.id, documentId: record.documentId });
        return { action: 'registered', record };
      }
    }
  });
}

/**
 * The receipt at a watched file's place is its current content's. When the content changes (a new
 * version, an undo, a save over it, a copy), the registration's receipt is written now if it has
 * its proof (else the poller writes it once it does), and the receipt of what the file held moves
 * under `.notarium/` with its version in the name: beside the file it would only fail to verify.
 */
async function alignReceipt(ctx: NotaryContext, folder: WatchedFolder, relPath: string, record: StoredRecord | null): Promise<void> {
  const at = receiptLocation(folder, relPath);
  let standing: { txId: string; version?: number | null } | undefined; // the receipt there, if there is one
  if (await present(at)) {
    try {
      standing = (await readReceiptFile(at)).registration;
    } catch {
      return; // not one of our receipts (or no regular file at all): not ours to replace
    }
  }
  if (!record || standing?.txId === record.txId) return;
  if (standing) moveReceipt(at, earlierVersionReceiptLocation(folder, relPath, standing), folder.path);
  if (inBlock(record)) {
    try {
      await writeReceipt(ctx, record, at, { within: folder.path });
      return;
    } catch {
      // The evidence could not be gathered now (offline): the poller writes it later.
    }
  }
}

/**
 * The content was taken by another Notarium on the same library meanwhile (the app, or a command,
 * beside this watcher): its send is under way there (BEING_SENT), or it is already a version of the
 * document (ALREADY_A_VERSION). Not this watcher's failure: the file is tracked as that registration.
 */
function takenElsewhere(err: unknown): err is NotariumError {
  return isNotariumError(err, 'BEING_SENT') || isNotariumError(err, 'ALREADY_A_VERSION');
}

function recordOf(ctx: NotaryContext, id: number | null): StoredRecord | null {
  return id === null ? null : (ctx.library.records.get(id) ?? null);
}

/** What the decision needs, from the library and (for files elsewhere) the disk. */
async function factsFor(ctx: NotaryContext, folder: WatchedFolder, relPath: string, last: WatchedFile | undefined, sha256: string): Promise<ContentFacts> {
  const store = ctx.library.watchedFolders;
  const live = ctx.library.records.bySha256(sha256, folder.profile).filter((r) => r.state === 'published' || r.state === 'confirmed' || r.state === 'settled');
  const known = live.find((r) => r.documentId !== null) ?? live[0];
  const exists = async (file: WatchedFile): Promise<boolean> => {
    const home = store.get(file.folderId);
    return home !== undefined && (await snapshotOf(join(home.path, file.relPath))) !== null;
  };
  const elsewhere = (file: WatchedFile) => file.folderId !== folder.id || file.relPath !== relPath;
  let moved: WatchedFile | undefined;
  for (const file of store.withContent(sha256)) {
    if (elsewhere(file) && !(await exists(file))) {
      moved = file;
      break;
    }
  }
  let heldElsewhere = false;
  if (known?.documentId != null) {
    for (const file of store.holdingDocument(known.documentId)) if (elsewhere(file) && (await exists(file))) heldElsewhere = true;
  }
  const document = last?.documentId == null ? undefined : ctx.library.documents.get(last.documentId);
  return { last, sha256, known, moved, document, heldElsewhere };
}
