import { basename, resolve } from 'node:path';
import { boundedMap } from '../bounded-map.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import type { RecordKind, StoredRecord } from '../store/records.ts';
import { profileName, type NotaryContext } from './context.ts';
import { fileSubmission, submitRecord } from './submit.ts';

/**
 * Notarise files: hash each locally, register a salted fingerprint of its digest (the file never
 * leaves the machine), and store the registration. Idempotent: a file whose content is already
 * registered in the profile is reported, not registered again (unless `again`), and a
 * registration left in doubt by an interrupted run is sent again as the same request.
 */

export interface NotariseOptions {
  profile?: string;
  /** Start a new document (a chain of linked records) per file instead of a plain record. */
  document?: boolean;
  /** Register even when the content is already registered. */
  again?: boolean;
  signal?: AbortSignal;
  onProgress?(progress: NotariseProgress): void;
  /** Registrations sent at once (hashing has its own pool). */
  concurrency?: number;
}

export type NotarisePhase = 'hashing' | 'submitting' | 'done' | 'failed';

export interface NotariseProgress {
  path: string;
  phase: NotarisePhase;
  bytes?: number;
  total?: number;
}

export type NotariseOutcome =
  | { path: string; status: 'registered' | 'resumed' | 'already-registered'; record: StoredRecord }
  | { path: string; status: 'failed'; error: NotariumError; record?: StoredRecord };

export async function notarise(ctx: NotaryContext, paths: readonly string[], options: NotariseOptions = {}): Promise<NotariseOutcome[]> {
  const profile = profileName(ctx, options.profile);
  // One connection check before any hashing: a missing key fails once, not once per file.
  await (await ctx.connections.forProfile(profile)).requireKey();
  return boundedMap(paths, options.concurrency ?? 8, async (given) => {
    const path = resolve(given);
    try {
      return await notariseOne(ctx, path, profile, options);
    } catch (err) {
      options.onProgress?.({ path, phase: 'failed' });
      return { path, status: 'failed', error: asNotariumError(err) };
    }
  });
}

function asNotariumError(err: unknown): NotariumError {
  return err instanceof NotariumError ? err : new NotariumError('SERVICE_ERROR', err instanceof Error ? err.message : String(err), { cause: err });
}

/** Sends the record; a failure is an outcome of this file, with the record as it was left. */
async function send(ctx: NotaryContext, record: StoredRecord, path: string, status: 'registered' | 'resumed', options: NotariseOptions): Promise<NotariseOutcome> {
  options.onProgress?.({ path, phase: 'submitting' });
  try {
    const published = await submitRecord(ctx, record, options.signal);
    options.onProgress?.({ path, phase: 'done' });
    return { path, status, record: published };
  } catch (err) {
    options.onProgress?.({ path, phase: 'failed' });
    return { path, status: 'failed', error: asNotariumError(err), record: ctx.library.records.get(record.id)! };
  }
}

async function notariseOne(ctx: NotaryContext, path: string, profile: string, options: NotariseOptions): Promise<NotariseOutcome> {
  const report = (phase: NotarisePhase, extra: Partial<NotariseProgress> = {}) => options.onProgress?.({ path, phase, ...extra });
  report('hashing', { bytes: 0 });
  const { sha256, size } = await ctx.hash(path, { signal: options.signal, onProgress: (p) => report('hashing', p) });
  const existing = ctx.library.records.bySha256(sha256, profile).find((r) => r.state !== 'failed' && r.state !== 'rejected');
  if (existing?.state === 'submitting') return send(ctx, existing, path, 'resumed', options);
  if (existing && !options.again) {
    report('done');
    return { path, status: 'already-registered', record: existing };
  }
  const kind: RecordKind = options.document ? 'linked-create' : 'record';
  const document = options.document ? ctx.library.documents.create(profile, basename(path)) : undefined;
  const record = ctx.library.records.insertSubmitting(
    fileSubmission(ctx, { profile, kind, path, size, sha256 }, document ? { documentId: document.id, version: 1 } : {}),
  );
  ctx.recordUpdated(record);
  return send(ctx, record, path, 'registered', options);
}
