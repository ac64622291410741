import type { StoredRecord } from '../core/store/record.ts';
import type { LifeCycleFacts } from '../core/usecases/life-cycle.ts';
import { saltHidden } from '../core/protocol/salt-shown.ts';

/**
 * The stable JSON shape of a registration in --json output (documented in the README). Times are
 * ISO 8601; proofs and raw data stay in receipts. With `life` (status, wait, version add and
 * finalise), what a queued, resubmitted or superseded record refers to, by txId. The salt stays in
 * the receipt (salt-shown.ts): `encode` is written with `<salt>`.
 */
export function recordJson(r: StoredRecord, life?: LifeCycleFacts) {
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  return {
    txId: r.txId,
    state: r.state,
    kind: r.kind,
    profile: r.profile,
    name: r.name,
    path: r.path,
    size: r.size,
    sha256: r.sha256,
    encode: r.encode === null ? null : saltHidden(r.encode),
    prevTxId: r.prevTxId,
    documentId: r.documentId,
    version: r.version,
    confirmations: r.confirmations,
    blockHash: r.blockHash,
    blockTime: r.blockTime,
    receiptPath: r.receiptPath,
    /** Imported records: what the receipt proved when imported (null: registered by Notarium). */
    proofOutcome: r.proofOutcome,
    lastError: r.lastError,
    /** Sent again after a lost answer without Idempotency-Key: the service may hold a second, harmless registration. */
    possibleDuplicate: r.possibleDuplicate,
    /** Why its receipt is not written (its network and its block disagree), with the fix. */
    receiptHeld: r.receiptHeld,
    /** The last status request for it, and when the poller asks next (at most one per block time). */
    lastCheckedAt: iso(r.lastCheckedAt),
    nextCheckAt: iso(r.nextCheckAt),
    createdAt: iso(r.createdAt),
    publishedAt: iso(r.publishedAt),
    confirmedAt: iso(r.confirmedAt),
    ...(life && {
      waitsFor: life.waitsFor && { version: life.waitsFor.version, txId: life.waitsFor.txId, state: life.waitsFor.state },
      resubmits: life.resubmits?.txId ?? null,
      supersededBy: life.supersededBy?.txId ?? null,
    }),
  };
}
