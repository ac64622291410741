/**
 * When a failed attempt is tried again, and after how long: exponential backoff with full jitter
 * (each wait drawn uniformly from [0, min(cap, base · 2^(retry-1)))), and a decision table that
 * keeps writes from being sent twice.
 */

export interface RetryPolicy {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is cut down to it. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
});

/**
 * `read`: repeating it is harmless (GET, HEAD, match, refresh). `write`: it creates something
 * (write, linked create/update/delete, code exchange), so a copy may be a duplicate.
 * `idempotent-write`: a write with an Idempotency-Key the service honours, so a copy is the same
 * request and is retried like a read.
 */
export type RequestKind = 'read' | 'write' | 'idempotent-write';

/** How one attempt failed. */
export type AttemptFailure =
  | { kind: 'status'; status: number }
  /** The connection was never made (refused, no route, no DNS answer): nothing was sent. */
  | { kind: 'not-sent' }
  /** The connection dropped or was reset after the request may have been sent. */
  | { kind: 'lost' }
  | { kind: 'timeout' };

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/**
 * Answers that say the request was not processed (RFC 9110): 429, too many requests; 408, the
 * request did not arrive whole in the time the server waits (a slow or loaded sender), which the
 * client "MAY repeat".
 */
const NOT_PROCESSED_STATUSES = new Set([408, 429]);

/**
 * The decision table. Writes are repeated only when the service certainly did nothing: a 408 or 429
 * (not processed) or a connection never made. A 500 is not one: a service, or a gateway in front of it,
 * can fail after the write was made, and the real service does not document Idempotency-Key
 * (service-notes.md), so a write answered 500 is in doubt and settled from the chain. Reads are
 * repeated on every transient failure. Other 4xx are final for all.
 */
export function isRetryable(kind: RequestKind, failure: AttemptFailure): boolean {
  switch (failure.kind) {
    case 'status':
      if (NOT_PROCESSED_STATUSES.has(failure.status)) return true;
      return kind !== 'write' && (failure.status === 500 || GATEWAY_STATUSES.has(failure.status));
    case 'not-sent':
      return true;
    case 'lost':
    case 'timeout':
      return kind !== 'write';
  }
}

/** Full-jitter backoff before retry number `retry` (1 = the wait after the first attempt). */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/** The wait before the next attempt: the service's Retry-After when it gave one, else backoff. */
export function retryDelay(retry: number, policy: RetryPolicy, random: () => number, retryAfterMs: number | null): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, policy.maxRetryAfterMs);
  return backoffDelay(retry, policy, random);
}

export function resolvePolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...overrides };
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) throw new RangeError('retry.maxAttempts must be an integer of at least 1.');
  for (const key of ['baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const) {
    if (!(policy[key] >= 0)) throw new RangeError(`retry.${key} must be a number of at least 0.`);
  }
  return policy;
}
