import type { LibraryDatabase } from './database.ts';
import { SELECT, fromRow, type Row } from './record-rows.ts';
import { RECORD_STATES } from '../../../preload/record-states.ts';
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
  /**
   * Only the library's own registrations, never imported evidence (a receipt's state is its word
   * about someone else's registration): what the pending count and the Library's Pending filter count.
   */
  own?: boolean;
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
  const found = searchOf(q.search);
  const hits = found && !manyNames(db, found) ? recordHits(found, { anchors: true }) : undefined;
  const search = hits ? { clause: `id IN (${hits.sql})`, params: hits.params } : found && searchWhere(found, { name: 'name', sha256: 'sha256', prefix: '' });
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
 * the same in a library of 100 files as in one of 100,000. A search reads its few matches from the
 * names' trigram indexes and the digests' and txIds' indexes, and sorts only them; one that finds
 * many names reads the list in its order, comparing names as it goes (manyNames).
 */
export function queryFiles(db: LibraryDatabase, q: FileQuery = {}): FilePage {
  const page = [q.limit ?? 100, q.offset ?? 0];
  const d = direction(q);
  const sort = q.sort ?? 'created';
  const search = searchOf(q.search);
  if (search && !manyNames(db, search)) {
    const found = searchedFiles(q, search);
    const order = sort === 'name' ? `coalesce(m.name, r.name) COLLATE NOCASE ${d}, coalesce(m.id, 0) ${d}, r.id ${d}` : fileOrder(sort, q.batch, d);
    // The total with the page, in the same pass over the matches; a page past the end has none to say it.
    const rows = db
      .prepare<unknown[], FileRow & { total: number }>(
        `SELECT h.recordId, h.memberId, count(*) OVER () AS total FROM (${found.sql}) h CROSS JOIN records r ON r.id = h.recordId
         LEFT JOIN batch_members m ON m.id = h.memberId ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(...found.params, ...page);
    const total = rows[0]?.total ?? db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM (${found.sql})`).get(...found.params)!.n;
    return { rows: rows.map(({ recordId, memberId }) => ({ recordId, memberId })), total, capped: false };
  }
  // Names too many to sort (or too short for a trigram): the list read in its order, each name compared as it goes.
  const { clause, params } = registrationsWhere(q, 'r', q.batch !== undefined);
  const matches = search && searchWhere(search, { name: 'coalesce(m.name, r.name)', sha256: 'coalesce(m.sha256, r.sha256)', prefix: 'r.' });
  const batch = q.batch === undefined ? undefined : 'b.id = ?';
  const where = [clause, matches?.clause, batch].filter(Boolean).join(' AND ');
  const all = [...params, ...(matches?.params ?? []), ...(q.batch === undefined ? [] : [q.batch])];
  // One batch's files: from the batch, in order, to its registration (CROSS JOIN keeps that order), not from every registration to its batch.
  const from = q.batch === undefined ? FILES : ONE_BATCH;
  const list =
    sort === 'name'
      ? byName(db, q, d, search)
      : { sql: `SELECT r.id AS recordId, m.id AS memberId FROM ${from} WHERE ${where} ORDER BY ${fileOrder(sort, q.batch, d)} LIMIT ? OFFSET ?`, params: all };
  const rows = db.prepare<unknown[], FileRow>(list.sql).all(...list.params, ...page);
  if (!search) return { rows, total: countFiles(db, q), capped: false };
  const bound = countBound(page[0]!, page[1]!);
  const total = countSearched(db, q, search, bound);
  return total > bound ? { rows, total: bound, capped: true } : { rows, total, capped: false };
}

/**
 * A page of the Library's list and how many rows the list has. A search that finds many names is
 * counted only up to a bound past the page (countBound): `capped`, more than `total` rows match.
 */
export interface FilePage {
  rows: FileRow[];
  total: number;
  capped: boolean;
}

/** How far a search that finds many names is counted: in thousands, a thousand at least past the page's end. */
const COUNTED_BY = 1000;

/**
 * The bound past which a search's rows are not counted: the first multiple of a thousand beyond the
 * page's end (none for a page without a limit, which reads every row anyway). A count of every
 * match would cost a pass over every name, however few are shown; this one costs at most a
 * thousand rows more than reading the page, and the list, told more are there, asks again as it is
 * scrolled towards that bound.
 */
function countBound(limit: number, offset: number): number {
  if (limit < 0) return Number.MAX_SAFE_INTEGER - 1;
  return (Math.floor((offset + limit) / COUNTED_BY) + 1) * COUNTED_BY;
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
function byName(db: LibraryDatabase, q: FileQuery, d: string, search: Search | undefined): { sql: string; params: unknown[] } {
  // A filter keeping many registrations (Settled): read in name order from the names' index, each
  // one's state checked, rather than all of them sorted; a filter keeping few is read from its state.
  const reg = registrationsWhere(q, 'r', q.batch === undefined && keepsMany(db, q));
  const reached = registrationsWhere(q, 'r', true);
  const own = search && searchWhere(search, { name: 'r.name', sha256: 'r.sha256', prefix: 'r.' });
  const member = search && searchWhere(search, { name: 'm.name', sha256: 'm.sha256', prefix: 'r.' });
  const ofBatch = q.batch === undefined ? [] : [q.batch];
  // From the files in name order to their batch and its registration (CROSS JOIN keeps that order).
  const members = `SELECT r.id AS recordId, m.id AS memberId, m.name AS name, m.id AS k FROM batch_members m CROSS JOIN batches b ON b.id = m.batch_id
      CROSS JOIN records r ON (r.id = b.record_id OR r.resubmits = b.record_id)
      WHERE ${[reached.clause, member?.clause, q.batch === undefined ? undefined : 'b.id = ?'].filter(Boolean).join(' AND ')}`;
  const memberParams = [...reached.params, ...(member?.params ?? []), ...ofBatch];
  const order = `ORDER BY name COLLATE NOCASE ${d}, k ${d}, recordId ${d} LIMIT ? OFFSET ?`;
  // One batch's files: no registration of a file is among them.
  if (q.batch !== undefined) return { sql: `${members} ${order}`, params: memberParams };
  const files = `SELECT r.id AS recordId, NULL AS memberId, r.name AS name, 0 AS k FROM records r
      WHERE ${[reg.clause, own?.clause, OWN_FILE].filter(Boolean).join(' AND ')}`;
  return { sql: `${files} UNION ALL ${members} ${order}`, params: [...reg.params, ...(own?.params ?? []), ...memberParams] };
}

/** Whether the registrations a state filter keeps are too many to sort or count one by one (MANY_NAMES or more). */
function keepsMany(db: LibraryDatabase, q: Pick<FileQuery, 'profile' | 'states' | 'own'>): boolean {
  if (!q.states?.length || q.states.includes('superseded')) return false;
  const { clause, params } = registrationsWhere(q, 'r');
  return (
    db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM records r WHERE ${clause} LIMIT ?)`).get(...params, MANY_NAMES)!.n >=
    MANY_NAMES
  );
}

/**
 * How many rows the Library's list has for these registrations (queryFiles' total with no search),
 * from the registrations alone: a batch's count of files, any other registration one. Two counts
 * read from indexes (every registration; the few that anchor a batch), never a batch's files.
 */
export function countFiles(db: LibraryDatabase, q: Pick<FileQuery, 'profile' | 'states' | 'own' | 'batch'> = {}): number {
  const { clause, params } = registrationsWhere(q, 'r');
  const reached = registrationsWhere(q, 'r', true);
  const where = reached.clause ? ` AND ${reached.clause}` : '';
  // The few batches first (CROSS JOIN keeps that order), each with its registration's rows.
  const anchors = `FROM batches b CROSS JOIN records r ON (r.id = b.record_id OR r.resubmits = b.record_id)`;
  if (q.batch !== undefined)
    return db.prepare<unknown[], { n: number }>(`SELECT coalesce(sum(b.files), 0) AS n ${anchors} WHERE b.id = ?${where}`).get(q.batch, ...reached.params)!.n;
  const registrations = keepsMany(db, q) ? countByComplement(db, q) : countOf(db, clause, params);
  const more = db.prepare<unknown[], { n: number }>(`SELECT coalesce(sum(b.files - 1), 0) AS n ${anchors} WHERE 1${where}`).get(...reached.params)!.n;
  return registrations + more;
}

/** How many registrations meet this condition on `records r`, from an index. */
function countOf(db: LibraryDatabase, clause: string, params: unknown[]): number {
  return db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM records r${clause ? ` WHERE ${clause}` : ''}`).get(...params)!.n;
}

/**
 * How many registrations a filter that keeps many (Settled) keeps: every listed registration, a
 * count SQLite takes from the index's pages, less those of the other states, which are few. A
 * count of the states kept would read each of their entries (20 ms at 100,000 on a busy machine).
 * A listed row is never superseded, so the other states leave it out.
 */
function countByComplement(db: LibraryDatabase, q: Pick<FileQuery, 'profile' | 'states' | 'own'>): number {
  const kept = new Set(q.states);
  const others = RECORD_STATES.filter((state) => !kept.has(state) && state !== 'superseded');
  const every = registrationsWhere({ ...q, states: undefined }, 'r');
  const rest = registrationsWhere({ ...q, states: others }, 'r');
  return countOf(db, every.clause, every.params) - (others.length ? countOf(db, rest.clause, rest.params) : 0);
}

/**
 * How many rows of the list a search finds, a name compared as it goes, up to `bound` + 1 (enough
 * to tell that there are more): the registrations of a file whose row matches, then the batches'
 * files that match (read from the few batches, never a join from every registration).
 */
function countSearched(db: LibraryDatabase, q: FileQuery, s: Search, bound: number): number {
  const reg = registrationsWhere(q, 'r');
  const reached = registrationsWhere(q, 'r', true);
  const member = searchWhere(s, { name: 'm.name', sha256: 'm.sha256', prefix: 'r.' });
  const where = (...clauses: string[]): string => clauses.filter(Boolean).join(' AND ');
  const batch = q.batch === undefined ? { clause: '', params: [] } : { clause: 'b.id = ?', params: [q.batch] };
  const files = {
    sql: `SELECT 1 FROM batches b CROSS JOIN records r ON (r.id = b.record_id OR r.resubmits = b.record_id)
      CROSS JOIN batch_members m ON m.batch_id = b.id WHERE ${where(reached.clause, member.clause, batch.clause)}`,
    params: [...reached.params, ...member.params, ...batch.params],
  };
  const own = searchWhere(s, { name: 'r.name', sha256: 'r.sha256', prefix: 'r.' });
  const counted =
    q.batch === undefined
      ? all({ sql: `SELECT 1 FROM records r WHERE ${where(reg.clause, own.clause, OWN_FILE)}`, params: [...reg.params, ...own.params] }, files)
      : files;
  return db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM (${counted.sql} LIMIT ?)`).get(...counted.params, bound + 1)!.n;
}

const direction = (q: Pick<RecordQuery, 'direction'>): string => (q.direction === 'asc' ? 'ASC' : 'DESC');

/**
 * The registrations a query asks for (profile, document, states, the library's own), as an SQL
 * condition on `records` (as `t`): one row per registration, its listed one (migrations.ts keeps
 * `listed`), unless superseded rows are asked for. `reached`: the rows are found otherwise (a
 * registration from its batch by its id, or the list in name order), and the filters only check
 * each: written so that no index can serve them (`+column`), or SQLite may look a batch's
 * registration up by its state, reading every registration of that state once per batch (a minute
 * for the Settled filter with 500 batches among 100,000 registrations).
 */
function registrationsWhere(
  q: Pick<RecordQuery, 'profile' | 'documentId' | 'states' | 'own'>,
  t = 'records',
  reached = false,
): { clause: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const c = (column: string): string => `${reached ? '+' : ''}${t}.${column}`;
  // `listed` stays as it is: the listed rows' partial indexes are only used where the query says `listed = 1`.
  if (q.profile) {
    where.push(`${c('profile')} = ?`);
    params.push(q.profile);
  }
  if (q.documentId !== undefined) {
    where.push(`${c('document_id')} = ?`);
    params.push(q.documentId);
  }
  if (q.states?.length) {
    where.push(`${c('state')} IN (${q.states.map(() => '?').join(', ')})`);
    params.push(...q.states);
  }
  if (q.own) where.push(`${c('proof_outcome')} IS NULL`);
  if (!q.states?.includes('superseded')) where.push(`${t}.listed = 1`);
  return { clause: where.join(' AND '), params };
}

/** A registration of a file of its own: it anchors no batch (whose files are the Library's rows instead). */
const OWN_FILE = 'NOT EXISTS (SELECT 1 FROM batches b WHERE b.record_id = coalesce(r.resubmits, r.id))';

/** A search: its text, and the same as lower-case hex when it is 4 to 64 hex digits (a digest's, a fingerprint's or a txId's start). */
interface Search {
  text: string;
  hex: string | null;
}

function searchOf(search: string | undefined): Search | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  return { text, hex: /^[0-9a-fA-F]{4,64}$/.test(text) ? text.toLowerCase() : null };
}

/** An SQL set of ids, with its parameters. */
interface Ids {
  sql: string;
  params: unknown[];
}

/** The names' trigram indexes (migrations.ts), of the records' and of the batches' files' names. */
type Names = 'records_names' | 'members_names';

/** The search as an FTS5 phrase: a trigram index matches it as a substring of a name, in any case. */
const phrase = (text: string): string => `"${text.replaceAll('"', '""')}"`;

/** The ids of the rows whose name holds the search, from their names' trigram index. */
function nameHits(names: Names, text: string): Ids {
  return { sql: `SELECT rowid FROM ${names} WHERE ${names} MATCH ?`, params: [phrase(text)] };
}

/**
 * A search finding this many names or more is read the other way: the list in its order, each name
 * compared as it goes (searchWhere), which finds a page of them within a few thousand rows and
 * counts them in one pass, where sorting every match would cost more. So is a search of one or two
 * characters, which holds no trigram.
 */
const MANY_NAMES = 2000;

function manyNames(db: LibraryDatabase, s: Search): boolean {
  if ([...s.text].length < 3) return true;
  const reach = (names: Names): number =>
    db
      .prepare<[string, number], { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${names} WHERE ${names} MATCH ? LIMIT ?)`)
      .get(phrase(s.text), MANY_NAMES)!.n;
  return reach('records_names') >= MANY_NAMES || reach('members_names') >= MANY_NAMES;
}

/**
 * A search as an SQL condition on a row of the list: a substring of the name; a hex string, also
 * a prefix of the digest, the published fingerprint or the txId (`columns`: where they are read;
 * `prefix`: the registration's table).
 */
function searchWhere(s: Search, columns: { name: string; sha256: string; prefix: string }): { clause: string; params: unknown[] } {
  const name = `%${s.text.replace(/[\\%_]/g, (ch) => '\\' + ch)}%`;
  if (!s.hex) return { clause: `${columns.name} LIKE ? ESCAPE '\\'`, params: [name] };
  return {
    clause: `(${columns.name} LIKE ? ESCAPE '\\' OR ${columns.sha256} LIKE ? OR ${columns.prefix}published_hex LIKE ? OR ${columns.prefix}tx_id LIKE ?)`,
    params: [name, `${s.hex}%`, `${s.hex}%`, `${s.hex}%`],
  };
}

/**
 * Rows whose `column` starts with the lower-case hex `hex`, as a range of its index: every
 * lower-case hex string that starts with it sorts before it followed by 'g'.
 */
function prefixHits(table: 'records' | 'batch_members', column: string, hex: string): Ids {
  return { sql: `SELECT id FROM ${table} WHERE ${column} >= ? AND ${column} < ?`, params: [hex, `${hex}g`] };
}

/** Every row of each set (UNION ALL: a row in two is there twice, which an IN list does not mind). */
function all(...sets: (Ids | null)[]): Ids {
  const kept = sets.filter((s): s is Ids => s !== null);
  return { sql: kept.map((s) => s.sql).join(' UNION ALL '), params: kept.flatMap((s) => s.params) };
}

/**
 * The records a search finds by their own file (name; a digest's start), and with `anchors` by
 * their registration (a txId's or a published fingerprint's start): those a batch's files follow.
 */
function recordHits(s: Search, which: { own?: boolean; anchors?: boolean }): Ids {
  const hex = s.hex;
  return all(
    which.own === false ? null : nameHits('records_names', s.text),
    which.own !== false && hex ? prefixHits('records', 'sha256', hex) : null,
    which.anchors && hex ? prefixHits('records', 'tx_id', hex) : null,
    which.anchors && hex ? prefixHits('records', 'published_hex', hex) : null,
  );
}

/**
 * The Library's rows a search finds (recordId, memberId), read from the matches, never from every
 * row: registrations of a file by their name, digest, txId or fingerprint; a batch's files by
 * their own name or digest, and every file of a batch whose registration's txId or fingerprint it
 * is. Each with its registration's listed row, as the states and the batch ask.
 */
function searchedFiles(q: FileQuery, s: Search): Ids {
  // Each registration is found by its id (a match's, or its batch's): the filters are checked on it.
  const reg = registrationsWhere(q, 'r', true);
  const regWhere = reg.clause ? ` AND ${reg.clause}` : '';
  const batch = q.batch === undefined ? { sql: '', params: [] } : { sql: ' AND b.id = ?', params: [q.batch] };
  const members = all(nameHits('members_names', s.text), s.hex ? prefixHits('batch_members', 'sha256', s.hex) : null);
  // From the few matching files to their batch and its registration's rows (CROSS JOIN keeps that order).
  const parts: Ids[] = [
    {
      sql: `SELECT r.id AS recordId, m.id AS memberId FROM batch_members m CROSS JOIN batches b ON b.id = m.batch_id
        CROSS JOIN records r ON (r.id = b.record_id OR r.resubmits = b.record_id) WHERE m.id IN (${members.sql})${regWhere}${batch.sql}`,
      params: [...members.params, ...reg.params, ...batch.params],
    },
  ];
  if (s.hex) {
    const anchors = recordHits(s, { own: false, anchors: true });
    parts.push({
      sql: `SELECT r.id AS recordId, m.id AS memberId FROM records r CROSS JOIN batches b ON b.record_id = coalesce(r.resubmits, r.id)
        CROSS JOIN batch_members m ON m.batch_id = b.id WHERE r.id IN (${anchors.sql})${regWhere}${batch.sql}`,
      params: [...anchors.params, ...reg.params, ...batch.params],
    });
  }
  // A batch's file found by itself and by its registration is one row (UNION).
  const files = { sql: parts.map((p) => p.sql).join(' UNION '), params: parts.flatMap((p) => p.params) };
  if (q.batch !== undefined) return files;
  // Registrations of a file: never a batch's file, so they need no comparing with those.
  const hits = recordHits(s, { anchors: true });
  const own = {
    sql: `SELECT r.id AS recordId, NULL AS memberId FROM records r WHERE r.id IN (${hits.sql})${regWhere} AND ${OWN_FILE}`,
    params: [...hits.params, ...reg.params],
  };
  return all(own, { sql: `SELECT * FROM (${files.sql})`, params: files.params });
}
