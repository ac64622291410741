import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { inBlock, type QueuedVersion, type StoredRecord, type Submission } from '../../../../main/core/store/record.ts';

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
async function documentWithHead(state: 'published' | 'confirmed' = 'published'): Promise<{ documentId: number; head: StoredRecord }> {
  const document = await lib.documents.create('Sandbox', 'deed.pdf');
  const created = lib.records.insertSubmitting(submission({ kind: 'linked-create', documentId: document.id, version: 1 }));
  lib.records.markPublished(created.id, tx(1), now, 'token-1');
  if (state === 'confirmed')
    lib.records.recordConfirmation(created.id, { state: 'confirmed', confirmations: 1, blockHash: null, blockTime: null, confirmation: {} }, now);
  return { documentId: document.id, head: lib.records.get(created.id)! };
}

describe('queued versions', () => {
  it('are claimed only once their predecessor is in a block, and only once', async () => {
    const { documentId, head } = await documentWithHead();
    const { record } = lib.records.queueVersion(queued(documentId, 2, 'cc'.repeat(32)));
    expect(record).toMatchObject({ state: 'queued', txId: null, prevTxId: null, version: 2, submittedAt: null });
    expect(lib.records.claimQueued(record.id, head)).toBeUndefined(); // published, not in a block
    lib.records.recordConfirmation(head.id, { state: 'confirmed', confirmations: 1, blockHash: null, blockTime: null, confirmation: {} }, now);
    const claimed = lib.records.claimQueued(record.id, lib.records.get(head.id)!);
    expect(claimed).toMatchObject({ state: 'submitting', prevTxId: tx(1), version: 2, submittedAt: null }); // sent when its request leaves
    expect(lib.records.claimQueued(record.id, lib.records.get(head.id)!)).toBeUndefined();
  });

  it('never two writes on one predecessor: nothing is claimed while another version of the document is on its way', async () => {
    const { documentId, head } = await documentWithHead('confirmed');
    const first = lib.records.queueVersion(queued(documentId, 2, 'cc'.repeat(32))).record;
    const second = lib.records.queueVersion(queued(documentId, 3, 'dd'.repeat(32))).record;
    expect(lib.records.claimQueued(first.id, head)).toBeDefined();
    expect(lib.records.claimQueued(second.id, head)).toBeUndefined();
    expect(lib.records.pendingCount()).toBe(3); // the head, the one sent, the one queued
  });

  it('a later save replaces the queued content versions: they are superseded, and it takes their place', async () => {
    const { documentId } = await documentWithHead();
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
    expect(again).toMatchObject({
      state: 'submitting',
      resubmits: first.id,
      publishedHex: first.publishedHex,
      salt: first.salt,
      idempotencyKey: 'key-again',
      txId: null,
    });
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
    lib.watchedFolders.saveFile({
      folderId: folder.id,
      relPath: 'deed.pdf',
      size: 10,
      mtimeMs: 1,
      ino: 1,
      ctimeMs: 1,
      sha256: 'aa'.repeat(32),
      recordId: first.id,
      memberId: null,
      documentId: null,
    });
    const again = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-again')!;
    lib.records.markPublished(again.id, tx(2), now);
    // The answer that finds it in a block settles the race in the same transaction.
    const losers = lib.records.recordConfirmation(again.id, { state: 'confirmed', confirmations: 1, blockHash: null, blockTime: null, confirmation: {} }, now);
    expect(losers.map((r) => [r.id, r.state, r.supersededBy, r.nextCheckAt])).toEqual([[first.id, 'superseded', again.id, null]]);
    expect(losers[0]!.lastError).toContain(`another submission of this registration (txId ${tx(2)}) was in a block first`);
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

  it('two processes that each find a different submission in a block keep one registration: the first in a block wins', () => {
    const dir = mkdtempSync(join(tmpdir(), 'notarium-race-'));
    const a = Library.open(dir, () => now);
    const b = Library.open(dir, () => now);
    try {
      const first = a.records.insertSubmitting(submission());
      a.records.markPublished(first.id, tx(1), now);
      const again = a.records.insertResubmission(a.records.get(first.id)!, 'key-again')!;
      a.records.markPublished(again.id, tx(2), now);
      const mined = { state: 'confirmed', confirmations: 1, blockHash: null, blockTime: null, confirmation: {} } as const;
      // Each process hears of a different submission in a block, one after the other.
      a.records.recordConfirmation(again.id, mined, now);
      const lost = b.records.recordConfirmation(first.id, mined, now);
      const group = b.records.group(first.id);
      expect(group.filter(inBlock).map((r) => r.id)).toEqual([again.id]);
      expect(group.find((r) => r.id === first.id)).toMatchObject({ state: 'superseded', supersededBy: again.id });
      expect(lost).toEqual([]); // the first was superseded already: its late answer changes nothing
    } finally {
      a.close();
      b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a submission found in a block after another of its registration already is loses to it', () => {
    const first = lib.records.insertSubmitting(submission());
    lib.records.markPublished(first.id, tx(1), now);
    const again = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-again')!;
    lib.records.markPublished(again.id, tx(2), now);
    // Both mined (independent records may both be): the answers come in one order.
    const mined = { state: 'confirmed', confirmations: 1, blockHash: null, blockTime: null, confirmation: {} } as const;
    lib.db.prepare("UPDATE records SET state = 'confirmed' WHERE id = ?").run(first.id); // as a concurrent process's answer left it
    const lost = lib.records.recordConfirmation(again.id, mined, now);
    expect(lost.map((r) => [r.id, r.state, r.supersededBy])).toEqual([[again.id, 'superseded', first.id]]);
    expect(
      lib.records
        .group(first.id)
        .filter(inBlock)
        .map((r) => r.id),
    ).toEqual([first.id]);
  });

  it('a resubmission the service refused does not count: the live submission before it is sent again', () => {
    const first = lib.records.insertSubmitting(submission());
    lib.records.markPublished(first.id, tx(1), now);
    const refused = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-refused')!;
    lib.records.markFailed(refused.id, 'refused');
    const again = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-again');
    expect(again).toMatchObject({ state: 'submitting', resubmits: first.id, idempotencyKey: 'key-again' });
  });

  it('a registration given up: its unmined submissions and the versions queued behind it fail, and the head goes back', async () => {
    const { documentId, head } = await documentWithHead('confirmed');
    const next = lib.records.claimQueued(lib.records.queueVersion(queued(documentId, 2, 'cc'.repeat(32))).record.id, head)!;
    lib.records.markPublished(next.id, tx(2), now, 'token-2');
    const behind = lib.records.queueVersion(queued(documentId, 3, 'dd'.repeat(32))).record;
    const changed = lib.records.giveUp(next.id, 'not mined', 'stuck');
    expect(changed.map((r) => [r.id, r.state, r.lastError])).toEqual([
      [next.id, 'failed', 'not mined'],
      [behind.id, 'failed', 'stuck'],
    ]);
    expect(await lib.documents.get(documentId)).toMatchObject({ headTxId: tx(1), updateToken: 'token-1' });
    expect(lib.records.giveUp(head.id, 'x', 'y')).toEqual([]); // in a block: nothing to give up
  });

  it("a document's first version sent again: the winner becomes the document's first and head record, with its token", async () => {
    const document = await lib.documents.create('Sandbox', 'deed.pdf');
    const first = lib.records.insertSubmitting(submission({ kind: 'linked-create', documentId: document.id, version: 1 }));
    lib.records.markPublished(first.id, tx(1), now, 'token-1');
    const again = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-again')!;
    lib.records.markPublished(again.id, tx(2), now, 'token-2');
    lib.records.winRace(lib.records.get(first.id)!, 'lost');
    expect(await lib.documents.get(document.id)).toMatchObject({ firstTxId: tx(1), headTxId: tx(1), updateToken: 'token-1' });
  });

  it('a found transaction is adopted as one more submission of the registration', async () => {
    const { head } = await documentWithHead();
    const adopted = lib.records.insertAdopted(head, tx(9), now + 5);
    expect(adopted).toMatchObject({ state: 'published', txId: tx(9), resubmits: head.id, nextCheckAt: now + 5, idempotencyKey: null });
  });
});

describe('a version that can no longer be written', () => {
  it('fails, and its document goes back to the version before it', async () => {
    const { documentId, head } = await documentWithHead('confirmed');
    const next = lib.records.claimQueued(lib.records.queueVersion(queued(documentId, 2, 'cc'.repeat(32))).record.id, head)!;
    lib.records.markPublished(next.id, tx(2), now, 'token-2');
    expect((await lib.documents.get(documentId))!.headTxId).toBe(tx(2));
    lib.records.markFailed(next.id, 'extended elsewhere');
    expect(await lib.documents.get(documentId)).toMatchObject({ headTxId: tx(1), updateToken: 'token-1' });
  });
});

describe('documents by path', () => {
  it('are the ones whose latest live version was registered from the path', async () => {
    const { documentId } = await documentWithHead();
    expect((await lib.documents.lastRegisteredFrom('/docs/deed.pdf')).map((d) => d.id)).toEqual([documentId]);
    const moved = lib.records.queueVersion({ ...queued(documentId, 2, 'cc'.repeat(32)), path: '/elsewhere/deed.pdf' }).record;
    expect(await lib.documents.lastRegisteredFrom('/docs/deed.pdf')).toEqual([]);
    lib.records.markFailed(moved.id, 'refused');
    expect((await lib.documents.lastRegisteredFrom('/docs/deed.pdf', 'Sandbox')).map((d) => d.id)).toEqual([documentId]);
    expect(await lib.documents.lastRegisteredFrom('/docs/deed.pdf', 'Other')).toEqual([]);
  });
});

describe('another process has settled the row meanwhile', () => {
  it('a late failure or error note does not overwrite its outcome', () => {
    const r = lib.records.insertSubmitting(submission());
    lib.records.markPublished(r.id, tx(1), now);
    lib.records.recordConfirmation(r.id, { state: 'confirmed', confirmations: 1, blockHash: null, blockTime: null, confirmation: {} }, now);
    lib.records.markFailed(r.id, 'refused');
    lib.records.noteError(r.id, 'lost');
    expect(lib.records.get(r.id)).toMatchObject({ state: 'confirmed', txId: tx(1), lastError: null });
  });
});

describe('the send lease', () => {
  const lease = (owner: string, until = now + 600_000) => ({ owner, until });
  const alive = () => false;

  it('a row another engine is sending is not in doubt, and cannot be taken, until its lease expires', () => {
    const r = lib.records.insertSubmitting(submission(), lease('app'));
    expect(lib.records.inDoubt('Sandbox', alive)).toEqual([]);
    expect(lib.records.takeSendLease(r.id, lease('cli'), alive)).toBe(false);
    expect(lib.records.takeSendLease(r.id, lease('app', now + 900_000), alive)).toBe(true); // its holder renews it
    now += 900_001;
    expect(lib.records.inDoubt('Sandbox', alive).map((x) => x.id)).toEqual([r.id]);
    expect(lib.records.takeSendLease(r.id, lease('cli'), alive)).toBe(true);
    expect(lib.records.get(r.id)).toMatchObject({ sendLeaseOwner: 'cli' });
  });

  it("a row whose holder's process is gone is in doubt at once (a crash), and a released one too", () => {
    const crashed = lib.records.insertSubmitting(submission({ sha256: 'c1'.repeat(32) }), lease('crashed'));
    const gone = (owner: string) => owner === 'crashed';
    expect(lib.records.inDoubt('Sandbox', gone).map((x) => x.id)).toEqual([crashed.id]);
    expect(lib.records.takeSendLease(crashed.id, lease('next'), gone)).toBe(true);
    lib.records.releaseSendLease(crashed.id, 'someone else'); // only its holder releases it
    expect(lib.records.get(crashed.id)!.sendLeaseOwner).toBe('next');
    lib.records.releaseSendLease(crashed.id, 'next');
    expect(lib.records.inDoubt('Sandbox', alive).map((x) => x.id)).toEqual([crashed.id]);
  });
});
