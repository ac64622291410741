import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import type { StoredDocument } from '../store/documents.ts';
import { visibleName } from '../../../preload/visible-text.ts';
import { isLive, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { counted } from '../../../verifier/counted.ts';
import { profileNetworks, registrationsOfContent, type Registration } from './registrations.ts';

/** Commands take "<file|txId>": a 64-hex transaction id, or a file whose content is looked up. */

const TX_ID = /^[0-9a-fA-F]{64}$/;

export function isTxId(value: string): boolean {
  return TX_ID.test(value) && !existsSync(value);
}

/** Hexadecimal digits and no such file: meant as a txId, but not one (`deadbeef`, a txId cut short by a copy). */
function checkNotShortTxId(target: string): void {
  if (!/^[0-9a-fA-F]+$/.test(target) || TX_ID.test(target) || existsSync(target)) return;
  throw new NotariumError(
    'TX_ID_PARAM_INVALID',
    `${target} is no file here, and not a transaction id either: a txId is 64 hexadecimal digits, and this has ${target.length}. Copy the whole txId, or name the file.`,
  );
}

/** The newest live registration of `target` (a txId, or a file's content) in the library. */
export async function resolveRecord(ctx: NotaryContext, target: string, profile?: string): Promise<StoredRecord> {
  return (await resolveRegistration(ctx, target, profile)).record;
}

/**
 * The newest live registration of `target` in the library: the submission of a txId, or what
 * registers a file's content — its own record, or its batch's with its place in it (`member`).
 */
export async function resolveRegistration(ctx: NotaryContext, target: string, profile?: string): Promise<Registration> {
  if (isTxId(target)) {
    const record = ctx.library.records.byTxId(target, profile);
    if (!record) throw new NotariumError('NOT_IN_LIBRARY', `The library has no registration with the txId ${target.toLowerCase()}.`);
    return { record };
  }
  checkNotShortTxId(target);
  const { sha256 } = await ctx.hash(resolve(target));
  const found = registrationsOfContent(ctx, await profileNetworks(ctx), sha256, profile);
  const live = found.find(({ record: r }) => r.state !== 'failed' && r.state !== 'rejected') ?? found[0];
  if (!live) throw new NotariumError('NOT_IN_LIBRARY', `The content of ${target} is not registered in the library: notarise it first, or import its receipt.`);
  return live;
}

/**
 * The document that `target` belongs to: a txId of any version, a file that is one of its
 * versions, or a file whose content is new (edited in place) at the path its latest version was
 * registered from.
 */
export async function resolveDocument(ctx: NotaryContext, target: string, profile?: string): Promise<StoredDocument> {
  let record: StoredRecord;
  try {
    record = await resolveRecord(ctx, target, profile);
  } catch (err) {
    const byPath = !isTxId(target) && err instanceof NotariumError && err.code === 'NOT_IN_LIBRARY' ? await documentAtPath(ctx, target, profile) : undefined;
    if (byPath) return byPath;
    throw err;
  }
  const document = record.documentId === null ? undefined : await ctx.library.documents.get(record.documentId);
  if (!document) {
    throw new NotariumError(
      'NOT_A_DOCUMENT',
      `${target} is registered as a plain record, not as a document version, and a record cannot take versions: to start a document with it, register it again as a new document's first version (${ctx.command('notarise --document --again')}).`,
    );
  }
  return document;
}

/** The document whose latest version came from this path; several: an error naming each, to choose one by txId. */
async function documentAtPath(ctx: NotaryContext, target: string, profile?: string): Promise<StoredDocument | undefined> {
  const candidates = await ctx.library.documents.lastRegisteredFrom(resolve(target), profile);
  if (candidates.length <= 1) return candidates[0];
  const lines = candidates.map((d) => {
    const versions = ctx.library.records.ofDocument(d.id).filter((v) => isLive(v) && v.kind !== 'linked-delete').length;
    return `  "${visibleName(d.name)}" (${d.profile}): ${counted(versions, 'version')}, latest txId ${d.headTxId ?? '(not sent yet)'}`;
  });
  throw new NotariumError(
    'AMBIGUOUS_DOCUMENT',
    `The latest versions of ${candidates.length} documents were registered from ${visibleName(resolve(target))}, and its content is none of their versions: name the document by the txId of one of its versions:\n${lines.join('\n')}`,
  );
}
