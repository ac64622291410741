import { describe, expect, it } from 'vitest';
import { middleEllipsis } from '../../../main/cli/format.ts';
import { waitLine } from '../../../main/cli/notarise-wait.ts';
import type { StoredRecord } from '../../../main/core/store/record.ts';

const now = 1_000_000;
const waiting = (name: string): StoredRecord => ({ name, state: 'published', confirmations: 0, nextCheckAt: now + 42_000 }) as StoredRecord;
const line = (name: string, width?: number) => waitLine([waiting(name)], 0, () => 6, now, width);

describe('the --wait progress line on a terminal (issue #14)', () => {
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
});

describe('middleEllipsis', () => {
  it('keeps the start and the end, one ellipsis in the middle, within the width', () => {
    expect(middleEllipsis('abcdefghij', 10)).toBe('abcdefghij');
    expect(middleEllipsis('abcdefghij', 5)).toBe('ab…ij');
    expect(middleEllipsis('abcdefghij', 1)).toBe('…');
  });
});
