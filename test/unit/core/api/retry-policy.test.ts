import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  isRetryable,
  resolvePolicy,
  retryDelay,
  type AttemptFailure,
  type RequestKind,
} from '../../../../main/core/api/retry-policy.ts';

const policy = DEFAULT_RETRY_POLICY;

describe('backoff with full jitter', () => {
  it('doubles the ceiling from the base up to the cap', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8].map((retry) => backoffDelay(retry, policy, () => 0.999999999));
    expect(ceilings).toEqual([249, 499, 999, 1999, 3999, 7999, 7999, 7999]);
  });

  it('draws uniformly from [0, ceiling)', () => {
    expect(backoffDelay(3, policy, () => 0)).toBe(0);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(500);
    expect(backoffDelay(1, { ...policy, baseDelayMs: 100 }, () => 0.25)).toBe(25);
  });

  it('never overflows for large retry numbers', () => {
    expect(backoffDelay(5000, policy, () => 0.5)).toBe(4000);
  });

  it('uses Retry-After when given, bounded by maxRetryAfterMs', () => {
    expect(retryDelay(1, policy, () => 0.5, 2000)).toBe(2000);
    expect(retryDelay(1, policy, () => 0.5, 3_600_000)).toBe(60_000);
    expect(retryDelay(2, policy, () => 0.5, null)).toBe(250);
  });

  it('checks overrides', () => {
    expect(resolvePolicy({ maxAttempts: 2 })).toEqual({ ...policy, maxAttempts: 2 });
    expect(() => resolvePolicy({ maxAttempts: 0 })).toThrow(RangeError);
    expect(() => resolvePolicy({ baseDelayMs: -1 })).toThrow(RangeError);
  });
});

describe('the retry decision table', () => {
  const failures: [string, AttemptFailure][] = [
    ['500', { kind: 'status', status: 500 }],
    ['502', { kind: 'status', status: 502 }],
    ['503', { kind: 'status', status: 503 }],
    ['504', { kind: 'status', status: 504 }],
    ['429', { kind: 'status', status: 429 }],
    ['408', { kind: 'status', status: 408 }],
    ['400', { kind: 'status', status: 400 }],
    ['401', { kind: 'status', status: 401 }],
    ['404', { kind: 'status', status: 404 }],
    ['501', { kind: 'status', status: 501 }],
    ['ECONNREFUSED', { kind: 'not-sent' }],
    ['reset', { kind: 'lost' }],
    ['timeout', { kind: 'timeout' }],
  ];
  const expected: Record<RequestKind, Record<string, boolean>> = {
    read: {
      500: true,
      502: true,
      503: true,
      504: true,
      429: true,
      408: true,
      400: false,
      401: false,
      404: false,
      501: false,
      ECONNREFUSED: true,
      reset: true,
      timeout: true,
    },
    write: {
      500: false,
      502: false,
      503: false,
      504: false,
      429: true,
      408: true,
      400: false,
      401: false,
      404: false,
      501: false,
      ECONNREFUSED: true,
      reset: false,
      timeout: false,
    },
    // With an Idempotency-Key the service honours, a copy is the same request: retried like a read.
    'idempotent-write': {
      500: true,
      502: true,
      503: true,
      504: true,
      429: true,
      408: true,
      400: false,
      401: false,
      404: false,
      501: false,
      ECONNREFUSED: true,
      reset: true,
      timeout: true,
    },
  };
  for (const kind of ['read', 'write', 'idempotent-write'] as const) {
    it.each(failures)(`${kind} after %s`, (name, failure) => {
      expect(isRetryable(kind, failure)).toBe(expected[kind][name]);
    });
  }
});
