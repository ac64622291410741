import { describe, expect, it } from 'vitest';
import { nextBlockDue, QUIET_BLOCKS, takenBy } from '../../../sandbox/chain/block-schedule.ts';

const I = 10_000;
const TIP = 1_700_000_000_000;

describe('when the next block is due', () => {
  it('one interval after the tip while nothing waits', () => {
    expect(nextBlockDue({ tipAt: TIP, quietRun: 1, firstWaitingAt: null }, I)).toBe(TIP + I);
  });

  it('for a waiting transaction, the first point of the grid strictly after its acceptance', () => {
    expect(nextBlockDue({ tipAt: TIP, quietRun: 0, firstWaitingAt: TIP + 1 }, I)).toBe(TIP + I);
    expect(nextBlockDue({ tipAt: TIP, quietRun: 0, firstWaitingAt: TIP + I - 1 }, I)).toBe(TIP + I);
    // Accepted as a block is due: that block does not take it, the one after does.
    expect(nextBlockDue({ tipAt: TIP, quietRun: 0, firstWaitingAt: TIP + I }, I)).toBe(TIP + I);
    expect(takenBy(TIP + I, TIP + I)).toBe(false);
    expect(nextBlockDue({ tipAt: TIP + I, quietRun: 1, firstWaitingAt: TIP + I }, I)).toBe(TIP + 2 * I);
    expect(takenBy(TIP + 2 * I, TIP + I)).toBe(true);
    // Accepted before the tip (a clock set back): the next block takes it.
    expect(nextBlockDue({ tipAt: TIP, quietRun: 0, firstWaitingAt: TIP - 5 * I }, I)).toBe(TIP + I);
  });

  it(`stretches a quiet chain after ${QUIET_BLOCKS} empty blocks, doubling each gap`, () => {
    const quiet = (quietRun: number) => nextBlockDue({ tipAt: TIP, quietRun, firstWaitingAt: null }, I) - TIP;
    expect(quiet(QUIET_BLOCKS - 1)).toBe(I);
    expect(quiet(QUIET_BLOCKS)).toBe(2 * I);
    expect(quiet(QUIET_BLOCKS + 1)).toBe(4 * I);
    expect(Number.isFinite(quiet(QUIET_BLOCKS + 10_000))).toBe(true);
  });

  it('brings the interval back as soon as a transaction waits on a stretched chain', () => {
    const moment = { tipAt: TIP, quietRun: QUIET_BLOCKS + 20, firstWaitingAt: TIP + 3 * I + 5 };
    expect(nextBlockDue(moment, I)).toBe(TIP + 4 * I);
  });
});
