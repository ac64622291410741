import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import type { StoredDocument } from '../store/documents.ts';
import type { StoredRecord } from '../store/records.ts';
import type { NotaryContext } from './context.ts';

/** Commands take "<file|txId>": a 64-hex transaction id, or a file whose content is looked up. */

const TX_ID = /^[0-9a-fA-F]{64}$/;

export function isTxId(value: string): boolean {
  return TX_ID.test(value) && !existsSync(value);
}

/** The newest live registration of `target` (a txId, or a file's content) in the library. */
export async function resolveRecord(ctx: NotaryContext, target: string, profile?: string): Promise<StoredRecord> {
  if (isTxId(target)) {
    const record = ctx.library.records.byTxId(target, profile);
    if (!record) throw new NotariumError('NOT_FOUND', `The library has no registration with the txId ${target.toLowerCase()}.`);
    return record;
  }
  const { sha256 } = await ctx.hash(resolve(target));
  const records = ctx.library.records.bySha256(sha256, profile);
  const live = records.find((r) => r.state !== 'failed' && r.state !== 'rejected') ?? records[0];
  if (!live) throw new NotariumError('NOT_FOUND', `The content of ${target} is not registered in the library: notarise it first, or import its receipt.`);
  return live;
}

/** The document that `target` (a txId of any version, or a file that is one of its versions) belongs to. */
export async function resolveDocument(ctx: NotaryContext, target: string, profile?: string): Promise<StoredDocument> {
  const record = await resolveRecord(ctx, target, profile);
  const document = record.documentId === null ? undefined : ctx.library.documents.get(record.documentId);
  if (!document) {
    throw new NotariumError('USAGE', `${target} is registered as a plain record, not as a document version: notarise it with --document to start a document.`);
  }
  return document;
}
