import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyReceipt } from '../../../../verifier/verify-receipt.ts';
import { Library } from '../../../../main/core/store/library.ts';
import { memberReceipt } from '../../../../main/core/usecases/batch-receipts.ts';
import type { NotaryContext } from '../../../../main/core/usecases/context.ts';
import { batchSubmission } from '../../../../main/core/usecases/notarise-batch.ts';

/** A member's receipt from what the library holds, and never from a library that does not hold together. */

let lib: Library;
let ctx: NotaryContext;

beforeEach(() => {
  lib = Library.open(':memory:', () => 1_700_000_000_000);
  ctx = { library: lib, now: () => 1_700_000_000_000 } as unknown as NotaryContext;
});
afterEach(() => lib.close());

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function publishedBatch() {
  const files = ['a.txt', 'b.txt', 'c.txt'].map((name) => ({ name, path: `/docs/${name}`, size: name.length, sha256: sha(name) }));
  const created = lib.batches.create(batchSubmission({ newKey: () => 'key' }, 'Sandbox', { network: 'sandbox', serviceUrl: 'http://127.0.0.1:1' }, files));
  if (created.taken) throw new Error('taken');
  lib.records.markPublished(created.registration.id, 'ab'.repeat(32), 0);
  return created.batch;
}

describe('memberReceipt', () => {
  it("is its registration's receipt with the member's file and its path to the registered root", async () => {
    const batch = publishedBatch();
    const found = lib.batches.membersBySha256(sha('c.txt'))[0]!;
    const receipt = await memberReceipt(ctx, found);
    expect(receipt.file).toEqual({ name: 'c.txt', size: 5, sha256: sha('c.txt') });
    expect(receipt.registration).toMatchObject({ kind: 'record', txId: 'ab'.repeat(32) });
    expect(receipt.aggregation).toEqual({
      nonce: found.member.nonce,
      path: [{ left: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      root: found.registration.recordHex,
    });
    const report = verifyReceipt(receipt, { fileDigest: sha('c.txt') });
    expect(report.outcome).toBe('pending');
    expect(report.steps.find((s) => s.id === 'aggregation')!.status).toBe('pass');
    expect(batch.files).toBe(3);
  });

  it('is refused when the library does not hold together: a member whose nonce changed, a tree that is not the registered one', async () => {
    const batch = publishedBatch();
    const found = lib.batches.membersBySha256(sha('a.txt'))[0]!;
    lib.db.prepare('UPDATE batch_members SET nonce = ? WHERE id = ?').run('00'.repeat(16), found.member.id);
    await expect(memberReceipt(ctx, lib.batches.member(found.member.id)!)).rejects.toThrow(/does not hold together for a\.txt/);

    const other = lib.batches.membersBySha256(sha('b.txt'))[0]!;
    await expect(memberReceipt(ctx, other)).resolves.toBeDefined();
    lib.db.prepare('UPDATE batches SET tree = zeroblob(length(tree)) WHERE id = ?').run(batch.id);
    await expect(memberReceipt(ctx, other)).rejects.toThrow(expect.objectContaining({ code: 'STORE_ERROR' }));
  });
});
