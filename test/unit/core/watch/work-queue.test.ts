import { describe, expect, it } from 'vitest';
import { WorkQueue, type RunOutcome } from '../../../../main/core/watch/work-queue.ts';

/** A queue whose runs finish only when the test says so. */
function setup(concurrency: number) {
  const started: string[] = [];
  const finish = new Map<string, (outcome: RunOutcome) => void>();
  let maxActive = 0;
  const queue: WorkQueue<number> = new WorkQueue<number>({
    concurrency,
    run: (key) => {
      started.push(key);
      return new Promise((resolve) => finish.set(key, resolve));
    },
    onChange: () => (maxActive = Math.max(maxActive, queue.counts().active)),
  });
  const end = async (key: string, outcome: RunOutcome = 'done') => {
    finish.get(key)!(outcome);
    finish.delete(key);
    await new Promise((r) => setImmediate(r));
  };
  return { queue, started, end, maxActive: () => maxActive };
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` at once, in arrival order, and counts outcomes', async () => {
    const { queue, started, end, maxActive } = setup(2);
    for (const key of ['a', 'b', 'c', 'd']) queue.push(key, 0);
    expect(started).toEqual(['a', 'b']);
    expect(queue.counts()).toEqual({ queued: 2, active: 2, done: 0, failed: 0 });
    await end('a');
    await end('b', 'failed');
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    await end('c', 'none');
    await end('d');
    expect(queue.counts()).toEqual({ queued: 0, active: 0, done: 2, failed: 1 });
    expect(maxActive()).toBe(2);
    queue.resetCounts();
    expect(queue.counts()).toMatchObject({ done: 0, failed: 0 });
  });

  it('queues a key once, and runs a key pushed while it runs once more afterwards', async () => {
    const { queue, started, end } = setup(1);
    queue.push('a', 0);
    queue.push('b', 0);
    queue.push('b', 0);
    queue.push('a', 0);
    queue.push('a', 0);
    expect(queue.counts().queued).toBe(2);
    await end('a');
    await end('b');
    await end('a');
    expect(started).toEqual(['a', 'b', 'a']);
  });

  it('drops queued work on clear and waits for runs under way on drain', async () => {
    const { queue, started, end } = setup(1);
    queue.push('a', 1);
    queue.push('b', 1);
    queue.push('c', 2);
    queue.clear((_, folder) => folder === 2);
    let drained = false;
    const draining = queue.drain().then(() => (drained = true));
    await new Promise((r) => setImmediate(r));
    expect(drained).toBe(false);
    await end('a');
    await end('c');
    await draining;
    expect(started).toEqual(['a', 'c']);
  });
});
