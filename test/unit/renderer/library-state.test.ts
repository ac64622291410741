import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../preload/contract.ts';
import { LibraryState } from '../../../renderer/screens/library/library.svelte.ts';
import { FakeBridge } from '../../support/fake-bridge.ts';
import { recordView } from '../../support/record-view.ts';

// The Library's state over a bridge in memory: the list the core answers, and the details of the
// registration that was clicked, whichever of its submissions is the newest.

let fake: FakeBridge;
let state: LibraryState;
let listed: RecordView[];
const byId = new Map<number, RecordView>();

const first = recordView({ id: 1, txId: '01'.repeat(32) });
const sentAgain = recordView({ id: 2, txId: '02'.repeat(32), resubmits: 1 });

beforeEach(async () => {
  fake = new FakeBridge();
  listed = [first];
  byId.clear();
  for (const r of [first, sentAgain]) byId.set(r.id, r);
  fake.answers.set('queryRecords', async () => ({ records: listed, total: listed.length }));
  fake.answers.set('getRecord', async (id: number) => byId.get(id)!);
  state = new LibraryState(fake.bridge);
  state.start();
  await state.reload();
});

describe('the Library state', () => {
  it('details follow a registration sent again after its row was shown', async () => {
    await state.select(1);
    expect(state.selected?.id).toBe(1);
    listed = [sentAgain];
    fake.emit('record-updated', sentAgain);
    expect(state.selected?.id).toBe(2);
  });

  it('details follow a registration sent again before its stale row was clicked, once the window reloads', async () => {
    // The new submission arrives while the list still shows the first: its row is clicked.
    listed = [sentAgain];
    fake.emit('record-updated', sentAgain);
    await state.select(1);
    expect(state.selected?.id).toBe(1);
    await state.reload(); // the reload the event asked for
    expect(state.selectedKey).toBe('r2');
    expect(state.selected).toMatchObject({ id: 2, resubmits: 1 });
  });

  it('details show the registration when the stale row clicked is a submission a block has just superseded', async () => {
    listed = [sentAgain];
    await state.reload();
    // A block: the first submission is the registration, the one sent again superseded; the list is not read again yet.
    const registration = recordView({ id: 1, txId: '01'.repeat(32), state: 'confirmed' });
    const superseded = recordView({ id: 2, txId: '02'.repeat(32), resubmits: 1, state: 'superseded', supersededBy: 1 });
    byId.set(1, registration);
    byId.set(2, superseded);
    fake.emit('record-updated', registration);
    fake.emit('record-updated', superseded);
    await state.select(2);
    expect(state.selectedKey).toBe('r1');
    expect(state.selected).toMatchObject({ id: 1, state: 'confirmed' });
  });

  it("another process's writes (library-changed) read the list and the details again; a record removed elsewhere closes its details", async () => {
    await state.select(1);
    const fromTheCli = recordView({ id: 3, name: 'from-the-cli.txt' });
    const settled = recordView({ id: 1, txId: '01'.repeat(32), state: 'settled' });
    listed = [fromTheCli, settled];
    byId.set(1, settled);
    const reread = new Promise<void>((resolve) => fake.answers.set('getRecord', async (id: number) => (resolve(), byId.get(id)!)));
    fake.emit('library-changed', null);
    await reread;
    await expect.poll(() => [state.total, state.row(0)?.id, state.row(1)?.state, state.selected?.state]).toEqual([2, 3, 'settled', 'settled']);

    listed = [fromTheCli];
    const gone = new Promise<void>((resolve) =>
      fake.answers.set('getRecord', async () => {
        resolve();
        throw new Error('The library has no such registration.');
      }),
    );
    fake.emit('library-changed', null);
    await gone;
    await expect.poll(() => [state.total, state.selectedKey, state.selected]).toEqual([1, null, null]);
  });

  it("a record's news that came while the list was being read again is not undone by the read's answer", async () => {
    let answer = (): void => {};
    const asOfTheRead = recordView({ id: 1, txId: '01'.repeat(32), state: 'published' });
    fake.answers.set('queryRecords', () => new Promise((resolve) => (answer = () => resolve({ records: [asOfTheRead], total: 1 }))));
    const reading = state.reload();
    fake.emit('record-updated', recordView({ id: 1, txId: '01'.repeat(32), state: 'settled' }));
    answer();
    await reading;
    expect(state.row(0)?.state).toBe('settled');
  });

  it('"Pending" lists what the pending count counts: files whose registration (the library\'s own, never imported evidence) is queued, being sent or on its way to its depth', async () => {
    const asked: unknown[] = [];
    fake.answers.set('queryRecords', async (query: unknown) => {
      asked.push(query);
      return { records: [], total: 0 };
    });
    state.filter = 'pending';
    await state.reload();
    expect(asked).toEqual([expect.objectContaining({ states: ['queued', 'submitting', 'published', 'confirmed'], own: true })]);
  });

  it('a search counted only so far grows as pages further on count further, and a page that comes late never shortens it', async () => {
    const rows = (offset: number) => Array.from({ length: 200 }, (_, i) => recordView({ id: 1000 + offset + i, txId: null }));
    const late: (() => void)[] = [];
    fake.answers.set('queryRecords', (q: { offset: number }) => {
      const answer = { records: rows(q.offset), total: (Math.floor((q.offset + 200) / 1000) + 1) * 1000, capped: true as const };
      // The page before the one that counts further answers last.
      return q.offset === 600 ? new Promise((resolve) => late.push(() => resolve(answer))) : Promise.resolve(answer);
    });
    state.search = 'scan';
    await state.reload();
    expect([state.total, state.capped]).toEqual([1000, true]);
    state.ensure(700, 1000);
    await expect.poll(() => state.total).toBe(2000);
    late.forEach((answer) => answer());
    await expect.poll(() => state.row(600)?.id).toBe(1600);
    expect([state.total, state.capped]).toEqual([2000, true]);
    // Narrowed to few: counted whole again.
    fake.answers.set('queryRecords', async () => ({ records: listed, total: listed.length }));
    await state.reload();
    expect([state.total, state.capped]).toEqual([1, false]);
  });

  it('does not follow a newer record of another registration', async () => {
    const other = recordView({ id: 3, name: 'other.pdf', txId: '03'.repeat(32) });
    await state.select(1);
    listed = [other, first];
    await state.reload();
    expect(state.selected?.id).toBe(1);
  });
});

describe('the Library state, batches', () => {
  const registration = recordView({
    id: 7,
    name: 'Batch of 2 files',
    sha256: null,
    txId: '07'.repeat(32),
    batch: { id: 3, files: 2, position: null, member: null },
  });
  const file = (member: number, position: number, overrides: Partial<RecordView> = {}) =>
    recordView({ id: 7, name: `file-${position}.txt`, txId: '07'.repeat(32), batch: { id: 3, files: 2, position, member }, ...overrides });
  let queries: unknown[];
  let members: Map<number, RecordView>;

  beforeEach(async () => {
    queries = [];
    members = new Map([
      [11, file(11, 0)],
      [12, file(12, 1)],
    ]);
    listed = [...members.values()];
    fake.answers.set('queryRecords', async (q: never) => (queries.push(q), { records: listed, total: listed.length }));
    fake.answers.set('getRecord', async (item: never) => {
      const ref = item as number | { member: number };
      return typeof ref === 'number' ? (ref === 7 ? registration : byId.get(ref)!) : members.get(ref.member)!;
    });
    await state.reload();
  });

  it('two files of one batch are two rows, each selected as itself', async () => {
    await state.select(state.row(1)!);
    expect(state.selectedKey).toBe('m12');
    expect(state.selected?.name).toBe('file-1.txt');
    await state.select({ member: 11 });
    expect(state.selected?.name).toBe('file-0.txt');
  });

  it("news of the batch's registration reads the rows and the selected file again, never patching a file's row with it", async () => {
    await state.select({ member: 12 });
    members.set(12, file(12, 1, { state: 'settled', receiptPath: '/f/file-1.txt.receipt.json' }));
    listed = [...members.values()];
    const read = queries.length;
    fake.emit('record-updated', { ...registration, state: 'settled' });
    expect(state.row(1)?.name).toBe('file-1.txt');
    await expect.poll(() => state.selected?.receiptPath).toBe('/f/file-1.txt.receipt.json');
    // The window is read again on its timer (at most twice a second): waited for, not raced.
    await expect.poll(() => queries.length, { timeout: 30_000 }).toBeGreaterThan(read);
    await expect.poll(() => state.row(1)?.state, { timeout: 30_000 }).toBe('settled');
  });

  it("is narrowed to one registration's files and back", async () => {
    state.showBatch(state.row(0)!);
    expect(state.batch).toEqual({ id: 3, files: 2, txId: '07'.repeat(32) });
    await expect.poll(() => queries.at(-1)).toMatchObject({ batch: 3 });
    state.showBatch(null);
    await expect.poll(() => (queries.at(-1) as { batch?: number }).batch).toBeUndefined();
  });

  it("opened on a batch's registration (a notification), it lists that batch's files", async () => {
    await state.select(7);
    expect(state.selected).toBeNull();
    expect(state.batch).toEqual({ id: 3, files: 2, txId: '07'.repeat(32) });
  });
});
