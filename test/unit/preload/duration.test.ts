import { describe, expect, it } from 'vitest';
import { duration } from '../../../preload/duration.ts';

describe('duration', () => {
  it('says a span in the unit a person would use', () => {
    expect(duration(1)).toBe('1 second');
    expect(duration(6)).toBe('6 seconds');
    expect(duration(3600)).toBe('60 minutes');
    expect(duration(6 * 3600)).toBe('6 hours');
    expect(duration(1.5 * 86_400 * 2)).toBe('3 days');
  });

  it('says the page\'s spans as it said them (the Library\'s "sent again after …")', () => {
    expect(duration(40)).toBe('40 seconds');
    expect(duration(25 * 60)).toBe('25 minutes');
    expect(duration(3 * 3600)).toBe('3 hours');
  });
});
