import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Library } from '../../../../main/core/store/library.ts';
import { batchSubmission } from '../../../../main/core/usecases/notarise-batch.ts';
import { batchFacts, batchOfReceipt, profileNetworks, registrationsOfContent } from '../../../../main/core/usecases/registrations.ts';

/** A content's registrations, records and batch members alike: what every use-case that looks a file up asks. */

let lib: Library;
let keys = 0;
const newKey = () => `key-${++keys}`;
const where = { network: 'sandbox', serviceUrl: null };
const lease = { owner: 'here', until: Number.MAX_SAFE_INTEGER };
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const tx = (n: number) => n.toString(16).padStart(64, '0');
const files = (...names: string[]) => names.map((name) => ({ name, path: `/docs/${name}`, size: name.length, sha256: sha(name) }));

beforeEach(() => {
  lib = Library.open(':memory:', () => 1_700_000_000_000);
});
afterEach(() => lib.close());

function storeBatch(profile: string, ...names: string[]) {
  const created = lib.batches.create(batchSubmission({ newKey }, profile, where, files(...names)), lease, { again: true });
  if (created.taken) throw new Error('taken');
  return created;
}

function storeRecord(name: string) {
  return lib.records.insertSubmitting({
    profile: 'Sandbox',
    kind: 'record',
    name,
    path: `/docs/${name}`,
    size: name.length,
    sha256: sha(name),
    encode: 'SHA256(salt)',
    salt: 'salt',
    recordHex: sha(name),
    publishedHex: 'bb'.repeat(32),
    idempotencyKey: newKey(),
    ...where,
  });
}

describe('registrationsOfContent', () => {
  it('finds a content registered on its own and as a batch member, newest registration first, each with its member', async () => {
    expect(registrationsOfContent({ library: lib }, await profileNetworks({ library: lib }), sha('a.txt'))).toEqual([]);
    const older = storeBatch('Sandbox', 'a.txt', 'b.txt');
    const own = storeRecord('a.txt');
    const newer = storeBatch('Sandbox', 'c.txt', 'a.txt');
    const found = registrationsOfContent({ library: lib }, await profileNetworks({ library: lib }), sha('a.txt'));
    expect(found.map((f) => [f.record.id, f.member?.batch.id ?? null, f.member?.member.position ?? null])).toEqual([
      [newer.registration.id, newer.batch.id, 1],
      [own.id, null, null],
      [older.registration.id, older.batch.id, 0],
    ]);
    expect(registrationsOfContent({ library: lib }, await profileNetworks({ library: lib }), sha('b.txt'), 'Other')).toEqual([]);
  });

  it("a member follows its registration's current submission", async () => {
    const { registration } = storeBatch('Sandbox', 'a.txt', 'b.txt');
    lib.records.markPublished(registration.id, tx(7), 0);
    const [found] = registrationsOfContent({ library: lib }, await profileNetworks({ library: lib }), sha('b.txt'));
    expect(found!.record).toMatchObject({ id: registration.id, state: 'published', txId: tx(7) });
  });
});

describe('batch facts', () => {
  it("a member's place; a batch's own registration, what it anchors; a record of no batch, none", async () => {
    const { batch, registration } = storeBatch('Sandbox', 'a.txt', 'b.txt', 'c.txt');
    const [member] = registrationsOfContent({ library: lib }, await profileNetworks({ library: lib }), sha('c.txt'));
    expect(batchFacts({ library: lib }, member!)).toEqual({ id: batch.id, files: 3, position: 2 });
    expect(batchFacts({ library: lib }, { record: registration })).toEqual({ id: batch.id, files: 3, position: null });
    expect(batchFacts({ library: lib }, { record: storeRecord('d.txt') })).toBeNull();
  });

  it("a batch receipt's file, by its registration's txId and its content; unknown to the library: null", () => {
    const { batch, registration } = storeBatch('Sandbox', 'a.txt', 'b.txt');
    lib.records.markPublished(registration.id, tx(9), 0);
    expect(batchOfReceipt({ library: lib }, { registration: { txId: tx(9) }, file: { sha256: sha('b.txt') } })).toEqual({
      id: batch.id,
      files: 2,
      position: 1,
    });
    expect(batchOfReceipt({ library: lib }, { registration: { txId: tx(10) }, file: { sha256: sha('b.txt') } })).toBeNull();
    expect(batchOfReceipt({ library: lib }, { registration: { txId: tx(9) }, file: { sha256: sha('z.txt') } })).toBeNull();
  });
});
