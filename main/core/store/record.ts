import type { RecordKind } from '../../../preload/contract.ts';
import type { RecordState } from '../../../preload/record-states.ts';

/** A record of the library: its kinds, its row as the code sees it, and what can be said of its state. */

export type { RecordKind };
export type { RecordState };
export {
  FOLLOWED_STATES,
  groupOf,
  importedNeverMined,
  importedPartial,
  importedPending,
  inBlock,
  isLive,
  oursToSend,
  PENDING_STATES,
} from '../../../preload/record-states.ts';
/** What an imported receipt proved: a failed one is never imported. */
export type ImportedOutcome = 'verified' | 'partially-verified' | 'pending';

export interface StoredRecord {
  id: number;
  profile: string;
  kind: RecordKind;
  state: RecordState;
  name: string;
  path: string | null;
  size: number | null;
  sha256: string | null;
  encode: string | null;
  salt: string | null;
  recordHex: string | null;
  publishedHex: string | null;
  idempotencyKey: string | null;
  txId: string | null;
  prevTxId: string | null;
  documentId: number | null;
  version: number | null;
  confirmations: number;
  blockHash: string | null;
  blockTime: string | null;
  /** The service's confirmation object, as it returned it (merkleProof included). */
  confirmation: unknown;
  blockHeader: string | null;
  rawTx: string | null;
  lastError: string | null;
  receiptPath: string | null;
  /** The network label and service URL the registration was made with. */
  network: string | null;
  serviceUrl: string | null;
  /** Made for NOTARIUM_BASE_URL (its serviceUrl), not for its profile's own service: sent only there (made-for.ts). */
  serviceOverride: boolean;
  /** For a record imported from a receipt, what that receipt proved then; null for Notarium's own registrations. */
  proofOutcome: ImportedOutcome | null;
  /** A document version's update token (for the version after it). */
  updateToken: string | null;
  /** The id of the first record of the registration this row sends again (null: it is the first). */
  resubmits: number | null;
  /** The row that is the registration instead of this one (set with state `superseded`). */
  supersededBy: number | null;
  /** Sent again after a lost answer without Idempotency-Key: the service may hold a second, harmless registration. */
  possibleDuplicate: boolean;
  /** The service said it wrote it without saying its txId (a delete's empty answer): never sent again, only looked for on the chain. */
  writtenUnseen: boolean;
  /** The engine that may send it now (a `submitting` row), and until when (ms); null when none holds it. */
  sendLeaseOwner: string | null;
  sendLeaseUntil: number | null;
  /** When its status was last asked (ms). */
  lastCheckedAt: number | null;
  /** Why its receipt is not written (its network label and its block disagree), in one sentence with the fix; null otherwise. */
  receiptHeld: string | null;
  checks: number;
  nextCheckAt: number | null;
  unknownSince: number | null;
  createdAt: number;
  /** When it was first sent (the service may hold it since); null while it has never left (not yet, or the service could not be reached). */
  submittedAt: number | null;
  publishedAt: number | null;
  confirmedAt: number | null;
  updatedAt: number;
}

/**
 * A `submitting` row whose send could not reach the service (records.ts markNotSent): nothing was
 * registered, and the engine sends it again. A row not sent *yet* (no reason kept) is only on its way.
 */
export function notSent(r: Pick<StoredRecord, 'state' | 'submittedAt' | 'lastError'>): boolean {
  return r.state === 'submitting' && r.submittedAt === null && r.lastError !== null;
}

/** notSent as the library's queries say it. */
export const NOT_SENT_SQL = "(state = 'submitting' AND submitted_at IS NULL AND last_error IS NOT NULL)";

/** The right to send a `submitting` row: who holds it, and until when (ms). */
export interface SendLease {
  owner: string;
  until: number;
}

export interface Submission {
  profile: string;
  kind: RecordKind;
  name: string;
  path: string | null;
  size: number | null;
  sha256: string | null;
  encode: string;
  salt: string | null;
  recordHex: string;
  publishedHex: string;
  idempotencyKey: string;
  /** Null for a profile whose network is read from its first confirmed block, until it is. */
  network: string | null;
  serviceUrl: string | null;
  /** Made for NOTARIUM_BASE_URL (default false: for its profile's own service). */
  serviceOverride?: boolean;
  prevTxId?: string | null;
  documentId?: number | null;
  version?: number | null;
}

export interface ConfirmationUpdate {
  state: 'published' | 'confirmed' | 'settled';
  confirmations: number;
  blockHash: string | null;
  blockTime: string | null;
  confirmation: unknown;
  blockHeader?: string | null;
  rawTx?: string | null;
}

/** A document version kept in the library until its predecessor is in a block. */
export type QueuedVersion = Omit<Submission, 'prevTxId' | 'documentId' | 'version'> & { documentId: number; version: number };
