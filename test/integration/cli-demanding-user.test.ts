import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCommands, main } from '../../main/cli/main.ts';
import type { CliIo } from '../../main/cli/io.ts';
import { Notary } from '../../main/core/notary.ts';
import { importReceipts } from '../../main/core/usecases/receipts.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { BIN, jsonCli, runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';
import { headlessAppService } from '../support/app-service.ts';

/**
 * The CLI as a demanding user finds it: arguments swapped, what --wait waits for and
 * Ctrl+C during it, a refused connection, `~` in a watched folder, receipt info and upgrade (and
 * the app's "Complete receipt"), --version, "did you mean", either spelling, and completion. The
 * service mines only when a test says so: nothing races a clock.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-demanding-'));
const work = join(root, 'work');
const home = join(root, 'user-home');
let sb: TestSandbox;
const envFor = (library: string) => ({
  NOTARIUM_HOME: join(root, library),
  HOME: home,
  NOTARIUM_BASE_URL: '',
  NOTARIUM_API_KEY: sb.apiKey,
});
const cliIn =
  (library: string) =>
  (...args: string[]) =>
    runCli(args, { env: envFor(library), cwd: work });
const cli = cliIn('library');
const json = jsonCli(cli);

/** A library whose current profile is the test's sandbox: checked every half second, settled at 2 confirmations. */
async function chainProfile(library: string): Promise<void> {
  const run = cliIn(library);
  const pace = ['--confirmations', '2', '--block-seconds', '0.5', '--resubmit-after', '3600'];
  const added = await run('profile', 'add', 'Chain', '--base-url', sb.baseUrl, '--network', 'sandbox', ...sandboxExplorerArgs(sb.baseUrl), ...pace);
  expect(added.code, added.stderr).toBe(0);
  expect((await run('profile', 'use', 'Chain')).code).toBe(0);
}

beforeAll(async () => {
  sb = await startTestSandbox();
  mkdirSync(work, { recursive: true });
  mkdirSync(home, { recursive: true });
  await chainProfile('library');
});
afterAll(async () => {
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

/** A file notarised and mined deep enough, with its receipt beside it. */
async function settled(name: string): Promise<string> {
  writeFileSync(join(work, name), `${name}: ${Math.random()}\n`);
  expect((await cli('notarise', name)).code).toBe(0);
  await sb.mine(2);
  const waited = await cli('wait', name);
  expect(waited.code, waited.stderr).toBe(0);
  return join(work, `${name}.receipt.json`);
}

describe('receipt verify with the file and the receipt swapped', () => {
  it('says which is which and the command to run, exit 2; in the right order it verifies', async () => {
    await settled('deed.txt');
    const swapped = await cli('receipt', 'verify', 'deed.txt', 'deed.txt.receipt.json');
    expect(swapped.code).toBe(2);
    expect(swapped.stdout).toBe('');
    expect(swapped.stderr).toContain(
      'notarium receipt verify: "deed.txt" is not a receipt, but "deed.txt.receipt.json" is: the receipt comes first, then the file.',
    );
    expect(swapped.stderr).toContain('Run: notarium receipt verify deed.txt.receipt.json deed.txt');
    // With --json, the usage failure's one error shape, the same sentence.
    const json = await cli('receipt', 'verify', 'deed.txt', 'deed.txt.receipt.json', '--json');
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({ error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('"deed.txt" is not a receipt, but') } });
    const right = await cli('receipt', 'verify', 'deed.txt.receipt.json', 'deed.txt');
    expect(right.code, right.stdout).toBe(0);
    expect(right.stdout).toMatch(/^VERIFIED/);
  });

  it('a receipt that does not read as one, named as one, second: the order is said first, then in that order what is wrong with it', async () => {
    writeFileSync(join(work, 'will.txt'), 'the will\n');
    writeFileSync(join(work, 'will.txt.receipt.json'), '{"format": "notarium-receipt/1", "cut off');
    const swapped = await cli('receipt', 'verify', 'will.txt', 'will.txt.receipt.json');
    expect(swapped.code).toBe(2);
    expect(swapped.stdout).toBe('');
    expect(swapped.stderr).toContain(
      'notarium receipt verify: "will.txt" is not a receipt, but "will.txt.receipt.json" is named as one: the receipt comes first, then the file. Run: notarium receipt verify will.txt.receipt.json will.txt',
    );
    const right = await cli('receipt', 'verify', 'will.txt.receipt.json', 'will.txt');
    expect(right.code).toBe(2);
    expect(right.stdout).toMatch(/^UNREADABLE/);
    expect(right.stdout + right.stderr).not.toContain('comes first');
  });

  it('two files that are neither receipts: unreadable (the first is not a receipt), exit 2, never a mismatch', async () => {
    writeFileSync(join(work, 'one.txt'), 'one\n');
    writeFileSync(join(work, 'two.txt'), 'two\n');
    const r = await cli('receipt', 'verify', 'one.txt', 'two.txt');
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^UNREADABLE/);
  });
});

describe('the salt stays with the proof', () => {
  it('status and its --json write the encoding with <salt>; the receipt carries the salt', async () => {
    writeFileSync(join(work, 'salted.txt'), `salted ${Math.random()}\n`);
    expect((await cli('notarise', 'salted.txt')).code).toBe(0);
    expect((await cli('receipt', 'export', 'salted.txt')).code).toBe(0);
    const receipt = JSON.parse(readFileSync(join(work, 'salted.txt.receipt.json'), 'utf8')) as { fingerprint: { salt: string; published: string } };
    expect(receipt.fingerprint.salt).toMatch(/^[A-Za-z0-9/:+-]{8,}$/);

    const status = await cli('status', 'salted.txt', '--offline');
    expect(status.stdout).toContain(`  fingerprint:  SHA256(<salt>) -> ${receipt.fingerprint.published}`);
    expect(status.stdout + status.stderr).not.toContain(receipt.fingerprint.salt);
    const statusJson = await json('status', 'salted.txt', '--offline');
    expect(statusJson.value).toMatchObject({ encode: 'SHA256(<salt>)' });
    expect(statusJson.stdout).not.toContain(receipt.fingerprint.salt);
  });
});

describe('receipt info and receipt upgrade', () => {
  it('a pending receipt: info shows what it holds (never the salt), upgrade completes it once in a block, then leaves it unchanged', async () => {
    writeFileSync(join(work, 'lease.pdf'), 'the lease\n');
    expect((await cli('notarise', 'lease.pdf')).code).toBe(0);
    const exported = await cli('receipt', 'export', 'lease.pdf');
    expect(exported.code, exported.stderr).toBe(0);
    const path = join(work, 'lease.pdf.receipt.json');
    const pending = JSON.parse(readFileSync(path, 'utf8')) as { fingerprint: { salt: string; encode: string }; confirmation: unknown };
    expect(pending.confirmation).toBeNull();

    const info = await cli('receipt', 'info', 'lease.pdf.receipt.json');
    expect(info.code).toBe(0);
    expect(info.stdout).toMatch(/^"lease\.pdf": pending, not in a block when issued \("notarium receipt upgrade" completes it\)$/m);
    expect(info.stdout).toMatch(/^ {2}salt: {10}present \(not shown/m);
    expect(info.stdout).toContain('fingerprint:   SHA256(<salt>) -> ');
    expect(info.stdout).toMatch(/^ {2}proofs: {8}none yet$/m);
    expect(info.stdout + info.stderr).not.toContain(pending.fingerprint.salt);
    const infoJson = await json('receipt', 'info', 'lease.pdf.receipt.json');
    expect(infoJson.value).toMatchObject({ status: 'pending', block: null, fingerprint: { salted: true, encode: 'SHA256(<salt>)' } });
    expect(infoJson.stdout).not.toContain(pending.fingerprint.salt);

    // Someone else's copy, in a library that never saw the registration: asked of the service.
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere);
    copyFileSync(path, join(elsewhere, 'lease.pdf.receipt.json'));
    await chainProfile('other-library');
    const other = cliIn('other-library');

    const early = await cli('receipt', 'upgrade', 'lease.pdf.receipt.json');
    expect(early.code).toBe(3);
    expect(early.stdout).toMatch(/^pending {3}.*lease\.pdf\.receipt\.json\n {2}Transaction [0-9a-f]{64} is not in a block yet/);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(pending);

    await sb.mine(1);
    // Asked a block time after the early upgrade, however fast the machine: the engine's clock is
    // moved on by a second (the profile's pace is half a second; the library asks once per block time).
    const upgraded = await runCli(['receipt', 'upgrade', 'lease.pdf.receipt.json'], {
      env: { ...envFor('library'), NOTARIUM_TEST_CLOCK_OFFSET: '1' },
      cwd: work,
    });
    expect(upgraded.code, upgraded.stderr).toBe(0);
    expect(upgraded.stdout).toMatch(
      /^upgraded {2}.*lease\.pdf\.receipt\.json\n {2}completed with block [0-9a-f]{64} \(1 confirmation\); it verifies offline now/,
    );
    const theirs = await other('receipt', 'upgrade', join(elsewhere, 'lease.pdf.receipt.json'), '--json');
    expect(theirs.code, theirs.stderr).toBe(0);
    expect(JSON.parse(theirs.stdout)).toMatchObject([
      { status: 'upgraded', outcome: 'verified', blockHash: expect.stringMatching(/^[0-9a-f]{64}$/), confirmations: 1, error: null },
    ]);

    for (const receipt of [path, join(elsewhere, 'lease.pdf.receipt.json')]) {
      const verified = await cli('receipt', 'verify', receipt, 'lease.pdf');
      expect(verified.code, verified.stdout).toBe(0);
    }
    const completeInfo = await cli('receipt', 'info', 'lease.pdf.receipt.json');
    expect(completeInfo.stdout).toMatch(/^"lease\.pdf": in a block$/m);
    expect(completeInfo.stdout).toMatch(/proofs: {8}Merkle path \(\d+ nodes?, position \d+, to the \w+\), raw transaction, block header/);

    const before = readFileSync(path, 'utf8');
    const again = await cli('receipt', 'upgrade', 'lease.pdf.receipt.json');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already names its block: left unchanged.');
    expect(readFileSync(path, 'utf8')).toBe(before);
    // Its block, in --json as an upgraded one's (it was null).
    const completed = JSON.parse(before) as { confirmation: { blockHash: string; confirmedBlocks: number; blockTimestamp?: string | null } };
    const againJson = await cli('receipt', 'upgrade', 'lease.pdf.receipt.json', '--json');
    expect(againJson.code).toBe(0);
    expect(JSON.parse(againJson.stdout)).toEqual([
      {
        path,
        status: 'complete',
        outcome: null,
        blockHash: completed.confirmation.blockHash,
        confirmations: completed.confirmation.confirmedBlocks,
        blockTime: completed.confirmation.blockTimestamp ?? null,
        movedFrom: null,
        added: [],
        message: null,
        error: null,
      },
    ]);
    expect(again.stdout).toContain(`Block ${completed.confirmation.blockHash}, 1 confirmation when issued.`);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('a complete receipt without its raw transaction or header: upgrade adds them, says so, and it verifies fully', async () => {
    const path = await settled('charter.txt');
    const full = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    expect(full.transaction).toEqual(expect.stringMatching(/^[0-9a-f]+$/));
    // As written while the profile had no explorer (or a header refused by its hash check).
    const { transaction: _tx, blockHeader: _header, ...lacking } = full;
    const partial = `${JSON.stringify(lacking, null, 2)}\n`;
    const copies = join(root, 'lacking');
    mkdirSync(copies, { recursive: true });
    await chainProfile('lacking-library');
    for (const [library, copy] of [
      ['library', join(copies, 'mine.receipt.json')],
      ['lacking-library', join(copies, 'theirs.receipt.json')],
    ] as const) {
      writeFileSync(copy, partial);
      const before = await cliIn(library)('receipt', 'verify', copy, join(work, 'charter.txt'));
      expect(before.stdout).toContain('PARTIALLY VERIFIED');
      const upgraded = await cliIn(library)('receipt', 'upgrade', copy, '--json');
      expect(upgraded.code, upgraded.stderr).toBe(0);
      const [result] = JSON.parse(upgraded.stdout) as [{ status: string; outcome: string; added: string[]; movedFrom: string | null }];
      expect(result).toMatchObject({ status: 'upgraded', outcome: 'verified', movedFrom: null });
      expect(result.added).toContain('transaction');
      const after = JSON.parse(readFileSync(copy, 'utf8')) as Record<string, unknown>;
      expect(after.transaction).toBe(full.transaction);
      expect(after.blockHeader ?? null).toBe(full.blockHeader ?? null);
      const verified = await cliIn(library)('receipt', 'verify', copy, join(work, 'charter.txt'));
      expect(verified.code, verified.stdout).toBe(0);
      expect(verified.stdout).not.toContain('PARTIALLY');
    }
    writeFileSync(join(copies, 'text.receipt.json'), partial);
    const text = await cli('receipt', 'upgrade', join(copies, 'text.receipt.json'));
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      /^upgraded {2}.*text\.receipt\.json\n {2}added the raw transaction( and the block header)? of block [0-9a-f]{64} \(\d+ confirmations?\); it verifies offline now/,
    );
  });

  it('a file that is not a receipt: not upgraded, exit 2, with the reason', async () => {
    writeFileSync(join(work, 'notes.txt'), 'not json\n');
    const r = await cli('receipt', 'upgrade', 'notes.txt');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^not upgraded {2}.*notes\.txt\n {2}.*notes\.txt: .* \[RECEIPT_INVALID\]$/m);
  });

  it('the app: "Complete receipt" completes an imported pending receipt in place and the record says so', async () => {
    writeFileSync(join(work, 'will.pdf'), 'the will\n');
    expect((await cli('notarise', 'will.pdf')).code).toBe(0);
    expect((await cli('receipt', 'export', 'will.pdf', '-o', join(root, 'will-alone', 'will.pdf.receipt.json'))).code).toBe(0);
    await chainProfile('app-library');
    // The engine's clock, moved on by the test where a user would wait (the service's pace).
    let ahead = 0;
    const notary = new Notary({
      dataDir: join(root, 'app-library'),
      secrets: new MemorySecretStore(),
      env: { NOTARIUM_API_KEY: sb.apiKey },
      now: () => Date.now() + ahead,
    });
    const service = headlessAppService(notary);
    try {
      const [imported] = await importReceipts(notary.context, [join(root, 'will-alone', 'will.pdf.receipt.json')]);
      if (!imported || 'error' in imported) throw new Error('not imported');
      expect((await service.api.getRecord(imported.record.id)).proofOutcome).toBe('pending');
      const early = await service.api.upgradeReceipt(imported.record.id);
      expect(early).toMatchObject({ status: 'pending', message: 'Not in a block yet, so the receipt was left as it was: try again after the next block.' });
      expect(JSON.parse(readFileSync(early.path, 'utf8')).confirmation).toBeNull();
      await sb.mine(1);
      // The service is asked about a registration at most once per block time (0.5 s here): the next click comes a block time later.
      expect(notary.library.records.get(imported.record.id)!.lastCheckedAt).not.toBeNull();
      ahead += 500;
      const done = await service.api.upgradeReceipt(imported.record.id);
      expect(done).toMatchObject({ status: 'upgraded', path: join(root, 'will-alone', 'will.pdf.receipt.json') });
      expect(done.message).toMatch(/^The receipt was completed with block [0-9a-f]{64}\.$/);
      expect(JSON.parse(readFileSync(done.path, 'utf8')).confirmation).not.toBeNull();
      // The button goes: the record's receipt is no longer the pending one it was imported from.
      expect((await service.api.getRecord(imported.record.id)).proofOutcome).toBe('verified');
      expect((await service.api.upgradeReceipt(imported.record.id)).status).toBe('complete');
    } finally {
      await service.close();
      await notary.close();
    }
  });
});

describe('notarise --wait', () => {
  it('on a terminal: the counter counts a folder file by file, and the wait shows confirmations of the target and the next check', async () => {
    const folder = join(work, 'batch');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.txt'), `a ${Math.random()}\n`);
    writeFileSync(join(folder, 'b.txt'), `b ${Math.random()}\n`);
    writeFileSync(join(work, 'c.txt'), `c ${Math.random()}\n`);
    const progress: string[] = [];
    const out: string[] = [];
    let waiting: () => void = () => {};
    const waitingShown = new Promise<void>((resolve) => (waiting = resolve));
    const io: CliIo = {
      out: (line) => out.push(line),
      err: () => {},
      env: envFor('library'),
      errIsTTY: true,
      progress: (line) => {
        progress.push(line);
        if (line.includes('waiting for a block')) waiting();
      },
      progressWidth: () => 200, // a wide terminal: the full words
      readStdin: async () => '',
      interactive: false,
      ask: () => Promise.reject(new Error('No terminal here.')),
      waitForStopSignal: () => new Promise(() => {}),
    };
    // Separately: each file's registration is waited for and named on the line (a batch's: cli-batches.test.ts).
    const run = main(['notarise', folder, join(work, 'c.txt'), '--separately', '--wait', '--confirmations', '1'], io);
    await waitingShown;
    await sb.mine(1);
    expect(await run).toBe(0);
    const counters = progress.flatMap((l) => /^\[(\d+)\/(\d+)\] /.exec(l) ?? []).length;
    expect(counters).toBeGreaterThan(0);
    for (const line of progress) {
      const m = /^\[(\d+)\/(\d+)\] /.exec(line);
      if (m) expect(Number(m[2]), line).toBe(3);
    }
    expect(progress.some((l) => /^\[3\/3\] done /.test(l))).toBe(true);
    expect(progress.find((l) => l.includes('waiting for a block'))).toMatch(
      /^\[0\/3 confirmed\] \S+\.txt: waiting for a block, 0 of 1 confirmation(; next check in \d+ s|; checking now)?$/,
    );
    expect(out.join('\n')).toMatch(/^registered {2}a\.txt/m);
  });

  it('Ctrl+C: the file stays registered, how to follow it is said, exit 3; a script sees one line when the wait starts', async () => {
    writeFileSync(join(work, 'slow.txt'), `slow ${Math.random()}\n`);
    const run = cli('notarise', 'slow.txt', '--wait');
    // Stopped once it says it waits (the registration is sent by then), not after some time.
    await new Promise<void>((resolve) => {
      let said = '';
      run.child.stderr!.on('data', (d: Buffer) => {
        said += String(d);
        if (said.includes('Waiting until the registration is in a block')) resolve();
      });
    });
    run.child.kill('SIGINT');
    const r = await run;
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /^Waiting until the registration is in a block with the profile's target confirmations \(Ctrl\+C stops waiting; what is registered stays registered\)\.$/m,
    );
    expect(r.stdout).toMatch(/^registered {2}slow\.txt {2}[0-9a-f]{12}… {2}accepted, waiting for a block$/m);
    expect(r.stderr).toContain('Stopped waiting. The file is registered: nothing is lost, the service keeps the registration.');
    expect(r.stderr).toContain(`Follow it with "notarium wait ${join(work, 'slow.txt')}" (it writes the receipt once the registration is in a block)`);
    const status = await json('status', 'slow.txt', '--offline');
    expect(status.value.state).toBe('published');
  });
});

describe('Ctrl+C the moment the wait is announced', () => {
  it('stops the wait: the signal is listened for before "Ctrl+C stops waiting" is said', async () => {
    const path = join(work, 'prompt.txt');
    writeFileSync(path, `prompt ${Math.random()}\n`);
    // Signals as a process has them: one that comes while nobody listens meets its default action
    // (the process is killed); a listener added later never hears it.
    const signals = new EventEmitter();
    let killedByDefault = false;
    const ctrlC = (): void => {
      if (signals.listenerCount('SIGINT') === 0) killedByDefault = true;
      signals.emit('SIGINT');
    };
    const err: string[] = [];
    let announced: () => void = () => {};
    const waitAnnounced = new Promise<void>((resolve) => (announced = resolve));
    const io: CliIo = {
      out: () => {},
      err: (line) => {
        err.push(line);
        if (line.startsWith('Waiting until')) {
          ctrlC(); // pressed as soon as the line is read, before the command runs on
          announced();
        }
      },
      env: envFor('library'),
      errIsTTY: false,
      progress: () => {},
      progressWidth: () => 80,
      readStdin: async () => '',
      interactive: false,
      ask: () => Promise.reject(new Error('No terminal here.')),
      waitForStopSignal: () => new Promise((resolve) => signals.once('SIGINT', () => resolve())),
    };
    const run = main(['notarise', path, '--wait', '--confirmations', '1'], io);
    await waitAnnounced;
    // Had the signal been lost, only a block would end the wait: one is mined, and the exit code says which ended it.
    await sb.mine(1);
    expect(await run).toBe(3);
    expect(killedByDefault).toBe(false);
    expect(err.join('\n')).toContain('Stopped waiting. The file is registered');
  });
});

describe('a service that refuses the connection', () => {
  it('is said to refuse it, at its address, with what to check: not sent (exit 2), never in doubt; the next run sends it once', async () => {
    const port = await closedPort();
    const run = cliIn('refused-library');
    const baseUrl = `http://127.0.0.1:${port}`;
    const added = await run(
      'profile',
      'add',
      'Later',
      '--base-url',
      baseUrl,
      '--network',
      'sandbox',
      ...sandboxExplorerArgs(baseUrl),
      '--block-seconds',
      '0.5',
    );
    expect(added.code, added.stderr).toBe(0);
    expect((await run('profile', 'use', 'Later')).code).toBe(0);
    writeFileSync(join(work, 'refused.txt'), 'refused\n');
    writeFileSync(join(work, 'refused-too.txt'), 'refused too\n');

    // Separately: two registrations, each not sent, then each sent once.
    const r = await run('notarise', 'refused.txt', 'refused-too.txt', '--separately');
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expect(r.stdout).toMatch(/^not-sent +refused\.txt +- +not sent$/m);
    expect(r.stdout).toMatch(/^not-sent +refused-too\.txt +- +not sent$/m);
    expect(r.stdout).not.toContain('in-doubt');
    // The table holds words; the sentence is said once, below it, for both files.
    for (const line of r.stdout.split('\n').slice(0, 4)) expect(line.length, line).toBeLessThan(60);
    const sentence = `The service at 127.0.0.1:${port} refused the connection (ECONNREFUSED): nothing is listening at that address`;
    expect(r.stdout.split(sentence).length - 1).toBe(1);
    expect(r.stdout).toMatch(/^refused\.txt, refused-too\.txt: The service at .* Nothing was registered: it is kept, and the next run sends it\.$/m);
    expect(r.stdout).toContain("Check the profile's service URL and port");
    expect(r.stdout).not.toContain('could not be reached');

    const status = await run('status', 'refused.txt');
    expect(status.stdout).toMatch(/^refused\.txt: not sent: nothing was registered \(run the command again to send it\)$/m);
    const asJson = await jsonCli(run)('status', 'refused.txt');
    expect(asJson.value).toMatchObject({ state: 'submitting', submittedAt: null, possibleDuplicate: false });

    // The service comes up at that address: the next run sends each once, as new (no duplicate to fear).
    const service = await startTestSandbox({ port, apiKey: sb.apiKey });
    try {
      const again = await jsonCli(run)('notarise', 'refused.txt', 'refused-too.txt', '--separately');
      expect(again.code, JSON.stringify(again.value)).toBe(0);
      expect(again.value).toMatchObject([
        { status: 'resumed', record: { state: 'published', possibleDuplicate: false } },
        { status: 'resumed', record: { state: 'published', possibleDuplicate: false } },
      ]);
      expect((await service.json<{ txIds: string[] }>('/__sandbox/records')).txIds).toHaveLength(2);
    } finally {
      await service.stop();
    }
  });
});

describe('watch', () => {
  it('"~/folder" that the shell did not expand is the home folder; --once says no Ctrl+C', async () => {
    mkdirSync(join(home, 'Docs'));
    const once = await cli('watch', '~/Docs', '--once');
    expect(once.code, once.stderr).toBe(0);
    expect(once.stdout).toMatch(/^Catching up on 1 folder:$/m);
    expect(once.stdout).not.toContain('Ctrl+C');
    const list = await json('watch', '--list');
    expect(list.value.map((f: { path: string }) => f.path)).toContain(join(home, 'Docs'));
    expect((await cli('watch', '--remove', '~/Docs')).code).toBe(0);
    expect((await json('watch', '--list')).value).toEqual([]);
  });
});

describe('the command line itself', () => {
  const bin = (...args: string[]) =>
    spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, NOTARIUM_HOME: join(root, 'plain') } });

  it('--version prints the version', () => {
    const r = bin('--version');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`notarium ${packageJson.version}\n`);
  });

  it.each([
    [['notarsie', 'x'], 'notarium: Unknown command "notarsie". Did you mean "notarise"? Run "notarium --help" for the commands.'],
    [['receipt', 'verfy', 'x'], 'notarium receipt: Unknown subcommand "verfy". Did you mean "verify"?'],
    [['notarise', '--wiat', 'x'], 'notarium notarise: Unknown option "--wiat". Did you mean "--wait"? Run "notarium notarise --help" for the options.'],
    [['wait', 'x', '--confirmations'], 'notarium wait: --confirmations takes a value: --confirmations <value>.'],
    [['status', 'x', '--offline=yes'], 'notarium status: --offline takes no value.'],
    [['whoami', 'extra'], 'notarium whoami: "extra" is not an option, and this command takes no other arguments.'],
  ])('%j: a sentence of the house with the nearest name, exit 2, never parseArgs text', (args, sentence) => {
    const r = bin(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(sentence);
    expect(r.stderr).not.toMatch(/Unexpected argument|argument missing|does not take an argument|positional/);
  });

  it.each([['notarize'], ['version', 'finalize'], ['receipt', 'upgrade'], ['profile', 'add']])('%j --help: either spelling, the same command', (...args) => {
    const r = bin(...args, '--help');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Usage/);
  });

  it('an option in the other spelling is the option (--authorise-url for --authorize-url)', () => {
    const r = bin('profile', 'add', 'Spelled', '--base-url', 'https://records.example', '--authorise-url', 'https://id.example/authorize', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'Spelled', authorizeUrl: 'https://id.example/authorize' });
  });

  it('completion bash completes commands, subcommands and options from the command table', async () => {
    const script = bin('completion', 'bash').stdout;
    for (const [name, entry] of Object.entries(await loadCommands())) {
      expect(script).toContain(name);
      for (const option of Object.keys(entry.options ?? {})) expect(script).toContain(`--${option}`);
    }
    const complete = (...words: string[]) =>
      spawnSync('bash', ['-c', `eval "$(cat)"; COMP_WORDS=(${words.join(' ')}); COMP_CWORD=${words.length - 1}; _notarium; echo "\${COMPREPLY[*]}"`], {
        input: script,
        encoding: 'utf8',
      }).stdout.trim();
    expect(complete('notarium', 'rec')).toBe('receipt');
    expect(complete('notarium', 'receipt', 'up')).toBe('upgrade');
    expect(complete('notarium', 'notarise', '--conf')).toBe('--confirmations');
    expect(complete('notarium', 'version', 'add', '--o')).toBe('--of');
    for (const shell of ['zsh', 'fish']) {
      const r = bin('completion', shell);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('upgrade');
    }
  });

  // The other spelling, a subcommand's options, and `npx notarium` (the script made through npx).
  const npxEnv = (shell: string) => ({ npm_command: 'exec', npm_lifecycle_script: `notarium completion ${shell}` });
  const script = (shell: string, env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [BIN, 'completion', shell], { encoding: 'utf8', env: { ...process.env, NOTARIUM_HOME: join(root, 'plain'), ...env } }).stdout;

  it('bash: notarize and version finalize complete as notarise and version finalise; through npx, npx notarium … completes', () => {
    const complete = (text: string, ...words: string[]) =>
      spawnSync('bash', ['-c', `eval "$(cat)"; COMP_WORDS=(${words.join(' ')}); COMP_CWORD=${words.length - 1}; _notarium; echo "\${COMPREPLY[*]}"`], {
        input: text,
        encoding: 'utf8',
        cwd: work,
      }).stdout.trim();
    const plain = script('bash');
    expect(complete(plain, 'notarium', 'notarize', '--conf')).toBe('--confirmations');
    expect(complete(plain, 'notarium', 'version', 'finalize', '--w')).toBe('--wait');
    expect(complete(plain, 'notarium', 'version', 'which', '--o')).toBe('--of');
    expect(complete(plain, 'notarium', 'version', '--')).toBe('--help');
    expect(plain).toMatch(/^complete -o filenames -F _notarium notarium$/m);

    const npx = script('bash', npxEnv('bash'));
    expect(npx).toMatch(/^complete -o filenames -F _notarium notarium npx$/m);
    expect(complete(npx, 'npx', 'notarium', 'rec')).toBe('receipt');
    expect(complete(npx, 'npx', 'notarium', 'notarize', '--conf')).toBe('--confirmations');
    expect(complete(npx, 'npx', 'notarium', 'version', 'add', '--o')).toBe('--of');
    expect(complete(npx, 'npx', 'notar')).toBe('notarium');
    // Another package run by npx: its words complete as files, never as notarium's options.
    expect(complete(npx, 'npx', 'vitest', '--conf')).toBe('');
    expect(complete(npx, 'notarium', 'notarise', '--conf')).toBe('--confirmations');
    // The help says how, as the user runs it.
    expect(spawnSync(process.execPath, [BIN, 'completion', '--help'], { encoding: 'utf8', env: { ...process.env, ...npxEnv('--help') } }).stdout).toContain(
      'source <(npx notarium completion bash)',
    );
  });

  it('zsh: the script registers through bashcompinit for notarium, and for npx when made through npx', () => {
    const registered = (text: string) =>
      spawnSync('zsh', ['-fc', 'autoload -U compinit && compinit -u -D; eval "$(cat)"; print -r -- "$_comps[notarium]|$_comps[npx]"'], {
        input: text,
        encoding: 'utf8',
      }).stdout.trim();
    expect(registered(script('zsh'))).toBe('_bash_complete -o filenames -F _notarium|');
    expect(registered(script('zsh', npxEnv('zsh')))).toBe('_bash_complete -o filenames -F _notarium|_bash_complete -o filenames -F _notarium');
  });

  it("fish: either spelling, a subcommand's options, and npx notarium when made through npx", () => {
    const complete = (text: string, line: string) =>
      spawnSync('fish', ['--no-config', '-c', `eval (cat | string collect); complete -C ${JSON.stringify(line)}`], { input: text, encoding: 'utf8', cwd: work })
        .stdout.split('\n')
        .map((l) => l.split('\t')[0])
        .filter(Boolean);
    const plain = script('fish');
    expect(complete(plain, 'notarium notarize --conf')).toEqual(['--confirmations']);
    expect(complete(plain, 'notarium version finalize --w')).toEqual(['--wait']);
    expect(complete(plain, 'notarium version add x --of y --w')).toEqual(['--wait']);
    expect(complete(plain, 'notarium receipt up')).toEqual(['upgrade']);
    // profile add's options are not version add's.
    expect(complete(plain, 'notarium version add --base')).toEqual([]);
    // Made without npx, it leaves npx alone (fish's own completion for it: file names here).
    expect(complete(plain, 'npx notarium rec')).not.toContain('receipt');
    const npx = script('fish', npxEnv('fish'));
    expect(complete(npx, 'npx notarium rec')).toEqual(['receipt']);
    expect(complete(npx, 'npx notarium notarize --conf')).toEqual(['--confirmations']);
    expect(complete(npx, 'npx vitest --conf')).toEqual([]);
  });
});

/** A loopback port nothing listens on: one just freed. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
