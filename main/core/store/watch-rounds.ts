import type { Batches, BatchOf, NewBatch } from './batches.ts';
import { connectionOf } from './connection.ts';
import type { LibraryDatabase } from './database.ts';
import type { Documents } from './documents.ts';
import type { SendLease, StoredRecord } from './record.ts';
import type { WatchedFolders } from './watched-folders.ts';

/**
 * A watched folder's rounds in the library (docs/design/batches-and-rounds.md, rounds): the files taken wait in
 * `watch_pending` (WatchedFolders.wait); a round is stored whole — its batch, its registration as
 * the next record of the folder's chain, its files pointed at their members, their waiting rows
 * gone — in one transaction, and only while its turn has come: the chain's head in a block, nothing
 * else of the chain on its way, the chain not finalised, the waiting files as they were read.
 */

export interface NewRound {
  folderId: number;
  /** The chain's head the round follows (in a block); null: the chain's first record. */
  after: StoredRecord | null;
  /** The batch: its registration is the chain's next linked record (its document set here for a first round). */
  batch: NewBatch;
  /** The waiting files it takes (as read), each with the leaf of its content. */
  files: readonly { relPath: string; sha256: string; position: number }[];
  /** The chain's name, for a folder's first round. */
  chainName: string;
}

/**
 * `stale`: something changed since the round was read (its turn has not come, or the waiting files
 * changed): nothing was written. `taken`: contents the profile already holds (a live record or a
 * member of a live registration), so nothing was written.
 */
export type BuiltRound = ({ stale?: undefined; taken?: undefined } & BatchOf) | { stale: true; taken?: undefined } | { taken: string[]; stale?: undefined };

/** A registration's submissions are all dead (refused, given up): its members' files wait again. */
const DEAD_REGISTRATION = `NOT EXISTS (SELECT 1 FROM records r WHERE (r.id = b.record_id OR r.resubmits = b.record_id)
  AND r.state NOT IN ('failed', 'rejected', 'superseded'))`;

export class WatchRounds {
  constructor(
    private readonly db: LibraryDatabase,
    private readonly folders: WatchedFolders,
    private readonly documents: Documents,
    private readonly batches: Batches,
    private readonly now: () => number = Date.now,
  ) {}

  async build(round: NewRound, lease: SendLease): Promise<BuiltRound> {
    return connectionOf(this.db).write((): BuiltRound => {
      const folder = this.folders.get(round.folderId);
      if (!folder) return { stale: true };
      if ((round.after?.documentId ?? folder.documentId) !== folder.documentId) return { stale: true };
      if (folder.documentId !== null) {
        if (this.documents.get(folder.documentId)?.finalisedAt != null) return { stale: true };
        const busy = this.db
          .prepare<[number], { n: number }>("SELECT count(*) AS n FROM records WHERE document_id = ? AND state IN ('queued', 'submitting', 'published')")
          .get(folder.documentId)!.n;
        if (busy > 0) return { stale: true };
      }
      if (round.after) {
        const head = this.db.prepare<[number], { state: string }>('SELECT state FROM records WHERE id = ?').get(round.after.id);
        if (head?.state !== 'confirmed' && head?.state !== 'settled') return { stale: true };
      }
      const waitingNow = this.db.prepare<[number, string], { sha256: string }>('SELECT sha256 FROM watch_pending WHERE folder_id = ? AND rel_path = ?');
      if (round.files.some((f) => waitingNow.get(round.folderId, f.relPath)?.sha256 !== f.sha256)) return { stale: true };
      const taken = this.batches.contentsHeld(
        round.batch.members.map((m) => m.sha256),
        folder.profile,
      );
      if (taken.length > 0) return { taken };

      let documentId = folder.documentId;
      if (documentId === null) {
        documentId = this.documents.create(folder.profile, round.chainName).id;
        this.db.prepare('UPDATE watched_folders SET document_id = ? WHERE id = ?').run(documentId, folder.id);
      }
      const created = this.batches.create({ ...round.batch, registration: { ...round.batch.registration, documentId } }, lease, { again: true });
      if (created.taken) throw new Error('unreachable: a batch stored with `again` takes every content');
      const members = this.batches.membersOf(created.batch.id);
      const point = this.db.prepare(
        'UPDATE watched_files SET member_id = ?, record_id = NULL, updated_at = ? WHERE folder_id = ? AND rel_path = ? AND sha256 = ?',
      );
      const unwait = this.db.prepare('DELETE FROM watch_pending WHERE folder_id = ? AND rel_path = ?');
      const now = this.now();
      for (const f of round.files) {
        point.run(members[f.position]!.id, now, folder.id, f.relPath, f.sha256);
        unwait.run(folder.id, f.relPath);
      }
      return { batch: created.batch, registration: created.registration };
    });
  }

  /**
   * The folder's files whose content is a member of a round the service refused, or that was given
   * up: waiting again, for the next round (their content was never registered). Returns how many.
   */
  async reclaimDead(folderId: number): Promise<number> {
    return connectionOf(this.db).write(() => {
      const params = { folder: folderId, now: this.now() };
      // From the chain's dead rounds to their members' files (indexed all the way): not a scan of the folder's files.
      const from = `FROM records first JOIN watched_folders f ON f.document_id = first.document_id JOIN batches b ON b.record_id = first.id
        JOIN batch_members m ON m.batch_id = b.id JOIN watched_files wf ON wf.member_id = m.id AND wf.folder_id = f.id
        WHERE f.id = @folder AND first.state IN ('failed', 'rejected', 'superseded') AND wf.gone_at IS NULL AND ${DEAD_REGISTRATION}`;
      const n = this.db
        .prepare(
          `INSERT OR REPLACE INTO watch_pending (folder_id, rel_path, size, mtime_ms, ino, ctime_ms, sha256, continues, taken_at)
           SELECT wf.folder_id, wf.rel_path, wf.size, wf.mtime_ms, wf.ino, wf.ctime_ms, wf.sha256,
             EXISTS (SELECT 1 FROM batch_members o WHERE o.path = m.path AND o.id != m.id) OR wf.document_id IS NOT NULL, @now ${from}`,
        )
        .run(params).changes;
      if (n > 0) this.db.prepare(`UPDATE watched_files SET member_id = NULL WHERE rowid IN (SELECT wf.rowid ${from})`).run({ folder: folderId });
      return n;
    });
  }
}
