import { hex } from '@scure/base';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aggregationLeaf, aggregationLeafAt, aggregationTreeRoot } from '../../../../verifier/protocol/aggregation.ts';
import { Library } from '../../../../main/core/store/library.ts';
import type { StoredRecord, Submission } from '../../../../main/core/store/record.ts';
import type { WatchedFolder } from '../../../../main/core/store/watched-folders.ts';
import { watchedFileHistory } from '../../../../main/core/watch/file-history.ts';
import { roundSubmission, type RoundFile } from '../../../../main/core/watch/rounds.ts';

// A watched folder's rounds (docs/design/batches-and-rounds.md, rounds): the round built from the files waiting, stored
// whole only while its turn has come, and a file's history read from the rounds where its content changed.

const A = 'aa'.repeat(32);
const B = 'bb'.repeat(32);
const C = 'cc'.repeat(32);
const where = { network: 'regtest', serviceUrl: 'http://127.0.0.1:1' };
const lease = { owner: 'here', until: Number.MAX_SAFE_INTEGER };
let keys = 0;
const ctx = { newKey: () => `key-${++keys}` };
const folderAt = { path: '/data/Contracts', profile: 'Sandbox' };
const waitingFile = (relPath: string, sha256: string) => ({ relPath, size: 10, sha256, continues: relPath === 'a.pdf' });

describe('roundSubmission', () => {
  it("the chain's first round: one leaf per content, each with its own nonce, the root registered as the chain's linked-create", () => {
    const { batch, files } = roundSubmission(
      ctx,
      folderAt,
      null,
      [waitingFile('a.pdf', A), waitingFile('sub/b.pdf', B), waitingFile('copy-of-a.pdf', A)],
      where,
    );
    expect(batch.registration).toMatchObject({
      kind: 'linked-create',
      version: 1,
      prevTxId: null,
      documentId: null,
      sha256: null,
      name: 'Round 1, 2 files — Contracts (watched folder)',
      recordHex: aggregationTreeRoot(batch.tree),
    });
    // The same content twice is one member: both files point at it.
    expect(files).toEqual<RoundFile[]>([
      { relPath: 'a.pdf', sha256: A, position: 0, continues: true },
      { relPath: 'sub/b.pdf', sha256: B, position: 1, continues: false },
      { relPath: 'copy-of-a.pdf', sha256: A, position: 0, continues: false },
    ]);
    expect(batch.members.map((m) => [m.name, m.path])).toEqual([
      ['a.pdf', '/data/Contracts/a.pdf'],
      ['b.pdf', '/data/Contracts/sub/b.pdf'],
    ]);
    batch.members.forEach((m, i) => expect(aggregationLeafAt(batch.tree, i)).toBe(hex.encode(aggregationLeaf(hex.decode(m.sha256), hex.decode(m.nonce)))));
    expect(batch.members[0]!.nonce).not.toBe(batch.members[1]!.nonce);
  });

  it('a later round is a linked-update of the head it follows, numbered after it; a round of one file is a batch of one', () => {
    const { batch } = roundSubmission(ctx, folderAt, { txId: 'dd'.repeat(32), version: 3, documentId: 5 }, [waitingFile('a.pdf', C)], where);
    expect(batch.registration).toMatchObject({
      kind: 'linked-update',
      version: 4,
      prevTxId: 'dd'.repeat(32),
      documentId: 5,
      name: 'Round 4, 1 file — Contracts (watched folder)',
    });
    expect(batch.tree.leaves).toBe(1);
    expect(batch.registration.recordHex).toBe(hex.encode(aggregationLeaf(hex.decode(C), hex.decode(batch.members[0]!.nonce))));
  });
});

describe('WatchRounds', () => {
  let now: number;
  let lib: Library;
  let folder: WatchedFolder;

  beforeEach(() => {
    now = 1_700_000_000_000;
    lib = new Library(Library.open(':memory:').db, () => now);
    folder = lib.watchedFolders.add('/data/Contracts', 'Sandbox', { recursive: true, include: [], exclude: [], receipts: 'beside', stableMs: 0 });
  });
  afterEach(() => lib.close());

  const wait = (relPath: string, sha256: string) =>
    lib.watchedFolders.wait({ folderId: folder.id, relPath, size: 10, mtimeMs: 1, ino: 1, ctimeMs: 1, sha256, documentId: null }, false);

  async function buildRound(after: StoredRecord | null) {
    const waiting = lib.watchedFolders.waiting(folder.id);
    const { batch, files } = roundSubmission(ctx, lib.watchedFolders.get(folder.id)!, after, waiting, where);
    return lib.watchRounds.build({ folderId: folder.id, after, batch, files, chainName: 'Contracts (watched folder)' }, lease);
  }

  /** The round's registration, published and then in a block. */
  function landed(record: StoredRecord, n: number, block = true): StoredRecord {
    lib.records.markPublished(record.id, `${n}`.repeat(64).slice(0, 64), now, 'token');
    if (block)
      lib.records.recordConfirmation(record.id, { state: 'confirmed', confirmations: 1, blockHash: 'ee'.repeat(32), blockTime: null, confirmation: {} }, now);
    return lib.records.get(record.id)!;
  }

  it("stores a first round whole: the folder's chain, the batch, its files pointed at their members, nothing left waiting", async () => {
    wait('a.pdf', A);
    wait('b.pdf', B);
    const built = await buildRound(null);
    if (built.stale || built.taken) throw new Error('not built');
    const chain = lib.watchedFolders.get(folder.id)!.documentId!;
    expect((await lib.documents.get(chain))!.name).toBe('Contracts (watched folder)');
    expect(built.registration).toMatchObject({ kind: 'linked-create', state: 'submitting', documentId: chain, version: 1, sendLeaseOwner: 'here' });
    const members = lib.batches.membersOf(built.batch.id);
    expect(lib.watchedFolders.file(folder.id, 'a.pdf')!.memberId).toBe(members[0]!.id);
    expect(lib.watchedFolders.file(folder.id, 'b.pdf')!.memberId).toBe(members[1]!.id);
    expect(lib.watchedFolders.waitingCount(folder.id)).toBe(0);
  });

  it('stores nothing while the head is not in a block, or when a file waiting changed since it was read', async () => {
    wait('a.pdf', A);
    const first = await buildRound(null);
    if (first.stale || first.taken) throw new Error('not built');
    wait('a.pdf', B);
    expect(await buildRound(null)).toEqual({ stale: true }); // the chain has a round on its way
    const head = landed(first.registration, 1, false);
    expect(await buildRound(head)).toEqual({ stale: true }); // published, not in a block
    const mined = landed(first.registration, 1);
    const waiting = lib.watchedFolders.waiting(folder.id);
    const { batch, files } = roundSubmission(ctx, folder, mined, waiting, where);
    wait('a.pdf', C); // saved again after the round was read
    expect(await lib.watchRounds.build({ folderId: folder.id, after: mined, batch, files, chainName: '' }, lease)).toEqual({ stale: true });
    const second = await buildRound(mined);
    if (second.stale || second.taken) throw new Error('not built');
    expect(second.registration).toMatchObject({ kind: 'linked-update', version: 2, prevTxId: mined.txId });
    expect(lib.batches.membersOf(second.batch.id).map((m) => m.sha256)).toEqual([C]);
  });

  it('the files of a round the service refused wait again, for a new first round', async () => {
    wait('a.pdf', A);
    const first = await buildRound(null);
    if (first.stale || first.taken) throw new Error('not built');
    wait('b.pdf', A);
    expect(await buildRound(null)).toEqual({ stale: true });
    lib.records.markRejected(first.registration.id, 'refused');
    // Round 1 was refused: its content is nobody's now, and its file waits again beside b.pdf.
    expect(await lib.watchRounds.reclaimDead(folder.id)).toBe(1);
    expect(
      lib.watchedFolders
        .waiting(folder.id)
        .map((w) => w.relPath)
        .sort(),
    ).toEqual(['a.pdf', 'b.pdf']);
    expect(lib.watchedFolders.file(folder.id, 'a.pdf')!.memberId).toBeNull();
    const again = await buildRound(null);
    if (again.stale || again.taken) throw new Error('not built');
    expect(again.registration).toMatchObject({ kind: 'linked-create', version: 1 });
  });

  /** A registration of a file of its own (not a round's), of this content. */
  const ownRecord = (over: Pick<Submission, 'kind' | 'name' | 'path' | 'sha256' | 'idempotencyKey'> & Partial<Submission>) =>
    lib.records.insertSubmitting({
      profile: 'Sandbox',
      size: 10,
      encode: '',
      salt: null,
      recordHex: over.sha256!,
      publishedHex: over.sha256!,
      ...where,
      ...over,
    });

  it('a round waits while a write of another caller is open, and is built once it has ended', async () => {
    wait('a.pdf', A);
    let release!: () => void;
    const holding = lib.write(() => new Promise<void>((resolve) => (release = resolve)));
    let built: Awaited<ReturnType<typeof buildRound>> | undefined;
    const building = buildRound(null).then((b) => (built = b));
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(built).toBeUndefined();
    release();
    await Promise.all([holding, building]);
    expect(built).toMatchObject({ registration: { kind: 'linked-create', state: 'submitting' } });
    expect(lib.watchedFolders.waitingCount(folder.id)).toBe(0);
  });

  it('refuses a round holding content the profile already has (registered elsewhere meanwhile)', async () => {
    const elsewhere = ownRecord({ kind: 'record', name: 'c.pdf', path: '/tmp/c.pdf', sha256: C, idempotencyKey: 'elsewhere' });
    landed(elsewhere, 7, false);
    wait('a.pdf', A);
    wait('c.pdf', C);
    expect(await buildRound(null)).toEqual({ taken: [C] });
    expect(lib.watchedFolders.get(folder.id)!.documentId).toBeNull(); // nothing was written
  });

  it("reads a file's history: its document's versions from before rounds, then the rounds where its content changed", async () => {
    const legacy = ownRecord({
      kind: 'linked-create',
      name: 'a.pdf',
      path: '/data/Contracts/a.pdf',
      sha256: 'ff'.repeat(32),
      idempotencyKey: 'legacy',
      documentId: (await lib.documents.create('Sandbox', 'a.pdf')).id,
      version: 1,
    });
    landed(legacy, 9);
    lib.watchedFolders.saveFile({
      folderId: folder.id,
      relPath: 'a.pdf',
      size: 1,
      mtimeMs: 1,
      ino: 1,
      ctimeMs: 1,
      sha256: 'ff'.repeat(32),
      recordId: legacy.id,
      memberId: null,
      documentId: legacy.documentId,
    });
    lib.watchedFolders.wait(
      { folderId: folder.id, relPath: 'a.pdf', size: 10, mtimeMs: 2, ino: 1, ctimeMs: 2, sha256: A, documentId: legacy.documentId },
      true,
    );
    wait('b.pdf', B);
    const one = await buildRound(null);
    if (one.stale || one.taken) throw new Error('not built');
    const head = landed(one.registration, 1);
    wait('b.pdf', C); // only b.pdf changes in round 2
    const two = await buildRound(head);
    if (two.stale || two.taken) throw new Error('not built');
    const history = watchedFileHistory({ library: lib }, '/data/Contracts/a.pdf')!;
    expect(history.versions.map((v) => [v.version, v.round, v.sha256])).toEqual([
      [1, null, 'ff'.repeat(32)],
      [2, 1, A],
    ]);
    expect(watchedFileHistory({ library: lib }, '/data/Contracts/b.pdf')!.versions.map((v) => [v.version, v.round, v.sha256])).toEqual([
      [1, 1, B],
      [2, 2, C],
    ]);
    wait('b.pdf', A);
    expect(watchedFileHistory({ library: lib }, '/data/Contracts/b.pdf')!.waiting).toBe(true);
    expect(watchedFileHistory({ library: lib }, '/elsewhere/b.pdf')).toBeNull();
  });
});
