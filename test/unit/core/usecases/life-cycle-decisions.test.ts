import { describe, expect, it } from 'vitest';
import type { StoredRecord } from '../../../../main/core/store/record.ts';
import { resubmitDue } from '../../../../main/core/usecases/resubmit.ts';
import { sentHead } from '../../../../main/core/usecases/version-queue.ts';

/** The life cycle's decisions, on records as the library holds them. */

const record = (over: Partial<StoredRecord>): StoredRecord =>
  ({ id: 1, state: 'published', version: 1, publishedAt: 0, unknownSince: null, proofOutcome: null, ...over }) as StoredRecord;
const hour = { resubmitAfterSeconds: 3600 };

describe('resubmitDue', () => {
  it('is due for the newest submission, known but not in a block, once the delay has passed since it was published', () => {
    expect(resubmitDue(record({}), true, hour, 3600_000)).toBe(true);
    expect(resubmitDue(record({}), true, hour, 3599_999)).toBe(false);
  });

  it.each([
    ['an older submission of the registration', record({}), false],
    ['one in a block', record({ state: 'confirmed' }), true],
    ['one the service does not know (it is rejected in time instead)', record({ unknownSince: 10 }), true],
    ['one not yet published', record({ state: 'submitting', publishedAt: null }), true],
    ['a queued version', record({ state: 'queued', publishedAt: null }), true],
    ['a superseded one', record({ state: 'superseded' }), true],
    ["imported evidence (it is followed, never sent as the library's own)", record({ proofOutcome: 'pending' }), true],
  ])('is not due for %s', (_, r, newest) => {
    expect(resubmitDue(r, newest, hour, 10 * 3600_000)).toBe(false);
  });
});

describe('sentHead: the version a queued one follows', () => {
  it('is the newest version that was sent and is live; queued, failed and superseded ones do not count', () => {
    const versions = [
      record({ id: 1, version: 1, state: 'settled' }),
      record({ id: 2, version: 2, state: 'failed' }),
      record({ id: 3, version: 2, state: 'superseded' }),
      record({ id: 4, version: 2, state: 'queued' }),
    ];
    expect(sentHead(versions)?.id).toBe(1);
  });

  it('of several submissions of that version, the one in a block', () => {
    const versions = [
      record({ id: 1, version: 1, state: 'settled' }),
      record({ id: 2, version: 2, state: 'published' }),
      record({ id: 3, version: 2, state: 'confirmed' }),
      record({ id: 4, version: 2, state: 'published' }),
    ];
    expect(sentHead(versions)?.id).toBe(3);
    expect(sentHead(versions.filter((v) => v.id !== 3))?.id).toBe(4);
  });

  it('is none when nothing was sent', () => {
    expect(sentHead([record({ id: 1, version: 1, state: 'failed' }), record({ id: 2, version: 2, state: 'queued' })])).toBeUndefined();
  });
});
