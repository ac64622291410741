import { writeTransaction, type LibraryDatabase } from './database.ts';

/**
 * Watched folders and what the watcher last took of each of their files (size, mtime, content, and
 * the document the file's next content extends), so a restart hashes only what changed meanwhile.
 */

export type ReceiptPlacement = 'beside' | 'folder';

export interface WatchSettings {
  recursive: boolean;
  /** Globs relative to the folder; empty: every file. */
  include: string[];
  exclude: string[];
  /** Receipts next to their files, or in the folder's `.notarium/`. */
  receipts: ReceiptPlacement;
  /** How long a file must stay unchanged before it is taken. */
  stableMs: number;
}

export interface WatchedFolder extends WatchSettings {
  id: number;
  /** Absolute. */
  path: string;
  /** The profile its files are notarised in. */
  profile: string;
  /** Paused by its user: not watched (even across restarts) until resumed. */
  paused: boolean;
  /** The folder's chain, a document whose versions are its rounds (docs/design/batches-and-rounds.md, rounds); null until its first round. */
  documentId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface WatchedFile {
  folderId: number;
  /** '/'-separated, relative to the folder. */
  relPath: string;
  size: number;
  mtimeMs: number;
  sha256: string;
  /** Inode and change time (null: kept before they were): a replacement of the same size and mtime differs in them. */
  ino: number | null;
  ctimeMs: number | null;
  /** The registration of its content when that is a record of its own (before rounds, or content notarised elsewhere). */
  recordId: number | null;
  /** The round member holding its content; null while it waits for its round, or when its content is a record. */
  memberId: number | null;
  /** Its document from before rounds, whose versions its history begins with (null for a file watched since). */
  documentId: number | null;
  /** When the file was found deleted; null while it exists. */
  goneAt: number | null;
  updatedAt: number;
}

const FOLDER_SELECT = `SELECT id, path, profile, recursive, include, exclude, receipts, stable_ms AS stableMs, paused, document_id AS documentId,
  created_at AS createdAt, updated_at AS updatedAt FROM watched_folders`;
const FILE_SELECT = `SELECT folder_id AS folderId, rel_path AS relPath, size, mtime_ms AS mtimeMs, ino, ctime_ms AS ctimeMs, sha256,
  record_id AS recordId, member_id AS memberId, document_id AS documentId, gone_at AS goneAt, updated_at AS updatedAt FROM watched_files`;

type FolderRow = Omit<WatchedFolder, 'recursive' | 'include' | 'exclude' | 'paused'> & { recursive: number; include: string; exclude: string; paused: number };
const folderOf = (row: FolderRow): WatchedFolder => ({
  ...row,
  recursive: row.recursive === 1,
  paused: row.paused === 1,
  include: JSON.parse(row.include) as string[],
  exclude: JSON.parse(row.exclude) as string[],
});

/**
 * The right to watch a library's folders, held by one engine at a time across processes (two
 * watchers would both register a new file): kept in the library's settings, as send leases are kept
 * on their rows, and taken over the same way (send-lease.ts).
 */
export interface WatcherLease {
  /** The engine holding it (`host:pid:id`, send-lease.ts). */
  owner: string;
  /** What it is, for people: "the Notarium app", "notarium watch". */
  holder: string;
  /** It watches every folder of the library, those added while it runs too (the app), not only some named to it. */
  everyFolder: boolean;
  /** Until when it holds the lease unless it renews it. */
  until: number;
}

const WATCHER_LEASE_SETTING = 'watcher-lease';

/** A file's content taken, waiting for its folder's next round. */
export interface WaitingFile {
  folderId: number;
  relPath: string;
  size: number;
  mtimeMs: number;
  ino: number | null;
  ctimeMs: number | null;
  sha256: string;
  /** The file held a registered content before (this is its next version), rather than being new. */
  continues: boolean;
  takenAt: number;
}

export class WatchedFolders {
  constructor(
    private readonly db: LibraryDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  list(): WatchedFolder[] {
    return this.db.prepare<[], FolderRow>(`${FOLDER_SELECT} ORDER BY path`).all().map(folderOf);
  }

  get(id: number): WatchedFolder | undefined {
    const row = this.db.prepare<[number], FolderRow>(`${FOLDER_SELECT} WHERE id = ?`).get(id);
    return row && folderOf(row);
  }

  byPath(path: string): WatchedFolder | undefined {
    const row = this.db.prepare<[string], FolderRow>(`${FOLDER_SELECT} WHERE path = ?`).get(path);
    return row && folderOf(row);
  }

  add(path: string, profile: string, settings: WatchSettings): WatchedFolder {
    const now = this.now();
    const id = this.db
      .prepare(
        `INSERT INTO watched_folders (path, profile, recursive, include, exclude, receipts, stable_ms, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        path,
        profile,
        settings.recursive ? 1 : 0,
        JSON.stringify(settings.include),
        JSON.stringify(settings.exclude),
        settings.receipts,
        settings.stableMs,
        now,
        now,
      ).lastInsertRowid;
    return this.get(Number(id))!;
  }

  update(id: number, settings: WatchSettings): WatchedFolder {
    this.db
      .prepare('UPDATE watched_folders SET recursive = ?, include = ?, exclude = ?, receipts = ?, stable_ms = ?, updated_at = ? WHERE id = ?')
      .run(
        settings.recursive ? 1 : 0,
        JSON.stringify(settings.include),
        JSON.stringify(settings.exclude),
        settings.receipts,
        settings.stableMs,
        this.now(),
        id,
      );
    return this.get(id)!;
  }

  setPaused(id: number, paused: boolean): WatchedFolder {
    this.db.prepare('UPDATE watched_folders SET paused = ?, updated_at = ? WHERE id = ?').run(paused ? 1 : 0, this.now(), id);
    return this.get(id)!;
  }

  /** The folder's next round starts a new chain (its chain was finalised elsewhere); its files keep the rounds they were in. */
  startNewChain(id: number): WatchedFolder {
    this.db.prepare('UPDATE watched_folders SET document_id = NULL, updated_at = ? WHERE id = ?').run(this.now(), id);
    return this.get(id)!;
  }

  /** Forgets the folder and what was seen of its files (their records stay in the library). */
  remove(id: number): void {
    this.db.prepare('DELETE FROM watched_folders WHERE id = ?').run(id);
  }

  files(folderId: number): WatchedFile[] {
    return this.db.prepare<[number], WatchedFile>(`${FILE_SELECT} WHERE folder_id = ? ORDER BY rel_path`).all(folderId);
  }

  /**
   * The folder's files in their paths' byte order, a page at a time (no statement is left open
   * between pages: the caller may write to the library meanwhile).
   */
  *filesInOrder(folderId: number, page = 1000): Generator<WatchedFile> {
    const next = this.db.prepare<[number, string, number], WatchedFile>(`${FILE_SELECT} WHERE folder_id = ? AND rel_path > ? ORDER BY rel_path LIMIT ?`);
    let after = '';
    for (;;) {
      const rows = next.all(folderId, after, page);
      yield* rows;
      if (rows.length < page) return;
      after = rows.at(-1)!.relPath;
    }
  }

  file(folderId: number, relPath: string): WatchedFile | undefined {
    return this.db.prepare<[number, string], WatchedFile>(`${FILE_SELECT} WHERE folder_id = ? AND rel_path = ?`).get(folderId, relPath);
  }

  /** Files (in any folder) last seen with this content, newest first. */
  withContent(sha256: string): WatchedFile[] {
    return this.db.prepare<[string], WatchedFile>(`${FILE_SELECT} WHERE sha256 = ? ORDER BY updated_at DESC`).all(sha256);
  }

  /** Files (in any folder, not deleted) whose next content extends this document. */
  holdingDocument(documentId: number): WatchedFile[] {
    return this.db.prepare<[number], WatchedFile>(`${FILE_SELECT} WHERE document_id = ? AND gone_at IS NULL`).all(documentId);
  }

  /** The files that hold, or held until they were deleted, a version of a document. */
  everHoldingDocument(documentId: number): WatchedFile[] {
    return this.db.prepare<[number], WatchedFile>(`${FILE_SELECT} WHERE document_id = ?`).all(documentId);
  }

  /** Files (not deleted) whose content is this registration. */

  trackingRecord(recordId: number): WatchedFile[] {
    return this.db.prepare<[number], WatchedFile>(`${FILE_SELECT} WHERE record_id = ? AND gone_at IS NULL`).all(recordId);
  }

  /**
   * The file as it was taken now: present, with this content (a record, a round member, or, with
   * neither, waiting for its folder's next round). Whatever it waited for before is replaced.
   */
  saveFile(file: Omit<WatchedFile, 'goneAt' | 'updatedAt'>): void {
    writeTransaction(this.db, () => {
      this.upsertFile(file);
      this.dropWaiting(file.folderId, file.relPath);
    });
  }

  /**
   * The file's content waits for the folder's next round (docs/design/batches-and-rounds.md, rounds): a later save of it
   * replaces this one, and it keeps its place in the wait (when it was first taken).
   */
  wait(file: Omit<WatchedFile, 'goneAt' | 'updatedAt' | 'recordId' | 'memberId'>, continues: boolean): void {
    writeTransaction(this.db, () => {
      this.upsertFile({ ...file, recordId: null, memberId: null });
      this.db
        .prepare(
          `INSERT INTO watch_pending (folder_id, rel_path, size, mtime_ms, ino, ctime_ms, sha256, continues, taken_at)
           VALUES (@folderId, @relPath, @size, @mtimeMs, @ino, @ctimeMs, @sha256, @continues, @now)
           ON CONFLICT (folder_id, rel_path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, ino = excluded.ino,
             ctime_ms = excluded.ctime_ms, sha256 = excluded.sha256`,
        )
        .run({ ...file, continues: continues ? 1 : 0, now: this.now() });
    });
  }

  private upsertFile(file: Omit<WatchedFile, 'goneAt' | 'updatedAt'>): void {
    this.db
      .prepare(
        `INSERT INTO watched_files (folder_id, rel_path, size, mtime_ms, ino, ctime_ms, sha256, record_id, member_id, document_id, gone_at, updated_at)
         VALUES (@folderId, @relPath, @size, @mtimeMs, @ino, @ctimeMs, @sha256, @recordId, @memberId, @documentId, NULL, @now)
         ON CONFLICT (folder_id, rel_path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, ino = excluded.ino,
           ctime_ms = excluded.ctime_ms, sha256 = excluded.sha256, record_id = excluded.record_id, member_id = excluded.member_id,
           document_id = excluded.document_id, gone_at = NULL, updated_at = excluded.updated_at`,
      )
      .run({ ...file, now: this.now() });
  }

  /** The files waiting for the folder's next round, first taken first, at most `limit`. */
  waiting(folderId: number, limit = -1): WaitingFile[] {
    return this.db
      .prepare<[number, number], Omit<WaitingFile, 'continues'> & { continues: number }>(
        `SELECT folder_id AS folderId, rel_path AS relPath, size, mtime_ms AS mtimeMs, ino, ctime_ms AS ctimeMs, sha256, continues, taken_at AS takenAt
         FROM watch_pending WHERE folder_id = ? ORDER BY taken_at, rel_path LIMIT ?`,
      )
      .all(folderId, limit)
      .map((w) => ({ ...w, continues: w.continues === 1 }));
  }

  /** How many files wait for the folder's next round. */
  waitingCount(folderId: number): number {
    return this.db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM watch_pending WHERE folder_id = ?').get(folderId)!.n;
  }

  private dropWaiting(folderId: number, relPath: string): void {
    this.db.prepare('DELETE FROM watch_pending WHERE folder_id = ? AND rel_path = ?').run(folderId, relPath);
  }

  /** An unchanged entry kept before inodes and ctimes were: theirs, noted. */
  noteIdentity(folderId: number, relPath: string, ino: number, ctimeMs: number): void {
    this.db.prepare('UPDATE watched_files SET ino = ?, ctime_ms = ? WHERE folder_id = ? AND rel_path = ?').run(ino, ctimeMs, folderId, relPath);
  }

  /** A file deleted: its records and history stay; what it waited to have registered is dropped (there is no file for it). */
  markGone(folderId: number, relPath: string): void {
    const now = this.now();
    writeTransaction(this.db, () => {
      this.db
        .prepare('UPDATE watched_files SET gone_at = ?, updated_at = ? WHERE folder_id = ? AND rel_path = ? AND gone_at IS NULL')
        .run(now, now, folderId, relPath);
      this.dropWaiting(folderId, relPath);
    });
  }

  /** A file was moved (renamed): its entry follows it, replacing whatever was last seen at the new place. */
  moveFile(from: WatchedFile, to: { folderId: number; relPath: string; size: number; mtimeMs: number; ino?: number | null; ctimeMs?: number | null }): void {
    writeTransaction(this.db, () => {
      this.db.prepare('DELETE FROM watched_files WHERE folder_id = ? AND rel_path = ?').run(to.folderId, to.relPath);
      this.dropWaiting(to.folderId, to.relPath);
      this.db
        .prepare(
          `UPDATE watched_files SET folder_id = ?, rel_path = ?, size = ?, mtime_ms = ?, ino = ?, ctime_ms = ?, gone_at = NULL, updated_at = ?
           WHERE folder_id = ? AND rel_path = ?`,
        )
        .run(to.folderId, to.relPath, to.size, to.mtimeMs, to.ino ?? null, to.ctimeMs ?? null, this.now(), from.folderId, from.relPath);
    });
  }

  /** Files (not deleted) whose content is this round member. */
  trackingMember(memberId: number): WatchedFile[] {
    return this.db.prepare<[number], WatchedFile>(`${FILE_SELECT} WHERE member_id = ? AND gone_at IS NULL`).all(memberId);
  }

  /** The folder whose chain is this document, if one is. */
  byDocument(documentId: number): WatchedFolder | undefined {
    const row = this.db.prepare<[number], FolderRow>(`${FOLDER_SELECT} WHERE document_id = ?`).get(documentId);
    return row && folderOf(row);
  }

  /**
   * Takes (or renews) the right to watch this library's folders for `ms` from now, in one
   * transaction: granted when no one holds it, when its owner does, when it has expired, or when
   * its holder is `gone`. Returns null when granted, else the lease of the engine that holds it.
   */
  takeWatcherLease(lease: Omit<WatcherLease, 'until'>, ms: number, gone: (owner: string) => boolean): WatcherLease | null {
    return writeTransaction(this.db, () => {
      const now = this.now();
      const current = this.watcherLease();
      if (current && current.owner !== lease.owner && current.until > now && !gone(current.owner)) return current;
      this.db
        .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
        .run(WATCHER_LEASE_SETTING, JSON.stringify({ ...lease, until: now + ms }));
      return null;
    });
  }

  /** The lease on watching, whoever holds it (perhaps expired). */
  watcherLease(): WatcherLease | null {
    const row = this.db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(WATCHER_LEASE_SETTING);
    return row ? (JSON.parse(row.value) as WatcherLease) : null;
  }

  /** `owner` stops watching: whoever comes next may take the lease at once. */
  releaseWatcherLease(owner: string): void {
    this.db.prepare("DELETE FROM settings WHERE key = ? AND json_extract(value, '$.owner') = ?").run(WATCHER_LEASE_SETTING, owner);
  }
}
