import { basename, resolve } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import type { StoredDocument } from '../store/documents.ts';
import type { StoredRecord } from '../store/records.ts';
import type { NotaryContext } from './context.ts';
import { resolveDocument } from './resolve-target.ts';
import { checkReceiptNames } from './receipt-names.ts';
import { fileSubmission, registrationTarget, submitRecord } from './submit.ts';

/** A document's versions as a chain of linked records: add a version, finalise, which version (its history: document-history.ts). */

/** The head must be published before anything can follow it. */
function checkExtendable(ctx: NotaryContext, document: StoredDocument): StoredRecord[] {
  if (document.finalisedAt !== null) throw new NotariumError('TX_NOT_LINKABLE', `The document "${document.name}" is finalised: it cannot take new versions.`);
  const versions = ctx.library.records.ofDocument(document.id);
  const pending = versions.find((v) => v.state === 'submitting');
  if (pending) {
    throw new NotariumError('USAGE', `Version ${pending.version} of "${document.name}" was sent but its answer was lost; run the same command again to finish it first.`);
  }
  if (!document.headTxId) throw new NotariumError('USAGE', `The document "${document.name}" has no published version yet.`);
  return versions;
}

export async function addVersion(
  ctx: NotaryContext,
  file: string,
  of: string,
  options: { signal?: AbortSignal; profile?: string; describe?: (path: string) => { name: string; path: string | null } } = {},
): Promise<StoredRecord> {
  const document = await resolveDocument(ctx, of, options.profile);
  const where = registrationTarget(await ctx.connections.forProfile(document.profile));
  const path = resolve(file);
  const described = options.describe?.(path) ?? { name: basename(path), path };
  const { sha256, size } = await ctx.hash(path, { signal: options.signal });
  const inDoubt = ctx.library.records.ofDocument(document.id).find((v) => v.state === 'submitting' && v.sha256 === sha256);
  if (inDoubt) return submitRecord(ctx, inDoubt, options.signal);
  const versions = checkExtendable(ctx, document);
  const same = versions.find((v) => v.sha256 === sha256 && v.state !== 'failed' && v.state !== 'rejected');
  if (same) throw new NotariumError('USAGE', `${basename(path)} is already version ${same.version} of "${document.name}".`);
  checkReceiptNames(described.name, { document: true });
  const record = ctx.library.records.insertSubmitting(
    fileSubmission(ctx, { profile: document.profile, kind: 'linked-update', ...described, size, sha256 }, where, {
      prevTxId: document.headTxId,
      documentId: document.id,
      version: nextVersion(versions, document),
    }),
  );
  ctx.recordUpdated(record);
  return submitRecord(ctx, record, options.signal);
}

/** Appends the final, empty record: the chain can no longer be updated. */
export async function finaliseDocument(ctx: NotaryContext, of: string, options: { signal?: AbortSignal; profile?: string } = {}): Promise<StoredRecord> {
  const document = await resolveDocument(ctx, of, options.profile);
  const inDoubt = ctx.library.records.ofDocument(document.id).find((v) => v.state === 'submitting' && v.kind === 'linked-delete');
  if (inDoubt) return submitRecord(ctx, inDoubt, options.signal);
  const versions = checkExtendable(ctx, document);
  const record = ctx.library.records.insertSubmitting({
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
    ...registrationTarget(await ctx.connections.forProfile(document.profile)),
    prevTxId: document.headTxId,
    documentId: document.id,
    version: nextVersion(versions, document),
  });
  ctx.recordUpdated(record);
  return submitRecord(ctx, record, options.signal);
}

/** The version after the head: failed and rejected attempts do not count. */
function nextVersion(versions: StoredRecord[], document: StoredDocument): number {
  const head = versions.find((v) => v.txId === document.headTxId);
  return (head?.version ?? 0) + 1;
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
  const candidates = ctx.library.records.bySha256(sha256, options.profile).filter((r) => r.documentId !== null && r.state !== 'failed' && r.state !== 'rejected');
  const document = of ? await resolveDocument(ctx, of, options.profile) : candidates[0] ? ctx.library.documents.get(candidates[0].documentId!)! : null;
  if (!document) return null;
  const versions = ctx.library.records.ofDocument(document.id);
  return { document, matches: candidates.filter((r) => r.documentId === document.id), versions: versions.filter((v) => v.kind !== 'linked-delete').length };
}
