import type { StoredRecord } from './record.ts';

/** How a record's row is read: its columns by field name, and the one conversion from a row. */

const COLUMNS: Record<keyof StoredRecord, string> = {
  id: 'id',
  profile: 'profile',
  kind: 'kind',
  state: 'state',
  name: 'name',
  path: 'path',
  size: 'size',
  sha256: 'sha256',
  encode: 'encode',
  salt: 'salt',
  recordHex: 'record_hex',
  publishedHex: 'published_hex',
  idempotencyKey: 'idempotency_key',
  txId: 'tx_id',
  prevTxId: 'prev_tx_id',
  documentId: 'document_id',
  version: 'version',
  confirmations: 'confirmations',
  blockHash: 'block_hash',
  blockTime: 'block_time',
  confirmation: 'confirmation',
  blockHeader: 'block_header',
  rawTx: 'raw_tx',
  lastError: 'last_error',
  receiptPath: 'receipt_path',
  network: 'network',
  serviceUrl: 'service_url',
  serviceOverride: 'service_override',
  proofOutcome: 'proof_outcome',
  updateToken: 'update_token',
  resubmits: 'resubmits',
  supersededBy: 'superseded_by',
  possibleDuplicate: 'possible_duplicate',
  writtenUnseen: 'written_unseen',
  sendLeaseOwner: 'send_lease_owner',
  sendLeaseUntil: 'send_lease_until',
  lastCheckedAt: 'last_checked_at',
  receiptHeld: 'receipt_held',
  checks: 'checks',
  nextCheckAt: 'next_check_at',
  unknownSince: 'unknown_since',
  createdAt: 'created_at',
  submittedAt: 'submitted_at',
  publishedAt: 'published_at',
  confirmedAt: 'confirmed_at',
  updatedAt: 'updated_at',
};
export const SELECT = `SELECT ${Object.entries(COLUMNS)
  .map(([k, c]) => `${c} AS ${k}`)
  .join(', ')} FROM records`;

export type Row = Omit<StoredRecord, 'confirmation' | 'possibleDuplicate' | 'writtenUnseen' | 'serviceOverride'> & {
  confirmation: string | null;
  possibleDuplicate: number;
  writtenUnseen: number;
  serviceOverride: number;
};
export const fromRow = (row: Row): StoredRecord => ({
  ...row,
  confirmation: row.confirmation === null ? null : (JSON.parse(row.confirmation) as unknown),
  possibleDuplicate: row.possibleDuplicate === 1,
  writtenUnseen: row.writtenUnseen === 1,
  serviceOverride: row.serviceOverride === 1,
});
