import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Library } from '../../main/core/store/library.ts';
import { jsonCli, runCli } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// The record life cycle from the command line, as child processes against a standalone sandbox
// that refuses a version sent before its predecessor is in a block (service-notes.md, Timing and
// life-cycle rules): a queued version survives a SIGKILL, and --of finds a document by its path.

const root = mkdtempSync(join(tmpdir(), 'notarium-cli-life-'));
const work = join(root, 'work');
const home = join(root, 'home');
let sb: TestSandbox;
let env: NodeJS.ProcessEnv;
const cli = (...args: string[]) => runCli(args, { env, cwd: work });
const json = jsonCli(cli);

beforeAll(async () => {
  sb = await startTestSandbox({ lifecycle: 'refuse', blockInterval: 0.2 });
  env = { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: sb.baseUrl, NOTARIUM_API_KEY: sb.apiKey, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2' };
  mkdirSync(work, { recursive: true });
});
afterAll(async () => {
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

const updates = async (): Promise<number> =>
  (await sb.json<{ routes: { route: string; total: number }[] }>('/__sandbox/requests')).routes.find(
    (r) => r.route === 'POST /api/v1/linkedrecords/{txId}/update',
  )?.total ?? 0;

describe('a queued version', () => {
  it('is in the library once "version add" has answered: SIGKILLed then, it is sent by the next process once its predecessor is mined, exactly once', async () => {
    writeFileSync(join(work, 'budget.md'), 'budget 1\n');
    writeFileSync(join(work, 'budget-2.md'), 'budget 2\n');
    const created = await json('notarise', 'budget.md', '--document');
    expect(created.value[0].record.state).toBe('published');
    const before = await updates();

    const run = runCli(['version', 'add', 'budget-2.md', '--of', 'budget.md', '--json'], { env, cwd: work });
    // Killed as soon as its answer is out (or once it ended, on a machine too busy to catch it).
    await new Promise<void>((resolve) => {
      let out = '';
      run.child.stdout!.on('data', (chunk: Buffer) => /"state": "queued"/.test((out += String(chunk))) && resolve());
      run.child.on('close', () => resolve());
    });
    run.child.kill('SIGKILL'); // its answer is out: the process may still be closing
    const killed = await run;
    expect(killed.stdout).toMatch(/"state": "queued"/);

    const library = Library.open(home);
    const queued = library.records.query({ states: ['queued'] }).records;
    library.close();
    expect(queued.map((r) => [r.name, r.version, r.txId])).toEqual([['budget-2.md', 2, null]]);
    expect(await updates()).toBe(before);

    // The next process that follows registrations sends it once version 1 is in a block.
    const waited = await json('wait', 'budget-2.md', '--confirmations', '1');
    expect(waited.code).toBe(0);
    expect(waited.value).toMatchObject({ version: 2, prevTxId: created.value[0].record.txId, state: expect.stringMatching(/^(confirmed|settled)$/) });
    expect(await updates()).toBe(before + 1);
    const next = await sb.json<{ txIds: string[] }>(`/api/v1/linkedrecords/${created.value[0].record.txId}/navigate?links=1`);
    expect(next.txIds).toEqual([waited.value.txId]);
  });

  it('"status" says what it waits for and how to follow it', async () => {
    writeFileSync(join(work, 'menu.md'), 'menu 1\n');
    writeFileSync(join(work, 'menu-2.md'), 'menu 2\n');
    await json('notarise', 'menu.md', '--document');
    await json('version', 'add', 'menu-2.md', '--of', 'menu.md');
    const status = await cli('status', 'menu-2.md', '--offline');
    expect(status.code).toBe(3);
    expect(status.stdout).toContain("menu-2.md: queued, waiting for the previous version's block");
    expect(status.stdout).toMatch(/waits for: +version 1 \(txId [0-9a-f]{64}\) to be in a block/);
    expect(status.stdout).toContain(`follow it:    notarium wait ${join(work, 'menu-2.md')}`);
  });
});

describe('--of <file> by path', () => {
  it('finds the document whose latest version came from the file, after the file was edited in place', async () => {
    const contract = join(work, 'contract.pdf');
    writeFileSync(contract, 'contract, as signed\n');
    const created = await json('notarise', 'contract.pdf', '--document');
    writeFileSync(contract, 'contract, amended\n');
    const v2 = await json('version', 'add', 'contract.pdf', '--of', 'contract.pdf');
    expect(v2.code).toBe(0);
    expect(v2.value).toMatchObject({ version: 2, documentId: created.value[0].record.documentId, path: contract });
    writeFileSync(contract, 'contract, amended twice\n');
    const v3 = await json('version', 'add', 'contract.pdf', '--of', 'contract.pdf');
    expect(v3.value).toMatchObject({ version: 3, documentId: created.value[0].record.documentId });
  });

  it('several documents last registered from the path: an error naming each, to choose by txId', async () => {
    const notes = join(work, 'notes.md');
    writeFileSync(notes, 'notes, one\n');
    const first = await json('notarise', 'notes.md', '--document');
    writeFileSync(notes, 'notes, two\n');
    const second = await json('notarise', 'notes.md', '--document'); // a second document from the same path
    writeFileSync(notes, 'notes, three\n');
    const both = await cli('version', 'add', 'notes.md', '--of', 'notes.md');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(`The latest versions of 2 documents were registered from ${notes}`);
    for (const doc of [first, second]) expect(both.stderr).toContain(`"notes.md" (Sandbox): 1 version, latest txId ${doc.value[0].record.txId}`);
    const chosen = await json('version', 'add', 'notes.md', '--of', first.value[0].record.txId);
    expect(chosen.value).toMatchObject({ version: 2, documentId: first.value[0].record.documentId });
  });
});
