import { basename, resolve } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import { shellQuote } from '../text/shell-quote.ts';
import type { StoredDocument } from '../store/documents.ts';
import { isLive, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { settleInDoubt } from './in-doubt.ts';
import { resolveDocument } from './resolve-target.ts';
import { checkReceiptNames } from './receipt-names.ts';
import { fileSubmission, leftInDoubt, registrationTarget } from './submit.ts';
import { releaseQueue } from './version-queue.ts';

/** A document's versions as a chain of linked records: add a version, finalise, which version (its history: document-history.ts). */

/**
 * A document takes a new version while it is not finalised (nor being finalised) and has a version
 * to follow; a version whose predecessor is not in a block yet is queued (version-queue.ts).
 */
function checkExtendable(document: StoredDocument, versions: readonly StoredRecord[]): void {
  if (document.finalisedAt !== null) throw new NotariumError('TX_NOT_LINKABLE', `The document "${document.name}" is finalised: it cannot take new versions.`);
  const closing = versions.find((v) => v.kind === 'linked-delete' && isLive(v));
  if (closing)
    throw new NotariumError(
      'TX_NOT_LINKABLE',
      `The document "${document.name}" is being finalised (its final record is ${closing.state === 'queued' ? "waiting for the previous version's block" : 'on its way'}): it cannot take new versions.`,
    );
  if (!versions.some((v) => isLive(v)))
    throw new NotariumError('NOT_A_DOCUMENT', `The document "${document.name}" has no registered version to follow: notarise the file again with --document.`);
}

/**
 * A watched folder's chain belongs to its folder: its versions are the folder's rounds (an outside
 * file would skip a round's number), and it is closed by removing the folder, which stops the
 * watching first (finalised while watched, the folder would stop taking its files without a word).
 */
function checkNotWatched(ctx: NotaryContext, document: StoredDocument, doing: 'add' | 'finalise'): void {
  const folder = ctx.library.watchedFolders.byDocument(document.id);
  if (!folder) return;
  throw new NotariumError(
    'WATCHED_CHAIN',
    doing === 'add'
      ? `"${document.name}" is the chain of the watched folder ${folder.path}: its versions are the folder's rounds, so it takes no other file as a version. Notarise the file on its own, or as a version of another document.`
      : `"${document.name}" is the chain of the watched folder ${folder.path}, which is still watched: stop watching it first ("${ctx.command(`watch --remove ${shellQuote(folder.path)}`)}", or Remove on the Watched folders screen), which finalises its chain.`,
  );
}

/** The document named by `of` (any of its versions, or the file its latest version came from), or by id. */
type DocumentRef = string | { documentId: number };

async function documentOf(ctx: NotaryContext, of: DocumentRef, profile?: string): Promise<StoredDocument> {
  if (typeof of === 'string') return resolveDocument(ctx, of, profile);
  const document = await ctx.library.documents.get(of.documentId);
  if (!document) throw new NotariumError('NOT_IN_LIBRARY', 'That document is not in the library.');
  return document;
}

export interface AddVersionOptions {
  signal?: AbortSignal;
  profile?: string;
  describe?: (path: string) => { name: string; path: string | null };
  /** A version in doubt not yet seen on the chain: wait for the chain (in-doubt.ts) rather than say when to try again. */
  waitForChain?: boolean;
  /** With waitForChain: what a version in doubt waits for, before each look (SettleOptions.onWaiting). */
  onWaiting?: (sentence: string) => void;
}

/**
 * Registers `file` as the document's next version: sent at once when the version before it is in
 * a block, else kept `queued` and sent when it is (either way it is in the library before this
 * returns). A send that fails is thrown, as the record says.
 */
export async function addVersion(ctx: NotaryContext, file: string, of: DocumentRef, options: AddVersionOptions = {}): Promise<StoredRecord> {
  const document = await documentOf(ctx, of, options.profile);
  checkNotWatched(ctx, document, 'add');
  const where = registrationTarget(ctx, await ctx.connections.forProfile(document.profile));
  const path = resolve(file);
  const described = options.describe?.(path) ?? { name: basename(path), path };
  const { sha256, size } = await ctx.hash(path, { signal: options.signal });
  const inDoubt = ctx.library.records.ofDocument(document.id).find((v) => v.state === 'submitting' && v.sha256 === sha256);
  if (inDoubt) return settleInDoubt(ctx, inDoubt, { signal: options.signal, waitForChain: options.waitForChain, onWaiting: options.onWaiting });
  const versions = ctx.library.records.ofDocument(document.id);
  checkExtendable(document, versions);
  const same = versions.find((v) => v.sha256 === sha256 && isLive(v));
  if (same)
    throw new NotariumError(
      'ALREADY_A_VERSION',
      `${described.name} is already version ${same.version} of "${document.name}"${same.state === 'queued' ? " (waiting for the previous version's block)" : ''}.`,
    );
  checkReceiptNames(described.name, { label: 'v<N>' });
  const version = nextVersion(versions);
  const { record } = ctx.library.records.queueVersion({
    ...fileSubmission(ctx, { profile: document.profile, kind: 'linked-update', ...described, size, sha256 }, where),
    documentId: document.id,
    version,
  });
  return sendWhenItsTurn(ctx, record, options);
}

/**
 * Appends the final, empty record: the chain can no longer be updated. Queued like a version. A
 * document already finalised, or being finalised, gives its final record (one in doubt settled).
 */
export async function finaliseDocument(
  ctx: NotaryContext,
  of: DocumentRef,
  options: Pick<AddVersionOptions, 'signal' | 'profile' | 'waitForChain' | 'onWaiting'> & {
    /** The watched folder is being removed (FolderWatcher.remove): its chain is closed with it. */
    folderRemoved?: boolean;
  } = {},
): Promise<StoredRecord> {
  const document = await documentOf(ctx, of, options.profile);
  const versions = ctx.library.records.ofDocument(document.id);
  const closing = versions.find((v) => v.kind === 'linked-delete' && isLive(v));
  if (closing?.state === 'submitting')
    return settleInDoubt(ctx, closing, { signal: options.signal, waitForChain: options.waitForChain, onWaiting: options.onWaiting });
  if (closing) return closing;
  if (!options.folderRemoved) checkNotWatched(ctx, document, 'finalise');
  checkExtendable(document, versions);
  const { record } = ctx.library.records.queueVersion({
    profile: document.profile,
    kind: 'linked-delete',
    name: document.name,
    path: null,
    size: null,
    sha256: null,
    encode: '',
    salt: null,
    recordHex: '',
    publishedHex: '',
    idempotencyKey: ctx.newKey(),
    ...registrationTarget(ctx, await ctx.connections.forProfile(document.profile)),
    documentId: document.id,
    version: nextVersion(versions),
  });
  return sendWhenItsTurn(ctx, record, options);
}

/**
 * The queued record, sent now when its turn has come; a failure of its own send is thrown. One
 * whose outcome is unknown is settled from the chain at once when the caller waits for it.
 */
async function sendWhenItsTurn(
  ctx: NotaryContext,
  record: StoredRecord,
  options: Pick<AddVersionOptions, 'signal' | 'waitForChain' | 'onWaiting'>,
): Promise<StoredRecord> {
  ctx.recordUpdated(record);
  const failures = await releaseQueue(ctx, record.documentId!, options.signal);
  if (failures.has(record.id)) {
    const failure = failures.get(record.id);
    const current = ctx.library.records.get(record.id)!;
    if (options.waitForChain && leftInDoubt(failure) && current.state === 'submitting') return settleInDoubt(ctx, current, options);
    throw failure;
  }
  return ctx.library.records.get(record.id)!;
}

/** The version after the newest live one (queued included): failed, rejected and superseded attempts do not count. */
function nextVersion(versions: readonly StoredRecord[]): number {
  return Math.max(0, ...versions.filter(isLive).map((v) => v.version ?? 0)) + 1;
}

export interface WhichVersion {
  document: StoredDocument;
  /** The versions whose content is this file (usually one). */
  matches: StoredRecord[];
  versions: number;
}

/** Which version of a document a file is, by its content. */
export async function whichVersion(ctx: NotaryContext, file: string, of?: string, options: { profile?: string } = {}): Promise<WhichVersion | null> {
  const { sha256 } = await ctx.hash(resolve(file));
  const candidates = ctx.library.records
    .bySha256(sha256, options.profile)
    .filter((r) => r.documentId !== null && r.state !== 'failed' && r.state !== 'rejected');
  const document = of ? await resolveDocument(ctx, of, options.profile) : candidates[0] ? (await ctx.library.documents.get(candidates[0].documentId!))! : null;
  if (!document) return null;
  const versions = ctx.library.records.ofDocument(document.id);
  return { document, matches: candidates.filter((r) => r.documentId === document.id), versions: versions.filter((v) => v.kind !== 'linked-delete').length };
}
