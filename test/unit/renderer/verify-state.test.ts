import { beforeEach, describe, expect, it } from 'vitest';
import type { VerificationView } from '../../../preload/contract.ts';
import { noVerifications } from '../../../preload/verify-statuses.ts';
import { VerifyState } from '../../../renderer/screens/verify/verify.svelte.ts';
import { FakeBridge } from '../../support/fake-bridge.ts';

// The Verify screen's state over a bridge in memory: results of its own jobs and of jobs the shell
// opened, each under its file's place in the job, whenever they come.

let fake: FakeBridge;
let state: VerifyState;
let opened: number;

beforeEach(() => {
  fake = new FakeBridge();
  // Each result shown as it comes (the page shows them once a frame: the last test).
  state = new VerifyState(fake.bridge, fake.refs, { later: (flush) => flush() });
  opened = 0;
  state.start(() => opened++);
});

const file = (name: string, content = name, lastModified = 1_700_000_000_000): File => new File([content], name, { lastModified });
const none = noVerifications();

function result(name: string, status: VerificationView['status'], path: string | null = null): VerificationView {
  return {
    name,
    path,
    status,
    verifiedOnTestChain: false,
    message: `${name}: ${status}`,
    outcome: null,
    txId: null,
    proves: null,
    unproven: [],
    network: null,
    steps: [],
    batch: null,
    error: null,
    said: null,
  };
}

describe('the Verify state', () => {
  it('names its job itself and keeps two files of the same name apart', async () => {
    await state.add([file('report.pdf', 'a'), file('report.pdf', 'b')]);
    const { jobId, call, refs } = fake.lastJob();
    expect([call, refs.length, state.running]).toEqual(['verify', 2, 1]);
    fake.emit('verify-result', { jobId, index: 1, inFolder: null, result: result('report.pdf', 'mismatch') });
    fake.emit('verify-result', { jobId, index: 0, inFolder: null, result: result('report.pdf', 'verified') });
    expect(state.rows.map((r) => [r.index, r.result.status])).toEqual([
      [1, 'mismatch'],
      [0, 'verified'],
    ]);
    fake.emit('verify-done', { jobId, counts: { ...none, verified: 1, mismatch: 1 } });
    expect(state.running).toBe(0);
  });

  it('loses no result that comes before the call answers', async () => {
    fake.whileStarting = ({ jobId }) => {
      fake.emit('verify-result', { jobId, index: 0, inFolder: null, result: result('deed.txt', 'verified') });
      fake.emit('verify-done', { jobId, counts: { ...none, verified: 1 } });
    };
    await state.add([file('deed.txt')]);
    expect(state.rows.map((r) => [r.jobId, r.result.name, r.result.status])).toEqual([[fake.lastJob().jobId, 'deed.txt', 'verified']]);
    expect(state.running).toBe(0);
  });

  it("shows the results of a job the shell opened, and none of another window's job", () => {
    const jobId = crypto.randomUUID();
    fake.emit('open-verify', { jobId });
    expect([opened, state.running]).toEqual([1, 1]);
    fake.emit('verify-result', { jobId, index: 0, inFolder: 0, result: result('note.txt', 'verified') });
    fake.emit('verify-result', { jobId, index: 0, inFolder: 1, result: result('note.txt', 'unknown') });
    fake.emit('verify-result', { jobId: crypto.randomUUID(), index: 0, inFolder: null, result: result('theirs.txt', 'verified') });
    fake.emit('verify-done', { jobId, counts: { ...none, verified: 1, unknown: 1 } });
    expect(state.rows.map((r) => [r.result.name, r.inFolder, r.result.status])).toEqual([
      ['note.txt', 0, 'verified'],
      ['note.txt', 1, 'unknown'],
    ]);
    expect(state.running).toBe(0);
  });

  it('checks each receipt dropped with its file against that file, all in one job, and a receipt alone on its own', async () => {
    await state.add([file('x.pdf'), file('x.pdf.receipt.json'), file('y.pdf.receipt.json'), file('z.pdf'), file('w.pdf.receipt.json'), file('w.pdf')]);
    const receipts = (j: (typeof fake.jobs)[number]) => ((j.options.receipts ?? []) as never[]).map((r) => fake.nameOf(r));
    expect(fake.jobs.map((j) => [j.call, j.refs.map((r) => fake.nameOf(r)), receipts(j)])).toEqual([
      ['verifyReceipt', ['y.pdf.receipt.json'], []],
      ['verify', ['z.pdf'], []],
      ['verify', ['x.pdf', 'w.pdf'], ['x.pdf.receipt.json', 'w.pdf.receipt.json']],
    ]);
    expect(new Set(fake.jobs.map((j) => j.jobId)).size).toBe(3);
    expect(state.running).toBe(3);
  });

  it('a refused call says why and leaves nothing running', async () => {
    fake.refuseNext = Object.assign(new Error('The library could not be read.'), { code: 'STORE_ERROR' });
    await state.add([file('a.pdf')]);
    expect([state.error, state.running, state.rows]).toEqual(['The library could not be read.', 0, []]);
    state.offline = true;
    await state.add([file('b.pdf')]);
    expect(fake.lastJob().options).toEqual({ offline: true });
    expect(state.running).toBe(1);
  });

  it('a new run of the same file replaces its row where it stands; another file of that name keeps its own', async () => {
    const run = async (files: File[], statuses: VerificationView['status'][]) => {
      await state.add(files);
      const { jobId } = fake.lastJob();
      files.forEach((f, index) => fake.emit('verify-result', { jobId, index, inFolder: null, result: result(f.name, statuses[index]!) }));
      fake.emit('verify-done', { jobId, counts: none });
    };
    const rows = () => state.rows.map((r) => [r.key, r.result.name, r.result.status]);
    await run([file('a.pdf'), file('b.pdf')], ['verified', 'unreadable']);
    const [a, b] = state.rows.map((r) => r.key);
    await run([file('b.pdf'), file('a.pdf')], ['verified', 'mismatch']);
    await run([file('a.pdf'), file('b.pdf')], ['verified', 'verified']);
    expect(rows()).toEqual([
      [a, 'a.pdf', 'verified'],
      [b, 'b.pdf', 'verified'],
    ]);
    // Same name, other content or time: another file (another folder's a.pdf), its own row.
    await run([file('a.pdf', 'other content'), file('b.pdf', 'b.pdf', 1_800_000_000_000)], ['mismatch', 'unknown']);
    expect(rows()).toEqual([
      [a, 'a.pdf', 'verified'],
      [b, 'b.pdf', 'verified'],
      [expect.any(Number), 'a.pdf', 'mismatch'],
      [expect.any(Number), 'b.pdf', 'unknown'],
    ]);
    // Two copies of one file in one drop stay two rows of that run.
    await run([file('c.pdf'), file('c.pdf')], ['verified', 'verified']);
    expect(state.rows.filter((r) => r.result.name === 'c.pdf')).toHaveLength(2);
  });

  it('a job the shell opened replaces the row of the same path, and keeps files it cannot tell apart', () => {
    const shellRun = (results: VerificationView[]) => {
      const jobId = crypto.randomUUID();
      fake.emit('open-verify', { jobId });
      results.forEach((r, i) => fake.emit('verify-result', { jobId, index: 0, inFolder: i, result: r }));
      fake.emit('verify-done', { jobId, counts: none });
    };
    shellRun([result('deed.txt', 'pending', '/docs/deed.txt'), result('deed.txt', 'verified', '/old/deed.txt'), result('lost.txt', 'unreadable')]);
    shellRun([result('deed.txt', 'verified', '/docs/deed.txt'), result('lost.txt', 'unreadable')]);
    expect(state.rows.map((r) => [r.result.path, r.result.status])).toEqual([
      ['/docs/deed.txt', 'verified'],
      ['/old/deed.txt', 'verified'],
      [null, 'unreadable'],
      [null, 'unreadable'],
    ]);
    expect(state.running).toBe(0);
  });

  it('each drop is a run under its time; a file checked again moves to the newer run; a run is removed alone', async () => {
    let clock = 1_000;
    state = new VerifyState(fake.bridge, fake.refs, { now: () => clock, later: (flush) => flush() });
    state.start(() => opened++);
    const run = async (files: File[]) => {
      clock += 60_000;
      await state.add(files);
      const { jobId } = fake.lastJob();
      files.forEach((f, index) => fake.emit('verify-result', { jobId, index, inFolder: null, result: result(f.name, 'unknown') }));
      fake.emit('verify-done', { jobId, counts: none });
    };
    await run([file('a.pdf'), file('b.pdf')]);
    await run([file('c.pdf')]);
    expect(state.runs).toEqual([
      { id: 1, at: 61_000 },
      { id: 2, at: 121_000 },
    ]);
    expect(state.rows.map((r) => [r.result.name, r.run])).toEqual([
      ['a.pdf', 1],
      ['b.pdf', 1],
      ['c.pdf', 2],
    ]);
    // b.pdf again: its row is the newest run's now; a run left with no row of its own is no run any more.
    await run([file('b.pdf')]);
    await run([file('a.pdf')]);
    expect(state.rows.map((r) => [r.result.name, r.run])).toEqual([
      ['a.pdf', 4],
      ['b.pdf', 3],
      ['c.pdf', 2],
    ]);
    expect(state.runs.map((r) => r.id)).toEqual([2, 3, 4]);
    state.clearRun(3);
    expect(state.rows.map((r) => r.result.name)).toEqual(['a.pdf', 'c.pdf']);
    expect(state.runs.map((r) => r.id)).toEqual([2, 4]);
  });

  it("keeps a run whose files are still uploading when an earlier run's job ends: every row stands under a run shown", async () => {
    let release!: () => void;
    const uploaded = new Promise<void>((resolve) => (release = resolve));
    let gated = false;
    const refs = { ...fake.refs, toRefs: async (files: File[]) => (gated ? (await uploaded, fake.refs.toRefs(files)) : fake.refs.toRefs(files)) };
    state = new VerifyState(fake.bridge, refs, { later: (flush) => flush() });
    state.start(() => opened++);
    await state.add([file('a.pdf')]);
    const first = fake.lastJob().jobId;
    fake.emit('verify-result', { jobId: first, index: 0, inFolder: null, result: result('a.pdf', 'verified') });
    // The same file again: its files upload while the first job's end arrives.
    gated = true;
    const adding = state.add([file('a.pdf')]);
    fake.emit('verify-done', { jobId: first, counts: { ...none, verified: 1 } });
    release();
    await adding;
    const second = fake.lastJob().jobId;
    expect(second).not.toBe(first);
    fake.emit('verify-result', { jobId: second, index: 0, inFolder: null, result: result('a.pdf', 'verified') });
    fake.emit('verify-done', { jobId: second, counts: { ...none, verified: 1 } });
    const shown = state.runs.map((r) => r.id);
    expect(state.rows.map((r) => [r.result.name, r.run])).toEqual([['a.pdf', 2]]);
    expect(shown).toEqual([2]);
  });

  it('shows the results that come together at once, in one update, and every one of a job before it ends', async () => {
    const frames: (() => void)[] = [];
    state = new VerifyState(fake.bridge, fake.refs, { later: (flush) => frames.push(flush) });
    state.start(() => opened++);
    const names = Array.from({ length: 500 }, (_, i) => `file-${i}.txt`);
    await state.add(names.map((n) => file(n)));
    const { jobId } = fake.lastJob();
    names.slice(0, 300).forEach((n, index) => fake.emit('verify-result', { jobId, index, inFolder: null, result: result(n, 'verified') }));
    expect([state.rows.length, frames.length]).toEqual([0, 1]);
    const before = state.rows;
    frames.shift()!();
    expect(state.rows).not.toBe(before);
    expect(state.rows.map((r) => r.result.name)).toEqual(names.slice(0, 300));
    names.slice(300).forEach((n, i) => fake.emit('verify-result', { jobId, index: 300 + i, inFolder: null, result: result(n, 'unknown') }));
    // The job ends before the next frame: its results are shown first.
    fake.emit('verify-done', { jobId, counts: { ...none, verified: 300, unknown: 200 } });
    expect(state.rows.map((r) => r.result.name)).toEqual(names);
    expect(state.running).toBe(0);
    frames.shift()!(); // the frame asked for meanwhile finds nothing left
    expect(state.rows).toHaveLength(500);
  });

  it('files with their receipts: 100 to a job, uploaded while the jobs before are checked, 800 files held at most', async () => {
    const names = Array.from({ length: 650 }, (_, i) => `f-${i}.txt`);
    const adding = state.add(names.flatMap((n) => [file(n), file(`${n}.receipt.json`)]));
    // Every turn the page could take without a job's end (the fake's uploads need no I/O).
    const turns = async (): Promise<void> => {
      for (let turn = 0; turn < 50; turn++) await new Promise((r) => setImmediate(r));
    };
    await turns();
    // Four jobs of 100 files and their receipts: the fifth's 200 would make 1,000 held.
    expect(fake.jobs.map((j) => j.refs.length)).toEqual([100, 100, 100, 100]);
    fake.emit('verify-done', { jobId: fake.jobs[1]!.jobId, counts: none });
    await turns();
    expect(fake.jobs).toHaveLength(4); // not the second's end: the first's files are still held
    fake.emit('verify-done', { jobId: fake.jobs[0]!.jobId, counts: none });
    await expect.poll(() => fake.jobs.length).toBe(6); // both ended: two more
    await turns();
    expect(fake.jobs).toHaveLength(6);
    fake.emit('verify-done', { jobId: fake.jobs[2]!.jobId, counts: none });
    await adding;
    expect(fake.jobs.map((j) => j.refs.length)).toEqual([100, 100, 100, 100, 100, 100, 50]);
    expect(fake.lastJob().options).toMatchObject({ receipts: expect.any(Array) });
    expect((fake.lastJob().options as { receipts: unknown[] }).receipts).toHaveLength(50);
  });
});
