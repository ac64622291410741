import type { ErrorData } from '../../preload/protocol/messages.ts';
import { importedPartial, importedPending, type StoredRecord } from '../core/store/record.ts';
import type { LifeCycleFacts } from '../core/usecases/life-cycle.ts';
import type { BatchFacts } from '../core/usecases/registrations.ts';
import { saltHidden } from '../../verifier/protocol/salt-shown.ts';

/**
 * The stable JSON shape of a registration in --json output (documented in docs/user/command-line.md). Times are
 * ISO 8601; proofs and raw data stay in receipts. With `life` (status, wait, version add and
 * finalise), what a queued, resubmitted or superseded record refers to, by txId. The salt stays in
 * the receipt (salt-shown.ts): `encode` is written with `<salt>`. With `batch` (notarise, status,
 * wait: null when none), the batch the registration anchors or the file's place in it (batch-view.ts).
 */
/** What a pending receipt claims: accepted by its service, in no block yet. */
const PENDING_CLAIM = { state: 'published', confirmations: 0 } as const;

export function recordJson(r: StoredRecord, life?: LifeCycleFacts, batch?: BatchFacts | null) {
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  // An import that proved only part of its claim: its state and confirmations are the receipt's
  // word (a forger's, perhaps), said apart as receiptClaims, never as the library's own; so is a
  // pending import's "accepted, waiting for a block", which is no registration of the library's.
  const claimed = importedPartial(r) || importedPending(r);
  return {
    txId: r.txId,
    state: claimed ? ('imported' as const) : r.state,
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
    confirmations: claimed ? null : r.confirmations,
    blockHash: r.blockHash,
    blockTime: r.blockTime,
    receiptPath: r.receiptPath,
    /** Imported records: what the receipt proved when imported (null: registered by Notarium). */
    proofOutcome: r.proofOutcome,
    /** A partially verified import, or a pending one (whatever became of it since): the state and confirmations its receipt claims (null otherwise). */
    receiptClaims: importedPending(r) ? PENDING_CLAIM : claimed ? { state: r.state, confirmations: r.confirmations } : null,
    lastError: r.lastError,
    /** Sent again after a lost answer without Idempotency-Key: the service may hold a second, harmless registration. */
    possibleDuplicate: r.possibleDuplicate,
    /** Why its receipt is not written (its network and its block disagree), with the fix. */
    receiptHeld: r.receiptHeld,
    /** The last status request for it, and when the poller asks next (at most one per block time). */
    lastCheckedAt: iso(r.lastCheckedAt),
    nextCheckAt: iso(r.nextCheckAt),
    createdAt: iso(r.createdAt),
    /** When it was first sent; null while it never was (its send could not reach the service). */
    submittedAt: iso(r.submittedAt),
    publishedAt: iso(r.publishedAt),
    confirmedAt: iso(r.confirmedAt),
    ...(life && {
      waitsFor: life.waitsFor && { version: life.waitsFor.version, txId: life.waitsFor.txId, state: life.waitsFor.state },
      resubmits: life.resubmits?.txId ?? null,
      supersededBy: life.supersededBy?.txId ?? null,
    }),
    ...(batch !== undefined && { batch }),
  };
}

/** A failure in --json output, the same shape everywhere: its catalogue code and its sentence. */
export function errorJson(error: ErrorData): ErrorData {
  return { code: error.code, message: error.message };
}

/** Whether a command line asks for --json (only before a `--`: after it, "--json" is a file's name). */
export function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json');
}
