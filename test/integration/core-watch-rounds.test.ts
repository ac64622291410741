import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { parseReceipt } from '../../verifier/receipt-v1.ts';
import { verifyReceipt } from '../../verifier/verify-receipt.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import type { StoredRecord } from '../../main/core/store/record.ts';
import { settleAllInDoubt } from '../../main/core/usecases/in-doubt.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { watchedFileHistory, watchedFileVersion } from '../../main/core/watch/file-history.ts';
import type { WatchFileEvent, WatchRoundEvent } from '../../main/core/watch/folder-watcher.ts';
import { startStrictService, type StrictService } from '../support/strict-service.ts';

// Watched folders anchor each round together (docs/design/batches-and-rounds.md, rounds), against a strict sandbox whose
// blocks the test mines: a round of many files is one registration, counted by the sandbox; the
// next round waits for the block of the one before and is the next record of the folder's chain.

const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
const QUIET_MS = 100;
const root = mkdtempSync(join(tmpdir(), 'notarium-rounds-'));
const home = join(root, 'home');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('watched folders in rounds', () => {
  let strict: StrictService;
  let notary: Notary;
  let files: WatchFileEvent[] = [];
  let rounds: WatchRoundEvent[] = [];
  let dir: string;

  function open(): Notary {
    const n = new Notary({ dataDir: home, secrets: noSecrets, env: strict.env, pollerRatePerSecond: 500, watchConcurrency: 4 });
    n.watcher.events.on('file', (e) => files.push(e));
    n.watcher.events.on('round', (e) => rounds.push(e));
    n.startPoller();
    return n;
  }

  beforeAll(async () => {
    strict = await startStrictService(home, { blockInterval: 0, blockSeconds: 0.2 });
    notary = open();
    dir = join(root, 'Contracts');
    mkdirSync(dir);
    await notary.watcher.add(dir, { recursive: true, stableMs: QUIET_MS });
    await notary.watcher.start();
  });
  afterAll(async () => {
    await notary.close();
    await strict.stop();
  });

  /** Registrations the sandbox holds. */
  async function registrations(): Promise<number> {
    const res = await fetch(`${strict.sandbox.baseUrl}/__sandbox/records`, { headers: { 'x-api-key': strict.sandbox.apiKey } });
    return ((await res.json()) as { txIds: string[] }).txIds.length;
  }

  async function roundEvent(n: number): Promise<WatchRoundEvent> {
    await expect.poll(() => rounds.find((r) => r.round.number === n), { interval: 20 }).toBeDefined();
    return rounds.find((r) => r.round.number === n)!;
  }

  /** Mines until the registration is in a block with the profile's target confirmations (the engine sees it on its own). */
  async function mineUntilSettled(record: StoredRecord): Promise<StoredRecord> {
    await expect
      .poll(
        async () => {
          await strict.sandbox.mine();
          return notary.library.records.get(record.id)!.state;
        },
        { interval: 50 },
      )
      .toBe('settled');
    return notary.library.records.get(record.id)!;
  }

  const receiptOf = (path: string) => parseReceipt(readFileSync(path, 'utf8'));
  const contents = Array.from({ length: 20 }, (_, i) => `contract ${i}, as signed\n`);
  let first: WatchRoundEvent;

  it('20 new files found together are one round: one registration, the chain’s first record', async () => {
    const before = await registrations();
    // Written while the folder is paused, so they are found together (by the rescan on resume) whatever the machine's pace.
    await notary.watcher.pause(dir);
    contents.forEach((text, i) => writeFileSync(join(dir, `contract-${i}.txt`), text));
    await notary.watcher.resume(dir);
    first = await roundEvent(1);
    expect(first.round).toEqual({ number: 1, files: 20, position: null });
    expect(first.record).toMatchObject({ kind: 'linked-create', version: 1, sha256: null, state: 'published' });
    expect(await registrations()).toBe(before + 1);
    const folder = (await notary.watcher.get(dir))!;
    expect(folder.documentId).toBe(first.record.documentId);
    expect((await notary.library.documents.get(folder.documentId!))!.name).toBe('Contracts (watched folder)');
    const registered = files.filter((e) => e.action === 'registered');
    expect(registered.map((e) => e.relPath).sort()).toEqual(contents.map((_, i) => `contract-${i}.txt`).sort());
    expect(new Set(registered.map((e) => e.round!.position)).size).toBe(20);
  });

  it('files changed while the round before is not in a block wait, and then are one update of the chain', async () => {
    const before = await registrations();
    writeFileSync(join(dir, 'contract-1.txt'), 'contract 1, amended\n');
    writeFileSync(join(dir, 'contract-2.txt'), 'contract 2, amended\n');
    writeFileSync(join(dir, 'annex.txt'), 'annex A\n');
    await expect.poll(async () => (await notary.watcher.get(dir))!.waiting, { interval: 20 }).toBe(3);
    await notary.watcher.whenIdle();
    // Nothing is sent while round 1 is out of a block (the life-cycle rule).
    expect(await registrations()).toBe(before);
    expect(rounds.some((r) => r.round.number === 2)).toBe(false);
    // A save of a waiting file replaces its waiting content: only the latest goes into the round.
    writeFileSync(join(dir, 'contract-2.txt'), 'contract 2, amended twice\n');
    const folderId = (await notary.watcher.get(dir))!.id;
    const waiting = () => notary.library.watchedFolders.waiting(folderId);
    await expect.poll(() => waiting().find((w) => w.relPath === 'contract-2.txt')?.sha256).toBe(sha('contract 2, amended twice\n'));
    expect(waiting().length).toBe(3);
    await strict.sandbox.mine();
    const second = await roundEvent(2);
    expect(second.round.files).toBe(3);
    expect(second.record).toMatchObject({ kind: 'linked-update', version: 2, documentId: first.record.documentId, prevTxId: first.record.txId });
    expect(await registrations()).toBe(before + 1);
    const versions = files.filter((e) => e.round?.number === 2);
    expect(versions.map((e) => [e.relPath, e.action]).sort()).toEqual([
      ['annex.txt', 'registered'],
      ['contract-1.txt', 'version'],
      ['contract-2.txt', 'version'],
    ]);
    expect(notary.library.batches.membersOf(notary.library.batches.ofRecord(second.record)!.id).find((m) => m.name === 'contract-2.txt')!.sha256).toBe(
      sha('contract 2, amended twice\n'),
    );
  });

  it("each file's receipt verifies alone, offline; the earlier version's receipt is kept under .notarium/", async () => {
    await mineUntilSettled(rounds.find((r) => r.round.number === 2)!.record);
    const current = join(dir, 'contract-1.txt.receipt.json');
    await expect.poll(() => existsSync(current) && receiptOf(current).registration.version === 2).toBe(true);
    const receipt = receiptOf(current);
    expect(receipt.registration).toMatchObject({ kind: 'linked-update', version: 2, prevTxId: first.record.txId });
    expect(verifyReceipt(receipt, { fileDigest: sha('contract 1, amended\n') }).outcome).toBe('verified');
    expect(verifyReceipt(receipt, { fileDigest: sha(contents[1]!) }).outcome).toBe('failed');
    const earlier = join(dir, '.notarium', 'contract-1.txt.v1.receipt.json');
    await expect.poll(() => existsSync(earlier)).toBe(true);
    expect(verifyReceipt(receiptOf(earlier), { fileDigest: sha(contents[1]!) }).outcome).toBe('verified');
    // An untouched file of round 1 has its receipt beside it; it names nothing of the other files.
    const untouched = receiptOf(join(dir, 'contract-7.txt.receipt.json'));
    expect(verifyReceipt(untouched, { fileDigest: sha(contents[7]!) }).outcome).toBe('verified');
    expect(JSON.stringify(untouched)).not.toContain(sha(contents[8]!));
  });

  it("a file's history is the rounds where its content changed; which version it is, by its content", async () => {
    const history = watchedFileHistory(notary.context, join(dir, 'contract-1.txt'))!;
    expect(history.versions.map((v) => [v.version, v.round, v.sha256])).toEqual([
      [1, 1, sha(contents[1]!)],
      [2, 2, sha('contract 1, amended\n')],
    ]);
    expect((await watchedFileVersion(notary.context, join(dir, 'contract-1.txt')))!.matches.map((v) => v.version)).toEqual([2]);
    // Back to its first content: known, not registered again, and it is version 1 again.
    const before = await registrations();
    writeFileSync(join(dir, 'contract-1.txt'), contents[1]!);
    await expect.poll(() => files.filter((e) => e.relPath === 'contract-1.txt' && e.action === 'known').length).toBe(1);
    await notary.watcher.whenIdle();
    expect(await registrations()).toBe(before);
    expect((await watchedFileVersion(notary.context, join(dir, 'contract-1.txt')))!.matches.map((v) => v.version)).toEqual([1]);
    expect(watchedFileHistory(notary.context, join(dir, 'contract-7.txt'))!.versions.map((v) => v.round)).toEqual([1]);
  });

  it('a file replaced while Notarium was stopped by one of the same size and mtime is noticed (its ctime)', async () => {
    await notary.close();
    const path = join(dir, 'contract-9.txt');
    const was = statSync(path);
    writeFileSync(path, 'contract 9, as forged\n'.padEnd(contents[9]!.length, ' ').slice(0, contents[9]!.length));
    utimesSync(path, was.atimeMs / 1000, was.mtimeMs / 1000);
    expect(statSync(path)).toMatchObject({ size: was.size, mtimeMs: was.mtimeMs });
    const renamed = join(dir, 'contract-8.txt');
    const aside = join(root, 'contract-8.new');
    const was8 = statSync(renamed);
    writeFileSync(aside, contents[8]!.toUpperCase());
    utimesSync(aside, was8.atimeMs / 1000, was8.mtimeMs / 1000);
    renameSync(aside, renamed); // a new inode, the same size and mtime
    expect(statSync(renamed)).toMatchObject({ size: was8.size, mtimeMs: was8.mtimeMs });
    files = [];
    rounds = [];
    notary = open();
    await notary.watcher.start();
    await expect
      .poll(() =>
        files
          .filter((e) => e.action === 'waiting')
          .map((e) => e.relPath)
          .sort(),
      )
      .toEqual(['contract-8.txt', 'contract-9.txt']);
    // Round 2 is settled: round 3 goes at once.
    const third = await roundEvent(3);
    expect(third.round.files).toBe(2);
  });

  it("removing the folder finalises its chain once the last round is in a block; the files' records stay", async () => {
    const third = rounds.find((r) => r.round.number === 3)!;
    const documentId = third.record.documentId!;
    await notary.watcher.remove(dir);
    const chain = () => notary.library.records.ofDocument(documentId);
    expect(chain().at(-1)).toMatchObject({ kind: 'linked-delete', state: 'queued' });
    await mineUntilSettled(third.record);
    // Sent once round 3 is in a block. The strict service answers a delete without its txId: it stays
    // in doubt until the chain shows it, as any such delete (settled when a process looks again).
    await expect.poll(() => chain().at(-1)!.state).not.toBe('queued');
    await expect
      .poll(
        async () => {
          await strict.sandbox.mine();
          await settleAllInDoubt(notary.context);
          return (await notary.library.documents.get(documentId))!.finalisedAt;
        },
        { interval: 100 },
      )
      .not.toBeNull();
    expect(
      chain()
        .filter((r) => r.kind !== 'linked-delete')
        .map((r) => r.version),
    ).toEqual([1, 2, 3]);
  });
});

describe('a folder watched before rounds', () => {
  it("keeps its file's document: the next content goes into a round, and the history shows both", async () => {
    const strict = await startStrictService(join(root, 'home-before'), { blockInterval: 0.2 });
    const notary = new Notary({ dataDir: join(root, 'home-before'), secrets: noSecrets, env: strict.env, pollerRatePerSecond: 500 });
    try {
      notary.startPoller();
      const dir = join(root, 'Before');
      mkdirSync(dir);
      const path = join(dir, 'minutes.txt');
      writeFileSync(path, 'minutes, version one\n');
      const folder = await notary.watcher.add(dir, { stableMs: QUIET_MS });
      // As the watcher before rounds left it: the file a document of its own, its entry without an inode or ctime.
      const [outcome] = await notarise(notary.context, [path], { document: true });
      const v1 = (outcome as { record: StoredRecord }).record;
      const was = statSync(path);
      notary.library.db
        .prepare('INSERT INTO watched_files (folder_id, rel_path, size, mtime_ms, sha256, record_id, document_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0)')
        .run(folder.id, 'minutes.txt', was.size, was.mtimeMs, v1.sha256, v1.id, v1.documentId);
      const taken: WatchFileEvent[] = [];
      notary.watcher.events.on('file', (e) => taken.push(e));
      await notary.watcher.start();
      await notary.watcher.whenIdle();
      expect(taken).toEqual([]); // unchanged by size and mtime: its inode and ctime are noted
      expect(notary.library.watchedFolders.file(folder.id, 'minutes.txt')).toMatchObject({ ino: was.ino, ctimeMs: was.ctimeMs });
      writeFileSync(path, 'minutes, version two\n');
      await expect.poll(() => taken.find((e) => e.action === 'version')).toBeDefined();
      const history = watchedFileHistory(notary.context, path)!;
      expect(history.versions.map((v) => [v.version, v.round, v.registration.kind])).toEqual([
        [1, null, 'linked-create'],
        [2, 1, 'linked-create'],
      ]);
      expect(history.versions[0]!.registration.documentId).toBe(v1.documentId);
      expect(history.versions[1]!.registration.documentId).toBe((await notary.watcher.get(dir))!.documentId);
    } finally {
      await notary.close();
      await strict.stop();
    }
  });
});
