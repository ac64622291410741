import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Library } from '../../main/core/store/library.ts';
import { makerAndReceiver } from '../support/maker-and-receiver.ts';

/**
 * A batch's file imported from its receipt is a member of its batch, with its aggregation: one
 * library registers two batches, another imports their files' receipts. The importing library
 * verifies each file from what it holds (no receipt beside it), exports a receipt and a proof
 * bundle that verify, takes a second file of the same batch, takes the same file twice as once,
 * and refuses a receipt whose batch is not the registration it names. The library that built a
 * batch finds its own files in their receipts and adds nothing.
 */

const parties = makerAndReceiver('import-members', { blockInterval: 0.2 });
const { root, made, loose, make, receive, receiveJson } = parties;
const received = join(root, 'received');
const receiptOf = (name: string) => join(received, `${name}.receipt.json`);

beforeAll(async () => {
  mkdirSync(received);
  for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']) writeFileSync(join(made, name), `the batch file ${name}\n`);
  // Two batches, in blocks, their receipts beside their files.
  for (const files of [
    ['a.txt', 'b.txt', 'c.txt'],
    ['d.txt', 'e.txt'],
  ]) {
    const run = await make('notarise', ...files, '--wait');
    expect(run.code, run.stderr).toBe(0);
    expect(run.value[0].record.batch).toMatchObject({ files: files.length });
  }
  // What a receiver is sent: each file with its receipt; and the same files alone elsewhere, to verify from the library.
  for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']) {
    copyFileSync(join(made, name), join(received, name));
    copyFileSync(join(made, `${name}.receipt.json`), receiptOf(name));
    copyFileSync(join(made, name), join(loose, name));
  }
});

/** The receiver's library's batches and members, read directly. */
function receiverBatches(): { files: number; imported: boolean; members: string[] }[] {
  const lib = Library.open(parties.receiver.NOTARIUM_HOME!);
  try {
    const ids = lib.db.prepare<[], { id: number }>('SELECT id FROM batches ORDER BY id').all();
    return ids.map(({ id }) => {
      const batch = lib.batches.get(id)!;
      return { files: batch.files, imported: batch.imported, members: lib.batches.membersOf(id).map((m) => m.name) };
    });
  } finally {
    lib.close();
  }
}

/** `verify` of a file with no receipt beside it: from the library alone. */
async function verifiedFromLibrary(name: string) {
  const run = await receiveJson('verify', name, '--offline');
  expect(run.value, run.stderr).toHaveLength(1);
  return run.value[0] as { status: string; failedStep: string | null; batch: unknown };
}

describe('a batch file imported from its receipt', () => {
  it('is a member of its batch, and verifies from the library, with no receipt beside it', async () => {
    const run = await receiveJson('receipt', 'import', receiptOf('a.txt'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.value[0]).toMatchObject({ imported: true, outcome: 'verified', record: { name: 'a.txt', batch: { files: null, position: null } } });
    expect(receiverBatches()).toEqual([{ files: 1, imported: true, members: ['a.txt'] }]);
    expect(await verifiedFromLibrary('a.txt')).toMatchObject({ status: 'verified', failedStep: null });
    const status = await receiveJson('status', 'a.txt', '--offline');
    expect(status.code, status.stderr).toBe(0);
    expect(status.value).toMatchObject({ name: 'a.txt', proofOutcome: 'verified', batch: { files: null, position: null } });
    expect((await receive('status', 'a.txt', '--offline')).stdout).toMatch(
      /batch: +one of a batch's files in registration [0-9a-f]{64} \(batch \d+, known from its files' receipts\)/,
    );
  });

  it('a second file of the same batch joins it; the same file imported again adds nothing', async () => {
    const second = await receiveJson('receipt', 'import', receiptOf('b.txt'));
    expect(second.code, second.stderr).toBe(0);
    expect(second.value[0]).toMatchObject({ imported: true, outcome: 'verified' });
    const again = await receive('receipt', 'import', receiptOf('a.txt'), receiptOf('b.txt'));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^already in the library {2}.*a\.txt\.receipt\.json$/m);
    expect(again.stdout).toMatch(/^already in the library {2}.*b\.txt\.receipt\.json$/m);
    expect(receiverBatches()).toEqual([{ files: 2, imported: true, members: ['a.txt', 'b.txt'] }]);
    expect(await verifiedFromLibrary('b.txt')).toMatchObject({ status: 'verified' });
  });

  it('receipt export and the proof bundle of each carry a receipt that verifies', async () => {
    for (const name of ['a.txt', 'b.txt']) {
      const out = join(root, `export-${name}.receipt.json`);
      const exported = await receive('receipt', 'export', name, '-o', out);
      expect(exported.code, exported.stderr).toBe(0);
      const check = await receiveJson('receipt', 'verify', out, name);
      expect(check.value, check.stderr).toMatchObject({ status: 'verified' });
      const receipt = JSON.parse(readFileSync(out, 'utf8'));
      expect(receipt.aggregation.root).toBe(receipt.fingerprint.record);
      const bundle = join(root, `bundle-${name}`);
      const bundled = await receive('receipt', 'export', name, '--bundle', '-o', bundle);
      expect(bundled.code, bundled.stderr).toBe(0);
      const inBundle = await receiveJson('receipt', 'verify', join(bundle, `${name}.receipt.json`), name);
      expect(inBundle.value, inBundle.stderr).toMatchObject({ status: 'verified' });
    }
  });

  it("stands for its content, verified on the profile's own network: notarise sends nothing for it", async () => {
    const accepted = async () => (await parties.sb.json<{ records: number }>('/__sandbox/chain')).records;
    const before = await accepted();
    const run = await receiveJson('notarise', 'a.txt');
    expect(run.code, run.stderr).toBe(0);
    expect(run.value[0]).toMatchObject({ status: 'already-registered', record: { name: 'a.txt', batch: { files: null, position: null } } });
    expect(await accepted()).toBe(before);
    expect((await receive('notarise', 'b.txt')).stdout).toMatch(/^Batch \d+: 1 file of a batch known from its files' receipts in one registration/m);
  });

  it('a tampered file of the batch is not imported: a changed nonce is refused, another batch grafted onto the registration disagrees with it', async () => {
    const c = JSON.parse(readFileSync(receiptOf('c.txt'), 'utf8'));
    const nonce = join(received, 'nonce.txt.receipt.json');
    writeFileSync(nonce, JSON.stringify({ ...c, aggregation: { ...c.aggregation, nonce: 'ab'.repeat(16) } }, null, 2));
    // The other batch's file, its root and fingerprint, claimed for the first batch's transaction
    // (left out: it would disprove it), naming a service no profile reaches (which would disown it):
    // partially verified by itself, and not the registration the library holds under that txId.
    const d = JSON.parse(readFileSync(receiptOf('d.txt'), 'utf8'));
    const grafted = join(received, 'grafted.txt.receipt.json');
    const { transaction: _tx, ...rest } = d;
    writeFileSync(
      grafted,
      JSON.stringify(
        { ...rest, registration: { ...c.registration, serviceUrl: 'https://elsewhere.example' }, confirmation: c.confirmation, blockHeader: c.blockHeader },
        null,
        2,
      ),
    );
    const run = await receiveJson('receipt', 'import', nonce, grafted);
    expect(run.code).toBe(2);
    expect(run.value[0]).toMatchObject({ imported: false, error: { code: 'RECEIPT_INVALID', message: expect.stringMatching(/does not verify/) } });
    // Two receipts of one txId that disagree on its batch: said so, the one held kept, neither blamed as invalid.
    expect(run.value[1]).toMatchObject({ imported: false, disagrees: true });
    expect(run.value[1]).not.toHaveProperty('error');
    expect(receiverBatches()).toEqual([{ files: 2, imported: true, members: ['a.txt', 'b.txt'] }]);
    expect(await verifiedFromLibrary('d.txt')).toMatchObject({ status: 'unknown' });
  });

  it('the library that built the batch finds its own file in the receipt, and adds nothing', async () => {
    const lib = () => Library.open(parties.maker.NOTARIUM_HOME!);
    const count = () => {
      const l = lib();
      try {
        return l.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM batch_members').get()!.n;
      } finally {
        l.close();
      }
    };
    const before = count();
    const run = await make('receipt', 'import', receiptOf('a.txt'), receiptOf('d.txt'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.value.map((o: { imported: boolean }) => o.imported)).toEqual([false, false]);
    expect(run.value[0].record).toMatchObject({ name: 'a.txt', proofOutcome: null, batch: { files: 3, position: 0 } });
    expect(count()).toBe(before);
  });
});
