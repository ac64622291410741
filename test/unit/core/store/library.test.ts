import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { MIGRATIONS } from '../../../../main/core/store/migrations.ts';
import type { Submission } from '../../../../main/core/store/record.ts';
import { inputOf } from '../../../../main/core/store/profiles.ts';

let dir: string;
let now: number;
let lib: Library;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'notarium-lib-'));
  now = 1_700_000_000_000;
  lib = Library.open(dir, () => now);
});
afterEach(() => {
  lib.close();
  rmSync(dir, { recursive: true, force: true });
});

const submission = (over: Partial<Submission> = {}): Submission => ({
  profile: 'Sandbox',
  kind: 'record',
  name: 'contract.pdf',
  path: '/docs/contract.pdf',
  size: 48213,
  sha256: 'aa'.repeat(32),
  encode: 'SHA256(salt)',
  salt: 'salt',
  recordHex: 'aa'.repeat(32),
  publishedHex: 'bb'.repeat(32),
  idempotencyKey: `key-${Math.random()}`,
  network: 'sandbox',
  serviceUrl: null,
  ...over,
});

describe('schema', () => {
  it('migrates a new file to the latest version, and reopens without migrating again', () => {
    expect(lib.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(lib.db.pragma('journal_mode', { simple: true })).toBe('wal');
    lib.close();
    lib = Library.open(dir, () => now);
    expect(lib.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  });

  it('refuses a library from a newer Notarium', () => {
    lib.db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    lib.close();
    expect(() => Library.open(dir)).toThrow(expect.objectContaining({ code: 'STORE_ERROR' }));
    lib = Library.open(':memory:');
  });
});

describe('profiles', () => {
  it('starts with the built-in Sandbox profile as the current one', async () => {
    expect(await lib.profiles.current()).toMatchObject({ name: 'Sandbox', kind: 'sandbox', network: 'sandbox', idempotentWrites: true });
    expect((await lib.profiles.list()).map((p) => p.name)).toEqual(['Sandbox']);
  });

  it('adds, uses, updates and removes a service profile, with defaults', async () => {
    const p = await lib.profiles.save({ name: 'Production', baseUrl: 'https://records.example.com', explorerTxUrl: 'https://x.example/tx/{txId}/hex' });
    expect(p).toMatchObject({
      kind: 'service',
      targetConfirmations: 6,
      network: null,
      networkSource: 'detect',
      idempotentWrites: false,
      resubmitAfterSeconds: 3600,
    });
    await lib.profiles.use('Production');
    expect((await lib.profiles.current()).name).toBe('Production');
    await lib.profiles.save({ name: 'Production', baseUrl: 'https://records.example.com', targetConfirmations: 12 });
    expect((await lib.profiles.get('Production'))!.targetConfirmations).toBe(12);
    await lib.profiles.remove('Production');
    expect((await lib.profiles.current()).name).toBe('Sandbox');
  });

  it.each([
    [{ name: 'x', baseUrl: 'ftp://nope' }, /^The profile's service address must start with http:\/\/ or https:\/\/\.$/],
    [{ name: 'x', baseUrl: 'records' }, /^The profile's service address must be a whole address, such as https:\/\/records\.example\.com\.$/],
    [{ name: '', baseUrl: 'https://a.example' }, /name/],
    [{ name: 'x', baseUrl: 'https://a.example', explorerTxUrl: 'https://e.example/tx' }, /explorer transaction URL must contain \{txId\}/],
    [{ name: 'x', baseUrl: 'https://a.example', targetConfirmations: 0 }, /confirmations to settle/],
    [{ name: 'x', baseUrl: 'https://a.example', resubmitAfterSeconds: 0 }, /resubmit time/],
    [{ name: 'Sandbox', baseUrl: 'https://a.example' }, /built in/],
    [
      { name: 'x', baseUrl: 'https://a.example', network: 'testnet-sim' },
      /The profile's network must be mainnet, testnet, stn, regtest or sandbox, or "detect" to read it from the chain: receipts carry it/,
    ],
    [{ name: 'x', baseUrl: 'https://a.example', network: 'mainnet\u200b' }, /network must be mainnet, testnet, stn, regtest or sandbox/],
    [{ name: 'x', baseUrl: 'https://a.example', network: ' mainnet' }, /network must be mainnet, testnet, stn, regtest or sandbox/],
  ])('refuses %j with a sentence naming the field', async (input, message) => {
    await expect(lib.profiles.save(input)).rejects.toThrow(message);
  });

  it("keeps a resubmit time, and ties the Sandbox profile's to its block interval", async () => {
    expect((await lib.profiles.save({ name: 'Slow', baseUrl: 'https://a.example', resubmitAfterSeconds: 5400 })).resubmitAfterSeconds).toBe(5400);
    expect((await lib.profiles.get('Slow'))!.resubmitAfterSeconds).toBe(5400);
    expect((await lib.profiles.require('Sandbox')).resubmitAfterSeconds).toBe(60); // six of its 10 s blocks
    await lib.profiles.tuneSandbox(20);
    expect(await lib.profiles.require('Sandbox')).toMatchObject({ expectedBlockSeconds: 20, resubmitAfterSeconds: 120 });
    await lib.profiles.tuneSandbox(0.5);
    expect((await lib.profiles.require('Sandbox')).resubmitAfterSeconds).toBe(30);
    expect((await lib.profiles.get('Slow'))!.resubmitAfterSeconds).toBe(5400);
  });

  it('keeps a block lookup for the chain step, checked like the other explorer templates; the Sandbox profile has none stored', async () => {
    const woc = 'https://api.whatsonchain.com/v1/bsv/main/block/hash/{blockHash}';
    expect((await lib.profiles.save({ name: 'Main', baseUrl: 'https://a.example', explorerBlockUrl: woc })).explorerBlockUrl).toBe(woc);
    expect((await lib.profiles.get('Main'))!.explorerBlockUrl).toBe(woc);
    // Saved again from what it holds (a form showing only some settings), it keeps it; left out of a new save, it goes.
    expect((await lib.profiles.save(inputOf(await lib.profiles.require('Main')))).explorerBlockUrl).toBe(woc);
    expect((await lib.profiles.save({ name: 'Main', baseUrl: 'https://a.example' })).explorerBlockUrl).toBeNull();
    expect((await lib.profiles.require('Sandbox')).explorerBlockUrl).toBeNull();
    for (const [url, message] of [
      ['https://e.example/block/', /^The profile's explorer block lookup URL must contain \{blockHash\}\.$/],
      [
        'https://{blockHash}.e.example/',
        /^The profile's explorer block lookup URL must hold \{blockHash\} after its host, as in https:\/\/explorer\.example\/block\/hash\/\{blockHash\}\.$/,
      ],
      ['ftp://e.example/{blockHash}', /explorer block lookup URL must start with http:\/\/ or https:\/\//],
    ] as const) {
      await expect(lib.profiles.save({ name: 'Main', baseUrl: 'https://a.example', explorerBlockUrl: url })).rejects.toThrow(message);
    }
  });

  it('says why a profile is kept, counting as people do, and only what can be done', async () => {
    await lib.profiles.save({ name: 'Away', baseUrl: 'https://a.example' });
    const first = lib.records.insertSubmitting(submission({ profile: 'Away' }));
    lib.records.markNotSent(first.id, 'The service could not be reached.');
    expect((await lib.profiles.removalRefusal('Away'))?.message).toBe(
      `The profile "Away" keeps 1 record that never reached the service: remove it in the app's Library (nothing of it was registered), then remove the profile.`,
    );
    const second = lib.records.insertSubmitting(submission({ profile: 'Away', sha256: 'cd'.repeat(32) }));
    lib.records.markNotSent(second.id, 'The service could not be reached.');
    expect((await lib.profiles.removalRefusal('Away'))?.message).toBe(
      `The profile "Away" keeps 2 records that never reached the service: remove them in the app's Library (nothing of them was registered), then remove the profile.`,
    );
    // One registered: removing the unsent ones would not free it, so they are not mentioned.
    lib.records.markPublished(lib.records.insertSubmitting(submission({ profile: 'Away', sha256: 'ef'.repeat(32) })).id, 'ab'.repeat(32), 0, null);
    expect((await lib.profiles.removalRefusal('Away'))?.message).toBe(
      'The profile "Away" cannot be removed: 3 records in the library were made with it, and their status and verification go to its service.',
    );
    await lib.profiles.save({ name: 'Free', baseUrl: 'https://b.example' });
    expect(await lib.profiles.removalRefusal('Free')).toBeNull();
  });

  it('keeps a network label only from the vocabulary, in its own spelling', async () => {
    expect((await lib.profiles.save({ name: 'Test', baseUrl: 'https://a.example', network: 'TestNet' })).network).toBe('testnet');
    expect((await lib.profiles.get('Test'))!.network).toBe('testnet');
    expect((await lib.profiles.save({ name: 'Test', baseUrl: 'https://a.example', network: 'stn' })).network).toBe('stn');
  });

  it('keeps a profile that records refer to, and the built-in one', async () => {
    await lib.profiles.save({ name: 'Used', baseUrl: 'https://a.example' });
    lib.records.insertSubmitting(submission({ profile: 'Used' }));
    await expect(lib.profiles.remove('Used')).rejects.toThrow(expect.objectContaining({ code: 'PROFILE_IN_USE' }));
    await expect(lib.profiles.remove('Sandbox')).rejects.toThrow(expect.objectContaining({ code: 'SANDBOX_PROFILE_FIXED' }));
    await expect(lib.profiles.use('Nope')).rejects.toThrow(expect.objectContaining({ code: 'PROFILE_NOT_FOUND' }));
  });
});

describe('records', () => {
  it('a send that never reached the service leaves its row never sent; a row sent before keeps its first send', () => {
    const r = lib.records.insertSubmitting(submission());
    lib.records.markSent(r.id);
    lib.records.markNotSent(r.id, 'refused');
    expect(lib.records.get(r.id)).toMatchObject({ state: 'submitting', submittedAt: null, lastError: 'refused' });
    lib.records.markSent(r.id);
    const first = lib.records.get(r.id)!.submittedAt;
    expect(first).toBe(now);
    lib.records.markSent(r.id); // sent again (settling a lost answer): still sent since the first time
    expect(lib.records.get(r.id)!.submittedAt).toBe(first);
  });

  it('a row never sent is removed only by the engine holding its send lease, and only while it is still not sent', async () => {
    const lease = { owner: 'this-engine', until: now + 60_000 };
    await lib.profiles.save({ name: 'Away', baseUrl: 'https://away.example' });
    const r = lib.records.insertSubmitting(submission({ profile: 'Away' }), lease);
    // Not sent yet (on its way) is not "not sent": it may leave at any moment.
    expect(lib.records.removeNotSent(r.id, 'this-engine')).toEqual([]);
    lib.records.markNotSent(r.id, 'refused');
    await expect(lib.profiles.remove('Away')).rejects.toThrow(
      `The profile "Away" keeps 1 record that never reached the service: remove it in the app's Library (nothing of it was registered), then remove the profile.`,
    );
    expect(lib.records.removeNotSent(r.id, 'another-engine')).toEqual([]);
    expect(lib.records.removeNotSent(r.id, 'this-engine').map((x) => x.id)).toEqual([r.id]);
    expect(lib.records.get(r.id)).toBeUndefined();
    expect(lib.records.pendingCount()).toBe(0);
    await lib.profiles.remove('Away');
    expect(await lib.profiles.get('Away')).toBeUndefined();

    // Once it has left, it may be on the service: it stays.
    const sent = lib.records.insertSubmitting(submission(), lease);
    lib.records.markSent(sent.id);
    expect(lib.records.removeNotSent(sent.id, 'this-engine')).toEqual([]);
    expect(lib.records.get(sent.id)).toBeDefined();
  });

  it("a document's first version never sent takes its document and the versions queued behind it; what a watched folder kept of it goes too", async () => {
    const lease = { owner: 'this-engine', until: now + 60_000 };
    const doc = await lib.documents.create('Sandbox', 'plan.md');
    const v1 = lib.records.insertSubmitting(submission({ kind: 'linked-create', documentId: doc.id, version: 1 }), lease);
    lib.records.markNotSent(v1.id, 'refused');
    const queued = (n: number) =>
      lib.records.queueVersion(
        { ...submission({ kind: 'linked-update', sha256: `${n}`.repeat(64) }), documentId: doc.id, version: 2 },
        { reason: 'saved again' },
      );
    const replaced = queued(2).record;
    const v2 = queued(3).record;
    expect(lib.records.get(replaced.id)).toMatchObject({ state: 'superseded', supersededBy: v2.id });
    const folder = lib.watchedFolders.add(dir, 'Sandbox', { recursive: true, include: [], exclude: [], receipts: 'beside', stableMs: 0 });
    lib.db
      .prepare('INSERT INTO watched_files (folder_id, rel_path, size, mtime_ms, sha256, record_id, document_id, updated_at) VALUES (?, ?, 1, 1, ?, ?, ?, 1)')
      .run(folder.id, 'plan.md', 'aa'.repeat(32), v1.id, doc.id);
    const other = lib.records.insertSubmitting(submission({ name: 'other.pdf', sha256: 'cc'.repeat(32) }));

    expect(lib.records.removeNotSent(v1.id, 'this-engine').map((x) => x.id)).toEqual([v1.id, replaced.id, v2.id]);
    expect(await lib.documents.get(doc.id)).toBeUndefined();
    expect(lib.db.prepare('SELECT count(*) AS n FROM watched_files').get()).toEqual({ n: 0 });
    expect(lib.records.query().records.map((x) => x.id)).toEqual([other.id]);
  });

  it('goes submitting -> published -> confirmed -> settled, scheduling checks', () => {
    const r = lib.records.insertSubmitting(submission());
    // Not sent until its request leaves: from then on the service may hold it.
    expect(r).toMatchObject({ state: 'submitting', txId: null, submittedAt: null });
    lib.records.markSent(r.id);
    expect(lib.records.get(r.id)).toMatchObject({ state: 'submitting', submittedAt: now });
    expect(lib.records.inDoubt('Sandbox', () => false).map((x) => x.id)).toEqual([r.id]);
    const published = lib.records.markPublished(r.id, 'AB'.repeat(32), now + 10_000);
    expect(published).toMatchObject({ state: 'published', txId: 'ab'.repeat(32), nextCheckAt: now + 10_000 });
    expect(lib.records.due(now, 10)).toEqual([]);
    expect(lib.records.due(now + 10_000, 10).map((x) => x.id)).toEqual([r.id]);
    expect(lib.records.nextDueAt()).toBe(now + 10_000);
    lib.records.recordConfirmation(
      r.id,
      { state: 'confirmed', confirmations: 1, blockHash: 'cc'.repeat(32), blockTime: '2026-11-22T10:00:00Z', confirmation: { confirmedBlocks: 1 } },
      now + 20_000,
    );
    expect(lib.records.get(r.id)).toMatchObject({ state: 'confirmed', confirmations: 1, confirmation: { confirmedBlocks: 1 }, confirmedAt: now, checks: 1 });
    lib.records.recordConfirmation(
      r.id,
      { state: 'settled', confirmations: 3, blockHash: 'cc'.repeat(32), blockTime: null, confirmation: { confirmedBlocks: 3 } },
      null,
    );
    expect(lib.records.get(r.id)).toMatchObject({ state: 'settled', nextCheckAt: null });
    expect(lib.records.nextDueAt()).toBeNull();
    expect(lib.records.byTxId('ab'.repeat(32))!.id).toBe(r.id);
  });

  it('tracks a run of 404s from its first one', () => {
    const r = lib.records.insertSubmitting(submission());
    lib.records.markPublished(r.id, '01'.repeat(32), now);
    lib.records.recordUnknown(r.id, now + 1000);
    now += 5000;
    lib.records.recordUnknown(r.id, now + 1000);
    expect(lib.records.get(r.id)).toMatchObject({ unknownSince: now - 5000, checks: 2 });
    lib.records.markRejected(r.id, 'The service never published it.');
    expect(lib.records.get(r.id)).toMatchObject({ state: 'rejected', nextCheckAt: null, lastError: 'The service never published it.' });
  });

  it('a txId is unique within a profile', () => {
    const a = lib.records.insertSubmitting(submission());
    const b = lib.records.insertSubmitting(submission());
    lib.records.markPublished(a.id, '02'.repeat(32), now);
    expect(() => lib.records.markPublished(b.id, '02'.repeat(32), now)).toThrow(/UNIQUE/);
  });

  it('finds by content and by search, with filters, sorting and paging', () => {
    for (let i = 0; i < 30; i++) {
      now += 1;
      const r = lib.records.insertSubmitting(
        submission({
          name: `file-${String(i).padStart(2, '0')}.txt`,
          sha256: i === 7 ? 'cd'.repeat(32) : `${i}`.padStart(64, '0'),
          publishedHex: i === 11 ? '5e'.repeat(32) : 'bb'.repeat(32),
        }),
      );
      if (i % 3 === 0) lib.records.markPublished(r.id, `${i}`.padStart(64, 'f'), now);
    }
    expect(lib.records.bySha256('cd'.repeat(32)).map((r) => r.name)).toEqual(['file-07.txt']);
    expect(lib.records.query({ search: 'file-1' }).total).toBe(10);
    expect(lib.records.query({ search: 'cdcd' }).records.map((r) => r.name)).toEqual(['file-07.txt']);
    expect(lib.records.query({ search: 'ffff' }).total).toBe(10);
    // The published (salted) fingerprint, as the details show it and a receipt carries it.
    expect(lib.records.query({ search: '5E5E5E5E' }).records.map((r) => r.name)).toEqual(['file-11.txt']);
    expect(lib.records.query({ states: ['published'] }).total).toBe(10);
    const page = lib.records.query({ sort: 'name', direction: 'asc', limit: 5, offset: 5 });
    expect(page.records.map((r) => r.name)).toEqual(['file-05.txt', 'file-06.txt', 'file-07.txt', 'file-08.txt', 'file-09.txt']);
    expect(page.total).toBe(30);
    expect(lib.records.query({ search: '100%_' }).total).toBe(0);
    expect(lib.records.pendingCount()).toBe(30);
  });
});

describe('documents', () => {
  it('a rejected version hands the head, and its token, back to the version before it', async () => {
    const doc = await lib.documents.create('Sandbox', 'plan.md');
    const v1 = lib.records.insertSubmitting(submission({ kind: 'linked-create', documentId: doc.id, version: 1 }));
    lib.records.markPublished(v1.id, 'a1'.repeat(32), now, 'token-1');
    const v2 = lib.records.insertSubmitting(submission({ kind: 'linked-update', documentId: doc.id, version: 2, prevTxId: 'a1'.repeat(32) }));
    lib.records.markPublished(v2.id, 'a2'.repeat(32), now, 'token-2');
    lib.records.markRejected(v2.id, 'never mined');
    expect(await lib.documents.get(doc.id)).toMatchObject({ headTxId: 'a1'.repeat(32), updateToken: 'token-1', firstTxId: 'a1'.repeat(32), finalisedAt: null });
  });

  it('an answer never overwrites the txId of a record that already has one', () => {
    const r = lib.records.insertSubmitting(submission());
    lib.records.markPublished(r.id, 'b1'.repeat(32), now);
    lib.records.markPublished(r.id, 'b2'.repeat(32), now);
    expect(lib.records.get(r.id)!.txId).toBe('b1'.repeat(32));
  });

  it('follows the head and its update token as versions are published, and finalises', async () => {
    const doc = await lib.documents.create('Sandbox', 'contract.pdf');
    const v1 = lib.records.insertSubmitting(submission({ kind: 'linked-create', documentId: doc.id, version: 1 }));
    lib.records.markPublished(v1.id, '11'.repeat(32), now, 'token-1');
    expect(await lib.documents.get(doc.id)).toMatchObject({ firstTxId: '11'.repeat(32), headTxId: '11'.repeat(32), updateToken: 'token-1', finalisedAt: null });
    const v2 = lib.records.insertSubmitting(submission({ kind: 'linked-update', documentId: doc.id, version: 2, prevTxId: '11'.repeat(32) }));
    lib.records.markPublished(v2.id, '22'.repeat(32), now, 'token-2');
    expect(await lib.documents.get(doc.id)).toMatchObject({ firstTxId: '11'.repeat(32), headTxId: '22'.repeat(32), updateToken: 'token-2' });
    const end = lib.records.insertSubmitting(submission({ kind: 'linked-delete', documentId: doc.id, version: 3, prevTxId: '22'.repeat(32) }));
    lib.records.markPublished(end.id, '33'.repeat(32), now, null);
    expect(await lib.documents.get(doc.id)).toMatchObject({ headTxId: '33'.repeat(32), updateToken: null, finalisedAt: now });
    expect(lib.records.ofDocument(doc.id).map((r) => r.version)).toEqual([1, 2, 3]);
    expect((await lib.documents.byTxId('22'.repeat(32)))!.id).toBe(doc.id);
  });
});
