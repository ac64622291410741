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
    where.push(`state != 'superseded' AND NOT EXISTS (SELECT 1 FROM records o WHERE o.id != records.id
      AND coalesce(o.resubmits, o.id) = coalesce(records.resubmits, records.id) AND o.state != 'superseded'
      AND (${LIVE('o')} AND (NOT ${LIVE('records')} OR o.id > records.id) OR NOT ${LIVE('records')} AND o.id > records.id))`);
  }
  if (q.search?.trim()) {
    const s = q.search.trim();
    const hex = /^[0-9a-fA-F]{4,64}$/.test(s) ? s.toLowerCase() : null;
    where.push(hex ? "(name LIKE ? ESCAPE '\\' OR sha256 LIKE ? OR published_hex LIKE ? OR tx_id LIKE ?)" : "name LIKE ? ESCAPE '\\'");
    params.push(`%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
    if (hex) params.push(`${hex}%`, `${hex}%`, `${hex}%`);
  }
  const clause = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  const order = `${SORTS[q.sort ?? 'created']} ${q.direction === 'asc' ? 'ASC' : 'DESC'}, id ${q.direction === 'asc' ? 'ASC' : 'DESC'}`;
  const total = db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM records${clause}`).get(...params)!.n;
  const records = db
    .prepare<unknown[], Row>(`${SELECT}${clause} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...params, q.limit ?? 100, q.offset ?? 0)
    .map(fromRow);
  return { records, total };
}
