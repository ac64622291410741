import { RateLimiter } from '../poller/rate-limiter.ts';
import { defaultSleep, type RequestPace, type Sleep, type TransportOptions } from './http-client.ts';
import { parseRetryAfter } from './retry-after.ts';
import { DEFAULT_RETRY_POLICY } from './retry-policy.ts';

/**
 * Paces the requests to a public block explorer per origin, process-wide: every profile that names
 * the same explorer shares its allowance, as the explorer counts them (by address, not by profile).
 * Every attempt takes a slot (http-client.ts RequestPace: before its time limit starts, so a queue
 * is no timeout), retries included; an answer of 429 holds the origin for its Retry-After, or for
 * one window when it gives none, before anyone asks it again.
 */

/** WhatsOnChain allows about 3 requests a second without a key (service-notes.md, "Block explorers"). */
export const EXPLORER_REQUESTS_PER_SECOND = 3;
/** The window a rate is counted over: how long a 429 without Retry-After keeps an origin waiting. */
const RATE_WINDOW_MS = 1000;
/**
 * Slots are spaced so that `perSecond` + 1 of them span the window and a tenth more: an explorer
 * counts arrivals over a sliding window, and requests spaced exactly 1/perSecond apart arrive
 * bunched by the network and the event loop, so the next one lands inside the window it closes.
 */
export const ARRIVAL_MARGIN_MS = RATE_WINDOW_MS / 10;

export interface OriginPacerOptions {
  perSecond?: number;
  now?: () => number;
  sleep?: Sleep;
}

interface OriginState {
  limiter: RateLimiter;
  /** No request to the origin before this time (ms since the epoch): it answered 429. */
  heldUntil: number;
}

export class OriginPacer implements RequestPace {
  private readonly origins = new Map<string, OriginState>();
  private readonly perSecond: number;
  private readonly now: () => number;
  private readonly sleep: Sleep;

  constructor(options: OriginPacerOptions = {}) {
    this.perSecond = options.perSecond ?? EXPLORER_REQUESTS_PER_SECOND;
    if (!(this.perSecond > 0)) throw new RangeError('An explorer request rate must be a number above 0.');
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** Waits for the origin's next slot and takes it; resolves with the time it was given. */
  async slot(url: string, signal?: AbortSignal): Promise<number> {
    const origin = this.stateOf(url);
    for (;;) {
      const held = origin.heldUntil - this.now();
      const wait = held > 0 ? Math.ceil(held) : origin.limiter.take();
      if (wait <= 0) return this.now();
      await this.sleep(wait, signal);
    }
  }

  /** The origin answered 429: nobody asks it again before its Retry-After (within the retry bound), or one window. */
  refused(url: string, retryAfter: string | null): void {
    const origin = this.stateOf(url);
    const ms = Math.min(parseRetryAfter(retryAfter, this.now()) ?? RATE_WINDOW_MS, DEFAULT_RETRY_POLICY.maxRetryAfterMs);
    origin.heldUntil = Math.max(origin.heldUntil, this.now() + ms);
  }

  answered(url: string, status: number, headers: Headers): void {
    if (status === 429) this.refused(url, headers.get('retry-after'));
  }

  private stateOf(url: string): OriginState {
    const key = new URL(url).origin;
    let state = this.origins.get(key);
    if (!state)
      this.origins.set(
        key,
        (state = { limiter: new RateLimiter((this.perSecond * RATE_WINDOW_MS) / (RATE_WINDOW_MS + ARRIVAL_MARGIN_MS), this.now), heldUntil: -Infinity }),
      );
    return state;
  }
}

/** The one pacer of this process's explorer requests. */
export const explorerPacer = new OriginPacer();

/**
 * An explorer client's transport: its requests paced by `pacer`, by default the process's; `null`
 * for the embedded sandbox's explorer, a server of this process that counts nobody's requests.
 */
export function explorerTransport<T extends TransportOptions>(options: T & { pacer?: OriginPacer | null }): T {
  return { ...options, pace: options.pacer === null ? undefined : (options.pacer ?? explorerPacer) };
}
