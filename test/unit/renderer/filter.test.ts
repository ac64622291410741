import { describe, expect, it } from 'vitest';
import { filteredCount, matchesFilter } from '../../../renderer/lib/filter.ts';

// The filter boxes Ctrl/Cmd+F puts the focus in (Documents, Watched folders, Verify).

describe('matchesFilter', () => {
  it('keeps a row when every word typed is in one of its texts, ignoring case', () => {
    expect(matchesFilter('2024 contract', 'Contract (2024).pdf')).toBe(true);
    expect(matchesFilter('CONTRACT', 'contract.pdf')).toBe(true);
    expect(matchesFilter('minutes verified', 'minutes.txt', 'Verified', 'The file matches its registration.')).toBe(true);
    expect(matchesFilter('minutes mismatch', 'minutes.txt', 'Verified')).toBe(false);
    expect(matchesFilter('invoice', 'contract.pdf', null, undefined)).toBe(false);
  });

  it('an empty filter, or spaces alone, keeps every row', () => {
    expect(matchesFilter('', 'a.txt')).toBe(true);
    expect(matchesFilter('   ', 'a.txt')).toBe(true);
  });

  it('words do not run across two texts', () => {
    expect(matchesFilter('txtverified', 'a.txt', 'verified')).toBe(false);
  });
});

describe('filteredCount', () => {
  it('says how many are shown only while rows are hidden', () => {
    expect(filteredCount(3, 12)).toBe('3 of 12 shown');
    expect(filteredCount(12, 12)).toBeNull();
  });
});
