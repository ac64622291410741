import { aggregationTreeOf, aggregationTreeRoot, type AggregationStep, type AggregationTree } from '../../../verifier/protocol/aggregation.ts';
import { writeTransaction, type LibraryDatabase } from './database.ts';
import { queryFiles, type FileQuery } from './record-query.ts';
import { groupOf, isLive, type SendLease, type StoredRecord, type Submission } from './record.ts';
import type { Records } from './records.ts';

/**
 * Batches in the library (docs/design/batches-and-rounds.md): many files anchored by one registration, the root of
 * a tree over their leaves. The registration is an ordinary row of `records`, sent and followed by
 * the same machinery as any record; its files are members here, each holding only what is its own
 * (name, path, size, digest, nonce, leaf position, receipt). A member's state, txId and evidence are
 * its registration's, read from it whenever it is asked for. A batch imported from its members'
 * receipts (`receipt import`) has no tree here: each of its members holds its own path to the root.
 */

export interface StoredBatch {
  id: number;
  /** The registration's first submission: its resubmissions `resubmit` it. */
  recordId: number;
  /** How many files it anchors; for an imported batch, how many of them the library holds (no receipt says the batch's size). */
  files: number;
  /** Known from its members' receipts, not built here: no tree, and no member's position. */
  imported: boolean;
  createdAt: number;
}

export interface BatchMember {
  id: number;
  batchId: number;
  /** Its leaf's index in the batch's tree, 0-based; null for an imported member (a receipt does not say it). */
  position: number | null;
  name: string;
  path: string | null;
  size: number;
  sha256: string;
  /** 16 random bytes, hex: private to this file (receipt-v1.md, `aggregation.nonce`). */
  nonce: string;
  receiptPath: string | null;
  /** An imported member's path to the root, as its receipt gave it (a built batch's members read theirs from its tree). */
  aggregationPath: AggregationStep[] | null;
  createdAt: number;
}

/** A member imported from its receipt: its file, its nonce and its own path to the batch's root. */
export type ImportedMember = Pick<BatchMember, 'name' | 'path' | 'size' | 'sha256' | 'nonce' | 'receiptPath'> & { aggregationPath: AggregationStep[] };

/** A member with what it follows: its batch, and its registration (the submission that is, or may become, it). */
export interface MemberOfBatch {
  member: BatchMember;
  batch: StoredBatch;
  registration: StoredRecord;
}

/** A batch with its registration. */
export interface BatchOf {
  batch: StoredBatch;
  registration: StoredRecord;
}

export type NewMember = Pick<BatchMember, 'name' | 'path' | 'size' | 'sha256' | 'nonce'>;

export interface NewBatch {
  /** The registration: a plain record whose record is the tree's root, with no file of its own. */
  registration: Submission;
  /** In leaf order: member i is leaf i of the tree. */
  members: readonly NewMember[];
  tree: AggregationTree;
}

/** `taken`: contents the profile already has (a live record, or a member of a live registration), so nothing was written. */
export type CreatedBatch = ({ taken?: undefined } & BatchOf) | { taken: string[] };

const LIVE_SQL = "('failed', 'rejected', 'superseded')";
/**
 * A records row that may stand for its content (registrations.ts standsForContent, the same rule):
 * Notarium's own, or an import that verified fully on its profile's network.
 */
const STANDS_SQL = `(proof_outcome IS NULL OR (proof_outcome = 'verified' AND lower(network) = (SELECT lower(p.network) FROM profiles p WHERE p.name = records.profile)))`;

/** The cap of a batch by default: its tree is built in about a second, its members stored in one transaction. */
export const DEFAULT_BATCH_MAX_FILES = 100_000;
const MAX_FILES_SETTING = 'batch-max-files';

const MEMBER_SELECT = `SELECT m.id AS id, m.batch_id AS batchId, m.position AS position, m.name AS name, m.path AS path, m.size AS size,
  m.sha256 AS sha256, m.nonce AS nonce, m.receipt_path AS receiptPath, m.aggregation_path AS aggregationPath, m.created_at AS createdAt
  FROM batch_members m`;
const BATCH_SELECT = 'SELECT id, record_id AS recordId, files, tree IS NULL AS imported, created_at AS createdAt FROM batches';

type MemberRow = Omit<BatchMember, 'aggregationPath'> & { aggregationPath: string | null };
type BatchRow = Omit<StoredBatch, 'imported'> & { imported: number };
const memberOf = (row: MemberRow): BatchMember => ({
  ...row,
  aggregationPath: row.aggregationPath === null ? null : (JSON.parse(row.aggregationPath) as AggregationStep[]),
});
const batchOf = (row: BatchRow | undefined): StoredBatch | undefined => row && { ...row, imported: row.imported === 1 };

export class Batches {
  constructor(
    private readonly db: LibraryDatabase,
    private readonly records: Records,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Stores a batch whole, in one transaction, before anything is sent: its registration as
   * `submitting` (with `lease`), the batch and its tree, every member. Unless `again`, a batch holding
   * content the profile already has is not written (checked inside the transaction, so of two
   * processes storing the same files, one batch wins): the caller leaves those files out.
   */
  create(b: NewBatch, lease?: SendLease, options: { again?: boolean } = {}): CreatedBatch {
    const { registration, members, tree } = b;
    if (members.length !== tree.leaves) throw new RangeError(`A batch of ${members.length} files needs a tree of as many leaves, not ${tree.leaves}.`);
    if (aggregationTreeRoot(tree) !== registration.recordHex) throw new RangeError("A batch's registered record is its tree's root.");
    // A plain record, or a watched folder's round: the next record of the folder's chain (docs/design/batches-and-rounds.md, rounds).
    if (registration.kind === 'linked-delete' || registration.sha256 !== null)
      throw new RangeError("A batch's registration is a record, or a round of a folder's chain, with no file of its own.");
    if (new Set(members.map((m) => m.sha256)).size !== members.length) throw new RangeError('A content is one member of a batch, not several.');
    return writeTransaction(this.db, () => {
      const taken = options.again
        ? []
        : this.contentsHeld(
            members.map((m) => m.sha256),
            registration.profile,
          );
      if (taken.length > 0) return { taken };
      const record = this.records.insertSubmitting(registration, lease);
      const now = this.now();
      const batchId = Number(
        this.db
          .prepare('INSERT INTO batches (record_id, files, tree, created_at) VALUES (?, ?, ?, ?)')
          .run(record.id, members.length, Buffer.from(tree.nodes.buffer, tree.nodes.byteOffset, tree.nodes.byteLength), now).lastInsertRowid,
      );
      const insert = this.db.prepare(
        `INSERT INTO batch_members (batch_id, position, name, path, size, sha256, nonce, created_at)
         VALUES (@batchId, @position, @name, @path, @size, @sha256, @nonce, @now)`,
      );
      members.forEach((m, position) => insert.run({ batchId, position, name: m.name, path: m.path, size: m.size, sha256: m.sha256, nonce: m.nonce, now }));
      return { batch: this.get(batchId)!, registration: record };
    });
  }

  /** How many files a batch holds at most: the library's setting, else DEFAULT_BATCH_MAX_FILES. */
  maxFiles(): number {
    const value = this.db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(MAX_FILES_SETTING)?.value;
    return value === undefined ? DEFAULT_BATCH_MAX_FILES : Number(value);
  }

  setMaxFiles(files: number): void {
    if (!Number.isSafeInteger(files) || files < 2) throw new RangeError(`A batch holds at least 2 files, and a whole number of them, not ${files}.`);
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(MAX_FILES_SETTING, String(files));
  }

  /**
   * Of these contents, those the profile already has: a live record of it, or a member of a live
   * registration. One statement over the whole list (a batch may hold 100,000 files).
   */
  contentsHeld(sha256s: readonly string[], profile: string): string[] {
    return this.db
      .prepare<{ list: string; profile: string }, { sha256: string }>(
        `SELECT j.value AS sha256 FROM json_each(@list) j
         WHERE EXISTS (SELECT 1 FROM records WHERE sha256 = j.value AND profile = @profile AND state NOT IN ${LIVE_SQL} AND ${STANDS_SQL})
            OR EXISTS (SELECT 1 FROM batch_members m JOIN batches b ON b.id = m.batch_id JOIN records r ON (r.id = b.record_id OR r.resubmits = b.record_id)
                       WHERE m.sha256 = j.value AND r.profile = @profile AND r.state NOT IN ${LIVE_SQL})
         ORDER BY j.key`,
      )
      .all({ list: JSON.stringify(sha256s), profile })
      .map((r) => r.sha256);
  }

  get(id: number): StoredBatch | undefined {
    return batchOf(this.db.prepare<[number], BatchRow>(`${BATCH_SELECT} WHERE id = ?`).get(id));
  }

  /** The batch a submission (the first, or any resubmission) registers, if it registers one. */
  ofRecord(record: Pick<StoredRecord, 'id' | 'resubmits'>): StoredBatch | undefined {
    return batchOf(this.db.prepare<[number], BatchRow>(`${BATCH_SELECT} WHERE record_id = ?`).get(groupOf(record)));
  }

  /**
   * The registration a batch's members follow: of its submissions (the first and its
   * resubmissions), the newest live one, or when none is live the newest not superseded — the row
   * the Library shows for any registration.
   */
  registrationOf(batch: StoredBatch): StoredRecord {
    const rows = this.records.group(batch.recordId);
    const standing = rows.filter((r) => r.state !== 'superseded');
    return standing.filter(isLive).at(-1) ?? standing.at(-1) ?? rows.at(-1)!;
  }

  /** The batch's tree, as stored with it (its size checked). */
  tree(batchId: number): AggregationTree {
    const row = this.db.prepare<[number], { files: number; tree: Buffer | null }>('SELECT files, tree FROM batches WHERE id = ?').get(batchId);
    if (!row) throw new RangeError(`No batch ${batchId}.`);
    if (!row.tree) throw new RangeError(`Batch ${batchId} was imported from its files' receipts: the library holds no tree for it.`);
    return aggregationTreeOf(row.files, new Uint8Array(row.tree.buffer, row.tree.byteOffset, row.tree.byteLength));
  }

  /** A batch's members in leaf order, a page at a time. */
  membersOf(batchId: number, page: { offset?: number; limit?: number } = {}): BatchMember[] {
    return this.db
      .prepare<[number, number, number], MemberRow>(`${MEMBER_SELECT} WHERE m.batch_id = ? ORDER BY m.position, m.id LIMIT ? OFFSET ?`)
      .all(batchId, page.limit ?? -1, page.offset ?? 0)
      .map(memberOf);
  }

  member(id: number): MemberOfBatch | undefined {
    const member = this.db.prepare<[number], MemberRow>(`${MEMBER_SELECT} WHERE m.id = ?`).get(id);
    return member && this.withBatch([memberOf(member)])[0];
  }

  /** Every member of this content, newest first (optionally of one profile's registrations). */
  membersBySha256(sha256: string, profile?: string): MemberOfBatch[] {
    return this.withBatch(
      this.db
        .prepare<{ sha256: string; profile: string | null }, MemberRow>(
          `${MEMBER_SELECT} JOIN batches b ON b.id = m.batch_id JOIN records f ON f.id = b.record_id
           WHERE m.sha256 = @sha256 AND (@profile IS NULL OR f.profile = @profile) ORDER BY m.id DESC`,
        )
        .all({ sha256, profile: profile ?? null })
        .map(memberOf),
    );
  }

  /** Every member registered from this path, newest first. */
  membersByPath(path: string): MemberOfBatch[] {
    return this.withBatch(this.db.prepare<[string], MemberRow>(`${MEMBER_SELECT} WHERE m.path = ? ORDER BY m.id DESC`).all(path).map(memberOf));
  }

  /** The batch registered by the submission with this txId (any submission of its registration). */
  byTxId(txId: string, profile?: string): BatchOf | undefined {
    const record = this.records.byTxId(txId, profile);
    const batch = record && this.ofRecord(record);
    return batch && { batch, registration: this.registrationOf(batch) };
  }

  /**
   * The Library's list (record-query.ts queryFiles): registrations of a file as they are, and each
   * file of a batch with the registration it follows.
   */
  files(q: FileQuery = {}): { files: { record: StoredRecord; member?: MemberOfBatch }[]; total: number; capped: boolean } {
    const { rows, total, capped } = queryFiles(this.db, q);
    const file = (m: MemberOfBatch) => ({ record: m.registration, member: m });
    return { files: rows.map((r) => (r.memberId === null ? { record: this.records.get(r.recordId)! } : file(this.member(r.memberId)!))), total, capped };
  }

  /**
   * A member imported from its receipt, in the batch `registration` anchors (an imported
   * registration, with no file of its own): the batch is made, without a tree, with its first
   * member. Imported again (the same content and nonce) it is found, not added (`added` false).
   */
  addImported(registration: StoredRecord, m: ImportedMember): { member: MemberOfBatch; added: boolean } {
    return writeTransaction(this.db, () => {
      let batch = this.ofRecord(registration);
      if (batch && !batch.imported) throw new RangeError(`Batch ${batch.id} was built here: its files are not imported.`);
      const held =
        batch &&
        this.db
          .prepare<[number, string, string], { id: number }>(
            'SELECT id FROM batch_members WHERE batch_id = ? AND sha256 = ? AND nonce = ? AND position IS NULL',
          )
          .get(batch.id, m.sha256, m.nonce);
      if (held) return { member: this.member(held.id)!, added: false };
      const now = this.now();
      if (batch) this.db.prepare('UPDATE batches SET files = files + 1 WHERE id = ?').run(batch.id);
      else
        batch = this.get(
          Number(
            this.db.prepare('INSERT INTO batches (record_id, files, tree, created_at) VALUES (?, 1, NULL, ?)').run(groupOf(registration), now).lastInsertRowid,
          ),
        )!;
      const id = this.db
        .prepare(
          `INSERT INTO batch_members (batch_id, position, name, path, size, sha256, nonce, receipt_path, aggregation_path, created_at)
           VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(batch.id, m.name, m.path, m.size, m.sha256, m.nonce, m.receiptPath, JSON.stringify(m.aggregationPath), now).lastInsertRowid;
      return { member: this.member(Number(id))!, added: true };
    });
  }

  /**
   * An imported batch gives way to a better-proven receipt of its registration with another root:
   * its members (whose paths lead to the old root) and the batch are forgotten, so none reads as
   * this registration's; the next member imported makes the batch again.
   */
  dropImported(batchId: number): void {
    writeTransaction(this.db, () => {
      this.db.prepare('UPDATE watched_files SET member_id = NULL WHERE member_id IN (SELECT id FROM batch_members WHERE batch_id = ?)').run(batchId);
      this.db.prepare('DELETE FROM batch_members WHERE batch_id = ? AND position IS NULL').run(batchId);
      this.db.prepare('DELETE FROM batches WHERE id = ? AND tree IS NULL').run(batchId);
    });
  }

  /** The receipt of a member was written, there. */
  setReceiptPath(memberId: number, path: string): void {
    this.db.prepare('UPDATE batch_members SET receipt_path = ? WHERE id = ?').run(path, memberId);
  }

  /** A receipt of a member of the batch registered under `txId` moved from `from` to `to`: the member's receipt path follows it. */
  receiptMoved(txId: string, from: string, to: string): void {
    this.db
      .prepare(
        `UPDATE batch_members SET receipt_path = @to WHERE receipt_path = @from AND batch_id IN
         (SELECT b.id FROM batches b JOIN records r ON (r.id = b.record_id OR r.resubmits = b.record_id) WHERE r.tx_id = @txId)`,
      )
      .run({ txId: txId.toLowerCase(), from, to });
  }

  /** Members with their batch and registration, each batch read once. */
  private withBatch(members: BatchMember[]): MemberOfBatch[] {
    const batches = new Map<number, BatchOf>();
    return members.map((member) => {
      let of = batches.get(member.batchId);
      if (!of) {
        const batch = this.get(member.batchId)!;
        batches.set(member.batchId, (of = { batch, registration: this.registrationOf(batch) }));
      }
      return { member, ...of };
    });
  }
}
