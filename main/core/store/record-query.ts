import type { LibraryDatabase } from './database.ts';
import { SELECT, fromRow, type Row } from './record-rows.ts';
import type { RecordState, StoredRecord } from './record.ts';

/** The Library's list: filtered, searched, sorted and paged in SQL. */

export interface RecordQuery {
  profile?: string;
  /** One document's versions. */
  documentId?: number;
  /**
   * Superseded rows are left out unless asked for: they are never a registration of the file.
   * Otherwise each registration is one row, whatever the states asked for.
   */
  states?: RecordState[];
  /** Matches name, sha256, the published fingerprint or txId (prefix for hashes, substring for names). */
  search?: string;
  sort?: 'created' | 'name' | 'state' | 'confirmations' | 'version';
  direction?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

const SORTS: Record<NonNullable<RecordQuery['sort']>, string> = {
  created: 'created_at',
  name: 'name COLLATE NOCASE',
  state: 'state',
  confirmations: 'confirmations',
  version: 'version',
};

/** A row that is, or may become, the registration (isLive, in SQL). */
const LIVE = (row: string): string => `${row}.state NOT IN ('failed', 'rejected', 'superseded')`;

export function queryRecords(db: LibraryDatabase, q: RecordQuery = {}): { records: StoredRecord[]; total: number } {
  const { clause, params } = registrationsWhere(q);
  const search = searchWhere(q.search);
  const where = [clause, search?.clause].filter(Boolean).join(' AND ');
  const all = [...params, ...(search?.params ?? [])];
  const filter = where ? ` WHERE ${where}` : '';
  const order = `${SORTS[q.sort ?? 'created']} ${direction(q)}, id ${direction(q)}`;
  const total = db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM records${filter}`).get(...all)!.n;
  const records = db
    .prepare<unknown[], Row>(`${SELECT}${filter} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...all, q.limit ?? 100, q.offset ?? 0)
    .map(fromRow);
  return { records, total };
}

/** The Library's query: the registrations' query, and one batch's files alone (`batch`: its id). */
export type FileQuery = Omit<RecordQuery, 'documentId' | 'sort'> & { sort?: Exclude<RecordQuery['sort'], 'version'>; batch?: number };

/** A row of the Library: a registration's record, or one file of a batch (`memberId`) with the registration it follows. */
export interface FileRow {
  recordId: number;
  memberId: number | null;
}

/**
 * The Library's list (docs/design/batches-and-rounds.md): one row per file a person registered. A registration of
 * a file is its row, as in queryRecords; a batch's registration holds no file of its own and is not
 * a row: each of its files is, with the registration's state, txId and confirmations, so a search
 * by txId finds every file the registration anchors. Sorted and paged in SQL.
 */
export function queryFiles(db: LibraryDatabase, q: FileQuery = {}): { rows: FileRow[]; total: number } {
  const { clause, params } = registrationsWhere(q);
  const shown = `SELECT id, name, sha256, tx_id, published_hex, state, confirmations, created_at, coalesce(resubmits, id) AS grp FROM records${clause ? ` WHERE ${clause}` : ''}`;
  const items = `WITH shown AS (${shown}), items AS (
    SELECT s.id AS record_id, NULL AS member_id, NULL AS batch_id, NULL AS position, s.name, s.sha256, s.tx_id, s.published_hex, s.state,
      s.confirmations, s.created_at FROM shown s WHERE NOT EXISTS (SELECT 1 FROM batches b WHERE b.record_id = s.grp)
    UNION ALL
    SELECT s.id, m.id, m.batch_id, m.position, m.name, m.sha256, s.tx_id, s.published_hex, s.state, s.confirmations, m.created_at
      FROM shown s JOIN batches b ON b.record_id = s.grp JOIN batch_members m ON m.batch_id = b.id)`;
  const search = searchWhere(q.search);
  const where = [search?.clause, q.batch === undefined ? undefined : 'batch_id = ?'].filter(Boolean);
  const all = [...params, ...(search?.params ?? []), ...(q.batch === undefined ? [] : [q.batch])];
  const filter = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const order = `${SORTS[q.sort ?? 'created']} ${direction(q)}, record_id ${direction(q)}, position ${direction(q)}`;
  const total = db.prepare<unknown[], { n: number }>(`${items} SELECT count(*) AS n FROM items${filter}`).get(...all)!.n;
  const rows = db
    .prepare<unknown[], FileRow>(`${items} SELECT record_id AS recordId, member_id AS memberId FROM items${filter} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...all, q.limit ?? 100, q.offset ?? 0);
  return { rows, total };
}

/**
 * How many rows the Library's list has for these registrations (queryFiles' total with no search),
 * from the registrations alone: a batch's count of files, any other registration one. The
 * sidebar's pending count, read after every status answer, never walks a large batch's files.
 */
export function countFiles(db: LibraryDatabase, q: Pick<RecordQuery, 'profile' | 'states'> = {}): number {
  const { clause, params } = registrationsWhere(q);
  const files = 'coalesce((SELECT b.files FROM batches b WHERE b.record_id = coalesce(records.resubmits, records.id)), 1)';
  return db.prepare<unknown[], { n: number }>(`SELECT coalesce(sum(${files}), 0) AS n FROM records${clause ? ` WHERE ${clause}` : ''}`).get(...params)!.n;
}

const direction = (q: Pick<RecordQuery, 'direction'>): string => (q.direction === 'asc' ? 'ASC' : 'DESC');

/** The registrations a query asks for (profile, document, states; one row per registration), as an SQL condition on `records`. */
function registrationsWhere(q: Pick<RecordQuery, 'profile' | 'documentId' | 'states'>): { clause: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.profile) {
    where.push('profile = ?');
    params.push(q.profile);
  }
  if (q.documentId !== undefined) {
    where.push('document_id = ?');
    params.push(q.documentId);
  }
  if (q.states?.length) {
    where.push(`state IN (${q.states.map(() => '?').join(', ')})`);
    params.push(...q.states);
  }
  if (!q.states?.includes('superseded')) {
    // One row per registration: of its submissions (a resubmission, a write found on the chain),
    // the newest live one; when none is live (refused, rejected, given up), the newest.
    where.push(`records.state != 'superseded' AND NOT EXISTS (SELECT 1 FROM records o WHERE o.id != records.id
      AND coalesce(o.resubmits, o.id) = coalesce(records.resubmits, records.id) AND o.state != 'superseded'
      AND (${LIVE('o')} AND (NOT ${LIVE('records')} OR o.id > records.id) OR NOT ${LIVE('records')} AND o.id > records.id))`);
  }
  return { clause: where.join(' AND '), params };
}

/** A search: a substring of the name; a hex string of 4 to 64, also a prefix of the digest, the published fingerprint or the txId. */
function searchWhere(search: string | undefined): { clause: string; params: unknown[] } | undefined {
  const s = search?.trim();
  if (!s) return undefined;
  const hex = /^[0-9a-fA-F]{4,64}$/.test(s) ? s.toLowerCase() : null;
  const name = `%${s.replace(/[\\%_]/g, (ch) => '\\' + ch)}%`;
  if (!hex) return { clause: `name LIKE ? ESCAPE '\\'`, params: [name] };
  return {
    clause: `(name LIKE ? ESCAPE '\\' OR sha256 LIKE ? OR published_hex LIKE ? OR tx_id LIKE ?)`,
    params: [name, `${hex}%`, `${hex}%`, `${hex}%`],
  };
}
