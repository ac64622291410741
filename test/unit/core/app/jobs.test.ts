import { describe, expect, it } from 'vitest';
import type { FileRef } from '../../../../preload/contract.ts';
import { Jobs } from '../../../../main/core/app/jobs.ts';
import { errorData } from '../../../../main/core/errors/error-data.ts';
import { NotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { sentenceFor } from '../../../../main/core/errors/catalogue.ts';
import type { ErrorData } from '../../../../preload/protocol/messages.ts';

// Jobs named by their caller: answered at once, reported through events, their files released when they end.

const file = (path: string): FileRef => ({ kind: 'path', path });

function jobs() {
  const released: (FileRef | undefined)[][] = [];
  const failures: ErrorData[] = [];
  const logged: string[] = [];
  return {
    released,
    failures,
    logged,
    jobs: new Jobs({
      release: (files) => void released.push([...files]),
      failed: (error) => void failures.push(error),
      errorData: (err) => errorData(err, (detail) => logged.push(detail)),
    }),
  };
}

/** A job's end with an error: never reached by a job that ends by itself. */
const unexpected = () => expect.unreachable('the job did not fail');

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
    expect(j.start('a', [file('/x'), undefined], job.run, unexpected)).toBeNull();
    expect(released).toEqual([]);
    job.end();
    await expect.poll(() => released).toEqual([[file('/x'), undefined]]);
  });

  it('refuses an id already running, releasing the files of the refused call, and takes the id again once that job ended', async () => {
    const { jobs: j, released } = jobs();
    const job = held();
    j.start('a', [file('/first')], job.run, unexpected);
    expect(() => j.start('a', [file('/second')], async () => {}, unexpected)).toThrow(expect.objectContaining({ code: 'JOB_ID_IN_USE' }));
    expect(released).toEqual([[file('/second')]]);
    job.end();
    await expect.poll(() => released.length).toBe(2);
    expect(j.start('a', [], async () => {}, unexpected)).toBeNull();
  });

  it('cancels a job by its id (an unknown id is no error), and every job when the service closes', async () => {
    const { jobs: j } = jobs();
    const [one, two, three] = [held(), held(), held()];
    j.start('one', [], one.run, unexpected);
    j.start('two', [], two.run, unexpected);
    j.start('three', [], three.run, unexpected);
    j.cancel('one');
    j.cancel('none');
    await one.aborted();
    j.cancelAll();
    await Promise.all([two.aborted(), three.aborted()]);
  });

  it('reports a job that failed as a whole, ends it with the error, and still releases its files', async () => {
    const { jobs: j, released, failures } = jobs();
    const ends: unknown[] = [];
    j.start(
      'a',
      [file('/x')],
      async () => {
        throw new NotariumError('UPLOAD_EXPIRED', 'That file is no longer available: drop it again.');
      },
      (error) => ends.push(error),
    );
    await expect.poll(() => failures).toEqual([{ code: 'UPLOAD_EXPIRED', message: 'That file is no longer available: drop it again.' }]);
    await expect.poll(() => released).toEqual([[file('/x')]]);
    expect(ends).toEqual([{ code: 'UPLOAD_EXPIRED', message: 'That file is no longer available: drop it again.' }]);
  });

  it('ends a job that failed with an internal error with the catalogue sentence, not its details', async () => {
    const { jobs: j, failures, logged } = jobs();
    const ends: { code: string }[] = [];
    j.start(
      'a',
      [],
      async () => {
        throw new Error('ENOENT: /home/someone/.config/notarium/web-shell/123-abc/uploads/5a01ebbd');
      },
      (error) => ends.push(error),
    );
    await expect.poll(() => ends.map((e) => e.code)).toEqual(['INTERNAL']);
    // The failure reported in the background is the same: the details only in the shell's log.
    expect(failures).toEqual([{ code: 'INTERNAL', message: sentenceFor('INTERNAL'), said: { key: 'errors.INTERNAL' } }]);
    expect(logged).toEqual([expect.stringContaining('ENOENT: /home/someone/.config')]);
  });
});
