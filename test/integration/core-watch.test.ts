import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { waitForRecord } from '../../main/core/usecases/follow.ts';
import { verifyFile } from '../../main/core/usecases/verify.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import { watchedFileHistory } from '../../main/core/watch/file-history.ts';
import type { WatchFileEvent, WatchFolderEvent, WatchProgress, WatchRoundEvent } from '../../main/core/watch/folder-watcher.ts';
import { MODES, startStrictService, type StrictService } from '../support/strict-service.ts';

// Watched folders end to end, in rounds (docs/design/batches-and-rounds.md, rounds): the engine (real HTTP, real SQLite, real file-system events), short
// quiet periods, registrations counted by the sandbox itself. On the embedded sandbox, and on a
// strict sandbox through a service profile without Idempotency-Key, whose blocks the
// test mines (every 0.2 s, held when a test needs a version unmined).

const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
const QUIET_MS = 150;
const CONCURRENCY = 4;
const BLOCK_MS = 200;
const root = mkdtempSync(join(tmpdir(), 'notarium-watch-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string): string {
  const path = join(root, name);
  mkdirSync(path, { recursive: true });
  return path;
}

describe.each(MODES)('on the $mode service', ({ mode }) => {
  const home = join(root, mode, 'home');
  let notary: Notary;
  let strict: StrictService | undefined;
  let miner: NodeJS.Timeout | undefined;
  let mining = true;
  let files: WatchFileEvent[] = [];
  let progress: WatchProgress[] = [];
  let folderEvents: WatchFolderEvent[] = [];
  const rounds: WatchRoundEvent[] = [];

  function open(): Notary {
    const n = new Notary({
      dataDir: home,
      sandboxBlockInterval: BLOCK_MS / 1000,
      secrets: noSecrets,
      env: strict?.env ?? {},
      pollerRatePerSecond: 500,
      watchConcurrency: CONCURRENCY,
    });
    n.watcher.events.on('file', (e) => files.push(e));
    n.watcher.events.on('progress', (p) => progress.push(p));
    n.watcher.events.on('folder', (e) => folderEvents.push(e));
    n.watcher.events.on('round', (e) => rounds.push(e));
    n.startPoller();
    return n;
  }

  beforeAll(async () => {
    if (mode === 'strict') {
      strict = await startStrictService(home, { blockInterval: 0, blockSeconds: BLOCK_MS / 1000 });
      miner = setInterval(() => void (mining && strict!.sandbox.mine().catch(() => {})), BLOCK_MS);
    }
    notary = open();
    await notary.watcher.start(); // no folder yet: each one added below is watched at once
  });
  afterAll(async () => {
    clearInterval(miner);
    await notary.close();
    await strict?.stop();
  });

  /** A folder of this mode's own. */
  const modeFolder = (name: string) => folder(join(mode, name));

  /** Registrations the sandbox holds, read on a fresh connection (the embedded sandbox restarts with the engine, on the same port). */
  async function registrations(): Promise<string[]> {
    const { baseUrl, apiKey } = strict?.sandbox ?? (await notary.sandbox.connect());
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${baseUrl}/__sandbox/records`, { agent: false, headers: { 'x-api-key': apiKey } }, resolve).on('error', reject),
    );
    let body = '';
    for await (const chunk of res) body += chunk;
    return (JSON.parse(body) as { txIds: string[] }).txIds;
  }

  /** Waits (generously: the machine may be busy) for the file event that `match` picks. */
  async function fileEvent(match: (e: WatchFileEvent) => boolean, timeout = 15_000): Promise<WatchFileEvent> {
    await expect.poll(() => files.some(match), { timeout, interval: 20 }).toBe(true);
    return files.find(match)!;
  }

  const at = (path: string, action?: WatchFileEvent['action']) => (e: WatchFileEvent) => e.path === path && (action === undefined || e.action === action);

  /**
   * Keeps what is registered from now on out of a block, as far as the engine can know: the
   * strict sandbox mines nothing; the embedded one mines on its own, so nothing asks it.
   * Returns the release.
   */
  async function holdBlocks(): Promise<() => void> {
    if (strict) {
      mining = false;
      return () => void (mining = true);
    }
    await notary.poller.stop();
    return () => notary.startPoller();
  }

  describe('a watched folder', () => {
    let dir: string;
    let report: string;
    let v1: WatchFileEvent;

    beforeAll(async () => {
      dir = modeFolder('beside');
      await notary.watcher.add(dir, { recursive: true, stableMs: QUIET_MS });
    });

    it("notarises a new file in the folder's first round, the first record of its chain, and writes its receipt beside it", async () => {
      report = join(dir, 'report.txt');
      writeFileSync(report, 'quarterly report, draft\n');
      await fileEvent(at(report, 'waiting'));
      v1 = await fileEvent(at(report, 'registered'));
      expect(v1.record).toMatchObject({ kind: 'linked-create', version: 1, state: 'published', sha256: null });
      expect(v1.round).toEqual({ number: 1, files: 1, position: 0 });
      expect(v1.relPath).toBe('report.txt');
      await expect.poll(() => existsSync(`${report}.receipt.json`)).toBe(true);
    });

    it("registers a changed file as its next version, in the folder's next round, linked to the one before", async () => {
      writeFileSync(report, 'quarterly report, final\n');
      const v2 = await fileEvent(at(report, 'version'));
      expect(v2.record).toMatchObject({ kind: 'linked-update', version: 2, documentId: v1.record!.documentId, prevTxId: v1.record!.txId });
      expect(v2.round).toMatchObject({ number: 2, files: 1 });
    });

    it('follows a renamed file without registering it again; its next change continues its history', async () => {
      const before = (await registrations()).length;
      const renamed = join(dir, 'sub', 'report-final.txt');
      mkdirSync(join(dir, 'sub'));
      renameSync(report, renamed);
      const moved = await fileEvent(at(renamed, 'renamed'));
      expect(moved.record).toMatchObject({ version: 2, documentId: v1.record!.documentId });
      expect((await registrations()).length).toBe(before);
      expect(notary.library.watchedFolders.file(moved.folderId, 'sub/report-final.txt')).toMatchObject({ memberId: expect.any(Number), goneAt: null });
      expect(notary.library.watchedFolders.file(moved.folderId, 'report.txt')).toBeUndefined();
      await expect.poll(() => existsSync(`${renamed}.receipt.json`)).toBe(true); // the receipt follows the file
      writeFileSync(renamed, 'quarterly report, final, signed\n');
      const v3 = await fileEvent(at(renamed, 'version'));
      expect(v3.record).toMatchObject({ version: 3, documentId: v1.record!.documentId });
      expect((await registrations()).length).toBe(before + 1);
      report = renamed;
    });

    it('keeps the records of a deleted file', async () => {
      rmSync(report);
      const deleted = await fileEvent(at(report, 'deleted'));
      expect(deleted.record).toMatchObject({ version: 3 });
      expect(notary.library.records.ofDocument(v1.record!.documentId!).map((r) => r.version)).toEqual([1, 2, 3]);
      expect(watchedFileHistory(notary.context, report)!.versions.map((v) => v.round)).toEqual([3]); // renamed: its history here begins with what it held when it came
      expect(notary.library.watchedFolders.file(deleted.folderId, 'sub/report-final.txt')!.goneAt).not.toBeNull();
    });

    it('never takes receipts, hidden files, `.notarium/` or temporary files, nor a copy of content already notarised', async () => {
      const before = (await registrations()).length;
      const seen = files.length;
      mkdirSync(join(dir, '.notarium'), { recursive: true });
      writeFileSync(join(dir, '.notarium', 'inside.txt'), 'never');
      writeFileSync(join(dir, 'other.txt.receipt.json'), '{}');
      writeFileSync(join(dir, '.hidden'), 'never');
      writeFileSync(join(dir, 'download.pdf.crdownload'), 'never');
      writeFileSync(join(dir, 'notes.txt.tmp'), 'never');
      writeFileSync(join(dir, 'copy-of-v2.txt'), 'quarterly report, final\n'); // version 2's content
      const sentinel = join(dir, 'sentinel.txt');
      writeFileSync(sentinel, 'taken after everything above\n');
      await fileEvent(at(sentinel, 'registered'));
      await notary.watcher.whenIdle();
      const later = files.slice(seen).map((e) => [e.relPath, e.action]);
      expect(later.sort()).toEqual([
        ['copy-of-v2.txt', 'known'],
        ['sentinel.txt', 'registered'],
        ['sentinel.txt', 'waiting'],
      ]);
      expect((await registrations()).length).toBe(before + 1);
    });
  });

  describe('receipts stay true to the file', () => {
    let dir: string;
    const settled = (id: number) => expect.poll(() => notary.library.records.get(id)?.state).toBe('settled');
    const receiptTx = (path: string) =>
      existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as { registration: { txId: string } }).registration.txId : null;

    beforeAll(async () => {
      dir = modeFolder('true-receipts');
      await notary.watcher.add(dir, { stableMs: QUIET_MS });
    });

    it("a version replaced before its block keeps its receipt apart: the one beside the file is the current one's", async () => {
      const doc = join(dir, 'doc.txt');
      const release = await holdBlocks();
      writeFileSync(doc, 'first words\n');
      const v1 = await fileEvent(at(doc, 'registered'));
      writeFileSync(doc, 'second words\n'); // before version 1 is in a block
      await expect.poll(() => files.filter(at(doc, 'waiting')).length).toBe(2); // its round comes once version 1's is in a block
      // From the moment version 2 is taken, the receipt beside the file is never version 1's.
      expect(receiptTx(`${doc}.receipt.json`)).not.toBe(v1.record!.txId);
      release();
      await settled(v1.record!.id);
      expect(receiptTx(`${doc}.receipt.json`)).not.toBe(v1.record!.txId);
      const v2 = await fileEvent(at(doc, 'version'));
      await settled(v2.record!.id);
      await expect.poll(() => receiptTx(`${doc}.receipt.json`)).toBe(notary.library.records.get(v2.record!.id)!.txId);
      expect(await verifyFile(notary.context, doc)).toMatchObject({ status: 'verified', source: 'receipt' });
      const earlier = join(dir, '.notarium', 'doc.txt.v1.receipt.json');
      await expect.poll(() => receiptTx(earlier)).toBe(v1.record!.txId);
    });

    it("an undo back to an earlier version gets that version's receipt, not the replaced one's", async () => {
      const doc = join(dir, 'undo.txt');
      writeFileSync(doc, 'kept\n');
      const v1 = await fileEvent(at(doc, 'registered'));
      await settled(v1.record!.id);
      writeFileSync(doc, 'edited\n');
      const v2 = await fileEvent(at(doc, 'version'));
      await settled(v2.record!.id);
      await expect.poll(() => receiptTx(`${doc}.receipt.json`)).toBe(v2.record!.txId);
      writeFileSync(doc, 'kept\n'); // undo
      await fileEvent(at(doc, 'known'));
      expect(receiptTx(`${doc}.receipt.json`)).toBe(v1.record!.txId);
      expect(await verifyFile(notary.context, doc)).toMatchObject({ status: 'verified', source: 'receipt' });
    });
  });

  describe('saves while the round before waits for its block', () => {
    it('registers only the latest content once the block comes, and the chain stays intact', async () => {
      const dir = modeFolder('busy');
      await notary.watcher.add(dir, { stableMs: QUIET_MS });
      const release = await holdBlocks();
      const doc = join(dir, 'minutes.txt');
      writeFileSync(doc, 'minutes, draft\n');
      const v1 = (await fileEvent(at(doc, 'registered'))).record!;
      const before = await registrations();
      for (const [i, words] of ['minutes, second save\n', 'minutes, third save\n', 'minutes, final\n'].entries()) {
        writeFileSync(doc, words);
        await expect.poll(() => files.filter(at(doc, 'waiting')).length, { interval: 20 }).toBe(i + 2);
      }
      // Each save replaces the one waiting before it: nothing is sent until the block comes, and then only the latest.
      const folderId = (await notary.watcher.get(dir))!.id;
      expect(notary.library.watchedFolders.waiting(folderId).map((w) => w.sha256)).toEqual([createHash('sha256').update('minutes, final\n').digest('hex')]);
      expect(await registrations()).toEqual(before);

      release();
      const round = (await fileEvent(at(doc, 'version'))).record!;
      const latest = await waitForRecord(notary.context, notary.follower, round, { confirmations: 1 });
      const live = notary.library.records.ofDocument(v1.documentId!).filter((r) => r.state !== 'superseded');
      expect(live.map((r) => [r.version, r.txId])).toEqual([
        [1, v1.txId],
        [2, latest.txId],
      ]);
      expect(latest).toMatchObject({ prevTxId: v1.txId });
      expect(notary.library.batches.membersOf(notary.library.batches.ofRecord(latest)!.id).map((m) => m.sha256)).toEqual([
        createHash('sha256').update('minutes, final\n').digest('hex'),
      ]);
      expect(files.filter(at(doc, 'version'))).toHaveLength(1);
      expect(await registrations()).toEqual([...before, latest.txId]);
      // On the service, round 1 is followed by round 2, mined, and by nothing else.
      const { baseUrl, apiKey } = strict?.sandbox ?? (await notary.sandbox.connect());
      const walk = (await (await fetch(`${baseUrl}/api/v1/linkedrecords/${v1.txId}/navigate?links=9`, { headers: { 'x-api-key': apiKey } })).json()) as {
        txIds: string[];
      };
      expect(walk.txIds).toEqual([latest.txId]);
    });
  });

  describe('settings', () => {
    it('keeps receipts in .notarium/, and honours include, exclude and non-recursive', async () => {
      const dir = modeFolder('settings');
      mkdirSync(join(dir, 'sub'));
      mkdirSync(join(dir, 'drafts'));
      await notary.watcher.add(dir, { receipts: 'folder', include: ['*.md'], exclude: ['draft-*'], stableMs: QUIET_MS });
      expect(await notary.watcher.get(dir)).toMatchObject({ recursive: false, receipts: 'folder', include: ['*.md'], exclude: ['draft-*'], state: 'watching' });
      const seen = files.length;
      writeFileSync(join(dir, 'skipped.txt'), 'not markdown');
      writeFileSync(join(dir, 'draft-plan.md'), 'excluded');
      writeFileSync(join(dir, 'sub', 'deep.md'), 'not recursive');
      const taken = join(dir, 'plan.md');
      writeFileSync(taken, '# the plan\n');
      await fileEvent(at(taken, 'registered'));
      await notary.watcher.whenIdle();
      expect([...new Set(files.slice(seen).map((e) => e.relPath))]).toEqual(['plan.md']);
      await expect.poll(() => existsSync(join(dir, '.notarium', 'plan.md.receipt.json'))).toBe(true);
      expect(existsSync(`${taken}.receipt.json`)).toBe(false);
    });

    it('refuses a folder inside a recursive watched folder, a missing folder and an unusable glob', async () => {
      await expect(notary.watcher.add(join(root, mode, 'beside', 'sub'))).rejects.toMatchObject({ code: 'WATCH_OVERLAP' });
      await expect(notary.watcher.add(join(root, mode, 'missing'))).rejects.toMatchObject({ code: 'FILE_UNREADABLE' });
      await expect(notary.watcher.add(modeFolder('globs'), { include: [''] })).rejects.toMatchObject({ code: 'INVALID_SETTING' });
    });
  });

  describe('a burst of 500 new files', () => {
    it('notarises each exactly once, in rounds of one registration each, with bounded concurrency and progress counts', async () => {
      const dir = modeFolder('burst');
      await notary.watcher.add(dir, { stableMs: QUIET_MS });
      const before = (await registrations()).length;
      const seen = files.length;
      const roundsSeen = rounds.length;
      progress = [];
      for (let i = 0; i < 500; i++) writeFileSync(join(dir, `file-${String(i).padStart(3, '0')}.txt`), `burst file ${i}\n`);
      await expect.poll(() => files.slice(seen).filter((e) => e.action === 'registered').length, { interval: 100 }).toBe(500);
      await notary.watcher.whenIdle();
      const registered = files.slice(seen).filter((e) => e.action === 'registered');
      expect(new Set(registered.map((e) => e.relPath)).size).toBe(500);
      expect(files.slice(seen).every((e) => e.action === 'registered' || e.action === 'waiting')).toBe(true);
      // As many registrations as rounds (usually one: a burst is a round; more only when the machine
      // was slow enough for the folder to fall quiet in between), and every file a member of one.
      const burstRounds = rounds.slice(roundsSeen).filter((r) => r.path === dir);
      expect((await registrations()).length).toBe(before + burstRounds.length);
      expect(burstRounds.reduce((n, r) => n + r.round.files, 0)).toBe(500);
      expect(Math.max(...progress.map((p) => p.active))).toBeLessThanOrEqual(CONCURRENCY);
      expect(Math.max(...progress.map((p) => p.active))).toBeGreaterThan(1);
      await expect.poll(() => progress.at(-1)).toMatchObject({ done: 500, failed: 0, idle: true });
    });
  });

  describe('changes while the watcher is stopped', () => {
    it('are caught up at the next start; unchanged files are not hashed nor registered again', async () => {
      const dir = modeFolder('restart');
      await notary.watcher.add(dir, { stableMs: QUIET_MS });
      const keep = join(dir, 'keep.txt');
      const edit = join(dir, 'edit.txt');
      const gone = join(dir, 'gone.txt');
      const moveFrom = join(dir, 'move.txt');
      const touched = join(dir, 'touched.txt');
      const contents: [string, string][] = [
        [keep, 'keep'],
        [edit, 'edit v1'],
        [gone, 'gone'],
        [moveFrom, 'move'],
        [touched, 'touched'],
      ];
      for (const [path, text] of contents) writeFileSync(path, text);
      for (const [path] of contents) await fileEvent(at(path, 'registered'));
      await notary.watcher.whenIdle();

      await notary.close();
      writeFileSync(edit, 'edit v2');
      rmSync(gone);
      const moveTo = join(dir, 'moved.txt');
      renameSync(moveFrom, moveTo);
      const added = join(dir, 'added.txt');
      writeFileSync(added, 'added while closed');
      const later = new Date(Date.now() + 5000);
      utimesSync(touched, later, later); // a new mtime, the same content

      files = [];
      folderEvents = [];
      notary = open();
      const before = (await registrations()).length;
      await notary.watcher.start();
      expect(folderEvents.find((e) => e.path === join(root, mode, 'burst') && e.state === 'watching')?.rescan).toEqual({ unchanged: 500, changed: 0 });
      expect(folderEvents.find((e) => e.path === dir && e.state === 'watching')?.rescan).toEqual({ unchanged: 1, changed: 6 });
      const version = await fileEvent(at(edit, 'version'));
      await fileEvent(at(added, 'registered'));
      await fileEvent(at(gone, 'deleted'));
      await fileEvent(at(moveTo, 'renamed'));
      await fileEvent(at(touched, 'unchanged'));
      await notary.watcher.whenIdle();
      // What the rescan found is one round: the edit and the new file, one registration.
      expect(version.round).toMatchObject({ files: 2 });
      await waitForRecord(notary.context, notary.follower, version.record!, { confirmations: 1 });
      expect(files.some((e) => e.path === keep)).toBe(false);
      expect(files.filter((e) => e.action !== 'deleted').every((e) => e.folder === dir)).toBe(true);
      expect((await registrations()).length).toBe(before + 1);
    });
  });

  describe('pausing a folder', () => {
    it('stops watching it, across a restart, and catches up on what it missed when resumed', async () => {
      const dir = modeFolder('paused');
      await notary.watcher.add(dir, { stableMs: QUIET_MS });
      const kept = join(dir, 'kept.txt');
      writeFileSync(kept, 'kept v1');
      await fileEvent(at(kept, 'registered'));
      await notary.watcher.whenIdle();

      folderEvents = [];
      expect(await notary.watcher.pause(dir)).toMatchObject({ paused: true });
      expect((await notary.watcher.get(dir))?.state).toBe('paused');
      expect(folderEvents.filter((e) => e.path === dir).map((e) => e.state)).toEqual(['paused']);
      const missed = join(dir, 'missed.txt');
      writeFileSync(missed, 'written while paused');
      writeFileSync(kept, 'kept v2');

      await notary.close();
      files = [];
      folderEvents = [];
      notary = open();
      await notary.watcher.start();
      expect((await notary.watcher.get(dir))?.state).toBe('paused');
      expect(folderEvents.filter((e) => e.path === dir).map((e) => e.state)).toEqual(['paused']);

      await notary.watcher.resume(dir);
      // Had anything been taken while paused, the rescan would find it unchanged.
      expect(folderEvents.find((e) => e.path === dir && e.state === 'watching')?.rescan).toEqual({ unchanged: 0, changed: 2 });
      await fileEvent(at(missed, 'registered'));
      await fileEvent(at(kept, 'version'));
      expect(await notary.watcher.get(dir)).toMatchObject({ paused: false, state: 'watching' });
    });
  });

  describe('forgetting a folder', () => {
    it('stops watching it and keeps its records', async () => {
      const dir = join(root, mode, 'settings');
      const records = notary.library.records.query({ search: 'plan.md' }).total;
      await notary.watcher.remove(dir);
      expect(await notary.watcher.get(dir)).toBeUndefined();
      expect((await notary.watcher.list()).map((f) => f.path)).not.toContain(dir);
      expect(notary.library.records.query({ search: 'plan.md' }).total).toBe(records);
    });
  });
});

describe('stopping while starting', () => {
  it('stop means stop: folders not yet set up when stop() is called are not watched after it', async () => {
    const other = new Notary({ dataDir: join(root, 'home-stop'), sandboxBlockInterval: 0.2, secrets: noSecrets, env: {} });
    try {
      for (const name of ['s1', 's2', 's3']) {
        const dir = folder(name);
        for (let i = 0; i < 200; i++) writeFileSync(join(dir, `f${i}.txt`), `file ${i}`);
        await other.watcher.add(dir, { stableMs: QUIET_MS });
      }
      const starting = other.watcher.start();
      await new Promise((r) => setTimeout(r, 5));
      await other.watcher.stop();
      await starting;
      expect((await other.watcher.list()).map((f) => f.state)).toEqual(['stopped', 'stopped', 'stopped']);
      expect(other.watcher.progress()).toMatchObject({ settling: 0, queued: 0, active: 0 });
    } finally {
      await other.close();
    }
  });
});
