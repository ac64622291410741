import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { finaliseDocument } from '../../main/core/usecases/documents.ts';
import { runCli, type CliRun } from '../support/cli.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';

// `notarium watch` as a child process on the embedded sandbox (fast blocks): JSON lines while it
// runs, SIGTERM to stop it, and the folders it remembers in the library.

const root = mkdtempSync(join(tmpdir(), 'notarium-cli-watch-'));
const dir = join(root, 'inbox');
mkdirSync(join(dir, 'sub'), { recursive: true });
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: root });

afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Line {
  event: string;
  action?: string;
  state?: string;
  relPath?: string;
  record?: { kind: string; version: number; documentId: number; prevTxId: string | null; txId: string };
  round?: { number: number; files: number; position: number | null } | null;
  rescan?: { unchanged: number; changed: number } | null;
}

/** The JSON lines a running command has printed so far. */
function lines(run: CliRun): () => Line[] {
  let out = '';
  run.child.stdout!.on('data', (d) => (out += d));
  return () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Line);
}

async function line(read: () => Line[], match: (l: Line) => boolean): Promise<Line> {
  await expect.poll(() => read().some(match), { interval: 50 }).toBe(true);
  return read().find(match)!;
}

describe('notarium watch', () => {
  let v1: Line;

  it('explains itself', async () => {
    const r = await cli('watch', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/notarium watch --list/);
    expect(r.stdout).toMatch(/notarium watch --remove <folders…>/);
  });

  it("watches until SIGTERM: a new file is in the folder's first round, a change in its next, receipts in .notarium/", async () => {
    const run = cli('watch', dir, '--recursive', '--receipts', 'folder', '--exclude', '*.log', '--stable', '0.2', '--json');
    const read = lines(run);
    await line(read, (l) => l.event === 'ready');
    writeFileSync(join(dir, 'sub', 'minutes.txt'), 'minutes of the meeting\n');
    writeFileSync(join(dir, 'debug.log'), 'excluded\n');
    await line(read, (l) => l.event === 'file' && l.relPath === 'sub/minutes.txt' && l.action === 'waiting');
    v1 = await line(read, (l) => l.event === 'file' && l.relPath === 'sub/minutes.txt' && l.action !== 'waiting');
    expect(v1).toMatchObject({ action: 'registered', record: { kind: 'linked-create', version: 1 }, round: { number: 1, files: 1, position: 0 } });
    expect(await line(read, (l) => l.event === 'round')).toMatchObject({ round: { number: 1, files: 1 }, record: { txId: v1.record!.txId } });
    await expect.poll(() => existsSync(join(dir, '.notarium', 'sub', 'minutes.txt.receipt.json'))).toBe(true);
    writeFileSync(join(dir, 'sub', 'minutes.txt'), 'minutes of the meeting, approved\n');
    const v2 = await line(read, (l) => l.event === 'file' && l.action === 'version');
    expect(v2.record).toMatchObject({ kind: 'linked-update', version: 2, documentId: v1.record!.documentId, prevTxId: v1.record!.txId });
    run.child.kill('SIGTERM');
    const done = await run;
    expect(done.code).toBe(0);
    expect(read().some((l) => l.relPath === 'debug.log')).toBe(false);
    expect(read().at(-1)).toMatchObject({ event: 'folder', path: dir, state: 'stopped' });
  });

  it('remembers the folder and its settings', async () => {
    const r = await cli('watch', '--list', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      {
        path: dir,
        profile: 'Sandbox',
        recursive: true,
        include: [],
        exclude: ['*.log'],
        receipts: 'folder',
        stableSeconds: 0.2,
        paused: false,
        waiting: 0,
        lastRound: { number: 2, files: 1, recordId: expect.any(Number), state: expect.any(String), txId: expect.any(String) },
        chainClosed: false,
      },
    ]);
  });

  it("a folder's chain belongs to it: no outside version is added to it, and it is not finalised while the folder is watched", async () => {
    const round = JSON.parse((await cli('watch', '--list', '--json')).stdout)[0].lastRound as { txId: string };
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'a file from elsewhere\n');
    const add = await cli('version', 'add', outside, '--of', round.txId);
    expect(add.code).toBe(2);
    expect(add.stderr).toMatch(/is the chain of the watched folder .*inbox: its versions are the folder's rounds, .*\[WATCHED_CHAIN\]$/m);
    const finalise = await cli('version', 'finalise', round.txId);
    expect(finalise.code).toBe(2);
    expect(finalise.stderr).toMatch(/which is still watched: stop watching it first \("notarium watch --remove .*inbox"/);
    expect(finalise.stderr).toMatch(/\[WATCHED_CHAIN\]$/m);
    expect(JSON.parse((await cli('watch', '--list', '--json')).stdout)[0]).toMatchObject({ chainClosed: false, lastRound: { number: 2 } });
  });

  it("a watched file's history, which version it is, and no finalising of one file's history", async () => {
    const minutes = join(dir, 'sub', 'minutes.txt');
    const history = await cli('versions', minutes);
    expect(history.code, history.stderr).toBe(0);
    expect(history.stdout).toMatch(/^sub\/minutes\.txt in the watched folder .*: 2 versions, each in a round of the folder's chain, from the library$/m);
    expect(history.stdout).toMatch(/^1 +round 1 \(1 file\) /m);
    expect(history.stdout).toMatch(/^2 +round 2 \(1 file\) /m);
    const json = JSON.parse((await cli('versions', minutes, '--json')).stdout) as { versions: { version: number; round: number; batch: { files: number } }[] };
    expect(json.versions.map((e) => [e.version, e.round, e.batch.files])).toEqual([
      [1, 1, 1],
      [2, 2, 1],
    ]);
    const which = await cli('version', 'which', minutes);
    expect(which.code).toBe(0);
    expect(which.stdout).toMatch(/^minutes\.txt is version 2 of 2 of sub\/minutes\.txt in the watched folder \(round 2, txId [0-9a-f]{64}\)\.$/m);
    const finalise = await cli('version', 'finalise', minutes);
    expect(finalise.code).toBe(2);
    expect(finalise.stderr).toMatch(/its versions are rounds of the folder's chain, which is finalised when the folder is removed .*\[NOT_A_DOCUMENT\]$/m);
  });

  it('with --once catches up on what changed while it was stopped, leaving unchanged files alone', async () => {
    writeFileSync(join(dir, 'added.txt'), 'added while nothing watched\n');
    const r = await cli('watch', '--once', '--json');
    expect(r.code).toBe(0);
    const events = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
    expect(events.find((l) => l.event === 'folder' && l.rescan)?.rescan).toEqual({ unchanged: 1, changed: 1 });
    expect(events.filter((l) => l.event === 'file').map((l) => [l.relPath, l.action])).toEqual([
      ['added.txt', 'waiting'],
      ['added.txt', 'registered'],
    ]);
  });

  it('with --pause leaves a folder alone until --resume, which catches up on what it missed', async () => {
    expect((await cli('watch', '--pause', dir)).stderr).toMatch(/Paused .* until "notarium watch --resume"/);
    expect(JSON.parse((await cli('watch', '--list', '--json')).stdout)).toMatchObject([{ path: dir, paused: true }]);
    expect((await cli('watch', '--list')).stdout).toMatch(new RegExp(`^${dir}\\s+paused\\s`, 'm'));
    writeFileSync(join(dir, 'while-paused.txt'), 'written while the folder was paused\n');
    const lines = (r: { stdout: string }) =>
      r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Line);
    const paused = lines(await cli('watch', '--once', '--json'));
    expect(paused.filter((l) => l.event === 'folder').map((l) => l.state)).toEqual(['paused']);
    expect(paused.some((l) => l.event === 'file')).toBe(false);
    expect((await cli('watch', '--resume', dir)).code).toBe(0);
    const resumed = lines(await cli('watch', '--once', '--json'));
    expect(resumed.filter((l) => l.event === 'file').map((l) => [l.relPath, l.action])).toEqual([
      ['while-paused.txt', 'waiting'],
      ['while-paused.txt', 'registered'],
    ]);
    expect((await cli('watch', '--pause', '--resume', dir)).code).toBe(2);
  });

  it('a running watch hears of a pause and a resume made elsewhere, says so, and catches up when resumed', async () => {
    const run = cli('watch', dir, '--stable', '0.2');
    let out = '';
    let err = '';
    run.child.stdout!.on('data', (d) => (out += d));
    run.child.stderr!.on('data', (d) => (err += d));
    await expect.poll(() => out).toMatch(/^Watching 1 folder/m);
    expect((await cli('watch', '--pause', dir)).code).toBe(0);
    await expect.poll(() => err).toContain(`Paused ${dir} (in the app, or with "notarium watch --pause"): its files are not taken until it is resumed.`);
    writeFileSync(join(dir, 'paused-while-watched.txt'), 'written while a running watch had it paused\n');
    expect((await cli('watch', '--resume', dir)).code).toBe(0);
    await expect.poll(() => err).toContain(`Resumed ${dir}: catching up on what changed while it was paused.`);
    await expect.poll(() => out).toMatch(/^registered +paused-while-watched\.txt /m);
    run.child.kill('SIGTERM');
    expect((await run).code).toBe(0);
  });

  it('a folder whose chain was finalised elsewhere is stopped, --once says so with exit 1, and --new-chain goes on in a new chain', async () => {
    // What a Notarium from before the refusal did (Documents ▸ Finalise of the folder's chain): the chain closed under the folder.
    const older = new Notary({ dataDir: env.NOTARIUM_HOME, secrets: new MemorySecretStore(), sandboxBlockInterval: 0.2 });
    try {
      const folder = older.library.watchedFolders.byPath(dir)!;
      await finaliseDocument(older.context, { documentId: folder.documentId! }, { folderRemoved: true });
    } finally {
      await older.close();
    }
    writeFileSync(join(dir, 'behind-the-chain.txt'), 'written after the chain was finalised\n');
    const once = await cli('watch', '--once');
    expect(once.code).toBe(1);
    expect(once.stderr).toContain(`${dir} is stopped: its chain was finalised elsewhere`);
    expect(once.stderr).toMatch(/^Not caught up: 1 folder is stopped until a new chain is started \("notarium watch --new-chain .*inbox"\)\.$/m);
    expect(once.stderr).not.toMatch(/Caught up\./);
    expect(JSON.parse((await cli('watch', '--list', '--json')).stdout)[0]).toMatchObject({ chainClosed: true });

    const renewed = await cli('watch', '--new-chain', dir);
    expect(renewed.code, renewed.stderr).toBe(0);
    const again = await cli('watch', '--new-chain', dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/is not finalised: its next round goes on in it/);
    const next = await cli('watch', '--once', '--json');
    expect(next.code, next.stderr).toBe(0);
    const files = next.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line)
      .filter((l) => l.event === 'file' && l.action !== 'waiting');
    expect(files.map((l) => [l.relPath, l.record?.kind, l.record?.version, l.record?.prevTxId])).toEqual([['behind-the-chain.txt', 'linked-create', 1, null]]);
  });

  it('forgets a folder with --remove, and refuses what it cannot do with exit 2', async () => {
    expect((await cli('watch', '--remove', dir)).code).toBe(0);
    expect((await cli('watch', '--list')).stdout).toMatch(/No folder is watched/);
    const missing = await cli('watch', join(root, 'missing'), '--once');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/\[FILE_UNREADABLE\]$/m);
    expect((await cli('watch', '--list', '--remove')).code).toBe(2);
    expect((await cli('watch', '--once')).stderr).toMatch(/^notarium watch: No folder is watched yet\./);
  });

  it('with --once, says which registrations are not in a block yet, so have no receipt yet, and what writes it later, as the user runs Notarium', async () => {
    // Blocks far apart: none comes while the run catches up.
    const slow = {
      ...env,
      NOTARIUM_HOME: join(root, 'slow-home'),
      NOTARIUM_SANDBOX_BLOCK_INTERVAL: '600',
      npm_command: 'exec',
      npm_lifecycle_script: 'notarium',
    };
    const inbox = join(root, 'slow-inbox');
    mkdirSync(inbox);
    writeFileSync(join(inbox, 'fresh.txt'), 'not in a block before the run ends\n');
    const r = await runCli(['watch', inbox, '--once', '--stable', '0.2'], { env: slow, cwd: root });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^registered +fresh\.txt /m);
    expect(r.stderr).toContain(
      [
        'Caught up.',
        '1 registration (fresh.txt) is not in a block yet, so its receipt is not written yet.',
        `It is written once in a block, by the Notarium that then checks it: the next "npx notarium watch", "npx notarium status ${join(inbox, 'fresh.txt')}" (or "npx notarium wait ${join(inbox, 'fresh.txt')}", which waits for it), or the app.`,
      ].join('\n'),
    );
    expect(existsSync(join(inbox, 'fresh.txt.receipt.json'))).toBe(false);
    // Run again with nothing new: the registration met at the rescan is still not in a block, and it is said again.
    expect((await runCli(['watch', '--once'], { env: slow, cwd: root })).stderr).toMatch(/Caught up\.\n1 registration \(fresh\.txt\) is not in a block yet/);
  });

  it("a FIFO where a watched file's receipt goes does not stall it: the file is taken again", async () => {
    const fifoDir = join(root, 'fifo-inbox');
    mkdirSync(fifoDir);
    const note = join(fifoDir, 'note.txt');
    writeFileSync(note, 'a note\n');
    const first = await cli('watch', fifoDir, '--once', '--receipts', 'beside', '--json');
    expect(first.code).toBe(0);
    // Settled first, so that nothing else writes its receipt while the FIFO is there.
    expect((await cli('wait', note)).code).toBe(0);
    rmSync(`${note}.receipt.json`, { force: true });
    execFileSync('mkfifo', [`${note}.receipt.json`]);
    // Touched, same content: taken again, and its receipt's place is read (a sync read of a FIFO blocked the engine for good).
    utimesSync(note, new Date(), new Date(Date.now() + 5_000));
    const run = cli('watch', fifoDir, '--once', '--json');
    onTestFinished(() => void run.child.kill('SIGKILL')); // a command that hangs (the defect) must not outlive the test
    const again = await run;
    expect(again.code).toBe(0);
    const events = again.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
    expect(events.filter((l) => l.event === 'file').map((l) => [l.relPath, l.action])).toEqual([['note.txt', 'unchanged']]);
    expect(lstatSync(`${note}.receipt.json`).isFIFO()).toBe(true); // not a receipt of ours: left alone
  });

  it('a planted .notarium link gets no receipt through it, and the command says why', async () => {
    const shared = join(root, 'shared');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(shared);
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(shared, '.notarium'));
    const doc = join(shared, 'doc.txt');
    writeFileSync(doc, 'a shared document\n');
    const watched = await cli('watch', shared, '--once', '--receipts', 'folder', '--stable', '1');
    expect(watched.code).toBe(0);
    // The receipt is written when the record is first in a block and when it settles, by whichever command runs then.
    const waited = await cli('wait', doc);
    expect(waited.code).toBe(0);
    // The receipt is its round's member's: the engine says it of the round's registration.
    expect(watched.stderr + waited.stderr).toMatch(
      /^notarium: Round 1, 1 file — shared \(watched folder\): Nothing was written into .*\.notarium.*: .*link.*Someone may have planted it/m,
    );
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
