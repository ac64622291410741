import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli } from '../support/cli.ts';
import { startTestSandbox } from '../support/sandbox-client.ts';
import { MODES, startStrictService, type StrictService } from '../support/strict-service.ts';

// The CLI end to end, as child processes (fast blocks), one data directory per service: the
// embedded sandbox, and a strict sandbox through a service profile without Idempotency-Key.

const root = mkdtempSync(join(tmpdir(), 'notarium-cli-'));
const work = join(root, 'work');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: work });

/** The files each working folder starts with: two plain ones and an odd name. */
function writeFiles(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of [
    ['a.txt', 'alpha\n'],
    ['b.txt', 'beta\n'],
    ['c\\odd name.txt', 'odd\n'],
  ])
    writeFileSync(join(dir, name!), content!);
}

beforeAll(() => writeFiles(work));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('notarium hash', () => {
  it('prints lines exactly like sha256sum, escaping odd names', async () => {
    const ours = await cli('hash', 'a.txt', 'b.txt', 'c\\odd name.txt');
    const { execFileSync } = await import('node:child_process');
    const reference = execFileSync('sha256sum', ['a.txt', 'b.txt', 'c\\odd name.txt'], { cwd: work, encoding: 'utf8' });
    expect(ours.stdout).toBe(reference);
    expect(ours.code).toBe(0);
  });

  it('hashes the others when files amid them cannot be read, in order, and exits 2', async () => {
    // Larger than a chunk, so that this process's own thread and a worker share the list.
    writeFileSync(join(work, 'large.bin'), Buffer.alloc(6 << 20, 7));
    mkdirSync(join(work, 'a folder'), { recursive: true });
    const r = await cli('hash', 'large.bin', 'missing.txt', 'a.txt', 'a folder', 'b.txt');
    const { execFileSync } = await import('node:child_process');
    expect(r.stdout).toBe(execFileSync('sha256sum', ['large.bin', 'a.txt', 'b.txt'], { cwd: work, encoding: 'utf8' }));
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/"missing\.txt".*does not exist.* \[FILE_UNREADABLE\]$/),
      expect.stringMatching(/"a folder".*is a folder.* \[FILE_UNREADABLE\]$/),
    ]);
    expect(r.code).toBe(2);
  });

  it('reports a missing file on stderr and exits 2', async () => {
    const r = await cli('hash', 'missing.txt');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing\.txt.* \[FILE_UNREADABLE\]$/m);
    const json = await cli('hash', 'missing.txt', '--json');
    expect(JSON.parse(json.stdout)).toEqual([{ path: 'missing.txt', error: { code: 'FILE_UNREADABLE', message: expect.stringMatching(/missing\.txt/) } }]);
  });
});

describe.each(MODES)('on the $mode service', ({ mode }) => {
  const work = join(root, mode, 'work');
  let env: NodeJS.ProcessEnv = { NOTARIUM_HOME: join(root, mode, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
  let strict: StrictService | undefined;
  const cli = (...args: string[]) => runCli(args, { env, cwd: work });
  const json = jsonCli(cli);

  beforeAll(async () => {
    writeFiles(work);
    if (mode === 'strict') {
      strict = await startStrictService(join(root, mode, 'home'), { blockInterval: 0.2 });
      env = { ...env, ...strict.env };
    }
  });
  afterAll(() => strict?.stop());

  describe('notarise, status, wait, verify, receipts', () => {
    it('notarises with --wait until settled; a rerun registers nothing new', async () => {
      // Separately: a file's own record is what status by its txId shows below (batches: cli-batches.test.ts).
      const first = await json('notarise', 'a.txt', 'b.txt', '--separately', '--wait');
      expect(first.code).toBe(0);
      expect(first.value.map((o: { status: string; record: { state: string } }) => [o.status, o.record.state])).toEqual([
        ['registered', 'settled'],
        ['registered', 'settled'],
      ]);
      expect(existsSync(join(work, 'a.txt.receipt.json'))).toBe(true);
      const again = await json('notarise', 'a.txt', 'b.txt');
      expect(again.value.map((o: { status: string }) => o.status)).toEqual(['already-registered', 'already-registered']);
    });

    it('status by file and by txId; exit 0 in a block, 3 pending; wait --confirmations', async () => {
      const byFile = await json('status', 'a.txt');
      expect(byFile.code).toBe(0);
      expect(byFile.value).toMatchObject({ state: 'settled', name: 'a.txt', txId: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const byTx = await json('status', byFile.value.txId);
      expect(byTx.value.sha256).toBe(byFile.value.sha256);
      writeFileSync(join(work, 'd.txt'), 'delta\n');
      await cli('notarise', 'd.txt');
      const pending = await cli('status', 'd.txt', '--offline');
      expect(pending.code).toBe(3);
      expect(pending.stdout).toMatch(/waiting for a block/);
      const waited = await json('wait', 'd.txt', '--confirmations', '4');
      expect(waited.code).toBe(0);
      expect(waited.value.confirmations).toBeGreaterThanOrEqual(4);
    });

    it('verify: a folder with exit codes 0 / 1 / 3, and --details prints the step report', async () => {
      const ok = await cli('verify', 'a.txt', 'b.txt');
      expect(ok.code).toBe(0);
      // The embedded sandbox is a test chain: verified, and said to be one.
      expect(ok.stdout).toMatch(/^VERIFIED \(TEST CHAIN\) {2}a\.txt$/m);
      const one = await cli('verify', 'a.txt');
      expect(one.stdout).toMatch(/pass {2}Merkle proof/i);
      expect(one.stdout).toMatch(/existed no later than block/);
      writeFileSync(join(work, 'b.txt'), 'beta, edited\n');
      const bad = await json('verify', '.');
      expect(bad.code).toBe(1);
      const status = Object.fromEntries(bad.value.map((r: { path: string; status: string }) => [r.path.split('/').pop(), r.status]));
      expect(status).toMatchObject({ 'a.txt': 'verified', 'b.txt': 'mismatch', 'c\\odd name.txt': 'unknown' });
      expect(bad.value.find((r: { path: string }) => r.path.endsWith('b.txt')).failedStep).toBe('file-digest');
      writeFileSync(join(work, 'b.txt'), 'beta\n');
      const unknown = await cli('verify', 'c\\odd name.txt');
      expect(unknown.code).toBe(3);
    });

    it('receipt export -o, receipt verify offline (with and without the file), receipt import into another library', async () => {
      const out = join(root, mode, 'exported.json');
      const exported = await cli('receipt', 'export', 'a.txt', '-o', out);
      expect(exported.code).toBe(0);
      expect(exported.stdout.trim()).toBe(out);
      // Without its file a receipt proves nothing about a particular file: partially verified, exit 3.
      const alone = await cli('receipt', 'verify', out);
      expect(alone.code).toBe(3);
      expect(alone.stdout).toMatch(/^PARTIALLY VERIFIED {2}/);
      expect(alone.stdout).toMatch(/skip {2}File digest/i);
      const withFile = await json('receipt', 'verify', out, 'a.txt');
      expect(withFile.value).toMatchObject({ status: 'verified', outcome: 'verified' });
      const tampered = JSON.parse(readFileSync(out, 'utf8'));
      tampered.confirmation.merkleProof.nodes[0] = '00'.repeat(32);
      writeFileSync(join(root, mode, 'tampered.json'), JSON.stringify(tampered));
      const bad = await json('receipt', 'verify', join(root, mode, 'tampered.json'));
      expect(bad.code).toBe(1);
      expect(bad.value.failedStep).toBe('block-header'); // the fold gives another root than the header's
      const badCode = (bad.value.steps as { id: string; code?: string }[]).find((s) => s.id === 'block-header')!.code!;
      expect(badCode).toMatch(/^[a-z-]+$/);
      // The text report carries the same code, after the failed step's sentence.
      const badText = await cli('receipt', 'verify', join(root, mode, 'tampered.json'));
      expect(badText.stdout).toMatch(new RegExp(`^ {2}FAIL {2}.* \\[${badCode}\\]$`, 'm'));
      const garbage = join(root, mode, 'garbage.json');
      writeFileSync(garbage, '{"format": "something-else"}');
      const refused = await cli('receipt', 'verify', garbage);
      expect(refused.code).toBe(2);
      expect(refused.stdout).toMatch(/^UNREADABLE {2}/);
      expect(refused.stdout).toMatch(/format/);

      // Another library, whose own service (its embedded sandbox) is another chain: no service of
      // that library confirmed this test chain's receipt, so it is kept as imported evidence.
      const otherEnv = { ...env, NOTARIUM_HOME: join(root, mode, 'other-home'), NOTARIUM_API_KEY: '' };
      const imported = await runCli(['receipt', 'import', out, '--json'], { env: otherEnv, cwd: work });
      expect(JSON.parse(imported.stdout)[0]).toMatchObject({ imported: true, record: { name: 'a.txt', state: 'imported' } });
      const copy = join(root, mode, 'copy');
      mkdirSync(copy);
      writeFileSync(join(copy, 'a-copy.txt'), readFileSync(join(work, 'a.txt')));
      const viaLibrary = await runCli(['verify', join(copy, 'a-copy.txt'), '--offline', '--json'], { env: otherEnv, cwd: join(root, mode) });
      // Found in that library by its content, and read no stronger than it was imported: partially verified (exit 3).
      expect(viaLibrary.code).toBe(3);
      expect(JSON.parse(viaLibrary.stdout)[0]).toMatchObject({
        status: 'partially-verified',
        source: 'library',
        unproven: [expect.stringMatching(/^That the registration is the one its imported receipt claims: on a test chain anyone can mine a header/)],
      });
    });
  });

  describe('documents', () => {
    it('versions, version add / which / finalise', async () => {
      writeFileSync(join(work, 'plan-v1.md'), 'plan 1\n');
      writeFileSync(join(work, 'plan-v2.md'), 'plan 2\n');
      writeFileSync(join(work, 'plan-v3.md'), 'plan 3\n');
      const created = await json('notarise', 'plan-v1.md', '--document');
      expect(created.value[0].record).toMatchObject({ kind: 'linked-create', version: 1 });
      // Version 1 is not in a block yet: the next versions wait for it in the library, and say so.
      const v2 = await json('version', 'add', 'plan-v2.md', '--of', 'plan-v1.md');
      expect(v2.code).toBe(0);
      expect(v2.value).toMatchObject({
        kind: 'linked-update',
        version: 2,
        state: 'queued',
        txId: null,
        waitsFor: { version: 1, txId: created.value[0].record.txId },
      });
      const v3 = await cli('version', 'add', 'plan-v3.md', '--of', 'plan-v2.md');
      expect(v3.code).toBe(0);
      expect(v3.stdout).toContain("Version 3 queued: waiting for the previous version's block.");
      expect(v3.stdout).toMatch(/waits for: +version 2 to be in a block/);
      expect(v3.stdout).toContain(`follow it:    notarium wait ${join(work, 'plan-v3.md')}`);
      // Following it sends each version once the one before it is in a block.
      const sent = await json('wait', 'plan-v3.md', '--confirmations', '1');
      expect(sent.code).toBe(0);
      expect(sent.value).toMatchObject({ version: 3, state: expect.stringMatching(/^(confirmed|settled)$/) });
      const which = await cli('version', 'which', 'plan-v2.md');
      expect(which.stdout).toMatch(/plan-v2\.md is version 2 of 3 of "plan-v1\.md"/);
      const history = await json('versions', 'plan-v3.md');
      expect(history.value).toMatchObject({ source: { from: 'service', reason: null }, online: true, finalised: false });
      const [h1, h2, h3] = history.value.versions as { txId: string; record: { prevTxId: string | null } }[];
      expect([h1!.txId, h2!.record.prevTxId, h3!.record.prevTxId]).toEqual([created.value[0].record.txId, h1!.txId, h2!.txId]);
      expect(h3!.txId).toBe(sent.value.txId);
      const finalised = await cli('version', 'finalise', 'plan-v1.md', '--wait', '--confirmations', '1');
      expect(finalised.code).toBe(0);
      expect(finalised.stdout).toMatch(
        /^"plan-v1\.md" is finalised: its final record, txId [0-9a-f]{64}, is (in a block|settled) \(\d+ confirmations?\)\. No version can be added to it any more\.$/m,
      );
      writeFileSync(join(work, 'plan-v4.md'), 'plan 4\n');
      const late = await cli('version', 'add', 'plan-v4.md', '--of', 'plan-v1.md');
      expect(late.code).toBe(2);
      expect(late.stderr).toMatch(/\[TX_NOT_LINKABLE\]$/m);
      const table = await cli('versions', 'plan-v1.md');
      expect(table.stdout).toMatch(/^plan-v1\.md: 4 versions, finalised, read from the service$/m);
      // Where the history came from, truthfully: --offline does not ask the service, and says so.
      const offline = await cli('versions', 'plan-v1.md', '--offline');
      expect(offline.stdout).toMatch(
        /^plan-v1\.md: 4 versions, finalised, from the library\nNot read from the service: The service was not asked \(offline\)\.$/m,
      );
      const offlineJson = await json('versions', 'plan-v1.md', '--offline');
      expect(offlineJson.value).toMatchObject({ source: { from: 'library', reason: 'The service was not asked (offline).' }, online: false });
    });
  });
});

describe('documents on particular services', () => {
  it('receipt import takes a receipt whose record shares a push with the service metadata (strict sandbox)', async () => {
    const sb = await startTestSandbox({ strict: true, blockInterval: 0.2 });
    try {
      const onIt = { ...env, NOTARIUM_HOME: join(root, 'home-strict'), NOTARIUM_BASE_URL: sb.baseUrl, NOTARIUM_API_KEY: sb.apiKey };
      writeFileSync(join(work, 'shared-push.txt'), 'beside the metadata\n');
      expect((await runCli(['notarise', 'shared-push.txt', '--wait'], { env: onIt, cwd: work })).code).toBe(0);
      const elsewhere = { ...onIt, NOTARIUM_HOME: join(root, 'home-strict-import') };
      const imported = await runCli(['receipt', 'import', 'shared-push.txt.receipt.json'], { env: elsewhere, cwd: work });
      expect(imported.code).toBe(0);
      expect(imported.stdout).toMatch(/imported .*shared-push\.txt\.receipt\.json\n {2}verified on sandbox/);
      const verified = JSON.parse(
        (await runCli(['receipt', 'verify', 'shared-push.txt.receipt.json', 'shared-push.txt', '--json'], { env: elsewhere, cwd: work })).stdout,
      );
      expect(verified.steps.find((s: { id: string }) => s.id === 'transaction').detail).toMatch(/inside a data push, beside other bytes/);
    } finally {
      await sb.stop();
    }
  });

  it('versions on a service without navigate: from the library, with the reason in words', async () => {
    const sb = await startTestSandbox({ disable: ['navigate'] });
    try {
      const onIt = { ...env, NOTARIUM_HOME: join(root, 'home-no-navigate'), NOTARIUM_BASE_URL: sb.baseUrl, NOTARIUM_API_KEY: sb.apiKey };
      writeFileSync(join(work, 'brief.md'), 'brief\n');
      expect((await runCli(['notarise', 'brief.md', '--document'], { env: onIt, cwd: work })).code).toBe(0);
      await sb.mine(); // in a block: a 404 from navigate then names the feature (one still publishing may not be indexed)
      const text = await runCli(['versions', 'brief.md'], { env: onIt, cwd: work });
      expect(text.stdout).toMatch(
        /^brief\.md: 1 version, from the library\nNot read from the service: The service at 127\.0\.0\.1:\d+ does not offer navigate in its configuration \(it knows transaction [0-9a-f]{64} but answered 404 to navigating from it\), so a document's history is read from the library instead\. Ask its provider to enable navigate\.$/m,
      );
      const asJson = JSON.parse((await runCli(['versions', 'brief.md', '--json'], { env: onIt, cwd: work })).stdout);
      expect(asJson).toMatchObject({
        source: { from: 'library', reason: expect.stringMatching(/does not offer navigate/) },
        online: false,
        versions: [{ version: 1, kind: 'linked-create' }],
      });
    } finally {
      await sb.stop();
    }
  });
});

describe('a command that fails', () => {
  it('says its code after its sentence, and with --json prints {error: {code, message}} on stdout; exit 2 either way', async () => {
    const text = await cli('status', 'no-such-file.txt');
    expect(text.code).toBe(2);
    expect(text.stdout).toBe('');
    expect(text.stderr).toMatch(/^notarium status: .*no-such-file\.txt.* \[FILE_UNREADABLE\]$/m);
    const json = await cli('status', 'no-such-file.txt', '--json');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: { code: 'FILE_UNREADABLE', message: expect.stringMatching(/no-such-file\.txt/) } });
    // After "--", "--json" is a name, not the option: no JSON is promised.
    expect((await cli('status', '--', '--json')).stdout).toBe('');
  });

  it('receipt import --json: a receipt refused says why as {code, message}, not a bare sentence', async () => {
    writeFileSync(join(work, 'broken.receipt.json'), '{ not json');
    const r = await cli('receipt', 'import', 'broken.receipt.json', '--json');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual([
      { path: join(work, 'broken.receipt.json'), imported: false, error: { code: 'RECEIPT_INVALID', message: expect.stringMatching(/not valid JSON/) } },
    ]);
  });
});

describe('usage errors', () => {
  it.each([
    [['notarise'], /^notarium notarise: An argument is missing\. Usage: notarium notarise/],
    [['status', 'no-such-file.txt'], /\[FILE_UNREADABLE\]/],
    [['version', 'add', 'a.txt'], /--of/],
    [['verify', 'a.txt', 'b.txt', '--receipt', 'x.json'], /one file/],
    [['wait', 'a.txt', '--confirmations', 'lots'], /--confirmations must be a whole number/],
  ])('%j exits 2 with a sentence', async (args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
