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

/** Each sort's order (then the row's id): every one is an index's over the listed rows (migrations.ts). */
const SORTS: Record<NonNullable<RecordQuery['sort']>, (dir: string) => string> = {
  created: (d) => `created_at ${d}`,
  name: (d) => `name COLLATE NOCASE ${d}`,
  state: (d) => `state ${d}, created_at ${d}`,
  confirmations: (d) => `confirmations ${d}`,
  version: (d) => `version ${d}`,
};

export function queryRecords(db: LibraryDatabase, q: RecordQuery = {}): { records: StoredRecord[]; total: number } {
  const { clause, params } = registrationsWhere(q);
  const search = searchWhere(q.search);
  const where = [clause, search?.clause].filter(Boolean).join(' AND ');
  const all = [...params, ...(search?.params ?? [])];
  const filter = where ? ` WHERE ${where}` : '';
  const order = `${SORTS[q.sort ?? 'created'](direction(q))}, id ${direction(q)}`;
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
 * by txId finds every file the registration anchors. Sorted and paged in SQL, each sort read in
 * order from an index (the registrations' rows, then a batch's files by path), so a page costs
 * the same in a library of 100 files as in one of 100,000; a search reads the names once.
 */
export function queryFiles(db: LibraryDatabase, q: FileQuery = {}): { rows: FileRow[]; total: number } {
  const { clause, params } = registrationsWhere(q, 'r');
  const search = searchWhere(q.search, { name: 'coalesce(m.name, r.name)', sha256: 'coalesce(m.sha256, r.sha256)', prefix: 'r.' });
  const batch = q.batch === undefined ? undefined : 'b.id = ?';
  const where = [clause, search?.clause, batch].filter(Boolean).join(' AND ');
  const all = [...params, ...(search?.params ?? []), ...(q.batch === undefined ? [] : [q.batch])];
  const d = direction(q);
  const page = [q.limit ?? 100, q.offset ?? 0];
  // One batch's files: from the batch, in order, to its registration (CROSS JOIN keeps that order), not from every registration to its batch.
  const from = q.batch === undefined ? FILES : ONE_BATCH;
  const sort = q.sort ?? 'created';
  const list =
    sort === 'name'
      ? byName(q, d)
      : { sql: `SELECT r.id AS recordId, m.id AS memberId FROM ${from} WHERE ${where} ORDER BY ${fileOrder(sort, q.batch, d)} LIMIT ? OFFSET ?`, params: all };
  const rows = db.prepare<unknown[], FileRow>(list.sql).all(...list.params, ...page);
  const total = search ? db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM ${from} WHERE ${where}`).get(...all)!.n : countFiles(db, q);
  return { rows, total };
}

/** Every row of the Library: each registration's listed row, with its batch's files when it anchors a batch. */
const FILES = `records r LEFT JOIN batches b ON b.record_id = coalesce(r.resubmits, r.id) LEFT JOIN batch_members m ON m.batch_id = b.id`;

/** One batch's files (its id in the query's `b.id = ?`), with its registration's listed row. */
const ONE_BATCH = `batches b CROSS JOIN batch_members m ON m.batch_id = b.id CROSS JOIN records r ON (r.id = b.record_id OR r.resubmits = b.record_id)`;

/**
 * The Library's sorts, on the registration's row: a batch's files take their registration's place,
 * together, by path (a folder's files as a file manager lists them, whichever way the list runs).
 */
const FILE_SORTS: Record<Exclude<NonNullable<FileQuery['sort']>, 'name'>, (dir: string) => string> = {
  created: (d) => `r.created_at ${d}`,
  state: (d) => `r.state ${d}, r.created_at ${d}`,
  confirmations: (d) => `r.confirmations ${d}`,
};

/** A sort's full order; one batch's files share everything but their place: by path, the way the list runs. */
function fileOrder(sort: keyof typeof FILE_SORTS, batch: number | undefined, d: string): string {
  if (batch !== undefined) return `m.path ${d}, m.position ${d}`;
  return `${FILE_SORTS[sort](d)}, r.id ${d}, m.path ASC, m.position ASC`;
}

/**
 * By name, the files of a batch are among the others: two lists each read in name order from its
 * own index (registrations of a file; batches' files, each with its registration), merged. Ties are
 * broken by the member's id (0 for a registration of a file), then the registration's.
 */
function byName(q: FileQuery, d: string): { sql: string; params: unknown[] } {
  const reg = registrationsWhere(q, 'r');
  const own = searchWhere(q.search, { name: 'r.name', sha256: 'r.sha256', prefix: 'r.' });
  const member = searchWhere(q.search, { name: 'm.name', sha256: 'm.sha256', prefix: 'r.' });
  const ofBatch = q.batch === undefined ? [] : [q.batch];
  const members = `SELECT r.id AS recordId, m.id AS memberId, m.name AS name, m.id AS k FROM batch_members m JOIN batches b ON b.id = m.batch_id
      JOIN records r ON (r.id = b.record_id OR r.resubmits = b.record_id)
      WHERE ${[reg.clause, member?.clause, q.batch === undefined ? undefined : 'b.id = ?'].filter(Boolean).join(' AND ')}`;
  const memberParams = [...reg.params, ...(member?.params ?? []), ...ofBatch];
  const order = `ORDER BY name COLLATE NOCASE ${d}, k ${d}, recordId ${d} LIMIT ? OFFSET ?`;
  // One batch's files: no registration of a file is among them.
  if (q.batch !== undefined) return { sql: `${members} ${order}`, params: memberParams };
  const files = `SELECT r.id AS recordId, NULL AS memberId, r.name AS name, 0 AS k FROM records r
      WHERE ${[reg.clause, own?.clause].filter(Boolean).join(' AND ')} AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.record_id = coalesce(r.resubmits, r.id))`;
  return { sql: `${files} UNION ALL ${members} ${order}`, params: [...reg.params, ...(own?.params ?? []), ...memberParams] };
}

/**
 * How many rows the Library's list has for these registrations (queryFiles' total with no search),
 * from the registrations alone: a batch's count of files, any other registration one. Two counts
 * read from indexes (every registration; the few that anchor a batch), never a batch's files.
 */
export function countFiles(db: LibraryDatabase, q: Pick<FileQuery, 'profile' | 'states' | 'batch'> = {}): number {
  const { clause, params } = registrationsWhere(q, 'r');
  const where = clause ? ` AND ${clause}` : '';
  // The few batches first (CROSS JOIN keeps that order), each with its registration's rows.
  const anchors = `FROM batches b CROSS JOIN records r ON (r.id = b.record_id OR r.resubmits = b.record_id)`;
  if (q.batch !== undefined)
    return db.prepare<unknown[], { n: number }>(`SELECT coalesce(sum(b.files), 0) AS n ${anchors} WHERE b.id = ?${where}`).get(q.batch, ...params)!.n;
  const registrations = db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM records r${clause ? ` WHERE ${clause}` : ''}`).get(...params)!.n;
  const more = db.prepare<unknown[], { n: number }>(`SELECT coalesce(sum(b.files - 1), 0) AS n ${anchors} WHERE 1${where}`).get(...params)!.n;
  return registrations + more;
}

const direction = (q: Pick<RecordQuery, 'direction'>): string => (q.direction === 'asc' ? 'ASC' : 'DESC');

/**
 * The registrations a query asks for (profile, document, states), as an SQL condition on `records`
 * (as `t`): one row per registration, its listed one (migrations.ts keeps `listed`), unless
 * superseded rows are asked for.
 */
function registrationsWhere(q: Pick<RecordQuery, 'profile' | 'documentId' | 'states'>, t = 'records'): { clause: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.profile) {
    where.push(`${t}.profile = ?`);
    params.push(q.profile);
  }
  if (q.documentId !== undefined) {
    where.push(`${t}.document_id = ?`);
    params.push(q.documentId);
  }
  if (q.states?.length) {
    where.push(`${t}.state IN (${q.states.map(() => '?').join(', ')})`);
    params.push(...q.states);
  }
  if (!q.states?.includes('superseded')) where.push(`${t}.listed = 1`);
  return { clause: where.join(' AND '), params };
}

/**
 * A search: a substring of the name; a hex string of 4 to 64, also a prefix of the digest, the
 * published fingerprint or the txId (`columns`: where they are read; `prefix`: the registration's table).
 */
function searchWhere(
  search: string | undefined,
  columns: { name: string; sha256: string; prefix: string } = { name: 'name', sha256: 'sha256', prefix: '' },
): { clause: string; params: unknown[] } | undefined {
  const s = search?.trim();
  if (!s) return undefined;
  const hex = /^[0-9a-fA-F]{4,64}$/.test(s) ? s.toLowerCase() : null;
  const name = `%${s.replace(/[\\%_]/g, (ch) => '\\' + ch)}%`;
  if (!hex) return { clause: `${columns.name} LIKE ? ESCAPE '\\'`, params: [name] };
  return {
    clause: `(${columns.name} LIKE ? ESCAPE '\\' OR ${columns.sha256} LIKE ? OR ${columns.prefix}published_hex LIKE ? OR ${columns.prefix}tx_id LIKE ?)`,
    params: [name, `${hex}%`, `${hex}%`, `${hex}%`],
  };
}
