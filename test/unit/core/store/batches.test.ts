import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aggregationPathAt, aggregationRootOf, aggregationTreeRoot } from '../../../../verifier/protocol/aggregation.ts';
import type { NewBatch } from '../../../../main/core/store/batches.ts';
import { Library } from '../../../../main/core/store/library.ts';
import { PENDING_STATES, type Submission } from '../../../../main/core/store/record.ts';
import { batchSubmission } from '../../../../main/core/usecases/notarise-batch.ts';

/** The library's side of batches: one registration stored whole with its members, which follow it. */

let lib: Library;
let now: number;
let keys = 0;
const newKey = () => `key-${++keys}`;
const where = { network: 'sandbox', serviceUrl: null };
const lease = { owner: 'here', until: Number.MAX_SAFE_INTEGER };

beforeEach(() => {
  now = 1_700_000_000_000;
  lib = Library.open(':memory:', () => now);
});
afterEach(() => lib.close());

const tx = (n: number) => n.toString(16).padStart(64, '0');
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const files = (...names: string[]) => names.map((name) => ({ name, path: `/docs/${name}`, size: name.length, sha256: sha(name) }));
const count = (table: string) => (lib.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

function store(batch: NewBatch, options: { again?: boolean } = {}) {
  const created = lib.batches.create(batch, lease, options);
  if (created.taken) throw new Error(`taken: ${created.taken.join(', ')}`);
  return created;
}

function plainRecord(over: Partial<Submission> = {}): Submission {
  return {
    profile: 'Sandbox',
    kind: 'record',
    name: 'deed.pdf',
    path: '/docs/deed.pdf',
    size: 10,
    sha256: sha('deed.pdf'),
    encode: 'SHA256(salt)',
    salt: 'salt',
    recordHex: sha('deed.pdf'),
    publishedHex: 'bb'.repeat(32),
    idempotencyKey: newKey(),
    network: 'sandbox',
    serviceUrl: null,
    ...over,
  };
}

describe('a batch stored whole', () => {
  it('is one registration (a plain record with no file of its own, submitting, leased) and its members, in leaf order', () => {
    const batch = batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'b.txt', 'c.txt'));
    const { batch: stored, registration } = store(batch);
    expect(registration).toMatchObject({ kind: 'record', state: 'submitting', name: 'Batch of 3 files', sha256: null, size: null, path: null });
    expect(registration.recordHex).toBe(aggregationTreeRoot(batch.tree));
    expect(registration.sendLeaseOwner).toBe('here');
    expect(stored).toMatchObject({ recordId: registration.id, files: 3 });
    expect(count('records')).toBe(1); // members are not records: nothing scans them as registrations
    expect(lib.records.inDoubt('Sandbox', () => true).map((r) => r.id)).toEqual([registration.id]);

    const members = lib.batches.membersOf(stored.id);
    expect(members.map((m) => [m.position, m.name, m.path, m.sha256])).toEqual(files('a.txt', 'b.txt', 'c.txt').map((f, i) => [i, f.name, f.path, f.sha256]));
    expect(lib.batches.membersOf(stored.id, { offset: 1, limit: 1 }).map((m) => m.name)).toEqual(['b.txt']);

    // The tree comes back as stored, and gives each member its path to the registered root.
    const tree = lib.batches.tree(stored.id);
    expect(Buffer.from(tree.nodes)).toEqual(Buffer.from(batch.tree.nodes));
    for (const m of members)
      expect(aggregationRootOf(Buffer.from(m.sha256, 'hex'), m.nonce, aggregationPathAt(tree, m.position!))).toBe(registration.recordHex);
    expect(new Set(members.map((m) => m.nonce)).size).toBe(3);
  });

  it('stores nothing when any part fails: no registration without its members', () => {
    const batch = batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'b.txt'));
    const broken = { ...batch, members: [batch.members[0]!, { ...batch.members[1]!, name: null as unknown as string }] };
    expect(() => lib.batches.create(broken, lease)).toThrow(/NOT NULL/);
    expect([count('records'), count('batches'), count('batch_members')]).toEqual([0, 0, 0]);
  });

  it('refuses what is not a batch: a tree of other files, a root that is not the record, a content twice', () => {
    const batch = batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'b.txt'));
    expect(() => lib.batches.create({ ...batch, members: batch.members.slice(1) }, lease)).toThrow(/tree of as many leaves/);
    expect(() => lib.batches.create({ ...batch, registration: { ...batch.registration, recordHex: 'aa'.repeat(32) } }, lease)).toThrow(/root/);
    const twice = batchSubmission({ newKey }, 'Sandbox', where, [...files('a.txt'), ...files('a.txt')]);
    expect(() => lib.batches.create(twice, lease)).toThrow(/one member/);
    expect(count('records')).toBe(0);
  });
});

describe('content the profile already has', () => {
  it('a batch holding it is not written: the contents are named, and nothing is stored', () => {
    lib.records.insertSubmitting(plainRecord({ sha256: sha('b.txt') }));
    store(batchSubmission({ newKey }, 'Sandbox', where, files('c.txt', 'd.txt')));
    const created = lib.batches.create(batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'b.txt', 'c.txt')), lease);
    expect(created.taken).toEqual([sha('b.txt'), sha('c.txt')]);
    expect([count('records'), count('batches'), count('batch_members')]).toEqual([2, 1, 2]);
  });

  it('not when it failed, was rejected, is in another profile, or `again` is asked for', async () => {
    await lib.profiles.save({ name: 'Acme', baseUrl: 'https://acme.example', network: 'mainnet' });
    const failed = lib.records.insertSubmitting(plainRecord({ sha256: sha('a.txt') }));
    lib.records.markFailed(failed.id, 'refused');
    const lost = store(batchSubmission({ newKey }, 'Sandbox', where, files('b.txt', 'c.txt'))).registration;
    lib.records.markFailed(lost.id, 'refused');
    lib.records.insertSubmitting(plainRecord({ profile: 'Acme', sha256: sha('d.txt') }));
    expect(lib.batches.create(batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'b.txt', 'd.txt')), lease).taken).toBeUndefined();
    expect(lib.batches.create(batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'e.txt')), lease).taken).toEqual([sha('a.txt')]);
    expect(lib.batches.create(batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'e.txt')), lease, { again: true }).taken).toBeUndefined();
  });
});

describe('members follow their registration', () => {
  it('its txId, state and block; found by content, path and the txId of any of its submissions', () => {
    const { batch, registration } = store(batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'b.txt')));
    lib.records.markPublished(registration.id, tx(1), now + 10_000);
    const [a] = lib.batches.membersBySha256(sha('a.txt'), 'Sandbox');
    expect(a).toMatchObject({ member: { name: 'a.txt', position: 0 }, batch: { id: batch.id, files: 2 }, registration: { state: 'published', txId: tx(1) } });

    // Sent again (not mined in time); the resubmission is the one in a block: every member follows it.
    const again = lib.records.insertResubmission(lib.records.get(registration.id)!, newKey())!;
    lib.records.markPublished(again.id, tx(2), now + 10_000);
    lib.records.recordConfirmation(
      again.id,
      { state: 'confirmed', confirmations: 1, blockHash: tx(9), blockTime: null, confirmation: { confirmedBlocks: 1 } },
      null,
    );
    expect(lib.records.get(registration.id)!.state).toBe('superseded');
    for (const found of [lib.batches.membersBySha256(sha('b.txt'))[0]!, lib.batches.membersByPath('/docs/b.txt')[0]!, lib.batches.member(a!.member.id)!]) {
      expect(found.registration).toMatchObject({ id: again.id, state: 'confirmed', txId: tx(2), blockHash: tx(9) });
    }
    // By the txId of either submission (the superseded one names the same batch).
    for (const txId of [tx(1), tx(2)]) expect(lib.batches.byTxId(txId, 'Sandbox')).toMatchObject({ batch: { id: batch.id }, registration: { id: again.id } });
    expect(lib.batches.ofRecord(again)?.id).toBe(batch.id);
    expect(lib.batches.membersBySha256(sha('a.txt'), 'Other')).toEqual([]);
    expect(lib.batches.byTxId(tx(7))).toBeUndefined();
  });

  it('a registration given up or refused is what its members show', () => {
    const { registration } = store(batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'b.txt')));
    lib.records.markFailed(registration.id, 'Refused by the service.');
    expect(lib.batches.membersBySha256(sha('a.txt'))[0]!.registration).toMatchObject({ state: 'failed', lastError: 'Refused by the service.' });
  });

  it("a batch holds at most the library's setting, 100,000 files unless set", () => {
    expect(lib.batches.maxFiles()).toBe(100_000);
    lib.batches.setMaxFiles(500);
    expect(lib.batches.maxFiles()).toBe(500);
    expect(() => lib.batches.setMaxFiles(1)).toThrow(/at least 2/);
    expect(() => lib.batches.setMaxFiles(2.5)).toThrow(/whole number/);
  });

  it('a member keeps where its receipt was written', () => {
    const { batch } = store(batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'b.txt')));
    const [first] = lib.batches.membersOf(batch.id);
    lib.batches.setReceiptPath(first!.id, '/docs/a.txt.receipt.json');
    expect(lib.batches.member(first!.id)!.member.receiptPath).toBe('/docs/a.txt.receipt.json');
  });
});

describe("the Library's list of files (queryFiles)", () => {
  it("a batch's files are rows, its registration none; each file once while its registration is sent again, found by name, digest and txId", () => {
    const { batch, registration } = store(batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'b.txt', 'c.txt')));
    const alone = lib.records.insertSubmitting(plainRecord(), lease);
    lib.records.markPublished(registration.id, tx(1), now + 10_000);
    const rows = (q: Parameters<typeof lib.batches.files>[0] = {}) =>
      lib.batches.files({ sort: 'name', direction: 'asc', ...q }).files.map((f) => [f.member?.member.name ?? f.record.name, f.record.id]);
    expect(rows()).toEqual([
      ['a.txt', registration.id],
      ['b.txt', registration.id],
      ['c.txt', registration.id],
      ['deed.pdf', alone.id],
    ]);
    // Sent again: still one row per file, following the newest live submission.
    const again = lib.records.insertResubmission(lib.records.get(registration.id)!, newKey())!;
    lib.records.markPublished(again.id, tx(2), now + 10_000);
    expect(lib.batches.files().total).toBe(4);
    expect(rows({ search: 'b.t' })).toEqual([['b.txt', again.id]]);
    expect(rows({ search: sha('c.txt').slice(0, 8) })).toEqual([['c.txt', again.id]]);
    expect(rows({ search: tx(2).slice(0, 64) }).map(([name]) => name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(rows({ batch: batch.id })).toHaveLength(3);
    expect(rows({ states: ['published'] })).toHaveLength(3);
    expect(rows({ states: ['submitting'] })).toEqual([['deed.pdf', alone.id]]);
    // A page of them, in leaf order.
    expect(lib.batches.files({ batch: batch.id, sort: 'created', direction: 'asc', limit: 2, offset: 1 }).files.map((f) => f.member!.member.position)).toEqual([
      1, 2,
    ]);
    // The registrations' list is unchanged: one row per registration, the batch's among them.
    expect(lib.records.query().total).toBe(2);
  });

  it("the pending count counts the list's files: a batch's each, once while it is sent again; none once settled", () => {
    const { registration } = store(batchSubmission({ newKey }, 'Sandbox', where, files('a.txt', 'b.txt', 'c.txt')));
    lib.records.insertSubmitting(plainRecord(), lease);
    lib.records.markPublished(registration.id, tx(1), now + 10_000);
    const pendingRows = () => lib.batches.files({ states: [...PENDING_STATES] }).total;
    expect(lib.records.pendingCount()).toBe(4);
    expect(pendingRows()).toBe(4);
    const again = lib.records.insertResubmission(lib.records.get(registration.id)!, newKey())!;
    lib.records.markPublished(again.id, tx(2), now + 10_000);
    expect(lib.records.pendingCount()).toBe(4);
    expect(lib.records.pendingCount('Elsewhere')).toBe(0);
    lib.db.prepare("UPDATE records SET state = 'settled' WHERE id = ?").run(again.id);
    expect(lib.records.pendingCount()).toBe(1);
    expect(pendingRows()).toBe(1);
  });
});
