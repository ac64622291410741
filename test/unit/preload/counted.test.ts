import { describe, expect, it } from 'vitest';
import { counted } from '../../../verifier/counted.ts';

describe('counted', () => {
  it('says one thing in the singular, any other number in the plural', () => {
    expect(counted(1, 'node')).toBe('1 node');
    expect(counted(0, 'node')).toBe('0 nodes');
    expect(counted(3, 'confirmation')).toBe('3 confirmations');
    expect(counted(1.5, 'day')).toBe('1.5 days');
  });

  it('takes a plural that is not the noun and an s', () => {
    expect(counted(2, 'entry', 'entries')).toBe('2 entries');
    expect(counted(1, 'entry', 'entries')).toBe('1 entry');
  });
});
