import { writeTransaction, type LibraryDatabase } from './database.ts';

/** Documents: a chain of linked records, one per version, and the token for the next one. */

export interface StoredDocument {
  id: number;
  profile: string;
  name: string;
  firstTxId: string | null;
  headTxId: string | null;
  updateToken: string | null;
  finalisedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const SELECT = `SELECT id, profile, name, first_tx_id AS firstTxId, head_tx_id AS headTxId, update_token AS updateToken,
  finalised_at AS finalisedAt, created_at AS createdAt, updated_at AS updatedAt FROM documents`;

export class Documents {
  constructor(
    private readonly db: LibraryDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  create(profile: string, name: string): StoredDocument {
    const now = this.now();
    const id = this.db
      .prepare('INSERT INTO documents (profile, name, created_at, updated_at) VALUES (?, ?, ?, ?)')
      .run(profile, name, now, now).lastInsertRowid;
    return this.get(Number(id))!;
  }

  /** A version known from an imported receipt: it becomes the head when it is the newest. */
  noteImportedVersion(id: number, txId: string, version: number, finalises: boolean): void {
    // Read and written as one: another process may import a newer version meanwhile.
    writeTransaction(this.db, () => {
      const newest = this.db.prepare<[number], { v: number | null }>('SELECT max(version) AS v FROM records WHERE document_id = ?').get(id)!.v ?? 0;
      const now = this.now();
      this.db
        .prepare(
          `UPDATE documents SET first_tx_id = CASE WHEN @version = 1 THEN @txId ELSE first_tx_id END,
             head_tx_id = CASE WHEN @version >= @newest THEN @txId ELSE head_tx_id END,
             finalised_at = CASE WHEN @finalises = 1 THEN @now ELSE finalised_at END, updated_at = @now WHERE id = @id`,
        )
        .run({ id, txId: txId.toLowerCase(), version, newest, finalises: finalises ? 1 : 0, now });
    });
  }

  get(id: number): StoredDocument | undefined {
    return this.db.prepare<[number], StoredDocument>(`${SELECT} WHERE id = ?`).get(id);
  }

  /** The document one of whose versions has this txId. */
  byTxId(txId: string): StoredDocument | undefined {
    return this.db
      .prepare<[string], StoredDocument>(`${SELECT} WHERE id = (SELECT document_id FROM records WHERE tx_id = ? AND document_id IS NOT NULL LIMIT 1)`)
      .get(txId.toLowerCase());
  }

  /**
   * The documents whose latest version (queued or sent, not failed, rejected or superseded) was
   * registered from `path`: a file edited in place is still its document's, by where it is.
   */
  lastRegisteredFrom(path: string, profile?: string): StoredDocument[] {
    return this.db
      .prepare<[{ path: string; profile: string | null }], StoredDocument>(
        `${SELECT} d WHERE (@profile IS NULL OR d.profile = @profile) AND @path = (
           SELECT path FROM records r WHERE r.document_id = d.id AND r.kind != 'linked-delete' AND r.state NOT IN ('failed', 'rejected', 'superseded')
           ORDER BY r.version DESC, r.id DESC LIMIT 1)
         ORDER BY d.updated_at DESC, d.id DESC`,
      )
      .all({ path, profile: profile ?? null });
  }

  list(profile?: string): StoredDocument[] {
    return profile
      ? this.db.prepare<[string], StoredDocument>(`${SELECT} WHERE profile = ? ORDER BY updated_at DESC`).all(profile)
      : this.db.prepare<[], StoredDocument>(`${SELECT} ORDER BY updated_at DESC`).all();
  }
}
