import { beforeEach, describe, expect, it } from 'vitest';
import { NotariseState, type Item } from '../../../renderer/screens/notarise/notarise.svelte.ts';
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

  it('a document refused because its content is a record is no failure; "Register again as a document" sends the same file again, as the CLI\'s --document --again (issue #14)', async () => {
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
