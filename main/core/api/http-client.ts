import { NotariumError } from '../errors/notarium-error.ts';
import { serviceErrorFrom } from './problem-document.ts';
import { parseRetryAfter } from './retry-after.ts';
import { isRetryable, resolvePolicy, retryDelay, type AttemptFailure, type RequestKind, type RetryPolicy } from './retry-policy.ts';
import { BAD_PORT, classifyNetworkError, isTlsFailure, OutcomeUnknownError } from './transport-failure.ts';
import { freshConnectionFetch } from './fresh-connection-fetch.ts';
import { readBounded } from '../../../preload/bounded-body.ts';
import { installedCommand, type SuggestedCommand } from '../text/suggested-command.ts';

/**
 * The request layer under every API client: global fetch with a per-attempt timeout, retries by
 * the decision table in retry-policy.ts, and errors people can act on. Secrets travel only in the
 * headers given per request; nothing here logs headers, queries or bodies.
 */

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** What every API client takes from outside, passed in rather than reached for: tests give a fake fetch or tighter limits. */
export interface TransportOptions {
  fetch?: FetchLike;
  /** Per-attempt time limits, covering the whole answer (headers and body): reads default to 15 s, writes to 30 s. */
  timeouts?: { readMs?: number; writeMs?: number };
  /** Largest answer body read, in bytes (default 16 MiB); a larger one is a BAD_RESPONSE, not read further. */
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  random?: () => number;
  /** Wall clock for Retry-After dates. */
  now?: () => number;
  /** One line per attempt: method, path without query, status or error, attempt, duration. */
  log?: (line: string) => void;
  /** How a failure's sentence says a command to run (NotaryContext.command); default the installed command's name. */
  command?: SuggestedCommand;
  pace?: RequestPace;
}

/**
 * Spaces requests out (a public explorer's rate, origin-pacer.ts): each attempt waits for its slot
 * before its time limit starts, and each answer is told back (a 429 slows what follows).
 */
export interface RequestPace {
  slot(url: string, signal?: AbortSignal): Promise<unknown>;
  answered(url: string, status: number, headers: Headers): void;
}

/** Per-call options of every API method. */
export interface CallOptions {
  signal?: AbortSignal;
  /**
   * Writes only: sent as the Idempotency-Key header. When the service honours it, a write whose
   * answer was lost is sent again (the service answers the first result instead of writing twice).
   */
  idempotency?: { key: string; honoured: boolean };
  /** Told before each retry (see HttpRequest.onRetry). */
  onRetry?: RetryListener;
  /** Attempts in all, below the policy's (see HttpRequest.maxAttempts). */
  maxAttempts?: number;
}

/** A retry about to happen, for progress shown to people ("retrying, not failing"). */
export interface RetryNotice {
  /** The attempt about to be made: 2 is the first retry. */
  attempt: number;
  maxAttempts: number;
  /** Why the last attempt failed, in words: "the service is unavailable". */
  reason: string;
  /** When the next attempt starts, in ms since the epoch. */
  retryAt: number;
}

/** The next attempt also waits for a returned promise (the poller holds it for its rate cap). */
export type RetryListener = (notice: RetryNotice) => void | Promise<void>;

export interface HttpRequest {
  method: 'GET' | 'HEAD' | 'POST';
  /** Absolute URL, query included. */
  url: string;
  kind: RequestKind;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  signal?: AbortSignal;
  /**
   * Off by default: fetch would forward custom headers such as x-api-key to another origin.
   * `same-origin` follows a redirect (headers and all) only within the request's origin, and
   * refuses one that leaves it (REDIRECT_REFUSED): another origin never gets the headers, and its
   * answer is never taken for the first host's.
   */
  followRedirects?: boolean | 'same-origin';
  /** Values to remove from any text of the service's that ends up in an error. */
  redact?: readonly string[];
  onRetry?: RetryListener;
  /**
   * Attempts in all, when fewer than the policy's: the poller's status checks make one, because the
   * service allows one request per record per block time and the poller's schedule is their retry.
   */
  maxAttempts?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

const DEFAULT_READ_TIMEOUT_MS = 15_000;
const DEFAULT_WRITE_TIMEOUT_MS = 30_000;
/** No endpoint answers more than a raw transaction, and a receipt holds at most 4 Mi characters of it. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled(signal));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

type Attempt =
  | { ok: true; response: HttpResponse }
  | { ok: 'cancelled'; error: NotariumError }
  /** An answer refused as it arrived (too large): final, never retried. */
  | { ok: 'refused'; error: NotariumError; label: string }
  | { ok: false; failure: AttemptFailure; response?: HttpResponse; cause?: unknown; label: string };

export class HttpClient {
  private readonly fetch: FetchLike;
  private readonly policy: RetryPolicy;
  private readonly sleep: Sleep;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private readonly readTimeoutMs: number;
  private readonly writeTimeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly command: SuggestedCommand;
  private readonly pace: RequestPace | undefined;

  constructor(options: TransportOptions = {}) {
    this.fetch = options.fetch ?? freshConnectionFetch;
    this.policy = resolvePolicy(options.retry);
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? (() => {});
    this.readTimeoutMs = options.timeouts?.readMs ?? DEFAULT_READ_TIMEOUT_MS;
    this.writeTimeoutMs = options.timeouts?.writeMs ?? DEFAULT_WRITE_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.command = options.command ?? installedCommand;
    this.pace = options.pace;
  }

  /** Resolves with a 2xx answer; throws ServiceError, NotariumError (NETWORK, TIMEOUT, CANCELLED) or OutcomeUnknownError. */
  async request(req: HttpRequest): Promise<HttpResponse> {
    const target = describeUrl(req.url);
    const timeoutMs = req.kind === 'read' ? this.readTimeoutMs : this.writeTimeoutMs;
    // A write whose earlier attempt was lost or timed out may have been written, whatever later attempts say.
    let mayHaveWritten = false;
    const maxAttempts = Math.max(1, Math.min(req.maxAttempts ?? Infinity, this.policy.maxAttempts));
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      const result = await this.attempt(req, timeoutMs);
      const outcome = result.ok === true ? String(result.response.status) : result.ok === 'cancelled' ? 'cancelled' : result.label;
      this.log(`${req.method} ${target.path} ${outcome} attempt ${attempt}/${maxAttempts} ${Math.round(performance.now() - started)}ms`);
      if (result.ok === true) return result.response;
      if (result.ok === 'cancelled' || result.ok === 'refused') throw result.error;

      const retry = isRetryable(req.kind, result.failure) && attempt < maxAttempts;
      if (!retry) {
        if (mayHaveWritten && isRetryable(req.kind, result.failure)) {
          throw new OutcomeUnknownError(
            'NETWORK',
            `The service at ${target.host} failed ${attempt} times, and an earlier connection was lost after the request was sent, so whether it wrote the request is unknown; ${unknownOutcomeAdvice(req.kind)}`,
            { cause: result.cause },
          );
        }
        throw finalError(req, result, target.host, timeoutMs, this.command);
      }
      if (req.kind !== 'read' && (result.failure.kind === 'lost' || result.failure.kind === 'timeout')) mayHaveWritten = true;
      const retryAfter =
        result.response && (result.response.status === 429 || result.response.status === 503)
          ? parseRetryAfter(result.response.headers.get('retry-after'), this.now())
          : null;
      const delay = retryDelay(attempt, this.policy, this.random, retryAfter);
      const held = notify(req.onRetry, { attempt: attempt + 1, maxAttempts, reason: retryReason(result.failure), retryAt: this.now() + delay });
      await this.sleep(delay, req.signal);
      await held;
    }
  }

  /** One request, with its same-origin redirects followed when asked (see HttpRequest.followRedirects). */
  private async fetchFollowing(req: HttpRequest, signal: AbortSignal): Promise<Response | { refused: NotariumError }> {
    const init = (method: string, body: unknown): RequestInit => ({
      method,
      headers: req.headers,
      body: body as BodyInit | undefined,
      redirect: req.followRedirects === true ? 'follow' : 'manual',
      signal,
    });
    let url = req.url;
    let method: string = req.method;
    let body: unknown = req.body;
    for (let hop = 0; ; hop++) {
      const res = await this.fetch(url, init(method, body));
      const location = res.headers.get('location');
      if (req.followRedirects !== 'same-origin' || !REDIRECTS.has(res.status) || location === null) return res;
      await res.body?.cancel().catch(() => {});
      // A POST sent on as a GET would not be the request that was asked for: only 307 and 308 keep it.
      if (method === 'POST' && res.status !== 307 && res.status !== 308)
        return { refused: redirectRefused(url, `with HTTP ${res.status}, which would send it on without its body`) };
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return { refused: redirectRefused(url, 'to an address that is not a URL') };
      }
      if (next.origin !== new URL(url).origin) return { refused: redirectRefused(url, `to ${next.host}, another origin`) };
      if (hop >= MAX_REDIRECTS) return { refused: redirectRefused(url, `more than ${MAX_REDIRECTS} times`) };
      if (res.status === 303) [method, body] = [method === 'HEAD' ? 'HEAD' : 'GET', undefined];
      url = next.href;
    }
  }

  private async attempt(req: HttpRequest, timeoutMs: number): Promise<Attempt> {
    if (req.signal?.aborted) throw cancelled(req.signal);
    await this.pace?.slot(req.url, req.signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    try {
      const res = await this.fetchFollowing(req, signal);
      if ('refused' in res) return { ok: 'refused', error: res.refused, label: 'redirect refused' };
      this.pace?.answered(req.url, res.status, res.headers);
      // The body is read under the same signal: a stalled or dripping body is a timeout too.
      const body = await readBounded(res, req.method === 'HEAD' ? 0 : this.maxResponseBytes);
      if (body === null) {
        const limit =
          this.maxResponseBytes >= 1024 * 1024 ? `${Math.round((this.maxResponseBytes / 1024 / 1024) * 10) / 10} MiB` : `${this.maxResponseBytes} bytes`;
        const error = new NotariumError(
          'BAD_RESPONSE',
          `The service at ${describeUrl(req.url).host} answered with more than ${limit}, more than any answer Notarium expects; the rest was not read.`,
        );
        return { ok: 'refused', error, label: 'too large' };
      }
      const response: HttpResponse = { status: res.status, headers: res.headers, body };
      if (res.status >= 200 && res.status < 300) return { ok: true, response };
      return { ok: false, failure: { kind: 'status', status: res.status }, response, label: String(res.status) };
    } catch (err) {
      if (req.signal?.aborted) return { ok: 'cancelled', error: cancelled(req.signal) };
      if (timeout.aborted) return { ok: false, failure: { kind: 'timeout' }, cause: err, label: 'timeout' };
      const network = classifyNetworkError(err);
      return { ok: false, failure: { kind: network.kind }, cause: err, label: network.code ?? (network.kind === 'lost' ? 'connection lost' : 'network error') };
    }
  }
}

/** Redirect statuses; 307 and 308 keep the method and body, 303 (and 301/302 of a GET) become a GET. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** As many hops as fetch itself follows. */
const MAX_REDIRECTS = 20;

function redirectRefused(from: string, where: string): NotariumError {
  const host = describeUrl(from).host;
  return new NotariumError(
    'REDIRECT_REFUSED',
    `The service at ${host} redirected the request ${where}: Notarium did not follow it, so nothing was sent there and nothing from there was taken for ${host}'s answer. Check the address in the profile.`,
  );
}

function finalError(req: HttpRequest, result: Extract<Attempt, { ok: false }>, host: string, timeoutMs: number, command: SuggestedCommand): NotariumError {
  const { failure } = result;
  const options = { cause: result.cause };
  switch (failure.kind) {
    case 'status':
      return serviceErrorFrom(failure.status, result.response?.body ?? new Uint8Array(), req.redact);
    case 'not-sent':
      return new NotariumError('NETWORK', notReachedSentence(host, result.label, command), options);
    case 'lost':
      return req.kind !== 'read'
        ? new OutcomeUnknownError(
            'NETWORK',
            `The connection to ${host} was lost after the request was sent, so whether the service wrote it is unknown; ${unknownOutcomeAdvice(req.kind)}`,
            options,
          )
        : new NotariumError('NETWORK', `The connection to ${host} was lost before the answer arrived: check the network connection.`, options);
    case 'timeout': {
      const seconds = `${Math.round(timeoutMs / 100) / 10} s`;
      return req.kind !== 'read'
        ? new OutcomeUnknownError(
            'TIMEOUT',
            `The service at ${host} did not answer within ${seconds}, so whether it wrote the request is unknown; ${unknownOutcomeAdvice(req.kind)}`,
            options,
          )
        : new NotariumError('TIMEOUT', `The service at ${host} did not answer within ${seconds}.`, options);
    }
  }
}

/**
 * Why a request never left, with what to do. A refused connection is its own case: the machine
 * answered and nothing listens at that port (a service not started, a wrong port), which checking
 * "the network connection" would never fix.
 */
function notReachedSentence(host: string, label: string, command: SuggestedCommand): string {
  if (label === BAD_PORT) {
    return `Notarium cannot connect to ${host}: its port is one that web clients refuse to use (the Fetch standard's "bad ports", such as 9, 25 or 6000), so nothing was sent. Give the service another port, and set it in the profile's service URL (${command('profile add')}, or Settings).`;
  }
  if (label === 'ECONNREFUSED') {
    return `The service at ${host} refused the connection (ECONNREFUSED): nothing is listening at that address, so nothing was sent. Check the profile's service URL and port (${command('profile list')}, or Settings), and that the service is running there.`;
  }
  if (isTlsFailure(label)) {
    return `Notarium could not open a secure connection to ${host} (${label}), so nothing was sent: the service's certificate is not one this computer trusts for that name, or the address does not serve HTTPS. Check the profile's service URL (https:// or http://, host and port: ${command('profile list')}, or Settings).`;
  }
  return `The service at ${host} could not be reached (${label}): check the network connection and the profile URL.`;
}

/** A listener that throws or rejects does not fail the request it listens to. */
async function notify(listener: RetryListener | undefined, notice: RetryNotice): Promise<void> {
  try {
    await listener?.(notice);
  } catch {
    // Progress is best effort; the request goes on.
  }
}

function retryReason(failure: AttemptFailure): string {
  switch (failure.kind) {
    case 'status':
      return failure.status === 429 ? 'the service is busy' : failure.status === 408 ? 'the request was too slow to arrive' : 'the service is unavailable';
    case 'not-sent':
      return 'the service cannot be reached';
    case 'lost':
      return 'the connection was lost';
    case 'timeout':
      return 'the service did not answer in time';
  }
}

function unknownOutcomeAdvice(kind: RequestKind): string {
  return kind === 'idempotent-write'
    ? 'sending it again later is safe: the service recognises the same request.'
    : 'Notarium does not send it again by itself, to avoid a duplicate.';
}

function cancelled(signal: AbortSignal): NotariumError {
  return new NotariumError('CANCELLED', undefined, { cause: signal.reason });
}

/** Host for messages and path for logs: never the query (salts, update tokens) nor user info. */
function describeUrl(url: string): { host: string; path: string } {
  try {
    const parsed = new URL(url);
    return { host: parsed.host, path: parsed.pathname };
  } catch {
    return { host: 'the configured address', path: '(invalid URL)' };
  }
}

/** Joins a configured base URL (which may carry a path prefix) and an API path. */
export function joinUrl(base: string, path: string): string {
  let parsed: URL;
  try {
    parsed = new URL(base);
  } catch {
    throw new NotariumError('NETWORK', 'The service URL in the profile is not a valid http or https URL.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new NotariumError('NETWORK', 'The service URL in the profile is not a valid http or https URL.');
  }
  return base.replace(/\/+$/, '') + path;
}
