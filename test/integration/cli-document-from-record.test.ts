import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

/**
 * A document started from a file already registered as a record. A record cannot take
 * versions, so `notarise --document` refuses without --again (as plain `notarise` registers nothing
 * twice), and with --again the document's first version is a registration of its own whose
 * receipt never takes the place of the record's; no receipt beside a file is lost when it is edited
 * and registered again. The service mines only when a test says so.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-doc-from-record-'));
const work = join(root, 'work');
let sb: TestSandbox;
const cli = (...args: string[]) =>
  runCli(args, { env: { NOTARIUM_HOME: join(root, 'library'), NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: sb.apiKey }, cwd: work });
const json = jsonCli(cli);

interface Registration {
  txId: string;
  kind: string;
  documentId: number | null;
  version: number | null;
  receiptPath: string | null;
}

beforeAll(async () => {
  sb = await startTestSandbox();
  mkdirSync(work, { recursive: true });
  const pace = ['--confirmations', '1', '--block-seconds', '0.5', '--resubmit-after', '3600'];
  expect((await cli('profile', 'add', 'Chain', '--base-url', sb.baseUrl, '--network', 'sandbox', ...sandboxExplorerArgs(sb.baseUrl), ...pace)).code).toBe(0);
  expect((await cli('profile', 'use', 'Chain')).code).toBe(0);
});
afterAll(async () => {
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Registers `name` as asked, mines its block and waits for it: its registration as the library holds it. */
async function registeredInABlock(name: string, ...flags: string[]): Promise<Registration> {
  const run = await json('notarise', name, ...flags);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  await sb.mine(1);
  const waited = await json('wait', run.value[0].record.txId);
  expect(waited.code, waited.stderr).toBe(0);
  return waited.value as Registration;
}

describe('notarise --document on a file registered as a record', () => {
  it('refuses without --again, saying why and what to do; with --again starts a document whose receipt is written beside the record’s, never over it', async () => {
    writeFileSync(join(work, 'deed.pdf'), 'the deed\n');
    const record = await registeredInABlock('deed.pdf');
    const recordReceipt = readFileSync(join(work, 'deed.pdf.receipt.json'), 'utf8');
    expect(JSON.parse(recordReceipt).registration.txId).toBe(record.txId);

    const refused = await json('notarise', '--document', 'deed.pdf');
    expect(refused.code).toBe(2);
    expect(refused.value).toMatchObject([{ status: 'failed', record: null, error: { code: 'ALREADY_REGISTERED' } }]);
    expect(refused.value[0].error.message).toBe(
      `deed.pdf is already registered as a record (txId ${record.txId}), and a record cannot take versions, so no document was started. ` +
        `To start a document with this file, register it again as the first version of a new document: notarium notarise --document --again ${join(work, 'deed.pdf')} (the record and its receipt stay as they are).`,
    );
    const table = await cli('notarise', '--document', 'deed.pdf');
    expect(table.code).toBe(2);
    // The table stays a table: the sentence goes under it, on a line of its own.
    expect(table.stdout).toMatch(/^failed +deed\.pdf +- +-$/m);
    expect(table.stdout).toMatch(/^deed\.pdf: deed\.pdf is already registered as a record \(txId [0-9a-f]{64}\), and a record cannot take versions/m);
    // Nothing was registered, and `versions` says the file is no document and how to start one.
    const versions = await cli('versions', 'deed.pdf');
    expect(versions.code).toBe(2);
    expect(versions.stderr).toContain("to start a document with it, register it again as a new document's first version");

    const version1 = await registeredInABlock('deed.pdf', '--document', '--again');
    expect(version1).toMatchObject({ kind: 'linked-create', version: 1, receiptPath: join(work, 'deed.pdf.v1.receipt.json') });
    expect(readFileSync(join(work, 'deed.pdf.receipt.json'), 'utf8')).toBe(recordReceipt);
    expect(JSON.parse(readFileSync(join(work, 'deed.pdf.v1.receipt.json'), 'utf8')).registration).toMatchObject({ kind: 'linked-create', txId: version1.txId });
    for (const receipt of ['deed.pdf.receipt.json', 'deed.pdf.v1.receipt.json']) {
      const verified = await cli('receipt', 'verify', receipt, 'deed.pdf');
      expect(verified.code, verified.stdout).toBe(0);
    }

    // Started once: asked again, the document's version is what is registered.
    const again = await json('notarise', '--document', 'deed.pdf');
    expect(again.code).toBe(0);
    expect(again.value).toMatchObject([{ status: 'already-registered', record: { txId: version1.txId, version: 1 } }]);
    // Its versions, each once.
    const history = await json('versions', 'deed.pdf');
    expect(history.value.versions.map((v: { txId: string }) => v.txId)).toEqual([version1.txId]);
    const timeline = await cli('versions', 'deed.pdf');
    expect(timeline.stdout).toMatch(/^deed\.pdf: 1 version, read from the service$/m);
  });

  it('plain notarise --again keeps the first registration’s receipt and writes the new one under the start of its txId', async () => {
    writeFileSync(join(work, 'will.pdf'), 'the will\n');
    const first = await registeredInABlock('will.pdf');
    const firstReceipt = readFileSync(join(work, 'will.pdf.receipt.json'), 'utf8');
    const second = await registeredInABlock('will.pdf', '--again');
    expect(second.txId).not.toBe(first.txId);
    expect(second.receiptPath).toBe(join(work, `will.pdf.${second.txId.slice(0, 12)}.receipt.json`));
    expect(readFileSync(join(work, 'will.pdf.receipt.json'), 'utf8')).toBe(firstReceipt);
    expect(JSON.parse(readFileSync(second.receiptPath!, 'utf8')).registration.txId).toBe(second.txId);
  });

  it('a file edited since its receipt was written gets the receipt of its new content in the usual place, the old one moved to its label', async () => {
    writeFileSync(join(work, 'plan.md'), 'plan, draft\n');
    const draft = await registeredInABlock('plan.md');
    const draftReceipt = readFileSync(join(work, 'plan.md.receipt.json'), 'utf8');
    writeFileSync(join(work, 'plan.md'), 'plan, approved\n');
    const approved = await registeredInABlock('plan.md');
    expect(approved.receiptPath).toBe(join(work, 'plan.md.receipt.json'));
    expect(JSON.parse(readFileSync(join(work, 'plan.md.receipt.json'), 'utf8')).registration.txId).toBe(approved.txId);
    // The draft's receipt is not lost: it moved to the start of its txId.
    expect(readFileSync(join(work, `plan.md.${draft.txId.slice(0, 12)}.receipt.json`), 'utf8')).toBe(draftReceipt);
  });
});

describe('every receipt beside a file stays on disk, and the plain one is the content now', () => {
  const receiptOf = (name: string) => JSON.parse(readFileSync(join(work, 'w', name), 'utf8')) as { registration: { txId: string } };

  it('a record, a document started from it with --again, its version 2: each receipt under its name, the plain one version 2’s; exporting the record leaves it so', async () => {
    mkdirSync(join(work, 'w'));
    writeFileSync(join(work, 'w/doc.txt'), 'contract v1\n');
    const record = await registeredInABlock('w/doc.txt');
    const recordReceipt = readFileSync(join(work, 'w/doc.txt.receipt.json'), 'utf8');
    const version1 = await registeredInABlock('w/doc.txt', '--document', '--again');
    expect(version1.receiptPath).toBe(join(work, 'w/doc.txt.v1.receipt.json'));

    writeFileSync(join(work, 'w/doc.txt'), 'contract v2\n');
    const added = await json('version', 'add', 'w/doc.txt', '--of', 'w/doc.txt');
    expect(added.code, added.stderr).toBe(0);
    await sb.mine(1);
    const version2 = (await json('wait', added.value.txId)).value as Registration;
    expect((await cli('status', 'w/doc.txt')).code).toBe(0);

    // Version 2 is the file's content now: it has the plain name, and the record's receipt moved, byte for byte, to its label.
    const moved = `doc.txt.${record.txId.slice(0, 12)}.receipt.json`;
    expect(version2.receiptPath).toBe(join(work, 'w/doc.txt.receipt.json'));
    expect(receiptOf('doc.txt.receipt.json').registration.txId).toBe(version2.txId);
    expect(readFileSync(join(work, 'w', moved), 'utf8')).toBe(recordReceipt);
    expect(receiptOf('doc.txt.v1.receipt.json').registration.txId).toBe(version1.txId);
    // The library follows it there.
    expect((await json('status', record.txId)).value).toMatchObject({ txId: record.txId, receiptPath: join(work, 'w', moved) });
    const verified = await cli('verify', 'w/doc.txt');
    expect(verified.code, verified.stdout).toBe(0);
    expect(verified.stdout).toMatch(/^1 file: 1 verified, 0 partially verified, 0 mismatch/m);

    // Exporting the record's receipt (no -o): under its label, the plain one left alone.
    const plainBefore = readFileSync(join(work, 'w/doc.txt.receipt.json'), 'utf8');
    const exported = await cli('receipt', 'export', record.txId);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trim()).toBe(join(work, 'w', moved));
    expect(readFileSync(join(work, 'w/doc.txt.receipt.json'), 'utf8')).toBe(plainBefore);
    expect(receiptOf(moved).registration.txId).toBe(record.txId);
    const again = await cli('verify', 'w/doc.txt');
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/^1 file: 1 verified, 0 partially verified, 0 mismatch/m);
    for (const [receipt, content] of [
      [moved, 'contract v1\n'],
      ['doc.txt.v1.receipt.json', 'contract v1\n'],
    ]) {
      writeFileSync(join(work, 'w/then.txt'), content!);
      expect((await cli('receipt', 'verify', join('w', receipt!), 'w/then.txt')).code, receipt).toBe(0);
    }
  });

  it('receipt export -o an existing folder writes into it under the receipt’s name; a place that cannot be written is FILE_UNWRITABLE', async () => {
    writeFileSync(join(work, 'memo.txt'), 'memo\n');
    const memo = await registeredInABlock('memo.txt');
    mkdirSync(join(work, 'kept'));
    const into = await cli('receipt', 'export', memo.txId, '-o', 'kept');
    expect(into.code, into.stderr).toBe(0);
    expect(into.stdout.trim()).toBe(join(work, 'kept/memo.txt.receipt.json'));
    expect(JSON.parse(readFileSync(join(work, 'kept/memo.txt.receipt.json'), 'utf8')).registration.txId).toBe(memo.txId);

    const refused = await json('receipt', 'export', memo.txId, '-o', 'memo.txt/receipt.json');
    expect(refused.code).toBe(2);
    expect(refused.value.error).toMatchObject({ code: 'FILE_UNWRITABLE', message: expect.stringContaining(join(work, 'memo.txt/receipt.json')) });
  });
});

describe('version finalise', () => {
  it('says what became of the document, where its final record stands and that no version can be added; run again, that it already is', async () => {
    writeFileSync(join(work, 'bylaws.md'), 'bylaws, first\n');
    await registeredInABlock('bylaws.md', '--document');
    writeFileSync(join(work, 'bylaws.md'), 'bylaws, amended\n');
    const second = await json('version', 'add', 'bylaws.md', '--of', 'bylaws.md');
    expect(second.value).toMatchObject({ version: 2, state: 'published' });

    // Version 2 is not in a block yet: the final record waits for it.
    const queued = await cli('version', 'finalise', 'bylaws.md');
    expect(queued.code).toBe(0);
    const lines = queued.stdout.split('\n');
    expect(lines[0]).toBe(
      '"bylaws.md" will be finalised: its final record is queued in the library until version 2 is in a block, and is sent then. No version can be added to it any more.',
    );
    expect(lines[1]).toBe("bylaws.md (final record): queued, waiting for the previous version's block");
    expect(queued.stdout).toMatch(/^ {2}final record: after version 2; no version can follow it$/m);
    // It holds no file: no file's hash or fingerprint is shown for it.
    expect(queued.stdout).not.toMatch(/sha256:|fingerprint:/);
    expect(queued.stdout).toContain('follow it:    notarium version finalise bylaws.md --wait');
    const again = await cli('version', 'finalize', 'bylaws.md');
    expect(again.code).toBe(0);
    expect(again.stdout.split('\n')[0]).toBe(
      '"bylaws.md" is already being finalised: its final record is queued in the library until version 2 is in a block, and is sent then. No version can be added to it any more.',
    );
  });

  it('a document whose last version is in a block: its final record is sent at once, and said so; run again, it already is finalised', async () => {
    writeFileSync(join(work, 'charter.md'), 'charter\n');
    const first = await registeredInABlock('charter.md', '--document');
    const sent = await cli('version', 'finalise', 'charter.md');
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout.split('\n')[0]).toMatch(
      /^"charter\.md" is finalised: its final record, txId [0-9a-f]{64}, is accepted, waiting for a block\. No version can be added to it any more\.$/,
    );
    expect(sent.stdout).toContain(`  final record: after version 1 (follows ${first.txId}); no version can follow it`);
    const again = await cli('version', 'finalise', 'charter.md');
    expect(again.code).toBe(0);
    expect(again.stdout.split('\n')[0]).toMatch(/^"charter\.md" is already finalised: its final record, txId [0-9a-f]{64}, is accepted, waiting for a block\./);
    writeFileSync(join(work, 'charter-2.md'), 'charter, amended\n');
    const late = await cli('version', 'add', 'charter-2.md', '--of', first.txId);
    expect(late.code).toBe(2);
    expect(late.stderr).toMatch(/\[TX_NOT_LINKABLE\]$/m);
  });
});
