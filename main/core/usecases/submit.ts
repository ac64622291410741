import { hex } from '@scure/base';
import type { RetryListener } from '../api/http-client.ts';
import { isOutcomeUnknown } from '../api/transport-failure.ts';
import { asNotariumError, isNotariumError, NotariumError, ServiceError } from '../errors/notarium-error.ts';
import type { Connection } from '../connections.ts';
import { firstCheckAt } from '../poller/schedule.ts';
import { fingerprintFor } from '../../../verifier/protocol/fingerprint.ts';
import { NETWORK_CHOICES, networkOf, shownLabel } from '../../../verifier/protocol/networks.ts';
import type { RecordKind, StoredRecord, Submission } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { OnePerRecord } from './one-per-record.ts';
import { shellQuote } from '../text/shell-quote.ts';
import { checkPublished, deleteTxId, refuseAfterMismatch, type WriteAnswer } from './write-answer.ts';
import { holderGone, leaseFor } from './send-lease.ts';
import { refuseOtherService } from './made-for.ts';

/**
 * Where new registrations of a profile go: its service, and its network as receipts will name it
 * (none yet for a profile that reads it from its first confirmed block: its records take it then).
 * A profile saved before network labels were a closed vocabulary may hold free text: every receipt
 * of a registration made on it would fail to build, so nothing is registered until it is set right.
 */
export function registrationTarget(ctx: NotaryContext, connection: Connection): RegistrationTarget {
  const { profile } = connection;
  const service = { serviceUrl: connection.baseUrl, serviceOverride: connection.overridden };
  if (profile.network === null) return { network: null, ...service };
  const network = networkOf(profile.network);
  if (!network) {
    throw new NotariumError(
      'INVALID_SETTING',
      `The profile "${profile.name}" names the network ${shownLabel(profile.network)}, which is not ${NETWORK_CHOICES}, so its receipts could not be written and nothing was registered: set its network with "${ctx.command(`profile add ${shellQuote(profile.name)} --network <label>`)}" or in Settings.`,
    );
  }
  return { network: network.label, ...service };
}

/** Where a registration goes: the network its receipt names, and the service it is made for (made-for.ts). */
export type RegistrationTarget = Pick<Submission, 'network' | 'serviceUrl' | 'serviceOverride'>;

/** What every new registration of `record` carries: a fresh salted fingerprint and idempotency key. */
export function freshFingerprint(
  ctx: Pick<NotaryContext, 'newKey'>,
  record: Uint8Array,
): Pick<Submission, 'encode' | 'salt' | 'recordHex' | 'publishedHex' | 'idempotencyKey'> {
  const fingerprint = fingerprintFor(record);
  return {
    encode: fingerprint.encode,
    salt: fingerprint.salt,
    recordHex: fingerprint.record,
    publishedHex: fingerprint.published,
    idempotencyKey: ctx.newKey(),
  };
}

/** A new registration of a file's content: a fresh salted fingerprint and idempotency key. */
export function fileSubmission(
  ctx: NotaryContext,
  file: { profile: string; kind: RecordKind; path: string | null; name: string; size: number; sha256: string },
  where: RegistrationTarget,
  link: { documentId?: number; version?: number; prevTxId?: string | null } = {},
): Submission {
  return {
    ...file,
    ...where,
    ...freshFingerprint(ctx, hex.decode(file.sha256)),
    documentId: link.documentId ?? null,
    version: link.version ?? null,
    prevTxId: link.prevTxId ?? null,
  };
}

/**
 * A registration's send as an outcome: sent, or the failure with the registration as it was left —
 * `not-sent` when it never reached the service, `in-doubt` when its answer was lost (kept
 * `submitting`: the next run settles it), else `failed`. One reading for files sent alone or in a batch.
 */
export async function sendOutcome(
  ctx: NotaryContext,
  record: StoredRecord,
  send: () => Promise<StoredRecord>,
): Promise<{ status: 'sent'; record: StoredRecord } | { status: 'in-doubt' | 'not-sent' | 'failed'; error: NotariumError; record: StoredRecord }> {
  try {
    return { status: 'sent', record: await send() };
  } catch (err) {
    const after = ctx.library.records.get(record.id)!;
    // Refused before it left for a service it was not made for (made-for.ts): never sent, as one that could not reach it.
    const refused = isNotariumError(err, 'SERVICE_CHANGED') && after.submittedAt === null;
    const status = after.state !== 'submitting' ? 'failed' : err instanceof NotSent || refused ? 'not-sent' : 'in-doubt';
    return { status, error: asNotariumError(err), record: after };
  }
}

/**
 * Sends a `submitting` record to its service and stores the outcome in the same instant:
 * published with its txId, failed with the service's reason, or still in doubt (the answer was
 * lost) — then it stays `submitting` and the next run settles it (in-doubt.ts).
 */
const sending = new OnePerRecord<StoredRecord>();

/**
 * One send per record at a time: a second caller waits for the first instead of sending again.
 * `onRetry` hears of the first caller's retries only (progress, not correctness).
 */
export function submitRecord(ctx: NotaryContext, record: StoredRecord, signal?: AbortSignal, onRetry?: RetryListener): Promise<StoredRecord> {
  return sending.run(ctx, record.id, () => sendRecord(ctx, record, signal, onRetry));
}

/** The send of this record under way in this process, if one is: it is not in doubt, only unanswered yet. */
export function sendingNow(ctx: NotaryContext, id: number): Promise<StoredRecord> | undefined {
  return sending.current(ctx, id);
}

/**
 * Failures after which the record stays `submitting` (in doubt) and the next run settles it
 * (in-doubt.ts): the service may have written it (the answer was lost, the service or a gateway
 * answered 5xx, the answer could not be read), or it could not take it yet (429, unreachable).
 * Only a refusal (another 4xx) marks the record failed: a service that is down for a while is not
 * the file's failure.
 */
function keptForResend(err: unknown): boolean {
  if (isOutcomeUnknown(err)) return true;
  if (err instanceof ServiceError) return err.status === 429 || err.status >= 500;
  return err instanceof NotariumError && ['CANCELLED', 'BAD_RESPONSE', 'NETWORK', 'TIMEOUT'].includes(err.code);
}

/** The request never reached the service: the connection was never made (refused, no route, no DNS answer), on any attempt. */
function notReached(err: unknown): boolean {
  return err instanceof NotariumError && !(err instanceof ServiceError) && err.code === 'NETWORK' && !isOutcomeUnknown(err);
}

/**
 * Failures that show nothing was written: the connection was never made, the service was too busy
 * (429: not processed, RFC 6585), or it did not accept the key (401, 403). A version taken from its
 * queue goes back to it then, instead of being failed or left in doubt: one outage or one expired
 * key does not cost the document its queued versions. A 503 is not one: the service documents no
 * 503, so it comes from what stands in front of it, and a proxy answers 503 also when its upstream
 * reset after taking the request (retry-policy.ts reads it the same way: a write answered 503 is
 * never repeated blindly).
 */
function nothingWritten(err: unknown): boolean {
  if (err instanceof ServiceError) return [401, 403, 429].includes(err.status);
  return notReached(err);
}

/**
 * The failure of a send that left its record `submitting` (in doubt) when the failure itself does
 * not say so (a 5xx after the request was sent, an unreadable answer, a 429): its code, its
 * sentence, and what the service may hold, as a lost connection's sentence says it.
 */
export class LeftInDoubt extends NotariumError {
  /** `sent-before`: this send wrote nothing, but an earlier send of it, whose answer was lost, may have. */
  constructor(err: NotariumError, held: 'may-have-written' | 'sent-before') {
    const words = {
      'may-have-written':
        'It failed after the request was sent, so whether the service wrote it is unknown: it is kept as sent, and the next run settles it without sending it twice.',
      'sent-before':
        'It was sent before and that answer was lost, so whether the service holds it is still unknown: it is kept as sent, and the next run settles it without sending it twice.',
    };
    super(err.code, `${err.message} ${words[held]}`, { cause: err });
    this.name = 'LeftInDoubt';
  }
}

/**
 * The first send of a record that never reached the service, or that the service answered it took
 * nothing for now (429): nothing was registered, and nothing is in doubt. The record is kept, never sent, and the next run sends it (notarise's `not-sent`).
 */
export class NotSent extends NotariumError {
  constructor(err: NotariumError) {
    super(err.code, `${err.message} Nothing was registered: it is kept, and the next run sends it.`, { cause: err });
    this.name = 'NotSent';
  }
}

/** Whether a send's failure left its record in doubt (kept `submitting`): a lost answer, or a failure after the request was sent. */
export function leftInDoubt(err: unknown): boolean {
  return isOutcomeUnknown(err) || err instanceof LeftInDoubt;
}

/** A write left in doubt, or one refused because the write before it is (WRITE_IN_DOUBT): the CLI's exit 3. */
export function isInDoubt(err: unknown): boolean {
  return leftInDoubt(err) || (err instanceof NotariumError && err.code === 'WRITE_IN_DOUBT');
}

/** A version from the queue (every later version is sent from it), not a resubmission of one. */
const fromQueue = (record: StoredRecord): boolean => (record.kind === 'linked-update' || record.kind === 'linked-delete') && record.resubmits === null;

async function sendRecord(ctx: NotaryContext, record: StoredRecord, signal?: AbortSignal, onRetry?: RetryListener): Promise<StoredRecord> {
  // Settled meanwhile (published by an earlier send, superseded, failed): never sent twice.
  const current = ctx.library.records.get(record.id);
  if (!current) throw removedMeanwhile(record);
  if (current.state !== 'submitting') return current;
  // Another engine is sending it now (the app while a command runs): left to it.
  if (!ctx.library.records.takeSendLease(record.id, leaseFor(ctx), holderGone)) throw beingSent(record);
  try {
    return await sendLeased(ctx, record, signal, onRetry);
  } finally {
    ctx.library.records.releaseSendLease(record.id, ctx.leaseOwner);
  }
}

/** A registration that never reached the service, removed by its user (remove-not-sent.ts) since it was read: nothing is sent. */
export function removedMeanwhile(record: StoredRecord): NotariumError {
  return new NotariumError('NOT_IN_LIBRARY', `"${record.name}" was removed from the library meanwhile, so it is not sent.`);
}

/** The sentence of a registration another engine is sending at this moment. */
export function beingSent(record: StoredRecord): NotariumError {
  return new NotariumError(
    'BEING_SENT',
    `"${record.name}" is being sent by another Notarium process right now (the app, or another command): it is left to it, and its outcome shows in the library when that send ends.`,
  );
}

async function sendLeased(ctx: NotaryContext, record: StoredRecord, signal?: AbortSignal, onRetry?: RetryListener): Promise<StoredRecord> {
  try {
    return await sendOnce(ctx, record, signal, onRetry);
  } catch (err) {
    // The process hosting the embedded sandbox quit: the request goes to its next host (this
    // process, if nobody else took over), which answers a write it already made with its txId.
    if (!(await ctx.connections.sandboxHostGone(record.profile, err)) || ctx.library.records.get(record.id)?.state !== 'submitting') throw err;
    return sendOnce(ctx, record, signal, onRetry);
  }
}

async function sendOnce(ctx: NotaryContext, record: StoredRecord, signal?: AbortSignal, onRetry?: RetryListener): Promise<StoredRecord> {
  const connection = await ctx.connections.forProfile(record.profile);
  refuseOtherService(ctx, record, connection);
  const { api, profile } = connection;
  const call = { signal, onRetry, idempotency: { key: record.idempotencyKey!, honoured: profile.idempotentWrites } };
  const body = hex.decode(record.recordHex ?? '');
  const token = await predecessorToken(ctx, record);
  // Sent before (its answer lost): whatever this send meets, the service may hold the earlier one.
  const sentBefore = ctx.library.records.get(record.id)!.submittedAt !== null;
  let result: WriteAnswer;
  try {
    refuseAfterMismatch(api);
    ctx.library.records.markSent(record.id);
    switch (record.kind) {
      case 'record':
        result = await api.writeRecord(body, record.encode!, call);
        break;
      case 'linked-create':
        result = await api.createLinked(body, record.encode!, call);
        break;
      case 'linked-update':
        result = await api.updateLinked(record.prevTxId!, body, record.encode!, token, call);
        break;
      case 'linked-delete': {
        const { txId } = await api.deleteLinked(record.prevTxId!, token, call);
        if (txId === null) ctx.library.records.markWrittenUnseen(record.id); // written: before anything can fail
        result = { txId: txId ?? (await deleteTxId(api, record.prevTxId!, { signal })), updateToken: null };
        break;
      }
    }
  } catch (err) {
    await ctx.connections.noteFailure(record.profile, err);
    const message = err instanceof Error ? err.message : String(err);
    const requeued =
      fromQueue(record) &&
      nothingWritten(err) &&
      ctx.library.records.requeue(
        record.id,
        `Not sent yet: ${message} It stays queued, and is sent after version ${(record.version ?? 2) - 1} when the service takes it.`,
      );
    let thrown = err;
    if (requeued) {
      // Back in the queue: sent again by the next release (a later check, "wait", "status", the next start).
    } else if (!sentBefore && nothingWritten(err) && keptForResend(err)) {
      // Never reached the service, or it said it took nothing for now (429): nothing registered, nothing in doubt.
      ctx.library.records.markNotSent(record.id, message);
      thrown = new NotSent(err as NotariumError);
    } else if (keptForResend(err)) {
      ctx.library.records.noteError(record.id, message);
      if (!isOutcomeUnknown(err)) thrown = new LeftInDoubt(err as NotariumError, nothingWritten(err) ? 'sent-before' : 'may-have-written');
    } else {
      ctx.library.records.markFailed(record.id, message);
    }
    ctx.recordUpdated(ctx.library.records.get(record.id)!);
    throw thrown;
  }
  const published = await markLanded(ctx, record, result.txId, result.updateToken);
  await checkPublished(ctx, api, published, result, { signal });
  // As the check left it: a warning it noted is part of what the write reports.
  return ctx.library.records.get(published.id)!;
}

/**
 * The update token of the version this one follows: the predecessor's own, kept on its row. The
 * document's token is its head's, which a version sent again (a resubmission) no longer follows.
 * Without one (a version found on the chain, or imported) the service fetches the predecessor
 * itself (record-service.md, endpoint 6).
 */
async function predecessorToken(ctx: NotaryContext, record: StoredRecord): Promise<string | undefined> {
  if (!record.prevTxId) return undefined;
  const predecessor = ctx.library.records.byTxId(record.prevTxId, record.profile);
  if (predecessor) return predecessor.updateToken ?? undefined;
  const document = record.documentId === null ? undefined : await ctx.library.documents.get(record.documentId);
  return document?.updateToken ?? undefined;
}

/**
 * The service wrote `txId` for this record (its answer, or found on the chain after a lost one):
 * published, and followed from now on. A document takes it as its head, with its update token
 * (none for a write found on the chain: the service then fetches the predecessor itself).
 */
export async function markLanded(ctx: NotaryContext, record: StoredRecord, txId: string, updateToken?: string | null): Promise<StoredRecord> {
  const profile = await ctx.library.profiles.require(record.profile);
  const published = ctx.library.records.markPublished(record.id, txId, firstCheckAt(profile, ctx.now()), updateToken);
  ctx.recordUpdated(published);
  ctx.wakePoller();
  return published;
}
