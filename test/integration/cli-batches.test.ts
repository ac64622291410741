import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Library } from '../../main/core/store/library.ts';
import { jsonCli, runCli } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// Batches through the command line, as child processes against a sandbox over HTTP:
// the files of one `notarise` are one registration; each is found again by its content, path and
// txId (already registered, status, verify offline and online, receipt export, info and verify),
// with its place in its batch; receipts beside files follow the one rule of receipts.

const FILES = 1000;
const root = mkdtempSync(join(tmpdir(), 'notarium-cli-batches-'));
const work = join(root, 'work');
const pages = join(work, 'pages');
const page = (i: number) => `page-${String(i).padStart(4, '0')}.txt`;
const content = (i: number) => `ledger page ${i}\n`;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
let sb: TestSandbox;
let env: NodeJS.ProcessEnv;
const cli = (...args: string[]) => runCli(args, { env, cwd: pages });
const json = jsonCli(cli);
const accepted = async () => (await sb.json<{ records: number }>('/__sandbox/chain')).records;

interface Outcome {
  path: string;
  status: string;
  record: { txId: string; name: string; sha256: string; state: string; batch: { id: number; files: number; position: number | null } | null };
}

beforeAll(async () => {
  sb = await startTestSandbox({ blockInterval: 0.3 });
  env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_BASE_URL: sb.baseUrl, NOTARIUM_API_KEY: sb.apiKey, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.3' };
  mkdirSync(pages, { recursive: true });
  for (let i = 0; i < FILES; i++) writeFileSync(join(pages, page(i)), content(i));
});
afterAll(async () => {
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('notarise: the files of one call are one batch', () => {
  let txId: string;
  let batchId: number;

  it('1,000 files in a folder: one registration, each file its place in it', async () => {
    const before = await accepted();
    const run = await json('notarise', pages);
    expect(run.code, run.stderr).toBe(0);
    const outcomes = run.value as Outcome[];
    expect(outcomes).toHaveLength(FILES);
    expect(await accepted()).toBe(before + 1);
    txId = outcomes[0]!.record.txId;
    batchId = outcomes[0]!.record.batch!.id;
    expect(new Set(outcomes.map((o) => o.status))).toEqual(new Set(['registered']));
    expect(new Set(outcomes.map((o) => o.record.txId))).toEqual(new Set([txId]));
    // Each file as itself: its name and content, with its leaf's place in the batch.
    outcomes.forEach((o, i) => {
      expect(o.record).toMatchObject({ name: page(i), sha256: sha(content(i)), batch: { id: batchId, files: FILES, position: i } });
    });
  });

  it('a batched file named again is already registered, alone, with --separately, and in text; nothing is sent', async () => {
    const before = await accepted();
    const alone = await json('notarise', page(7));
    expect(alone.value).toMatchObject([{ status: 'already-registered', record: { txId, batch: { id: batchId, files: FILES, position: 7 } } }]);
    const separately = await json('notarise', '--separately', page(7), page(8));
    expect((separately.value as Outcome[]).map((o) => [o.status, o.record.txId, o.record.batch?.position])).toEqual([
      ['already-registered', txId, 7],
      ['already-registered', txId, 8],
    ]);
    const text = await cli('notarise', page(7));
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^already-registered {2}page-0007\.txt/m);
    expect(text.stdout).toContain(`Batch ${batchId}: 1000 files (1 of them named here) in one registration, ${txId}`);
    expect(await accepted()).toBe(before);
  });

  it('a single new file is a plain registration, as before; two new files are a batch of two', async () => {
    writeFileSync(join(work, 'alone.txt'), 'a file by itself\n');
    const alone = await json('notarise', join(work, 'alone.txt'));
    expect(alone.value).toMatchObject([{ status: 'registered', record: { name: 'alone.txt', batch: null } }]);
    writeFileSync(join(work, 'pair-1.txt'), 'one of a pair\n');
    writeFileSync(join(work, 'pair-2.txt'), 'the other of the pair\n');
    const pair = await json('notarise', join(work, 'pair-1.txt'), join(work, 'pair-2.txt'));
    expect((pair.value as Outcome[]).map((o) => o.record.batch && [o.record.batch.files, o.record.batch.position])).toEqual([
      [2, 0],
      [2, 1],
    ]);
    // Documents are never batched: each file its own chain.
    writeFileSync(join(work, 'deed-1.txt'), 'first deed\n');
    writeFileSync(join(work, 'deed-2.txt'), 'second deed\n');
    const deeds = await json('notarise', '--document', join(work, 'deed-1.txt'), join(work, 'deed-2.txt'));
    const records = (deeds.value as (Outcome & { record: { documentId: number } })[]).map((o) => o.record);
    expect(records.map((r) => r.batch)).toEqual([null, null]);
    expect(new Set(records.map((r) => r.txId)).size).toBe(2);
  });

  it('notarise --wait counts registrations, not files: a batch of three is one to wait for, three files separately are three', async () => {
    const names = ['wait-1.txt', 'wait-2.txt', 'wait-3.txt'];
    for (const name of names) writeFileSync(join(work, name), `${name}, waited for\n`);
    const batched = await cli('notarise', '--wait', ...names.map((n) => join(work, n)));
    expect(batched.code, batched.stderr).toBe(0);
    expect(batched.stderr).toMatch(/^Waiting until the registration is in a block with /m);
    // Waited for: its receipts are written, and the batch's line says so.
    expect(batched.stdout).toMatch(/^Batch \d+: 3 files in one registration, [0-9a-f]{64}; each file has a receipt of its own\.$/m);
    for (const name of names) expect(existsSync(join(work, `${name}.receipt.json`))).toBe(true);
    for (const name of names) writeFileSync(join(work, name), `${name}, waited for separately\n`);
    const separate = await cli('notarise', '--wait', '--separately', ...names.map((n) => join(work, n)));
    expect(separate.code, separate.stderr).toBe(0);
    expect(separate.stderr).toMatch(/^Waiting until the 3 registrations are in a block with /m);
  });

  it('status of a batched file shows the file with its place, by its registration; status of the txId, the batch', async () => {
    const byFile = await json('status', page(7));
    expect(byFile.value).toMatchObject({
      txId,
      name: page(7),
      path: join(pages, page(7)),
      sha256: sha(content(7)),
      batch: { id: batchId, files: FILES, position: 7 },
    });
    const text = await cli('status', page(7), '--offline');
    expect(text.stdout).toContain(`  batch:        file 8 of 1000 in registration ${txId} (batch ${batchId})`);
    const byTx = await json('status', txId, '--offline');
    expect(byTx.value).toMatchObject({ name: 'Batch of 1000 files', sha256: null, batch: { id: batchId, files: FILES, position: null } });
    expect((await cli('status', txId, '--offline')).stdout).toContain(`  batch:        anchors 1000 files (batch ${batchId}), each with a receipt of its own`);
  });

  it("wait writes each file's receipt beside it; verify a member offline by its receipt, and online with its place", async () => {
    const waited = await json('wait', page(7), '--confirmations', '1');
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.value).toMatchObject({ name: page(7), batch: { position: 7 }, receiptPath: join(pages, `${page(7)}.receipt.json`) });
    for (const i of [0, 7, 999]) expect(existsSync(join(pages, `${page(i)}.receipt.json`)), page(i)).toBe(true);

    const offline = await json('verify', page(7), '--offline');
    expect(offline.value).toMatchObject([{ status: 'verified', source: 'receipt', txId, batch: { id: null, files: null, position: null } }]);
    const online = await json('verify', page(7));
    expect(online.value).toMatchObject([{ status: 'verified', source: 'receipt', txId, batch: { id: batchId, files: FILES, position: 7 } }]);
    expect((online.value as { steps: { id: string; status: string }[] }[])[0]!.steps.find((s) => s.id === 'service')?.status).toBe('pass');
    const text = await cli('verify', page(7));
    expect(text.stdout).toContain(`file 8 of 1000 in registration ${txId} (batch ${batchId})`);

    // Without its receipt, the library finds it by its content: its own receipt, with its batch path.
    unlinkSync(join(pages, `${page(8)}.receipt.json`));
    const byLibrary = await json('verify', page(8), '--offline');
    expect(byLibrary.value).toMatchObject([{ status: 'verified', source: 'library', txId, batch: { id: batchId, files: FILES, position: 8 } }]);
  });

  it('receipt export, info and verify of a batched file carry its place', async () => {
    const exported = await json('receipt', 'export', page(8));
    expect(exported.value).toEqual({ receipts: [join(pages, `${page(8)}.receipt.json`)], batch: { id: batchId, files: FILES, position: 8 }, imported: null });
    const receipt = JSON.parse(readFileSync(join(pages, `${page(8)}.receipt.json`), 'utf8')) as { file: { name: string }; aggregation: { root: string } };
    expect(receipt.file.name).toBe(page(8));
    expect(receipt.aggregation.root).toMatch(/^[0-9a-f]{64}$/);
    const info = await json('receipt', 'info', `${page(8)}.receipt.json`);
    expect(info.value).toMatchObject({ registration: { txId }, batch: { id: batchId, files: FILES, position: 8 } });
    const verified = await json('receipt', 'verify', `${page(8)}.receipt.json`, page(8));
    expect(verified.value).toMatchObject({ status: 'verified', batch: { id: null, files: null, position: null } });
    const online = await json('receipt', 'verify', `${page(8)}.receipt.json`, page(8), '--online');
    expect(online.value).toMatchObject({ status: 'verified', batch: { id: batchId, files: FILES, position: 8 } });
  });

  it('a batched file edited and notarised again takes the plain receipt name; its batch receipt moves to its label, and the library follows it', async () => {
    const path = join(pages, page(9));
    const plain = `${path}.receipt.json`;
    const batchReceipt = readFileSync(plain, 'utf8');
    writeFileSync(path, 'ledger page 9, amended\n');
    const again = await json('notarise', page(9), '--wait', '--confirmations', '1');
    expect(again.value).toMatchObject([{ status: 'registered', record: { batch: null, receiptPath: plain } }]);
    const newTx = (again.value as Outcome[])[0]!.record.txId;
    expect(JSON.parse(readFileSync(plain, 'utf8')).registration.txId).toBe(newTx);
    const labelled = join(pages, `${page(9)}.${txId.slice(0, 12)}.receipt.json`);
    expect(readFileSync(labelled, 'utf8')).toBe(batchReceipt);
    const library = Library.open(env.NOTARIUM_HOME!);
    try {
      expect(library.batches.membersByPath(path)[0]!.member.receiptPath).toBe(labelled);
    } finally {
      library.close();
    }
  });
});
