import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  documentView,
  historyView,
  noVerifications,
  recordView,
  verificationView,
  versionCount,
  watchedFolderFields,
} from '../../../../main/core/app/views.ts';
import { Library } from '../../../../main/core/store/library.ts';
import type { StoredRecord, Submission } from '../../../../main/core/store/record.ts';
import type { DocumentHistory } from '../../../../main/core/usecases/document-history.ts';
import type { ReceiptV1 } from '../../../../verifier/receipt-v1.ts';
import type { Profile } from '../../../../main/core/store/profiles.ts';
import { verifyReceipt } from '../../../../verifier/verify-receipt.ts';
import { VERIFY_STATUSES, type FileVerification } from '../../../../main/core/usecases/verify.ts';
import { FILE_DIGEST, makeFixture, type Draft } from '../../../support/receipt-fixture.ts';

// What the page is shown of a verification.

const { receipt } = makeFixture();
const withFile = { fileDigest: FILE_DIGEST.toString('hex') };
const edited = (edit: (r: Draft) => void): ReceiptV1 => {
  const r = structuredClone(receipt) as unknown as Draft;
  edit(r);
  return r as unknown as ReceiptV1;
};
const result = (r: ReceiptV1): FileVerification => {
  const report = verifyReceipt(r, withFile);
  return { path: '/x/contract.pdf', status: report.outcome === 'failed' ? 'mismatch' : report.outcome, message: report.summary, report };
};
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/; // eslint-disable-line no-control-regex -- the characters at issue

describe('verificationView', () => {
  it('shows text from a receipt with invisible and reordering characters escaped: message, proves, unproven, steps, the network label', () => {
    const hostile = edited((d) => {
      d.network = 'main\u202enet';
      delete d.transaction;
      d.confirmation.merkleProof.targetType = 'hash';
      d.confirmation.merkleProof.target = d.confirmation.blockHash;
      d.confirmation.blockTimestamp = '2026-11-19\u202e\u2066 (checked)\u2069\u001b[8m';
    });
    const v = verificationView(result(hostile), 'contract.pdf');
    expect(v.status).toBe('partially-verified');
    const texts = [v.message, v.proves!, ...v.unproven, ...v.steps.flatMap((s) => [s.detail, s.expected ?? '', s.found ?? '']), v.network!.label];
    for (const t of texts) expect(t, t).not.toMatch(INVISIBLE);
    expect(v.proves).toContain('2026-11-19\\u202e\\u2066 (checked)\\u2069\\u001b[8m');
    expect(v.network!.label).toBe('main\\u202enet');
    // A failure's expected and found too.
    const failed = verificationView(result(edited((d) => (d.fingerprint.published = 'ab'.repeat(32)))), 'contract.pdf');
    expect(failed.steps.find((s) => s.status === 'fail')).toMatchObject({ expected: expect.any(String), found: expect.any(String) });
  });

  it("carries each failed or skipped step's code to the page", () => {
    const failed = verificationView(result(edited((d) => (d.fingerprint.published = 'ab'.repeat(32)))), 'contract.pdf');
    expect(failed.steps.find((s) => s.status === 'fail')).toMatchObject({ id: 'fingerprint', code: 'published-mismatch' });
    const partial = verificationView(result(edited((d) => delete d.transaction)), 'contract.pdf');
    expect(partial.steps.find((s) => s.id === 'transaction')).toMatchObject({ status: 'skipped', code: 'no-raw-transaction' });
  });

  it('carries the code of a result that has no report (a receipt that is not one)', () => {
    const broken = {
      path: '/w/x.pdf',
      status: 'unreadable',
      message: 'x.receipt.json: not a receipt',
      error: { code: 'RECEIPT_INVALID', message: 'not a receipt' },
    } as const;
    expect(verificationView(broken, 'x.pdf')).toMatchObject({ status: 'unreadable', error: { code: 'RECEIPT_INVALID', message: 'not a receipt' } });
    expect(verificationView(result(receipt), 'contract.pdf').error).toBeNull();
  });

  it('carries the test-chain distinction: verified on a test chain is its own case', () => {
    expect(verificationView(result(receipt), 'contract.pdf')).toMatchObject({ status: 'verified', verifiedOnTestChain: true });
    expect(verificationView(result(edited((d) => delete d.transaction)), 'contract.pdf')).toMatchObject({
      status: 'partially-verified',
      verifiedOnTestChain: false,
    });
  });

  it('counts every status of the one list, each at 0', () => {
    expect(noVerifications()).toEqual(Object.fromEntries(VERIFY_STATUSES.map((s) => [s, 0])));
    expect(Object.keys(noVerifications())).toEqual(['verified', 'partially-verified', 'mismatch', 'pending', 'unknown', 'unreadable']);
  });
});

// What the page is shown of queued versions, registrations sent again and superseded rows.
describe('record views of the life cycle', () => {
  let dir: string;
  let now: number;
  let lib: Library;
  let sandbox: Profile | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'notarium-views-'));
    now = 1_700_000_000_000;
    lib = Library.open(dir, () => now);
    sandbox = await lib.profiles.get('Sandbox');
  });
  afterEach(async () => {
    lib.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let n = 0;
  const submission = (over: Partial<Submission> = {}): Submission => ({
    profile: 'Sandbox',
    kind: 'record',
    name: 'plan.md',
    path: '/docs/plan.md',
    size: 10,
    sha256: (++n).toString(16).padStart(64, '0'),
    encode: 'SHA256(salt)',
    salt: 'salt',
    recordHex: 'aa'.repeat(32),
    publishedHex: 'bb'.repeat(32),
    idempotencyKey: `key-${n}`,
    network: 'sandbox',
    serviceUrl: null,
    ...over,
  });
  const view = (r: StoredRecord) => recordView(lib.records.get(r.id)!, sandbox, lib.records);
  const mined = (r: StoredRecord, confirmations = 1) =>
    lib.records.recordConfirmation(
      r.id,
      { state: 'confirmed', confirmations, blockHash: 'cc'.repeat(32), blockTime: '2026-11-23T10:00:00Z', confirmation: null },
      null,
    );
  /** A document whose version 1 is published (not in a block) and version 2 queued behind it. */
  const queuedBehindUnmined = async () => {
    const doc = await lib.documents.create('Sandbox', 'plan.md');
    const v1 = lib.records.insertSubmitting(submission({ kind: 'linked-create', documentId: doc.id, version: 1 }));
    lib.records.markPublished(v1.id, 'a1'.repeat(32), now, 'token-1');
    const { record: v2 } = lib.records.queueVersion({ ...submission({ kind: 'linked-update', name: 'plan-2.md' }), documentId: doc.id, version: 2 });
    return { doc: (await lib.documents.get(doc.id))!, v1: lib.records.get(v1.id)!, v2 };
  };

  it("gives the page the encoding with <salt> in the salt's place, never the salt (it stays in the receipt)", () => {
    const r = lib.records.insertSubmitting(submission({ encode: 'SHA256(k3J9+/x:y-z)|Base64', salt: 'k3J9+/x:y-z' }));
    const shown = view(r);
    expect(shown.encode).toBe('SHA256(<salt>)|Base64');
    expect(JSON.stringify(shown)).not.toContain('k3J9+/x:y-z');
  });

  it('a registration whose send never reached the service is "not sent"; one on its way, or sent, is not', () => {
    const r = lib.records.insertSubmitting(submission());
    expect(view(r).notSent).toBe(false); // about to leave: only on its way
    lib.records.markSent(r.id);
    lib.records.markNotSent(r.id, 'The service at 127.0.0.1:9 refused the connection (ECONNREFUSED).');
    expect(view(r)).toMatchObject({ state: 'submitting', notSent: true, lastError: 'The service at 127.0.0.1:9 refused the connection (ECONNREFUSED).' });
    lib.records.markSent(r.id); // sent again: the service may hold it now
    expect(view(r).notSent).toBe(false);
  });

  it('a queued version says what it waits for: the version before it, its txId and its state', async () => {
    const { doc, v1, v2 } = await queuedBehindUnmined();
    expect(view(v2)).toMatchObject({ state: 'queued', txId: null, waitsFor: { version: 1, txId: 'a1'.repeat(32), state: 'published' } });
    expect(view(v1).waitsFor).toBeNull();
    // Behind a version that is queued too: no txId yet.
    const { record: v3 } = lib.records.queueVersion({ ...submission({ kind: 'linked-update', name: 'plan-3.md' }), documentId: doc.id, version: 3 });
    expect(view(v3).waitsFor).toEqual({ version: 2, txId: null, state: 'queued' });
  });

  it('a registration sent again says after how long, and which submission is in a block', () => {
    const first = lib.records.insertSubmitting(submission());
    lib.records.markPublished(first.id, 'f1'.repeat(32), now);
    expect(view(first).sentAgain).toBeNull();
    now += 62 * 60_000;
    const again = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-again')!;
    lib.records.markPublished(again.id, 'f2'.repeat(32), now);
    // Neither in a block yet: both followed.
    expect(view(first).sentAgain).toEqual({ afterSeconds: 62 * 60, winner: null, how: 'sent-again' });
    expect(view(again).sentAgain).toEqual({ afterSeconds: 62 * 60, winner: null, how: 'sent-again' });
    // The second is mined first: the first is superseded and says nothing of it.
    mined(lib.records.get(again.id)!);
    lib.records.winRace(lib.records.get(again.id)!, 'Superseded: the other was in a block first.');
    expect(view(again).sentAgain).toEqual({ afterSeconds: 62 * 60, winner: 'again', how: 'sent-again' });
    expect(view(first)).toMatchObject({ state: 'superseded', sentAgain: null });
  });

  it('a write found written on the chain after its answer was lost says so, not "sent again"', async () => {
    const doc = await lib.documents.create('Sandbox', 'deed.pdf');
    const lost = lib.records.insertSubmitting(submission({ kind: 'linked-update', documentId: doc.id, version: 2 }));
    now += 30_000;
    const adopted = lib.records.insertAdopted(lost, 'd2'.repeat(32), now);
    expect(view(adopted).sentAgain).toEqual({ afterSeconds: 30, winner: null, how: 'found-on-chain' });
  });

  it('the Library lists a registration once while none of its submissions is in a block, not a refused one beside a live one, and once when given up', () => {
    const first = lib.records.insertSubmitting(submission({ name: 'once.pdf' }));
    lib.records.markPublished(first.id, 'c1'.repeat(32), now);
    const refused = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-refused')!;
    lib.records.markFailed(refused.id, 'refused');
    const again = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-again')!;
    lib.records.markPublished(again.id, 'c2'.repeat(32), now);
    expect(lib.records.query({ search: 'once.pdf' }).records.map((r) => r.id)).toEqual([again.id]);
    expect(lib.records.query({ search: 'once.pdf' }).total).toBe(1);
    expect(lib.records.pendingCount()).toBe(1);
    // A state filter too: both submissions are pending, the registration is one row.
    expect(lib.records.query({ search: 'once.pdf', states: ['published'] }).records.map((r) => r.id)).toEqual([again.id]);
    expect(lib.records.query({ search: 'once.pdf', states: ['failed'] }).total).toBe(0);
    // Given up (none of its submissions live): still one row, the newest submission.
    lib.records.giveUp(first.id, 'Not mined.', 'Not sent.');
    expect(lib.records.query({ search: 'once.pdf' }).records.map((r) => [r.id, r.state])).toEqual([[again.id, 'failed']]);
    expect(lib.records.query({ search: 'once.pdf' }).total).toBe(1);
  });

  it("a proof whose targetType is absent is read as the standard's default, the block hash", () => {
    const r = lib.records.insertSubmitting(submission());
    lib.records.markPublished(r.id, 'f1'.repeat(32), now);
    const merkleProof = { index: 0, txOrId: 'f1'.repeat(32), target: 'cc'.repeat(32), nodes: [] };
    lib.records.recordConfirmation(
      r.id,
      { state: 'confirmed', confirmations: 1, blockHash: 'cc'.repeat(32), blockTime: null, confirmation: { merkleProof } },
      null,
    );
    expect(view(r).proof).toMatchObject({ targetType: 'hash' });
  });

  it('the first mined after all is the registration, and says so', () => {
    const first = lib.records.insertSubmitting(submission());
    lib.records.markPublished(first.id, 'e1'.repeat(32), now);
    now += 90_000;
    const again = lib.records.insertResubmission(lib.records.get(first.id)!, 'key-again')!;
    lib.records.markPublished(again.id, 'e2'.repeat(32), now);
    mined(lib.records.get(first.id)!);
    lib.records.winRace(lib.records.get(first.id)!, 'Superseded.');
    expect(view(first).sentAgain).toEqual({ afterSeconds: 90, winner: 'first', how: 'sent-again' });
  });

  it("a document's timeline: the history as read, then the library's versions not in a block yet, queued ones last", async () => {
    const { doc, v1, v2 } = await queuedBehindUnmined();
    const records = lib.records.ofDocument(doc.id);
    // As read from a service whose navigate does not return the unmined version 1 (service-notes.md).
    const empty: DocumentHistory = { document: doc, versions: [], source: { from: 'service', reason: null }, finalised: false };
    const shown = historyView(doc, empty, records, (r) => view(r), null);
    expect(shown.versions.map((v) => [v.version, v.txId, v.record?.state, v.notInHistory])).toEqual([
      [1, 'a1'.repeat(32), 'published', true],
      [2, null, 'queued', true],
    ]);
    expect(shown.document!.versions).toBe(2);
    // Once version 1 is in a block and read from the service, it is the history's; version 2 still waits.
    mined(v1);
    const read: DocumentHistory = { ...empty, versions: [{ version: 1, txId: v1.txId!, kind: 'linked-create', record: lib.records.get(v1.id)! }] };
    expect(historyView(doc, read, lib.records.ofDocument(doc.id), (r) => view(r), null).versions.map((v) => [v.version, v.txId, v.notInHistory])).toEqual([
      [1, 'a1'.repeat(32), false],
      [2, null, true],
    ]);
    // The library's own history, with the reason it was not read from the service.
    const offline: DocumentHistory = { ...read, source: { from: 'library', reason: 'The service was not asked (offline).' } };
    expect(historyView(doc, offline, lib.records.ofDocument(doc.id), (r) => view(r), null).source).toEqual({
      from: 'library',
      reason: 'The service was not asked (offline).',
    });
    expect(v2.state).toBe('queued');
  });

  it('a finalised document is finalising, not final, until its final record is in a block', async () => {
    const { doc, v1 } = await queuedBehindUnmined();
    mined(v1);
    const final = lib.records.insertSubmitting(submission({ kind: 'linked-delete', name: 'plan.md', documentId: doc.id, version: 2 }));
    lib.records.markPublished(final.id, 'f9'.repeat(32), now);
    const closed = { ...doc, finalisedAt: now };
    expect(documentView(closed, 1, lib.records.ofDocument(doc.id), null)).toMatchObject({ finalised: true, finalising: true });
    mined(lib.records.get(final.id)!);
    expect(documentView(closed, 1, lib.records.ofDocument(doc.id), null)).toMatchObject({ finalised: true, finalising: false });
    expect(documentView(doc, 1, lib.records.ofDocument(doc.id), null)).toMatchObject({ finalised: false, finalising: false });
  });

  it('a watched file saved again while queued: the replaced save is no version, in the timeline or the count', async () => {
    const { doc } = await queuedBehindUnmined();
    const { record: latest, superseded } = lib.records.queueVersion(
      { ...submission({ kind: 'linked-update', name: 'plan.md' }), documentId: doc.id, version: 3 },
      { reason: 'Superseded by a later save.' },
    );
    expect(superseded.map((r) => r.state)).toEqual(['superseded']);
    const records = lib.records.ofDocument(doc.id);
    expect(versionCount(records)).toBe(2);
    const empty: DocumentHistory = { document: doc, versions: [], source: { from: 'service', reason: null }, finalised: false };
    const shown = historyView(doc, empty, records, (r) => view(r), null);
    expect(shown.versions.map((v) => v.record?.id)).toEqual([records[0]!.id, latest.id]);
    expect(shown.versions.some((v) => v.record?.state === 'superseded')).toBe(false);
  });
});

describe("a watched folder's fields, for the page and `watch --json` alike", () => {
  it('gives its settings with the quiet period in seconds, and nothing of the engine (id, times, paused)', () => {
    const folder = {
      id: 7,
      path: '/data/Contracts',
      profile: 'Sandbox',
      recursive: true,
      include: ['*.pdf'],
      exclude: ['drafts/**'],
      receipts: 'folder' as const,
      stableMs: 2500,
      paused: true,
      documentId: null,
      createdAt: 1,
      updatedAt: 2,
      state: 'paused' as const,
      waiting: 3,
      lastRound: null,
      chainClosed: false,
    };
    expect(watchedFolderFields(folder)).toEqual({
      waiting: 3,
      lastRound: null,
      chainClosed: false,
      path: '/data/Contracts',
      profile: 'Sandbox',
      recursive: true,
      include: ['*.pdf'],
      exclude: ['drafts/**'],
      receipts: 'folder',
      stableSeconds: 2.5,
    });
  });
});
