import { visibleName } from '../../preload/visible-text.ts';
import type { StoredRecord } from '../core/store/record.ts';

/** How the command line names a record: its own name, or an imported record's, which is its receipt's word. */

/**
 * A file name a receipt gives, leading a line: quoted, so that whatever its writer put in it (a
 * forger's "settled (900 confirmations)") never reads as the line's own words.
 */
export function receiptsName(name: string): string {
  return JSON.stringify(visibleName(name));
}

/** A record's name leading a line or filling a cell: an imported one's is its receipt's word, quoted (receiptsName). */
export function recordName(r: Pick<StoredRecord, 'name' | 'proofOutcome'>): string {
  return r.proofOutcome === null ? visibleName(r.name) : receiptsName(r.name);
}
