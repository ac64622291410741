import { describe, expect, it } from 'vitest';
import { sameSnapshot, Stability, type FileSnapshot } from '../../../../main/core/watch/stability.ts';
import { ManualClock } from '../../../support/manual-clock.ts';

function setup() {
  const clock = new ManualClock();
  const disk = new Map<string, FileSnapshot>();
  const stable: string[] = [];
  const stability = new Stability<number>({ timers: clock, stat: async (path) => disk.get(path) ?? null, onStable: (path) => stable.push(path) });
  return { clock, disk, stable, stability };
}

describe('sameSnapshot', () => {
  it('compares size and mtime; absent equals only absent', () => {
    expect(sameSnapshot({ size: 1, mtimeMs: 2 }, { size: 1, mtimeMs: 2 })).toBe(true);
    expect(sameSnapshot({ size: 1, mtimeMs: 2 }, { size: 1, mtimeMs: 3 })).toBe(false);
    expect(sameSnapshot(null, null)).toBe(true);
    expect(sameSnapshot(null, { size: 0, mtimeMs: 0 })).toBe(false);
  });

  it('tells a file replaced by one of the same size and mtime by its inode or ctime, when both sides know them', () => {
    const was = { size: 1, mtimeMs: 2, ino: 7, ctimeMs: 3 };
    expect(sameSnapshot(was, { ...was })).toBe(true);
    expect(sameSnapshot(was, { ...was, ino: 8 })).toBe(false); // written aside and renamed over it
    expect(sameSnapshot(was, { ...was, ctimeMs: 4 })).toBe(false); // written in place, mtime set back
    // An entry kept before inodes were: size and mtime alone.
    expect(sameSnapshot({ size: 1, mtimeMs: 2, ino: null, ctimeMs: null }, was)).toBe(true);
  });
});

describe('Stability', () => {
  it('takes a file once its quiet period has passed with no change', async () => {
    const { clock, disk, stable, stability } = setup();
    disk.set('/a', { size: 10, mtimeMs: 1 });
    stability.touch('/a', { size: 10, mtimeMs: 1 }, 1000, 1);
    await clock.advance(999);
    expect(stable).toEqual([]);
    await clock.advance(1);
    expect(stable).toEqual(['/a']);
    expect(stability.size).toBe(0);
  });

  it('starts the quiet period again at every event', async () => {
    const { clock, disk, stable, stability } = setup();
    for (let i = 0; i < 5; i++) {
      disk.set('/a', { size: i, mtimeMs: i });
      stability.touch('/a', { size: i, mtimeMs: i }, 1000, 1);
      await clock.advance(600);
    }
    expect(stable).toEqual([]);
    await clock.advance(400);
    expect(stable).toEqual(['/a']);
  });

  it('waits another period when the file changed without an event', async () => {
    const { clock, disk, stable, stability } = setup();
    stability.touch('/a', { size: 1, mtimeMs: 1 }, 1000, 1);
    disk.set('/a', { size: 2, mtimeMs: 2 }); // still being written
    await clock.advance(1000);
    expect(stable).toEqual([]);
    await clock.advance(1000);
    expect(stable).toEqual(['/a']);
  });

  it('reports a deletion once the file has stayed gone', async () => {
    const { clock, stable, stability } = setup();
    stability.touch('/gone', null, 500, 1);
    await clock.advance(500);
    expect(stable).toEqual(['/gone']);
  });

  it('forgets the files of a folder no longer watched', async () => {
    const { clock, disk, stable, stability } = setup();
    disk.set('/one/a', { size: 1, mtimeMs: 1 });
    disk.set('/two/b', { size: 1, mtimeMs: 1 });
    stability.touch('/one/a', { size: 1, mtimeMs: 1 }, 100, 1);
    stability.touch('/two/b', { size: 1, mtimeMs: 1 }, 100, 2);
    stability.forget((_, folder) => folder !== 1);
    await clock.advance(100);
    expect(stable).toEqual(['/two/b']);
    expect(clock.timerCount).toBe(0);
  });

  it('keeps one timer however many files wait, and takes each when its own quiet period ends', async () => {
    const { clock, disk, stable, stability } = setup();
    for (let i = 0; i < 1000; i++) {
      disk.set(`/f${i}`, { size: i, mtimeMs: i });
      stability.touch(`/f${i}`, { size: i, mtimeMs: i }, 1000, 1);
      if (i % 100 === 99) await clock.advance(10);
    }
    disk.set('/other', { size: 1, mtimeMs: 1 });
    stability.touch('/other', { size: 1, mtimeMs: 1 }, 50, 2); // another folder's quiet period
    expect(clock.timerCount).toBe(1);
    await clock.advance(50);
    expect(stable).toEqual(['/other']);
    await clock.advance(1000 - 100 - 50); // at 1000 ms: the first hundred, touched 90 ms before the last
    expect(stable.length).toBe(1 + 100);
    await clock.advance(90);
    expect(stable.length).toBe(1001);
    expect(stability.size).toBe(0);
    expect(clock.timerCount).toBe(0);
  });
});
