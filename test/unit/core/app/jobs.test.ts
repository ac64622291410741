import { describe, expect, it } from 'vitest';
import type { FileRef } from '../../../../preload/contract.ts';
import { Jobs } from '../../../../main/core/app/jobs.ts';

// Jobs named by their caller: answered at once, reported through events, their files released when they end.

const file = (path: string): FileRef => ({ kind: 'path', path });

function jobs() {
  const released: (FileRef | undefined)[][] = [];
  const failures: string[] = [];
  return { released, failures, jobs: new Jobs({ release: (files) => void released.push([...files]), failed: (message) => void failures.push(message) }) };
}

/** A job that runs until the test ends it, or until it is aborted. */
function held() {
  let end!: () => void;
  let aborted: Promise<void> | undefined;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const run = (signal: AbortSignal) => {
    aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve()));
    return Promise.race([ended, aborted]);
  };
  return { run, end, aborted: () => aborted! };
}

describe('Jobs', () => {
  it('answers at once and releases the files the job names when it ends', async () => {
    const { jobs: j, released } = jobs();
    const job = held();
    expect(j.start('a', [file('/x'), undefined], job.run)).toBeNull();
    expect(released).toEqual([]);
    job.end();
    await expect.poll(() => released).toEqual([[file('/x'), undefined]]);
  });

  it('refuses an id already running, releasing the files of the refused call, and takes the id again once that job ended', async () => {
    const { jobs: j, released } = jobs();
    const job = held();
    j.start('a', [file('/first')], job.run);
    expect(() => j.start('a', [file('/second')], async () => {})).toThrow(expect.objectContaining({ code: 'JOB_ID_IN_USE' }));
    expect(released).toEqual([[file('/second')]]);
    job.end();
    await expect.poll(() => released.length).toBe(2);
    expect(j.start('a', [], async () => {})).toBeNull();
  });

  it('cancels a job by its id (an unknown id is no error), and every job when the service closes', async () => {
    const { jobs: j } = jobs();
    const [one, two, three] = [held(), held(), held()];
    j.start('one', [], one.run);
    j.start('two', [], two.run);
    j.start('three', [], three.run);
    j.cancel('one');
    j.cancel('none');
    await one.aborted();
    j.cancelAll();
    await Promise.all([two.aborted(), three.aborted()]);
  });

  it('reports a job that failed as a whole, and still releases its files', async () => {
    const { jobs: j, released, failures } = jobs();
    j.start('a', [file('/x')], async () => {
      throw new Error('That file is no longer available: drop it again.');
    });
    await expect.poll(() => failures).toEqual(['That file is no longer available: drop it again.']);
    await expect.poll(() => released).toEqual([[file('/x')]]);
  });
});
