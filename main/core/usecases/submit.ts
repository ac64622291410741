import { hex } from '@scure/base';
import { basename } from 'node:path';
import { isOutcomeUnknown } from '../api/transport-failure.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { fingerprintFor } from '../protocol/fingerprint.ts';
import type { RecordKind, StoredRecord, Submission } from '../store/records.ts';
import type { NotaryContext } from './context.ts';

/** A new registration of a file's content: a fresh salted fingerprint and idempotency key. */
export function fileSubmission(
  ctx: NotaryContext,
  file: { profile: string; kind: RecordKind; path: string; size: number; sha256: string },
  link: { documentId?: number; version?: number; prevTxId?: string | null } = {},
): Submission {
  const fingerprint = fingerprintFor(hex.decode(file.sha256));
  return {
    ...file,
    name: basename(file.path),
    encode: fingerprint.encode,
    salt: fingerprint.salt,
    recordHex: fingerprint.record,
    publishedHex: fingerprint.published,
    idempotencyKey: ctx.newKey(),
    documentId: link.documentId ?? null,
    version: link.version ?? null,
    prevTxId: link.prevTxId ?? null,
  };
}

/**
 * Sends a `submitting` record to its service and stores the outcome in the same instant:
 * published with its txId, failed with the service's reason, or still in doubt (the answer was
 * lost) — then it stays `submitting` and the next run sends the same request again.
 */
export async function submitRecord(ctx: NotaryContext, record: StoredRecord, signal?: AbortSignal): Promise<StoredRecord> {
  const { api, profile } = await ctx.connections.forProfile(record.profile);
  const call = { signal, idempotency: { key: record.idempotencyKey!, honoured: profile.idempotentWrites } };
  const body = hex.decode(record.recordHex ?? '');
  const document = record.documentId === null ? undefined : ctx.library.documents.get(record.documentId);
  let result: { txId: string; updateToken?: string | null };
  try {
    switch (record.kind) {
      case 'record':
        result = await api.writeRecord(body, record.encode!, call);
        break;
      case 'linked-create':
        result = await api.createLinked(body, record.encode!, call);
        break;
      case 'linked-update':
        result = await api.updateLinked(record.prevTxId!, body, record.encode!, document?.updateToken ?? undefined, call);
        break;
      case 'linked-delete':
        result = { ...(await api.deleteLinked(record.prevTxId!, document?.updateToken ?? undefined, call)), updateToken: null };
        break;
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (isOutcomeUnknown(err) || (err instanceof NotariumError && err.code === 'CANCELLED')) {
      ctx.library.records.noteError(record.id, message);
    } else {
      ctx.library.records.markFailed(record.id, message);
    }
    ctx.recordUpdated(ctx.library.records.get(record.id)!);
    throw err;
  }
  const published = ctx.library.records.markPublished(record.id, result.txId, ctx.now() + profile.expectedBlockSeconds * 1000, result.updateToken);
  ctx.recordUpdated(published);
  ctx.wakePoller();
  return published;
}
