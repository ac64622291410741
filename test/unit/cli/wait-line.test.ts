import { afterEach, describe, expect, it, vi } from 'vitest';
import { middleEllipsis } from '../../../main/cli/format.ts';
import { countdown, nextAnswerAt, waitLine } from '../../../main/cli/notarise-wait.ts';
import type { StoredRecord } from '../../../main/core/store/record.ts';

const now = 1_000_000;
const waiting = (name: string, proofOutcome: StoredRecord['proofOutcome'] = null): StoredRecord =>
  ({ name, proofOutcome, state: 'published', confirmations: 0, nextCheckAt: now + 42_000 }) as StoredRecord;
const line = (name: string, width?: number) => waitLine([waiting(name)], 0, () => 6, now, width);

describe('the --wait progress line on a terminal', () => {
  it('fits the width by shortening the file name in its middle, and keeps what it waits for whole', () => {
    const name = 'quarterly-report-of-the-finance-department-2026-final.pdf';
    const wide = line(name, 119);
    expect(wide.length).toBeLessThanOrEqual(119);
    expect(wide).toMatch(/^\[0\/1 confirmed\] quarterly-.*….*final\.pdf: waiting for a block, 0 of 6 confirmations; next check in 42 s$/);
    // 80 columns: too little room left for the name beside the full words, so the short ones are said.
    const narrow = line(name, 79);
    expect(narrow.length).toBeLessThanOrEqual(79);
    expect(narrow).toMatch(/^\[0\/1 confirmed\] quarterly-.*….*final\.pdf: no block yet \(0 of 6\); check in 42 s$/);
  });

  it('leaves a name that fits as it is, and shows escaped what the terminal would lay out', () => {
    expect(line('a.txt', 100)).toBe('[0/1 confirmed] a.txt: waiting for a block, 0 of 6 confirmations; next check in 42 s');
    expect(line('a.txt', 79)).toBe('[0/1 confirmed] a.txt: no block yet (0 of 6); check in 42 s');
    expect(line('a\nb.txt', 79)).not.toContain('\n');
  });

  it('quotes an imported record’s name: its receipt’s word, never read as the line’s own', () => {
    const forged = waitLine([waiting('x.pdf: settled (900 confirmations)', 'pending')], 0, () => 6, now, 200);
    expect(forged).toBe('[0/1 confirmed] "x.pdf: settled (900 confirmations)": waiting for a block, 0 of 6 confirmations; next check in 42 s');
  });
});

describe('the countdown to the next check', () => {
  afterEach(() => void vi.useRealTimers());

  /** The line's count ("4 s", …, "checking now") each time it is drawn, over fake time. */
  function counts(dueIn: number, run: (ticker: { redraw(): void }, record: StoredRecord) => void): string[] {
    vi.useFakeTimers({ now });
    const record = waiting('a.txt');
    record.nextCheckAt = now + dueIn;
    const said: string[] = [];
    const draw = () => said.push(/(next check in \d+ s|checking now)$/.exec(waitLine([record], 0, () => 6, Date.now()))![1]!);
    const ticker = countdown(draw, () => record.nextCheckAt, Date.now);
    run(ticker, record);
    ticker.stop();
    return said;
  }

  it('counts each second down to the check, says it is checking at the check itself, then counts to the next one', () => {
    const said = counts(3_500, (ticker, record) => {
      vi.advanceTimersByTime(3_500); // to the check's instant: 4, 3, 2, 1, then checking
      vi.advanceTimersByTime(2_000); // no answer yet: still checking
      record.nextCheckAt = Date.now() + 10_000; // the answer: the next check a block later
      ticker.redraw();
      vi.advanceTimersByTime(1_000);
    });
    expect(said).toEqual([
      'next check in 4 s',
      'next check in 3 s',
      'next check in 2 s',
      'next check in 1 s',
      'checking now',
      'checking now',
      'checking now',
      'next check in 10 s',
      'next check in 9 s',
    ]);
  });

  it('never draws the same count twice on the way down, whatever fraction of a second it starts at', () => {
    for (const dueIn of [1, 999, 1_000, 1_001, 2_750]) {
      const said = counts(dueIn, () => vi.advanceTimersByTime(dueIn));
      const seconds = Math.ceil(dueIn / 1000);
      expect(said, String(dueIn)).toEqual([...Array.from({ length: seconds }, (_, i) => `next check in ${seconds - i} s`), 'checking now']);
    }
  });
});

describe('the countdown counts to the answer this process gets, not only to the schedule', () => {
  afterEach(() => void vi.useRealTimers());

  it('counts to the wait\'s own look when it comes before the schedule\'s check, and reaches "checking now" there', () => {
    vi.useFakeTimers({ now });
    // At 2 of 3 confirmations the schedule asks 2.1 blocks later; the wait looks itself a block after its last news.
    const record = { name: 'a.txt', state: 'confirmed', confirmations: 2, nextCheckAt: now + 21_000 } as StoredRecord;
    const lookAt = now + 10_000;
    const due = (r: StoredRecord) => nextAnswerAt(r, lookAt);
    const said: string[] = [];
    const draw = () => said.push(/(next check in \d+ s|checking now)$/.exec(waitLine([record], 0, () => 3, Date.now(), Infinity, due))![1]!);
    const ticker = countdown(draw, () => due(record), Date.now);
    vi.advanceTimersByTime(10_000);
    ticker.stop();
    expect(said).toEqual([...Array.from({ length: 10 }, (_, i) => `next check in ${10 - i} s`), 'checking now']);
  });

  it('takes the earlier of the two, and the look alone when nothing is scheduled', () => {
    const r = (nextCheckAt: number | null) => ({ nextCheckAt }) as StoredRecord;
    expect(nextAnswerAt(r(5), 9)).toBe(5);
    expect(nextAnswerAt(r(9), 5)).toBe(5);
    expect(nextAnswerAt(r(null), 5)).toBe(5);
    expect(nextAnswerAt(r(7), undefined)).toBe(7);
    expect(nextAnswerAt(r(null), undefined)).toBeNull();
  });
});

describe('middleEllipsis', () => {
  it('keeps the start and the end, one ellipsis in the middle, within the width', () => {
    expect(middleEllipsis('abcdefghij', 10)).toBe('abcdefghij');
    expect(middleEllipsis('abcdefghij', 5)).toBe('ab…ij');
    expect(middleEllipsis('abcdefghij', 1)).toBe('…');
  });
});
