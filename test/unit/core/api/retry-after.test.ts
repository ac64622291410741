import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../../main/core/api/retry-after.ts';

const now = Date.parse('2025-03-01T12:00:00Z');

describe('Retry-After', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Sat, 01 Mar 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 01 Mar 2025 11:59:00 GMT', now)).toBe(0);
  });

  it('gives null for a missing or unreadable value', () => {
    for (const value of [null, undefined, '', '-1', '1.5', 'soon', '2 s']) expect(parseRetryAfter(value, now)).toBeNull();
  });
});
