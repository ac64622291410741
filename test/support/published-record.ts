import { firstCheckAt } from '../../main/core/poller/schedule.ts';
import type { Library } from '../../main/core/store/library.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';

/**
 * A plain record published as `txId` (its content a placeholder named after it), its first status
 * check due on the profile's pace from `now`: for tests of what the poller does with pending records.
 */
export function publishedRecord(lib: Library, txId: string, now: number, profile = 'Sandbox'): StoredRecord {
  const r = lib.records.insertSubmitting({
    profile,
    kind: 'record',
    name: `${txId}.txt`,
    path: null,
    size: 1,
    sha256: txId,
    encode: 'SHA256(s)',
    salt: 's',
    recordHex: '00',
    publishedHex: '00',
    idempotencyKey: txId,
    network: 'sandbox',
    serviceUrl: null,
  });
  // Synchronous as the records table it writes through still is (a test interleaves it with a manual clock).
  return lib.records.markPublished(r.id, txId, firstCheckAt(lib.profiles.sync.require(profile), now), null);
}
