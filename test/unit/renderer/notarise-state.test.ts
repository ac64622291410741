import { beforeEach, describe, expect, it } from 'vitest';
import type { RecordView } from '../../../preload/contract.ts';
import type { Kept } from '../../../renderer/lib/kept.ts';
import { entries, NotariseState, type Item } from '../../../renderer/screens/notarise/notarise.svelte.ts';
import { FakeBridge } from '../../support/fake-bridge.ts';
import { recordView } from '../../support/record-view.ts';

// The Notarise screen's state over a bridge in memory: rows follow their own file's events, by job
// and index, whatever the files are called and whenever the events come.

let fake: FakeBridge;
let state: NotariseState;
let opened: number;

beforeEach(() => {
  fake = new FakeBridge();
  state = new NotariseState(fake.bridge, fake.refs);
  opened = 0;
  state.start(() => opened++);
});

const file = (name: string, content: string): File => new File([content], name);
/** The rows in the order they were made (the page shows the latest drop first). */
const rows = (): Item[] => [...state.items].sort((a, b) => a.key - b.key);
const view = (i: Item) => ({ name: i.name, size: i.size, phase: i.phase, percent: i.percent, recordId: i.recordId, error: i.error });

describe('the Notarise state', () => {
  it('names its job itself and keeps two files of the same name apart', async () => {
    await state.add([file('report.pdf', 'from a/'), file('report.pdf', 'from b/, longer')]);
    const { jobId, refs, call } = fake.lastJob();
    expect(call).toBe('notarise');
    expect(refs.map((r) => fake.nameOf(r))).toEqual(['report.pdf', 'report.pdf']);
    // The second file's events, first: they are its, not the first one's.
    fake.emit('notarise-progress', { jobId, index: 1, inFolder: null, name: 'report.pdf', phase: 'hashing', bytes: 3, total: 15 });
    expect(rows().map(view)).toEqual([
      { name: 'report.pdf', size: 7, phase: 'waiting', percent: null, recordId: null, error: null },
      { name: 'report.pdf', size: 15, phase: 'hashing', percent: 20, recordId: null, error: null },
    ]);
    fake.emit('notarise-progress', { jobId, index: 1, inFolder: null, name: 'report.pdf', phase: 'submitting' });
    fake.emit('notarise-done', {
      jobId,
      outcomes: [
        { index: 1, inFolder: null, name: 'report.pdf', status: 'registered', record: recordView({ id: 8, name: 'report.pdf', size: 15 }), error: null },
        {
          index: 0,
          inFolder: null,
          name: 'report.pdf',
          status: 'failed',
          record: null,
          error: { code: 'FILE_UNREADABLE', message: 'The file could not be read.' },
        },
      ],
    });
    expect(rows().map(view)).toEqual([
      { name: 'report.pdf', size: 7, phase: 'failed', percent: null, recordId: null, error: 'The file could not be read.' },
      { name: 'report.pdf', size: 15, phase: 'published', percent: null, recordId: 8, error: null },
    ]);
  });

  it('loses no event that comes before the call answers', async () => {
    fake.whileStarting = ({ jobId }) => {
      fake.emit('notarise-progress', { jobId, index: 0, inFolder: null, name: 'deed.txt', phase: 'hashing', bytes: 0, total: 4 });
      fake.emit('notarise-done', {
        jobId,
        outcomes: [
          {
            index: 0,
            inFolder: null,
            name: 'deed.txt',
            status: 'already-registered',
            record: recordView({ id: 3, name: 'deed.txt', state: 'settled' }),
            error: null,
          },
        ],
      });
    };
    await state.add([file('deed.txt', 'deed')]);
    expect(rows()).toEqual([
      expect.objectContaining({ name: 'deed.txt', phase: 'settled', recordId: 3, note: 'Already notarised earlier', jobId: fake.lastJob().jobId, index: 0 }),
    ]);
    expect(state.cancellable).toEqual([]);
  });

  it("makes rows for a job the shell opened, a folder's files of the same name apart, and none for another window's job", () => {
    const jobId = crypto.randomUUID();
    fake.emit('open-notarise', { jobId });
    expect(opened).toBe(1);
    fake.emit('notarise-progress', { jobId, index: 0, inFolder: 0, name: 'note.txt', phase: 'hashing', bytes: 0, total: 10 });
    fake.emit('notarise-progress', { jobId, index: 0, inFolder: 1, name: 'note.txt', phase: 'hashing', bytes: 5, total: 10 });
    fake.emit('notarise-progress', { jobId, index: 0, inFolder: 1, name: 'note.txt', phase: 'hashing', bytes: 10, total: 10 });
    fake.emit('notarise-progress', { jobId: crypto.randomUUID(), index: 0, inFolder: null, name: 'theirs.txt', phase: 'hashing', bytes: 0, total: 1 });
    expect(rows().map((i) => [i.name, i.inFolder, i.phase, i.percent])).toEqual([
      ['note.txt', 0, 'hashing', 0],
      ['note.txt', 1, 'hashing', 100],
    ]);
    expect(state.cancellable).toEqual([jobId]);
    fake.emit('notarise-done', {
      jobId,
      outcomes: [{ index: 0, inFolder: 1, name: 'note.txt', status: 'registered', record: recordView({ id: 5, name: 'note.txt' }), error: null }],
    });
    expect(rows().map((i) => [i.inFolder, i.recordId])).toEqual([
      [0, null],
      [1, 5],
    ]);
    // Done: the job's later events (none should come) make no row.
    fake.emit('notarise-progress', { jobId, index: 0, inFolder: 2, name: 'late.txt', phase: 'hashing' });
    expect(state.items).toHaveLength(2);
  });

  it('a document refused because its content is a record is no failure; "Register again as a document" sends the same file again, as the CLI\'s --document --again', async () => {
    state.document = true;
    const deed = file('deed.md', 'the deed');
    await state.add([deed]);
    const first = fake.lastJob();
    expect(first.options).toEqual({ document: true });
    const why = 'deed.md is already registered as a record (txId ab…), and a record cannot take versions, so no document was started.';
    fake.emit('notarise-done', {
      jobId: first.jobId,
      outcomes: [
        {
          index: 0,
          inFolder: null,
          name: 'deed.md',
          status: 'already-a-record',
          // The record it already is: not this row's, whose later news is not the row's either.
          record: recordView({ id: 4, name: 'deed.md', state: 'settled' }),
          error: { code: 'ALREADY_REGISTERED', message: why },
        },
      ],
    });
    const [row] = rows();
    expect(row).toMatchObject({ phase: 'already-a-record', error: why, recordId: null });
    fake.emit('record-updated', recordView({ id: 4, name: 'deed.md', state: 'settled' }));
    expect(rows()[0]!.phase).toBe('already-a-record');

    await state.registerAgainAsDocument(row!);
    const again = fake.lastJob();
    expect(again.jobId).not.toBe(first.jobId);
    expect(again.options).toEqual({ document: true, again: true });
    expect(again.refs.map((r) => fake.nameOf(r))).toEqual(['deed.md']);
    fake.emit('notarise-done', {
      jobId: again.jobId,
      outcomes: [
        {
          index: 0,
          inFolder: null,
          name: 'deed.md',
          status: 'registered',
          record: recordView({ id: 9, name: 'deed.md', kind: 'linked-create', version: 1, documentId: 2 }),
          error: null,
        },
      ],
    });
    // The same row, now the new document's first version.
    expect(rows()).toEqual([expect.objectContaining({ key: row!.key, phase: 'published', recordId: 9, error: null })]);
  });

  it("a record's later state reaches its row, counted against its own profile", async () => {
    await state.add([file('plan.md', 'plan')]);
    const { jobId } = fake.lastJob();
    fake.emit('notarise-done', {
      jobId,
      outcomes: [
        { index: 0, inFolder: null, name: 'plan.md', status: 'registered', record: recordView({ id: 11, name: 'plan.md', profile: 'Work' }), error: null },
      ],
    });
    fake.emit('record-updated', recordView({ id: 12, name: 'other.md', state: 'settled' }));
    fake.emit('record-updated', recordView({ id: 11, name: 'plan.md', profile: 'Work', state: 'confirmed', confirmations: 2, targetConfirmations: 3 }));
    expect(rows()).toEqual([expect.objectContaining({ recordId: 11, profile: 'Work', phase: 'confirmed', confirmations: 2, targetConfirmations: 3 })]);
  });

  it("a record that moved on before its job was done shows its latest state: the job's end gives it as it is then", async () => {
    // The core sends each record as the library holds it when the job ends (job-calls.test.ts), so
    // what was said of it before, while no row held it, is older news, and kept nowhere.
    await state.add([file('quick.txt', 'q')]);
    const { jobId } = fake.lastJob();
    fake.emit('record-updated', recordView({ id: 21, name: 'quick.txt', state: 'published' }));
    fake.emit('record-updated', recordView({ id: 21, name: 'quick.txt', state: 'confirmed', confirmations: 1 }));
    const settled = recordView({ id: 21, name: 'quick.txt', state: 'settled', confirmations: 6 });
    fake.emit('notarise-done', { jobId, outcomes: [{ index: 0, inFolder: null, name: 'quick.txt', status: 'registered', record: settled, error: null }] });
    expect(rows()).toEqual([expect.objectContaining({ recordId: 21, phase: 'settled', confirmations: 6 })]);
  });

  it('a file not sent is "not-sent" with its record\'s reason, not failed, and follows its record once it is sent', async () => {
    await state.add([file('later.txt', 'l')]);
    const { jobId } = fake.lastJob();
    const reason = 'The service at 127.0.0.1:9 refused the connection (ECONNREFUSED): nothing is listening at that address, so nothing was sent.';
    const kept = recordView({ id: 31, name: 'later.txt', state: 'submitting', txId: null, notSent: true, lastError: reason });
    fake.emit('notarise-done', {
      jobId,
      outcomes: [
        {
          index: 0,
          inFolder: null,
          name: 'later.txt',
          status: 'not-sent',
          record: kept,
          error: { code: 'NETWORK', message: `${reason} Nothing was registered.` },
        },
      ],
    });
    expect(rows().map(view)).toEqual([{ name: 'later.txt', size: 1, phase: 'not-sent', percent: null, recordId: 31, error: reason }]);
    expect(state.cancellable).toEqual([]);
    fake.emit('record-updated', recordView({ id: 31, name: 'later.txt', state: 'published', lastError: reason }));
    expect(rows().map(view)).toEqual([{ name: 'later.txt', size: 1, phase: 'published', percent: null, recordId: 31, error: null }]);
  });

  it("a version added takes its record from the answer, and the record's later changes from events", async () => {
    fake.answers.set('listDocuments', async () => [
      { id: 4, profile: 'Sandbox', name: 'policy.md', headTxId: null, finalised: false, finalising: false, versions: 1, updatedAt: 0 },
    ]);
    await state.loadDocuments();
    state.versionOf = 4;
    fake.answers.set('addVersion', async () => {
      // Said while the call was under way: the answer is the record as it is after it.
      fake.emit('record-updated', recordView({ id: 41, name: 'policy-2.md', state: 'queued', version: 2 }));
      return recordView({ id: 41, name: 'policy-2.md', state: 'submitting', version: 2 });
    });
    await state.add([file('policy-2.md', 'v2')]);
    expect(rows()).toEqual([expect.objectContaining({ recordId: 41, phase: 'submitting', note: 'version 2 of policy.md' })]);
    fake.emit('record-updated', recordView({ id: 41, name: 'policy-2.md', state: 'published', version: 2 }));
    expect(rows()).toEqual([expect.objectContaining({ recordId: 41, phase: 'published' })]);
  });

  it('cancels its jobs under way by their ids, and the files not yet done fail', async () => {
    await state.add([file('a.bin', 'a'), file('b.bin', 'b')]);
    const first = fake.lastJob().jobId;
    await state.add([file('c.bin', 'c')]);
    const second = fake.lastJob().jobId;
    fake.emit('notarise-done', {
      jobId: second,
      outcomes: [{ index: 0, inFolder: null, name: 'c.bin', status: 'registered', record: recordView({ id: 31, name: 'c.bin' }), error: null }],
    });
    expect(state.cancellable).toEqual([first]);
    await state.cancel();
    expect(fake.cancelled).toEqual([first]);
    expect(rows().map((i) => [i.name, i.phase, i.error])).toEqual([
      ['a.bin', 'failed', 'The job was cancelled.'],
      ['b.bin', 'failed', 'The job was cancelled.'],
      ['c.bin', 'published', null],
    ]);
    expect(state.cancellable).toEqual([]);
  });

  it('a refused call fails its files with the reason, and leaves nothing to cancel', async () => {
    fake.refuseNext = Object.assign(new Error('This profile has no API key.'), { code: 'NO_API_KEY' });
    await state.add([file('x.pdf', 'x')]);
    expect(state.error).toBe('This profile has no API key.');
    expect(rows().map((i) => [i.phase, i.error])).toEqual([['failed', 'This profile has no API key.']]);
    expect(state.cancellable).toEqual([]);
  });
});

describe('the Notarise state, batches', () => {
  /** A preference store in memory, as the page's localStorage keeps them. */
  const memoryKept = (): Kept & { values: Map<string, string> } => {
    const values = new Map<string, string>();
    return { values, read: (k) => values.get(k) ?? null, write: (k, v) => void (v === null ? values.delete(k) : values.set(k, v)) };
  };
  const member = (id: number, position: number, overrides: Partial<RecordView> = {}) =>
    recordView({ id: 20, name: `page-${position}.txt`, txId: 'ee'.repeat(32), batch: { id: 4, files: 3, position, member: id }, ...overrides });

  it('a drop of several files is one group under its one registration, with each file its place and receipt', async () => {
    await state.add([file('page-0.txt', 'zero'), file('page-1.txt', 'one'), file('page-2.txt', 'two')]);
    const { jobId, options } = fake.lastJob();
    expect(options).toEqual({ document: false });
    // Being prepared: one group, no registration yet.
    expect(entries(state.items)).toEqual([expect.objectContaining({ kind: 'drop', key: jobId, registration: null })]);
    fake.emit('notarise-done', {
      jobId,
      outcomes: [0, 1, 2].map((i) => ({ index: i, inFolder: null, name: `page-${i}.txt`, status: 'registered', record: member(100 + i, i), error: null })),
    });
    const [drop] = entries(state.items);
    expect(drop).toMatchObject({ kind: 'drop', registration: { recordId: 20, txId: 'ee'.repeat(32), phase: 'published' } });
    expect(rows().map((i) => [i.name, i.batch?.position, i.batch?.files, i.receiptPath])).toEqual([0, 1, 2].map((i) => [`page-${i}.txt`, i, 3, null]));

    // In a block: its files' receipts were written; the rows learn where from the batch's files.
    const receipts = [0, 1, 2].map((i) => member(100 + i, i, { state: 'confirmed', receiptPath: `/files/page-${i}.txt.receipt.json` }));
    let asked: unknown;
    fake.answers.set('queryRecords', async (q: never) => ((asked = q), { records: receipts, total: 3 }));
    fake.emit(
      'record-updated',
      recordView({ id: 20, name: 'Batch of 3 files', state: 'confirmed', confirmations: 1, batch: { id: 4, files: 3, position: null, member: null } }),
    );
    await expect.poll(() => rows().map((i) => i.receiptPath)).toEqual([0, 1, 2].map((i) => `/files/page-${i}.txt.receipt.json`));
    expect(asked).toMatchObject({ batch: 4 });
    expect(rows().every((i) => i.phase === 'confirmed' && i.confirmations === 1)).toBe(true);
  });

  it('a file of the drop that failed or was registered before stays in the group with its own words; one file alone is no group', async () => {
    await state.add([file('a.txt', 'a'), file('b.txt', 'b'), file('c.txt', 'c')]);
    const { jobId } = fake.lastJob();
    fake.emit('notarise-done', {
      jobId,
      outcomes: [
        { index: 0, inFolder: null, name: 'a.txt', status: 'registered', record: member(1, 0, { name: 'a.txt' }), error: null },
        { index: 1, inFolder: null, name: 'b.txt', status: 'failed', record: null, error: { code: 'FILE_UNREADABLE', message: 'b.txt could not be read.' } },
        { index: 2, inFolder: null, name: 'c.txt', status: 'already-registered', record: recordView({ id: 5, name: 'c.txt' }), error: null },
      ],
    });
    const [drop] = entries(state.items);
    expect(drop).toMatchObject({ kind: 'drop', registration: { name: 'a.txt' } });
    expect(rows().map((i) => [i.name, i.phase, i.error, i.note])).toEqual([
      ['a.txt', 'published', null, null],
      ['b.txt', 'failed', 'b.txt could not be read.', null],
      ['c.txt', 'published', null, 'Already notarised earlier'],
    ]);
    await state.add([file('alone.txt', 'alone')]);
    expect(entries(state.items)[0]).toMatchObject({ kind: 'file', item: { name: 'alone.txt', group: null } });
  });

  it('"Register each file separately" is kept for next time and asks the core for one registration per file', async () => {
    const kept = memoryKept();
    const first = new NotariseState(fake.bridge, fake.refs, kept);
    expect(first.separately).toBe(false);
    first.separately = true;
    expect(kept.values.get('notarium.notarise-separately')).toBe('true');
    const next = new NotariseState(fake.bridge, fake.refs, kept);
    expect(next.separately).toBe(true);
    await next.add([file('a.txt', 'a'), file('b.txt', 'b')]);
    expect(fake.lastJob().options).toEqual({ document: false, separately: true });
    expect(entries(next.items).map((e) => e.kind)).toEqual(['file', 'file']);
    next.separately = false;
    expect(kept.values.has('notarium.notarise-separately')).toBe(false);
  });

  it('a batch whose answer was lost: every file of it is in doubt, as one registration', async () => {
    await state.add([file('a.txt', 'a'), file('b.txt', 'b')]);
    const { jobId } = fake.lastJob();
    const sent = (i: number) => member(10 + i, i, { name: `${'ab'[i]}.txt`, txId: null, state: 'submitting' });
    const lost = { code: 'OUTCOME_UNKNOWN', message: 'The answer was lost: the next run settles it.' };
    fake.emit('notarise-done', {
      jobId,
      outcomes: [0, 1].map((i) => ({ index: i, inFolder: null, name: `${'ab'[i]}.txt`, status: 'in-doubt', record: sent(i), error: lost })),
    });
    expect(entries(state.items)[0]).toMatchObject({ kind: 'drop', registration: { phase: 'in-doubt', error: lost.message, recordId: 20 } });
    expect(rows().map((i) => [i.phase, i.batch?.position])).toEqual([
      ['in-doubt', 0],
      ['in-doubt', 1],
    ]);
    // Settled later (the next run, or the engine's start): its news moves every file on.
    fake.emit('record-updated', recordView({ id: 20, name: 'Batch of 2 files', state: 'published', batch: { id: 4, files: 2, position: null, member: null } }));
    expect(rows().every((i) => i.phase === 'published' && i.error === null)).toBe(true);
  });

  it('a batch never sent: every file of it says so, as one registration', async () => {
    await state.add([file('a.txt', 'a'), file('b.txt', 'b')]);
    const { jobId } = fake.lastJob();
    const notSent = (i: number) =>
      member(10 + i, i, { name: `${'ab'[i]}.txt`, txId: null, state: 'submitting', notSent: true, lastError: 'The service could not be reached.' });
    fake.emit('notarise-done', {
      jobId,
      outcomes: [0, 1].map((i) => ({
        index: i,
        inFolder: null,
        name: `${'ab'[i]}.txt`,
        status: 'not-sent',
        record: notSent(i),
        error: { code: 'NETWORK', message: 'x' },
      })),
    });
    expect(entries(state.items)[0]).toMatchObject({ kind: 'drop', registration: { phase: 'not-sent', error: 'The service could not be reached.' } });
    expect(rows().every((i) => i.phase === 'not-sent' && i.recordId === 20)).toBe(true);
  });
});
