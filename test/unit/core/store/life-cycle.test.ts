import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import type { QueuedVersion, StoredRecord, Submission } from '../../../../main/core/store/record.ts';

/** The library's side of the record life cycle: queued versions, resubmissions, superseded rows. */

let lib: Library;
let now: number;
let keys = 0;

beforeEach(() => {
  now = 1_700_000_000_000;
  lib = Library.open(':memory:', () => now);
});
afterEach(() => lib.close());

const tx = (n: number) => n.toString(16).padStart(64, '0');

function submission(over: Partial<Submission> = {}): Submission {
  return {
    profile: 'Sandbox',
    kind: 'record',
    name: 'deed.pdf',
    path: '/docs/deed.pdf',
    size: 10,
    sha256: 'aa'.repeat(32),
    encode: 'SHA256(salt)',
    salt: 'salt',
    recordHex: 'aa'.repeat(32),
    publishedHex: 'bb'.repeat(32),
    idempotencyKey: `key-${++keys}`,
    network: 'sandbox',
    serviceUrl: null,
    ...over,
  };
}

function queued(documentId: number, version: number, sha: string): QueuedVersion {
  const { prevTxId: _p, documentId: _d, version: _v, ...rest } = submission({ kind: 'linked-update', sha256: sha });
  return { ...rest, documentId, version };
}

/** A document whose first version is published as `tx(1)`, in the state given. */
function documentWithHead(state: 'published' | 'confirmed' = 'published'): { documentId: number; head: StoredRecord } {
  const document = lib.documents.create('Sandbox', 'deed.pdf');
  const created = lib.records.insertSubmitting(submission({ kind: 'linked-create', documentId: document.id, version: 1 }));
  lib.records.markPublished(created.id, tx(1), now, 'token-1');
  if (state === 'confirmed') lib.records.recordConfirmation(created.id, { state: 'confirmed', confirmations: 1, blockHash: null, blockTime: null, confirmation: {} }, now);
  return { documentId: document.id, head: lib.records.get(created.id)! };
}

describe('queued versions', () => {
  it('are claimed only once their predecessor is in a block, and only once', () => {
    const { documentId, head } = documentWithHead();
    const { record } = lib.records.queueVersion(queued(documentId, 2, 'cc'.repeat(32)));
    expect(record).toMatchObject({ state: 'queued', txId: null, prevTxId: null, version: 2, submittedAt: null });
    expect(lib.records.claimQueued(record.id, head)).toBeUndefined(); // published, not in a block
    lib.records.recordConfirmation(head.id, { state: 'confirmed', confirmations: 1, blockHash: null, blockTime: null, confirmation: {} }, now);
    const claimed = lib.records.claimQueued(record.id, lib.records.get(head.id)!);
    expect(claimed).toMatchObject({ state: 'submitting', prevTxId: tx(1), version: 2, submittedAt: now });
    expect(lib.records.claimQueued(record.id, lib.records.get(head.id)!)).toBeUndefined();
  });

  it('never two writes on one predecessor: nothing is claimed while another version of the document is on its way', () => {
    const { documentId, head } = documentWithHead('confirmed');
    const first = lib.records.queueVersion(queued(documentId, 2, 'cc'.repeat(32))).record;
    const second = lib.records.queueVersion(queued(documentId, 3, 'dd'.repeat(32))).record;
    expect(lib.records.claimQueued(first.id, head)).toBeDefined();
    expect(lib.records.claimQueued(second.id, head)).toBeUndefined();
    expect(lib.records.pendingCount()).toBe(3); // the head, the one sent, the one queued
  });

  it('a later save replaces the queued content versions: they are superseded, and it takes their place', () => {
    const { documentId } = documentWithHead();
    const a = lib.records.queueVersion(queued(documentId, 2, 'cc'.repeat(32))).record;
    const b = lib.records.queueVersion(queued(documentId, 2, 'dd'.repeat(32)), { reason: 'replaced' });
    expect(b.record.version).toBe(2);
    expect(b.superseded.map((r) => [r.id, r.state, r.supersededBy, r.lastError])).toEqual([[a.id, 'superseded', b.record.id, 'replaced']]);
    expect(lib.records.ofDocument(documentId).map((r) => r.id)).not.toContain(a.id);
    expect(lib.records.bySha256('cc'.repeat(32))).toEqual([]);
    expect(lib.records.supersededBy(b.record.id).map((r) => r.id)).toEqual([a.id]);
  });
});

describe('resubmissions', () => {
  it('only the newest submission is sent again, once, with the same fingerprint and a new key', () => {
    const first = lib.records.insertSubmitting(submission());
    lib.records.markPublished(first.id, tx(1), now);
    const again = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-again')!;
    expect(again).toMatchObject({ state: 'submitting', resubmits: first.id, publishedHex: first.publishedHex, salt: first.salt, idempotencyKey: 'key-again', txId: null });
    expect(lib.records.insertResubmission(lib.records.get(first.id)!, 'key-twice')).toBeUndefined();
    lib.records.markPublished(again.id, tx(2), now);
    const third = lib.records.insertResubmission(lib.records.get(again.id)!, 'key-third')!;
    expect(third.resubmits).toBe(first.id); // every submission names the first
    expect(lib.records.group(first.id).map((r) => r.id)).toEqual([first.id, again.id, third.id]);
  });

  it('the first in a block wins: the others are superseded, no longer followed or counted, and watched files follow the winner', () => {
    const folder = lib.watchedFolders.add('/docs', 'Sandbox', { recursive: false, include: [], exclude: [], receipts: 'beside', stableMs: 0 });
    const first = lib.records.insertSubmitting(submission());
    lib.records.markPublished(first.id, tx(1), now);
    lib.watchedFolders.saveFile({ folderId: folder.id, relPath: 'deed.pdf', size: 10, mtimeMs: 1, sha256: 'aa'.repeat(32), recordId: first.id, documentId: null });
    const again = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-again')!;
    lib.records.markPublished(again.id, tx(2), now);
    lib.records.recordConfirmation(again.id, { state: 'confirmed', confirmations: 1, blockHash: null, blockTime: null, confirmation: {} }, now);
    const losers = lib.records.winRace(lib.records.get(again.id)!, 'lost');
    expect(losers.map((r) => [r.id, r.state, r.supersededBy, r.nextCheckAt, r.lastError])).toEqual([[first.id, 'superseded', again.id, null, 'lost']]);
    // A late answer for the loser changes nothing.
    lib.records.recordConfirmation(first.id, { state: 'confirmed', confirmations: 1, blockHash: null, blockTime: null, confirmation: {} }, now);
    lib.records.markRejected(first.id, 'late');
    expect(lib.records.get(first.id)!.state).toBe('superseded');
    expect(lib.records.bySha256('aa'.repeat(32)).map((r) => r.id)).toEqual([again.id]);
    expect(lib.records.query().records.map((r) => r.id)).toEqual([again.id]);
    expect(lib.records.query({ states: ['superseded'] }).records.map((r) => r.id)).toEqual([first.id]);
    expect(lib.records.due(now + 1e9, 10).map((r) => r.id)).not.toContain(first.id);
    expect(lib.watchedFolders.file(folder.id, 'deed.pdf')!.recordId).toBe(again.id);
  });

  it("a document's first version sent again: the winner becomes the document's first and head record, with its token", () => {
    const document = lib.documents.create('Sandbox', 'deed.pdf');
    const first = lib.records.insertSubmitting(submission({ kind: 'linked-create', documentId: document.id, version: 1 }));
    lib.records.markPublished(first.id, tx(1), now, 'token-1');
    const again = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-again')!;
    lib.records.markPublished(again.id, tx(2), now, 'token-2');
    lib.records.winRace(lib.records.get(first.id)!, 'lost');
    expect(lib.documents.get(document.id)).toMatchObject({ firstTxId: tx(1), headTxId: tx(1), updateToken: 'token-1' });
  });

  it('a found transaction is adopted as one more submission of the registration', () => {
    const { head } = documentWithHead();
    const adopted = lib.records.insertAdopted(head, tx(9), now + 5);
    expect(adopted).toMatchObject({ state: 'published', txId: tx(9), resubmits: head.id, nextCheckAt: now + 5, idempotencyKey: null });
  });
});

describe('a version that can no longer be written', () => {
  it('fails, and its document goes back to the version before it', () => {
    const { documentId, head } = documentWithHead('confirmed');
    const next = lib.records.claimQueued(lib.records.queueVersion(queued(documentId, 2, 'cc'.repeat(32))).record.id, head)!;
    lib.records.markPublished(next.id, tx(2), now, 'token-2');
    expect(lib.documents.get(documentId)!.headTxId).toBe(tx(2));
    lib.records.markFailed(next.id, 'extended elsewhere');
    expect(lib.documents.get(documentId)).toMatchObject({ headTxId: tx(1), updateToken: 'token-1' });
  });
});

describe('documents by path', () => {
  it('are the ones whose latest live version was registered from the path', () => {
    const { documentId } = documentWithHead();
    expect(lib.documents.lastRegisteredFrom('/docs/deed.pdf').map((d) => d.id)).toEqual([documentId]);
    const moved = lib.records.queueVersion({ ...queued(documentId, 2, 'cc'.repeat(32)), path: '/elsewhere/deed.pdf' }).record;
    expect(lib.documents.lastRegisteredFrom('/docs/deed.pdf')).toEqual([]);
    lib.records.markFailed(moved.id, 'refused');
    expect(lib.documents.lastRegisteredFrom('/docs/deed.pdf', 'Sandbox').map((d) => d.id)).toEqual([documentId]);
    expect(lib.documents.lastRegisteredFrom('/docs/deed.pdf', 'Other')).toEqual([]);
  });
});
