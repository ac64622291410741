import { writeTransaction, type LibraryDatabase } from './database.ts';
import { countFiles, queryRecords, type RecordQuery } from './record-query.ts';
import { SELECT, fromRow, type Row } from './record-rows.ts';
import {
  groupOf,
  FOLLOWED_STATES,
  inBlock,
  notSent,
  PENDING_STATES,
  type SendLease,
  type ConfirmationUpdate,
  type ImportedOutcome,
  type QueuedVersion,
  type RecordState,
  type StoredRecord,
  type Submission,
} from './record.ts';

/** The states the poller follows, in its queries' SQL. */
const FOLLOWED_SQL = FOLLOWED_STATES.map((s) => `'${s}'`).join(', ');
/** Settled records still followed, slowly, while their block may change (records_settling). */
const SETTLING_SQL = `state = 'settled' AND next_check_at IS NOT NULL`;

/**
 * Records in the library. A registration is written as `submitting` (with its fingerprint and
 * idempotency key) before the request leaves, and gets its txId in one transaction with the
 * answer: whatever crashes, the store keeps every record the service accepted.
 */

export class Records {
  constructor(
    private readonly db: LibraryDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: number): StoredRecord | undefined {
    const row = this.db.prepare<[number], Row>(`${SELECT} WHERE id = ?`).get(id);
    return row && fromRow(row);
  }

  byTxId(txId: string, profile?: string): StoredRecord | undefined {
    const row = profile
      ? this.db.prepare<[string, string], Row>(`${SELECT} WHERE tx_id = ? AND profile = ?`).get(txId.toLowerCase(), profile)
      : this.db.prepare<[string], Row>(`${SELECT} WHERE tx_id = ? ORDER BY id LIMIT 1`).get(txId.toLowerCase());
    return row && fromRow(row);
  }

  /** Every record of this content, newest first (optionally in one profile); superseded rows are not among them. */
  bySha256(sha256: string, profile?: string): StoredRecord[] {
    const rows = profile
      ? this.db.prepare<[string, string], Row>(`${SELECT} WHERE sha256 = ? AND profile = ? AND state != 'superseded' ORDER BY id DESC`).all(sha256, profile)
      : this.db.prepare<[string], Row>(`${SELECT} WHERE sha256 = ? AND state != 'superseded' ORDER BY id DESC`).all(sha256);
    return rows.map(fromRow);
  }

  /** The versions of a document, oldest first (queued ones included; superseded rows are not versions). */
  ofDocument(documentId: number): StoredRecord[] {
    return this.db.prepare<[number], Row>(`${SELECT} WHERE document_id = ? AND state != 'superseded' ORDER BY version, id`).all(documentId).map(fromRow);
  }

  /**
   * A document's registrations, oldest version first, each once (queued ones included): of the
   * submissions of one, the newest live, or the newest when none is live (given up, say).
   */
  registrationsOf(documentId: number): StoredRecord[] {
    return queryRecords(this.db, { documentId, sort: 'version', direction: 'asc', limit: -1 }).records;
  }

  /** Every submission of one registration (the first record and its resubmissions), oldest first. */
  group(id: number): StoredRecord[] {
    return this.db.prepare<[number, number], Row>(`${SELECT} WHERE id = ? OR resubmits = ? ORDER BY id`).all(id, id).map(fromRow);
  }

  /** The rows `winner` superseded. */
  supersededBy(winner: number): StoredRecord[] {
    return this.db.prepare<[number], Row>(`${SELECT} WHERE superseded_by = ? ORDER BY id`).all(winner).map(fromRow);
  }

  /** Documents with a version waiting for its predecessor's block (in one profile, or all). */
  documentsWithQueue(profile?: string): number[] {
    const where = `state = 'queued'${profile ? ' AND profile = ?' : ''}`;
    return this.db
      .prepare<unknown[], { id: number }>(`SELECT DISTINCT document_id AS id FROM records WHERE ${where} ORDER BY document_id`)
      .all(...(profile ? [profile] : []))
      .map((r) => r.id);
  }

  /** A registration about to be sent; it is `submitting` until the service answers (not sent yet: `submitted_at` is set as it leaves, markSent). */
  insertSubmitting(s: Submission, lease?: SendLease): StoredRecord {
    const now = this.now();
    const id = this.db
      .prepare(
        `INSERT INTO records (profile, kind, state, name, path, size, sha256, encode, salt, record_hex, published_hex,
           idempotency_key, network, service_url, service_override, prev_tx_id, document_id, version, send_lease_owner, send_lease_until, created_at, updated_at)
         VALUES (@profile, @kind, 'submitting', @name, @path, @size, @sha256, @encode, @salt, @recordHex, @publishedHex,
           @idempotencyKey, @network, @serviceUrl, @serviceOverride, @prevTxId, @documentId, @version, @owner, @until, @now, @now)`,
      )
      .run({
        prevTxId: null,
        documentId: null,
        version: null,
        ...s,
        serviceOverride: s.serviceOverride ? 1 : 0,
        owner: lease?.owner ?? null,
        until: lease?.until ?? null,
        now,
      }).lastInsertRowid;
    return this.get(Number(id))!;
  }

  /**
   * A document version kept here, not sent, until its predecessor is in a block. With `replacing`
   * (a watched file saved again meanwhile), the document's queued content versions give way to it:
   * they become `superseded` by it (with that reason), and it takes the first one's version number.
   */
  queueVersion(q: QueuedVersion, replacing?: { reason: string }): { record: StoredRecord; superseded: StoredRecord[] } {
    return writeTransaction(this.db, () => {
      const replaced = replacing
        ? this.db
            .prepare<[number], { id: number; version: number }>(
              `SELECT id, version FROM records WHERE document_id = ? AND state = 'queued' AND kind = 'linked-update' ORDER BY version, id`,
            )
            .all(q.documentId)
        : [];
      const now = this.now();
      const id = Number(
        this.db
          .prepare(
            `INSERT INTO records (profile, kind, state, name, path, size, sha256, encode, salt, record_hex, published_hex,
               idempotency_key, network, service_url, service_override, document_id, version, created_at, updated_at)
             VALUES (@profile, @kind, 'queued', @name, @path, @size, @sha256, @encode, @salt, @recordHex, @publishedHex,
               @idempotencyKey, @network, @serviceUrl, @serviceOverride, @documentId, @version, @now, @now)`,
          )
          .run({ ...q, serviceOverride: q.serviceOverride ? 1 : 0, version: replaced[0]?.version ?? q.version, now }).lastInsertRowid,
      );
      for (const r of replaced) this.supersede(r.id, id, replacing!.reason);
      return { record: this.get(id)!, superseded: replaced.map((r) => this.get(r.id)!) };
    });
  }

  /**
   * Takes a queued version to `submitting`, after `predecessor` (in a block), as its next version.
   * One statement, so of two processes releasing the same queue only one wins, and only while
   * nothing else of the document is on its way (never two writes on one predecessor).
   */
  claimQueued(id: number, predecessor: StoredRecord, lease?: SendLease): StoredRecord | undefined {
    const now = this.now();
    const changed = this.db
      .prepare(
        `UPDATE records SET state = 'submitting', prev_tx_id = @prev, version = @version, submitted_at = NULL, last_error = NULL, updated_at = @now,
           send_lease_owner = @owner, send_lease_until = @until
         WHERE id = @id AND state = 'queued'
           AND EXISTS (SELECT 1 FROM records WHERE id = @pred AND state IN ('confirmed', 'settled'))
           AND NOT EXISTS (SELECT 1 FROM records WHERE document_id = @doc AND state IN ('submitting', 'published'))`,
      )
      .run({
        id,
        prev: predecessor.txId,
        version: (predecessor.version ?? 0) + 1,
        pred: predecessor.id,
        doc: predecessor.documentId,
        owner: lease?.owner ?? null,
        until: lease?.until ?? null,
        now,
      }).changes;
    return changed === 1 ? this.get(id) : undefined;
  }

  /**
   * A new submission of a registration still not in a block (service-notes.md: "no guarantee that a
   * record will be mined"), or of one the service stopped knowing (rejected, sent once more): the
   * same fingerprint and salt, a new idempotency key, sent as `submitting`. Only the newest live
   * submission of a registration is sent again (one refused or rejected does not count), once: of
   * two processes deciding at the same moment, one inserts.
   */
  insertResubmission(of: StoredRecord, idempotencyKey: string, lease?: SendLease): StoredRecord | undefined {
    const now = this.now();
    const result = this.db
      .prepare(
        `INSERT INTO records (profile, kind, state, name, path, size, sha256, encode, salt, record_hex, published_hex, idempotency_key,
           network, service_url, service_override, prev_tx_id, document_id, version, resubmits, send_lease_owner, send_lease_until, created_at, updated_at)
         SELECT profile, kind, 'submitting', name, path, size, sha256, encode, salt, record_hex, published_hex, @key,
           network, service_url, service_override, prev_tx_id, document_id, version, coalesce(resubmits, id), @owner, @until, @now, @now
         FROM records r WHERE id = @id AND state IN ('published', 'rejected')
           AND NOT EXISTS (SELECT 1 FROM records o WHERE coalesce(o.resubmits, o.id) = coalesce(r.resubmits, r.id) AND o.id > r.id
             AND o.state NOT IN ('failed', 'rejected', 'superseded'))`,
      )
      .run({ id: of.id, key: idempotencyKey, owner: lease?.owner ?? null, until: lease?.until ?? null, now });
    return result.changes === 1 ? this.get(Number(result.lastInsertRowid)) : undefined;
  }

  /**
   * A transaction found on the service that is this registration's (its content, after its
   * predecessor): kept as one more submission of it, followed like the others.
   */
  insertAdopted(of: StoredRecord, txId: string, firstCheckAt: number): StoredRecord {
    const now = this.now();
    const id = this.db
      .prepare(
        `INSERT INTO records (profile, kind, state, name, path, size, sha256, encode, salt, record_hex, published_hex,
           network, service_url, service_override, prev_tx_id, document_id, version, resubmits, tx_id, next_check_at, created_at, submitted_at, published_at, updated_at)
         SELECT profile, kind, 'published', name, path, size, sha256, encode, salt, record_hex, published_hex,
           network, service_url, service_override, prev_tx_id, document_id, version, coalesce(resubmits, id), @txId, @at, @now, @now, @now, @now
         FROM records WHERE id = @id`,
      )
      .run({ id: of.id, txId: txId.toLowerCase(), at: firstCheckAt, now }).lastInsertRowid;
    return this.get(Number(id))!;
  }

  /**
   * `winner` is in a block first: it is the registration. The other submissions of it not in a
   * block become `superseded` (never followed, shown or counted again), watched files follow the
   * winner, and a document takes the winner's txId and token as its head.
   */
  winRace(winner: StoredRecord, reason: string = lostRace(winner.txId)): StoredRecord[] {
    const group = groupOf(winner);
    return writeTransaction(this.db, () => {
      const losers = this.db
        .prepare<[number, number, number], { id: number; txId: string | null }>(
          `SELECT id, tx_id AS txId FROM records WHERE (id = ? OR resubmits = ?) AND id != ? AND state IN ('submitting', 'published')`,
        )
        .all(group, group, winner.id);
      if (losers.length === 0) return [];
      for (const loser of losers) this.loseTo(loser.id, winner.id, reason);
      if (winner.documentId !== null && winner.txId) {
        const theirs = losers.flatMap((l) => (l.txId ? [l.txId] : []));
        this.db
          .prepare(
            `UPDATE documents SET head_tx_id = @txId, update_token = @token,
               first_tx_id = CASE WHEN @kind = 'linked-create' THEN @txId ELSE first_tx_id END, updated_at = @now
             WHERE id = @doc AND (head_tx_id IS NULL OR head_tx_id IN (SELECT value FROM json_each(@theirs)))`,
          )
          .run({ txId: winner.txId, token: winner.updateToken, kind: winner.kind, now: this.now(), doc: winner.documentId, theirs: JSON.stringify(theirs) });
      }
      return losers.map((l) => this.get(l.id)!);
    });
  }

  /** Superseded by `winner`, and its watched files follow the winner. */
  private loseTo(id: number, winner: number, reason: string): void {
    this.supersede(id, winner, reason);
    this.db.prepare('UPDATE watched_files SET record_id = ? WHERE record_id = ?').run(winner, id);
  }

  /** A submission that is not the registration: `by` is (or will be) instead. */
  supersede(id: number, by: number, reason: string): void {
    this.db
      .prepare(
        `UPDATE records SET state = 'superseded', superseded_by = ?, last_error = ?, next_check_at = NULL, updated_at = ? WHERE id = ? AND state IN ('queued', 'submitting', 'published')`,
      )
      .run(by, reason, this.now(), id);
  }

  /**
   * A version taken from the queue that the service did not take (nothing was written): back to
   * `queued`, with the reason, to be sent after its predecessor again by whoever releases the queue.
   */
  requeue(id: number, reason: string): StoredRecord | undefined {
    const changed = this.db
      .prepare(
        `UPDATE records SET state = 'queued', prev_tx_id = NULL, submitted_at = NULL, last_error = ?, updated_at = ? WHERE id = ? AND state = 'submitting' AND tx_id IS NULL`,
      )
      .run(reason, this.now(), id).changes;
    return changed === 1 ? this.get(id) : undefined;
  }

  /**
   * The request leaves now: from here on the service may hold it (a crash after this line leaves the
   * row in doubt). The first send's time is kept: a row sent before stays sent.
   */
  markSent(id: number): void {
    this.db
      .prepare("UPDATE records SET submitted_at = coalesce(submitted_at, ?), updated_at = ? WHERE id = ? AND state = 'submitting'")
      .run(this.now(), this.now(), id);
  }

  /**
   * The row's first send never reached the service (the connection was refused, no route, no DNS
   * answer): nothing can have been written, so it is not in doubt. Kept `submitting`, never sent,
   * with the reason: the next run sends it as new.
   */
  markNotSent(id: number, reason: string): void {
    this.db
      .prepare("UPDATE records SET submitted_at = NULL, last_error = ?, updated_at = ? WHERE id = ? AND state = 'submitting' AND tx_id IS NULL")
      .run(reason, this.now(), id);
  }

  /**
   * Removes a registration that never reached the service (record.ts notSent), at its user's word:
   * nothing of it was registered. Only while `owner` holds its send lease, so no engine is sending it,
   * and while it is still not sent. With it go what stood on it alone: a document's first version
   * takes its document and the versions queued behind it (none of them sent either); the queued
   * versions it replaced; a batch's members; and what a watched folder kept of its file, which the
   * folder takes again at its next rescan. In one transaction. Returns the rows removed, none when
   * it was no longer a not-sent row held by `owner`.
   */
  removeNotSent(id: number, owner: string): StoredRecord[] {
    return writeTransaction(this.db, () => {
      const row = this.get(id);
      if (!row || !notSent(row) || row.txId !== null || row.sendLeaseOwner !== owner) return [];
      const documentId = row.kind === 'linked-create' ? row.documentId : null;
      const rows = this.db
        .prepare<{ id: number; doc: number | null }, Row>(
          `${SELECT} WHERE id = @id OR (superseded_by = @id AND tx_id IS NULL) OR (document_id = @doc AND tx_id IS NULL AND state IN ('queued', 'superseded')) ORDER BY id`,
        )
        .all({ id, doc: documentId })
        .map(fromRow);
      // A document's first version never sent: nothing else of the document can have been sent.
      if (
        documentId !== null &&
        this.db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM records WHERE document_id = ?').get(documentId)!.n !== rows.length
      )
        return [];
      const ids = JSON.stringify(rows.map((r) => r.id));
      const within = 'IN (SELECT value FROM json_each(?))';
      this.db.prepare(`DELETE FROM watched_files WHERE record_id ${within} OR document_id = ?`).run(ids, documentId);
      this.db.prepare(`DELETE FROM batch_members WHERE batch_id IN (SELECT id FROM batches WHERE record_id ${within})`).run(ids);
      this.db.prepare(`DELETE FROM batches WHERE record_id ${within}`).run(ids);
      this.db.prepare(`DELETE FROM records WHERE id ${within}`).run(ids);
      if (documentId !== null) this.db.prepare('DELETE FROM documents WHERE id = ?').run(documentId);
      return rows;
    });
  }

  /** The service said it wrote the row without its txId: from now on it is only looked for on the chain, never sent again. */
  markWrittenUnseen(id: number): void {
    this.db.prepare("UPDATE records SET written_unseen = 1, updated_at = ? WHERE id = ? AND state = 'submitting'").run(this.now(), id);
  }

  /** Sent again after a lost answer, without Idempotency-Key: the service may hold a second registration. */
  markPossibleDuplicate(id: number): void {
    this.db.prepare('UPDATE records SET possible_duplicate = 1, updated_at = ? WHERE id = ?').run(this.now(), id);
  }

  /**
   * The service accepted the registration: its txId, the first status check, and for a document
   * version the new head and its update token, all in one transaction.
   */
  markPublished(id: number, txId: string, firstCheckAt: number, updateToken?: string | null): StoredRecord {
    const now = this.now();
    writeTransaction(this.db, () => {
      // Only a record still waiting for its answer takes a txId: an answer never overwrites another.
      const changed = this.db
        .prepare(
          `UPDATE records SET state = 'published', tx_id = ?, update_token = ?, published_at = ?, next_check_at = ?, last_error = NULL, updated_at = ?
           WHERE id = ? AND state = 'submitting'`,
        )
        .run(txId.toLowerCase(), updateToken ?? null, now, firstCheckAt, now, id).changes;
      const record = this.get(id)!;
      if (changed === 0 || record.documentId === null) return;
      this.db
        .prepare(
          `UPDATE documents SET head_tx_id = @txId, first_tx_id = coalesce(first_tx_id, @txId), update_token = @token,
             finalised_at = CASE WHEN @kind = 'linked-delete' THEN @now ELSE finalised_at END, updated_at = @now WHERE id = @doc`,
        )
        .run({ txId: txId.toLowerCase(), token: updateToken ?? null, kind: record.kind, now, doc: record.documentId });
    });
    return this.get(id)!;
  }

  /** The service refused the registration (or it can no longer be written): a document's head goes back as with a rejection. */
  markFailed(id: number, reason: string): void {
    writeTransaction(this.db, () => {
      // Never over another process's outcome: a row in a block, superseded or already ended stays as it is.
      if (!['queued', 'submitting', 'published'].includes(this.get(id)?.state ?? '')) return;
      this.setState(id, 'failed', reason);
      this.rollBackHead(this.get(id)!);
    });
  }

  /**
   * The chain refused the registration. A document whose head it was goes back to the version
   * before it (and that version's token), so the document can take a new version again.
   */
  markRejected(id: number, reason: string): void {
    writeTransaction(this.db, () => {
      if (this.get(id)?.state === 'superseded') return; // another submission is the registration: nothing to roll back
      this.setState(id, 'rejected', reason);
      this.rollBackHead(this.get(id)!);
    });
  }

  /**
   * A registration none of whose submissions was mined in time: its unmined submissions fail (no
   * longer followed) and a document's head goes back to the version before; for a document version,
   * the versions queued behind it fail too (`queuedReason`), since they would follow the output the
   * unmined one may still hold. One transaction; a submission in a block meanwhile wins instead.
   * Returns the rows that changed.
   */
  giveUp(group: number, reason: string, queuedReason: string): StoredRecord[] {
    return writeTransaction(this.db, () => {
      const rows = this.group(group);
      if (rows.some(inBlock)) return [];
      const unmined = rows.filter((r) => r.state === 'published');
      const documentId = rows[0]?.documentId ?? null;
      const queued = documentId === null ? [] : this.ofDocument(documentId).filter((r) => r.state === 'queued');
      for (const r of unmined) this.setState(r.id, 'failed', reason);
      for (const r of queued) this.setState(r.id, 'failed', queuedReason);
      if (unmined[0]) this.rollBackHead(this.get(unmined[0].id)!);
      return [...unmined, ...queued].map((r) => this.get(r.id)!);
    });
  }

  /** A document's head and token are its newest version with a txId that is still live. */
  private rollBackHead(record: StoredRecord): void {
    if (record.documentId === null) return;
    const head = this.db
      .prepare<[number], { txId: string; token: string | null; kind: string }>(
        `SELECT tx_id AS txId, update_token AS token, kind FROM records
         WHERE document_id = ? AND tx_id IS NOT NULL AND state NOT IN ('rejected', 'failed', 'superseded') ORDER BY version DESC, id DESC LIMIT 1`,
      )
      .get(record.documentId);
    this.db
      .prepare(
        `UPDATE documents SET head_tx_id = ?, update_token = ?, finalised_at = CASE WHEN ? = 'linked-delete' THEN finalised_at ELSE NULL END,
           first_tx_id = CASE WHEN first_tx_id = ? THEN NULL ELSE first_tx_id END, updated_at = ? WHERE id = ?`,
      )
      .run(head?.txId ?? null, head?.token ?? null, head?.kind ?? '', record.txId, this.now(), record.documentId);
  }

  /**
   * An imported registration whose service showed it in a block whose evidence does not hold the
   * imported content: rejected with `reason`, that block forgotten (none of its evidence was kept),
   * and no longer followed. Never the library's own registrations.
   */
  evidenceDisagrees(id: number, reason: string): void {
    this.db
      .prepare(
        `UPDATE records SET state = 'rejected', last_error = ?, confirmations = 0, block_hash = NULL, block_time = NULL, confirmation = NULL,
           confirmed_at = NULL, next_check_at = NULL, receipts_due = 0, updated_at = ? WHERE id = ? AND proof_outcome IS NOT NULL`,
      )
      .run(reason, this.now(), id);
  }

  /**
   * A pending import's block, as its service named it, not taken: its evidence does not tie the
   * receipt to it (receipts.ts gatherEvidence). It stays published and followed, saying why.
   */
  withholdBlock(id: number, reason: string): void {
    this.db
      .prepare(
        `UPDATE records SET state = 'published', last_error = ?, confirmations = 0, block_hash = NULL, block_time = NULL, confirmation = NULL,
           block_header = NULL, confirmed_at = NULL, receipts_due = 0, updated_at = ? WHERE id = ? AND proof_outcome = 'pending'`,
      )
      .run(reason, this.now(), id);
  }

  /** Notes why the last attempt did not finish, without changing the state (an answer lost in transit). */
  noteError(id: number, message: string): void {
    // Only while it waits for an answer or a block: another process's answer (published, failed) is not overwritten.
    this.db.prepare("UPDATE records SET last_error = ?, updated_at = ? WHERE id = ? AND state IN ('submitting', 'published')").run(message, this.now(), id);
  }

  /**
   * Stores the service's answer about a submission, and settles the race among the submissions
   * of its registration in the same transaction: the first in a block is the registration. One
   * found in a block after another of its registration already is loses to it (two processes may
   * each see a different submission mined; only one can win). Returns the rows superseded by
   * this answer (this one included, when it lost).
   */
  recordConfirmation(id: number, u: ConfirmationUpdate, nextCheckAt: number | null): StoredRecord[] {
    return writeTransaction(this.db, () => {
      const record = this.get(id);
      if (!record || !['published', 'confirmed', 'settled'].includes(record.state)) return [];
      const inBlockNow = u.state !== 'published';
      if (inBlockNow && !inBlock(record)) {
        const first = this.group(groupOf(record)).find((r) => r.id !== id && inBlock(r));
        if (first) {
          this.loseTo(id, first.id, lostRace(first.txId));
          return [this.get(id)!];
        }
      }
      const now = this.now();
      this.db
        .prepare(
          `UPDATE records SET state = @state, confirmations = @confirmations, block_hash = @blockHash, block_time = @blockTime,
             confirmation = @confirmation, raw_tx = coalesce(@rawTx, raw_tx),
             -- Another block (a reorganisation) or none: the header kept is that of a block the record is no longer in.
             block_header = CASE WHEN block_hash IS @blockHash THEN coalesce(@blockHeader, block_header) ELSE @blockHeader END,
             confirmed_at = CASE WHEN @state = 'published' THEN NULL ELSE coalesce(confirmed_at, @now) END,
             checks = checks + 1, next_check_at = @nextCheckAt, unknown_since = NULL, last_error = NULL, updated_at = @now,
             -- A block reached, settled, or another block: its receipts are owed from this write on (cleared once written).
             receipts_due = CASE WHEN @state <> 'published' AND (state <> @state OR block_hash IS NOT @blockHash) THEN 1 ELSE receipts_due END
           WHERE id = @id`,
        )
        .run({
          ...u,
          confirmation: u.confirmation === null ? null : JSON.stringify(u.confirmation),
          blockHeader: u.blockHeader ?? null,
          rawTx: u.rawTx ?? null,
          nextCheckAt,
          now,
          id,
        });
      return inBlockNow ? this.winRace(this.get(id)!) : [];
    });
  }

  /** The service does not know the txId (yet): start or continue the run of 404s. */
  recordUnknown(id: number, nextCheckAt: number): void {
    const now = this.now();
    this.db
      .prepare(
        `UPDATE records SET checks = checks + 1, unknown_since = coalesce(unknown_since, ?), next_check_at = ?, updated_at = ?
         WHERE id = ? AND state IN ('published', 'confirmed', 'settled')`,
      )
      .run(now, nextCheckAt, now, id);
  }

  /** A check failed for another reason (network, 5xx): keep the state, note the error, retry later. */
  recordCheckError(id: number, message: string, nextCheckAt: number): void {
    const now = this.now();
    this.db
      .prepare(
        `UPDATE records SET checks = checks + 1, last_error = ?, next_check_at = ?, updated_at = ? WHERE id = ? AND state IN ('published', 'confirmed', 'settled')`,
      )
      .run(message, nextCheckAt, now, id);
  }

  /**
   * Takes the right to ask the service about a record now (`at`): granted when its last status
   * request was at least `gapMs` ago (service-notes.md: "once every 10 minutes (at the most
   * frequent)"), or after a clock set back. In one statement, so two pollers (the app's and a command's) never both ask within
   * the gap; the next scheduled check moves past the gap too, so a crash before the answer does not
   * ask again early.
   */
  claimCheck(id: number, at: number, gapMs: number): boolean {
    return writeTransaction(this.db, () => {
      const claimed =
        this.db
          .prepare(
            `UPDATE records SET last_checked_at = @at,
             next_check_at = CASE WHEN next_check_at IS NULL THEN NULL ELSE max(next_check_at, @at + @gapMs) END, updated_at = @at
           WHERE id = @id AND (last_checked_at IS NULL OR last_checked_at + @gapMs <= @at OR last_checked_at > @at)`,
          )
          .run({ id, at, gapMs }).changes === 1;
      // Refused (a longer block time since it was scheduled, say): due once the gap is over, not before.
      if (!claimed)
        this.db.prepare('UPDATE records SET next_check_at = max(next_check_at, last_checked_at + ?) WHERE id = ? AND next_check_at IS NOT NULL').run(gapMs, id);
      return claimed;
    });
  }

  /**
   * The raw transaction and block header, kept so receipts can be written without the network
   * later. With `blockHash`, the header (and `warning`: what could not be taken) is kept only while
   * the record still names that block (a status answered meanwhile may have moved it to another: a
   * reorganisation).
   */
  setEvidence(id: number, evidence: { rawTx?: string | null; blockHeader?: string | null; blockHash?: string; warning?: string }): void {
    this.db
      .prepare(
        `UPDATE records SET raw_tx = coalesce(@rawTx, raw_tx),
           block_header = CASE WHEN @blockHash IS NULL OR block_hash = @blockHash THEN coalesce(@blockHeader, block_header) ELSE block_header END,
           last_error = CASE WHEN @blockHash IS NULL OR block_hash = @blockHash THEN coalesce(@warning, last_error) ELSE last_error END,
           -- Evidence its receipts lack: they are owed again, with it.
           receipts_due = CASE WHEN (@rawTx IS NOT NULL AND raw_tx IS NOT @rawTx)
             OR ((@blockHash IS NULL OR block_hash = @blockHash) AND @blockHeader IS NOT NULL AND block_header IS NOT @blockHeader) THEN 1 ELSE receipts_due END,
           updated_at = @now WHERE id = @id`,
      )
      .run({
        rawTx: evidence.rawTx ?? null,
        blockHeader: evidence.blockHeader ?? null,
        blockHash: evidence.blockHash ?? null,
        warning: evidence.warning ?? null,
        now: this.now(),
        id,
      });
  }

  /**
   * A registration known from a receipt (imported), in the state its confirmation shows. Its import
   * is no publication nor confirmation seen here, so neither time is set (createdAt is the import's).
   */
  insertImported(
    r: Omit<Submission, 'idempotencyKey'> & {
      follow: boolean;
      proofOutcome: ImportedOutcome;
      txId: string;
      state: 'published' | 'confirmed' | 'settled';
      confirmations: number;
      blockHash: string | null;
      blockTime: string | null;
      confirmation: unknown;
      rawTx: string | null;
      blockHeader: string | null;
      receiptPath: string;
    },
  ): StoredRecord {
    const { follow, ...fields } = r;
    const now = this.now();
    const id = this.db
      .prepare(
        `INSERT INTO records (profile, kind, state, name, path, size, sha256, encode, salt, record_hex, published_hex, tx_id, prev_tx_id,
           document_id, version, confirmations, block_hash, block_time, confirmation, raw_tx, block_header, receipt_path,
           network, service_url, proof_outcome, next_check_at, created_at, published_at, confirmed_at, updated_at)
         VALUES (@profile, @kind, @state, @name, @path, @size, @sha256, @encode, @salt, @recordHex, @publishedHex, @txId, @prevTxId,
           @documentId, @version, @confirmations, @blockHash, @blockTime, @confirmation, @rawTx, @blockHeader, @receiptPath,
           @network, @serviceUrl, @proofOutcome, @nextCheckAt, @now, NULL, NULL, @now)`,
      )
      .run({
        documentId: null,
        version: null,
        prevTxId: null,
        ...fields,
        txId: r.txId.toLowerCase(),
        confirmation: r.confirmation === null ? null : JSON.stringify(r.confirmation),
        nextCheckAt: r.state === 'settled' || !follow ? null : now,
        now,
      }).lastInsertRowid;
    return this.get(Number(id))!;
  }

  /**
   * An imported record gives way to a better-proven receipt of the same txId: every field a receipt
   * gave it is the new receipt's, so nothing of the weaker claim (its content, fingerprint, evidence,
   * and the note of what became of it) stays. Never the library's own registrations (proof_outcome is null for those).
   */
  replaceImported(id: number, r: Parameters<Records['insertImported']>[0]): StoredRecord {
    const { follow, ...fields } = r;
    const now = this.now();
    this.db
      .prepare(
        `UPDATE records SET kind = @kind, state = @state, name = @name, path = @path, size = @size, sha256 = @sha256, encode = @encode,
           salt = @salt, record_hex = @recordHex, published_hex = @publishedHex, prev_tx_id = @prevTxId, document_id = @documentId,
           version = @version, confirmations = @confirmations, block_hash = @blockHash, block_time = @blockTime,
           confirmation = @confirmation, raw_tx = @rawTx, block_header = @blockHeader, receipt_path = @receiptPath, network = @network,
           service_url = @serviceUrl, proof_outcome = @proofOutcome, next_check_at = @nextCheckAt, published_at = NULL, confirmed_at = NULL,
           last_error = NULL, checks = 0, unknown_since = NULL, updated_at = @now
         WHERE id = @id AND proof_outcome IS NOT NULL`,
      )
      .run({
        documentId: null,
        version: null,
        prevTxId: null,
        ...fields,
        confirmation: r.confirmation === null ? null : JSON.stringify(r.confirmation),
        nextCheckAt: r.state === 'settled' || !follow ? null : now,
        now,
        id,
      });
    return this.get(id)!;
  }

  /**
   * An imported registration takes the evidence of a receipt of it that proved more than the one it
   * was imported from (another file of its batch, say): its block, confirmation, transaction,
   * header, network label and what that receipt proved; the weaker evidence's note goes with it. The
   * caller has checked it is the same registration.
   */
  replaceImportedEvidence(
    id: number,
    e: Pick<StoredRecord, 'confirmations' | 'blockHash' | 'blockTime' | 'rawTx' | 'blockHeader' | 'network'> & {
      state: 'published' | 'confirmed' | 'settled';
      confirmation: unknown;
      proofOutcome: ImportedOutcome;
    },
  ): void {
    this.db
      .prepare(
        `UPDATE records SET state = @state, confirmations = @confirmations, block_hash = @blockHash, block_time = @blockTime,
           confirmation = @confirmation, raw_tx = @rawTx, block_header = @blockHeader, network = @network, proof_outcome = @proofOutcome,
           last_error = NULL, unknown_since = NULL, updated_at = @now
         WHERE id = @id AND proof_outcome IS NOT NULL`,
      )
      .run({ ...e, confirmation: e.confirmation === null ? null : JSON.stringify(e.confirmation), now: this.now(), id });
  }

  /** The receipt was written: where, and under which network label (a held one may take its profile's corrected label). */
  setReceiptPath(id: number, path: string, network?: string): void {
    this.db
      .prepare('UPDATE records SET receipt_path = ?, network = coalesce(?, network), receipt_held = NULL, updated_at = ? WHERE id = ?')
      .run(path, network ?? null, this.now(), id);
  }

  /** An imported record whose pending receipt was completed since: what that receipt proves now. */
  setProofOutcome(id: number, outcome: ImportedOutcome): void {
    this.db.prepare('UPDATE records SET proof_outcome = ?, updated_at = ? WHERE id = ?').run(outcome, this.now(), id);
  }

  /** Records whose receipts an engine owed and did not write (it stopped first), oldest first. */
  receiptsOwed(afterId: number, limit: number): StoredRecord[] {
    return this.db.prepare<[number, number], Row>(`${SELECT} WHERE receipts_due = 1 AND id > ? ORDER BY id LIMIT ?`).all(afterId, limit).map(fromRow);
  }

  /** The record's receipts are written (or nothing more is owed: held, imported evidence, no file). */
  receiptsWritten(id: number): void {
    this.db.prepare('UPDATE records SET receipts_due = 0 WHERE id = ? AND receipts_due = 1').run(id);
  }

  /** Holds the record's receipt with the reason (null: nothing holds it any more). */
  holdReceipt(id: number, reason: string | null): void {
    this.db.prepare('UPDATE records SET receipt_held = ?, updated_at = ? WHERE id = ?').run(reason, this.now(), id);
  }

  /** Records whose receipt is held, oldest first (optionally of one profile). */
  heldReceipts(profile?: string): StoredRecord[] {
    const where = `receipt_held IS NOT NULL${profile ? ' AND profile = ?' : ''}`;
    const stmt = this.db.prepare<unknown[], Row>(`${SELECT} WHERE ${where} ORDER BY id`);
    return (profile ? stmt.all(profile) : stmt.all()).map(fromRow);
  }

  /** A profile's network was read from its chain: its records registered before that take the label. */
  adoptNetwork(profile: string, label: string): void {
    this.db.prepare('UPDATE records SET network = ?, updated_at = ? WHERE profile = ? AND network IS NULL').run(label, this.now(), profile);
  }

  /** Records whose status check is due, soonest first. */
  due(now: number, limit: number): StoredRecord[] {
    // Followed, and settled while their block may still change (poller/schedule.ts): each read from its index.
    const read = (where: string) =>
      this.db.prepare<[number, number], Row>(`${SELECT} WHERE ${where} AND next_check_at <= ? ORDER BY next_check_at LIMIT ?`).all(now, limit);
    return [...read(`state IN (${FOLLOWED_SQL})`), ...read(SETTLING_SQL)]
      .sort((a, b) => a.nextCheckAt! - b.nextCheckAt!)
      .slice(0, limit)
      .map(fromRow);
  }

  /** When the next check is due, or null when nothing is pending. */
  nextDueAt(): number | null {
    const at = (where: string) => this.db.prepare<[], { at: number | null }>(`SELECT min(next_check_at) AS at FROM records WHERE ${where}`).get()!.at;
    const times = [at(`state IN (${FOLLOWED_SQL})`), at(SETTLING_SQL)].filter((t) => t !== null);
    return times.length === 0 ? null : Math.min(...times);
  }

  /** The id and state of each registration in these states (its listed row): a few bytes a row, read from an index. */
  statesOf(states: readonly RecordState[]): Pick<StoredRecord, 'id' | 'state'>[] {
    return this.db
      .prepare<RecordState[], Pick<StoredRecord, 'id' | 'state'>>(
        `SELECT id, state FROM records WHERE listed = 1 AND state IN (${states.map(() => '?').join(', ')})`,
      )
      .all(...states);
  }

  /**
   * Files whose registration has not settled yet, as the Library lists them: a batch's files each (a
   * 10-file drop is 10). The library's own only: an imported receipt on its way is someone else's.
   */
  pendingCount(profile?: string): number {
    return countFiles(this.db, { states: [...PENDING_STATES], own: true, ...(profile ? { profile } : {}) });
  }

  /**
   * Registrations sent (or about to be) whose answer never came, of one profile or all: `submitting`
   * rows whose send lease is free — none, expired, or its holder gone (`gone`). A row another engine
   * is sending is not among them.
   */
  inDoubt(profile: string | undefined, gone: (owner: string) => boolean): StoredRecord[] {
    const now = this.now();
    return this.db
      .prepare<[{ profile: string | null }], Row>(`${SELECT} WHERE state = 'submitting' AND (@profile IS NULL OR profile = @profile) ORDER BY id`)
      .all({ profile: profile ?? null })
      .map(fromRow)
      .filter((r) => r.sendLeaseOwner === null || (r.sendLeaseUntil ?? 0) <= now || gone(r.sendLeaseOwner));
  }

  /**
   * Takes the right to send a `submitting` row now (`lease`), in one statement: granted when it is
   * free, already `lease.owner`'s, expired, or held by an engine that is `gone`.
   */
  takeSendLease(id: number, lease: SendLease, gone: (owner: string) => boolean): boolean {
    const row = this.get(id);
    if (!row || row.state !== 'submitting') return false;
    const held = row.sendLeaseOwner;
    const free = held === null || held === lease.owner || (row.sendLeaseUntil ?? 0) <= this.now() || gone(held);
    if (!free) return false;
    return (
      this.db
        .prepare(`UPDATE records SET send_lease_owner = ?, send_lease_until = ? WHERE id = ? AND state = 'submitting' AND send_lease_owner IS ?`)
        .run(lease.owner, lease.until, id, held).changes === 1
    );
  }

  /** The send of this row ended (answered, refused or lost): whoever comes next may settle it. */
  releaseSendLease(id: number, owner: string): void {
    this.db.prepare('UPDATE records SET send_lease_owner = NULL, send_lease_until = NULL WHERE id = ? AND send_lease_owner = ?').run(id, owner);
  }

  query(q: RecordQuery = {}): { records: StoredRecord[]; total: number } {
    return queryRecords(this.db, q);
  }

  private setState(id: number, state: RecordState, reason: string): void {
    this.db.prepare('UPDATE records SET state = ?, last_error = ?, next_check_at = NULL, updated_at = ? WHERE id = ?').run(state, reason, this.now(), id);
  }
}

/** Why a submission is not the registration: another of it was in a block first. */
function lostRace(winnerTxId: string | null): string {
  return `Superseded: another submission of this registration (txId ${winnerTxId}) was in a block first, and is the registration.`;
}
