import { describe, expect, it, vi } from 'vitest';
import { HttpClient, type FetchLike, type HttpRequest } from '../../../../main/core/api/http-client.ts';
import type { RequestKind } from '../../../../main/core/api/retry-policy.ts';
import { isOutcomeUnknown } from '../../../../main/core/api/transport-failure.ts';
import { NotariumError, ServiceError } from '../../../../main/core/errors/notarium-error.ts';
import { sentenceFor } from '../../../../main/core/errors/catalogue.ts';

// The request layer against a scripted fetch: fetch is the boundary, so a fake stands in for it here
// (the integration tests use a real sandbox).

const KEY = 'KEY-b7d1c0ffee-distinctive-9f3a';
const URL_ = 'http://service.test:8080/api/v1/records?encode=SHA256(salt%2Bsecret)';

type Step = Response | Error | 'hang';

const problem = (status: number, errorCode?: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Error', status, detail: 'details', ...(errorCode ? { errorCode } : {}), ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
const ok = (body: unknown = { txId: 'ab' }): Response => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const sysError = (code: string): TypeError => new TypeError('fetch failed', { cause: Object.assign(new Error(`${code} 127.0.0.1:8080`), { code }) });

interface Harness {
  client: HttpClient;
  calls: { url: string; init: RequestInit }[];
  waits: number[];
  lines: string[];
}

function harness(steps: Step[], options: { maxAttempts?: number; readMs?: number; random?: () => number } = {}): Harness {
  const calls: Harness['calls'] = [];
  const waits: number[] = [];
  const lines: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const step = steps.shift() ?? ok();
    if (step === 'hang') {
      return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    }
    if (step instanceof Error) throw step;
    return step;
  };
  const client = new HttpClient({
    fetch,
    sleep: async (ms) => void waits.push(ms),
    random: options.random ?? (() => 0.5),
    now: () => Date.parse('2025-03-01T12:00:00Z'),
    log: (line) => lines.push(line),
    retry: { maxAttempts: options.maxAttempts ?? 5 },
    timeouts: { readMs: options.readMs ?? 1000, writeMs: options.readMs ?? 1000 },
  });
  return { client, calls, waits, lines };
}

const request = (kind: RequestKind, extra: Partial<HttpRequest> = {}): HttpRequest => ({
  method: kind === 'write' ? 'POST' : 'GET',
  url: URL_,
  kind,
  headers: { 'x-api-key': KEY },
  redact: [KEY],
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<NotariumError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NotariumError);
  return err as NotariumError;
}

describe('retries by the decision table', () => {
  // [failure, read attempts, write attempts] when the failure repeats (maxAttempts 3).
  const table: [string, () => Step, number, number][] = [
    ['500', () => problem(500, 'INTERNAL_ERROR'), 3, 1], // a write answered 500 may have been written: in doubt, not repeated
    ['502', () => new Response('Bad Gateway', { status: 502 }), 3, 1],
    ['503', () => problem(503), 3, 1],
    ['504', () => new Response('', { status: 504 }), 3, 1],
    ['429', () => problem(429, 'TOO_MANY_REQUESTS', {}, { 'retry-after': '1' }), 3, 3],
    ['400', () => problem(400, 'ENCODE_PARAM_INVALID'), 1, 1],
    ['404', () => problem(404), 1, 1],
    ['ECONNREFUSED', () => sysError('ECONNREFUSED'), 3, 3],
    ['reset', () => sysError('ECONNRESET'), 3, 1],
    ['dropped', () => sysError('UND_ERR_SOCKET'), 3, 1],
    ['timeout', () => 'hang', 3, 1],
  ];
  for (const kind of ['read', 'write'] as const) {
    it.each(table)(`${kind}: %s`, async (_name, step, readAttempts, writeAttempts) => {
      const h = harness([step(), step(), step()], { maxAttempts: 3, readMs: 20 });
      await failure(h.client.request(request(kind)));
      expect(h.calls).toHaveLength(kind === 'read' ? readAttempts : writeAttempts);
    });
  }

  it('succeeds on a later attempt and waits with jittered backoff in between', async () => {
    const h = harness([problem(500), problem(503), sysError('ECONNRESET'), ok()], { random: () => 0.5 });
    const res = await h.client.request(request('read'));
    expect(res.status).toBe(200);
    expect(h.waits).toEqual([125, 250, 500]);
  });

  it('gives up after maxAttempts with the last answer', async () => {
    const h = harness([problem(500), problem(500), problem(500), problem(500), problem(500), ok()]);
    const err = await failure(h.client.request(request('read')));
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).status).toBe(500);
    expect(err.message).toBe(sentenceFor('SERVICE_UNAVAILABLE'));
    expect(h.calls).toHaveLength(5);
    expect(h.waits).toHaveLength(4);
  });

  it('makes at most the attempts a request allows (a status check: one, its schedule is the retry)', async () => {
    const h = harness([problem(503), ok()]);
    const err = await failure(h.client.request(request('read', { maxAttempts: 1 })));
    expect((err as ServiceError).status).toBe(503);
    expect(h.calls).toHaveLength(1);
    expect(h.waits).toEqual([]);
    expect(h.lines).toEqual([expect.stringMatching(/ 503 attempt 1\/1 /)]);
  });
});

describe('Retry-After on 429', () => {
  it('waits the seconds given, for reads and writes alike', async () => {
    for (const kind of ['read', 'write'] as const) {
      const h = harness([problem(429, 'TOO_MANY_REQUESTS', {}, { 'retry-after': '3' }), ok()]);
      await h.client.request(request(kind));
      expect(h.waits).toEqual([3000]);
    }
  });

  it('reads an HTTP date and bounds long waits to 60 s', async () => {
    const h = harness([
      problem(429, undefined, {}, { 'retry-after': 'Sat, 01 Mar 2025 12:00:07 GMT' }),
      problem(429, undefined, {}, { 'retry-after': '86400' }),
      ok(),
    ]);
    await h.client.request(request('read'));
    expect(h.waits).toEqual([7000, 60_000]);
  });

  it('backs off when Retry-After is missing, and reports RATE_LIMITED in the end', async () => {
    const h = harness([problem(429), problem(429)], { maxAttempts: 2 });
    const err = await failure(h.client.request(request('read')));
    expect(h.waits).toEqual([125]);
    expect(err.message).toBe(sentenceFor('RATE_LIMITED'));
  });
});

describe('retry notices', () => {
  it('tells the listener of each retry: the next attempt, the reason in words, and when', async () => {
    const h = harness([problem(500), sysError('ECONNRESET'), ok()]);
    const notices: unknown[] = [];
    await h.client.request(request('idempotent-write', { onRetry: (n) => void notices.push(n) }));
    const at = Date.parse('2025-03-01T12:00:00Z');
    expect(notices).toEqual([
      { attempt: 2, maxAttempts: 5, reason: 'the service is unavailable', retryAt: at + h.waits[0]! },
      { attempt: 3, maxAttempts: 5, reason: 'the connection was lost', retryAt: at + h.waits[1]! },
    ]);
  });

  it('holds the next attempt until the promise the listener returns settles', async () => {
    const h = harness([problem(503), ok()]);
    let release = (): void => {};
    const held = new Promise<void>((r) => (release = r));
    let told = false;
    const done = h.client.request(
      request('read', {
        onRetry: () => {
          told = true;
          return held;
        },
      }),
    );
    await vi.waitFor(() => expect(told).toBe(true));
    await new Promise((r) => setImmediate(r)); // anything the client would do without waiting, it has done
    expect(h.calls).toHaveLength(1);
    release();
    await done;
    expect(h.calls).toHaveLength(2);
  });

  it('a listener that throws does not fail the request, and nothing is told on success', async () => {
    const h = harness([problem(500), ok()]);
    let told = 0;
    await h.client.request(
      request('read', {
        onRetry: () => {
          told++;
          throw new Error('listener broke');
        },
      }),
    );
    expect(told).toBe(1);
    const quiet = harness([ok()]);
    await quiet.client.request(request('read', { onRetry: () => void told++ }));
    expect(told).toBe(1);
  });
});

describe('a write retried after a lost connection', () => {
  it('ends with the outcome unknown, not as the last status, when every retry fails', async () => {
    const h = harness([sysError('ECONNRESET'), problem(500), problem(500)], { maxAttempts: 3 });
    const err = await failure(h.client.request(request('idempotent-write')));
    expect(isOutcomeUnknown(err)).toBe(true);
    expect(err.message).toMatch(/failed 3 times, and an earlier connection was lost after the request was sent, so whether it wrote the request is unknown/);
  });

  it('keeps a final refusal (4xx) as the service said it', async () => {
    const h = harness([sysError('ECONNRESET'), problem(400, 'ENCODE_PARAM_INVALID')], { maxAttempts: 3 });
    const err = await failure(h.client.request(request('idempotent-write')));
    expect(isOutcomeUnknown(err)).toBe(false);
    expect(err).toBeInstanceOf(ServiceError);
  });
});

describe('errors', () => {
  it('turns a problem document into a ServiceError with the catalogue sentence', async () => {
    const h = harness([problem(400, 'TX_NOT_LINKABLE', { title: 'Invalid request', detail: 'This transaction is a plain record.' })]);
    const err = (await failure(h.client.request(request('write')))) as ServiceError;
    expect(err).toMatchObject({
      code: 'TX_NOT_LINKABLE',
      status: 400,
      errorCode: 'TX_NOT_LINKABLE',
      title: 'Invalid request',
      detail: 'This transaction is a plain record.',
    });
    expect(err.message).toBe(sentenceFor('TX_NOT_LINKABLE'));
  });

  it('reads any JSON error body, whatever its content type', async () => {
    const h = harness([
      new Response(JSON.stringify({ errorCode: 'INVALID_GRANT', detail: 'used' }), { status: 400, headers: { 'content-type': 'text/plain' } }),
    ]);
    const err = (await failure(h.client.request(request('read')))) as ServiceError;
    expect(err).toMatchObject({ status: 400, errorCode: 'INVALID_GRANT' });
    expect(err.message).toBe(sentenceFor('INVALID_GRANT'));
  });

  it('handles non-JSON error bodies', async () => {
    const h = harness([new Response('<html>Forbidden by proxy</html>', { status: 403, headers: { 'content-type': 'text/html' } })]);
    const err = (await failure(h.client.request(request('read')))) as ServiceError;
    expect(err).toMatchObject({ status: 403, errorCode: undefined, detail: '<html>Forbidden by proxy</html>' });
    expect(err.message).toBe(sentenceFor('UNAUTHORIZED'));
  });

  it('names an unknown errorCode in the sentence', async () => {
    const h = harness([problem(400, 'SOMETHING_NEW')]);
    expect((await failure(h.client.request(request('read')))).message).toBe('The service refused the request (SOMETHING_NEW).');
  });

  it('treats a redirect as a refusal and does not follow it (custom headers would go along)', async () => {
    const h = harness([new Response(null, { status: 302, headers: { location: 'http://elsewhere.test/' } })]);
    const err = (await failure(h.client.request(request('read')))) as ServiceError;
    expect(err.status).toBe(302);
    expect(h.calls[0]!.init.redirect).toBe('manual');
  });

  it('a refused connection ends as NETWORK naming the host, with the cause kept', async () => {
    const h = harness([sysError('ECONNREFUSED'), sysError('ECONNREFUSED')], { maxAttempts: 2 });
    const err = await failure(h.client.request(request('write')));
    expect(err.code).toBe('NETWORK');
    expect(err.message).toContain('service.test:8080');
    expect(err.message).toContain('ECONNREFUSED');
    expect(isOutcomeUnknown(err)).toBe(false);
    expect(err.cause).toBeInstanceOf(TypeError);
    // Refused, not "could not be reached": nothing listens there, and the sentence says what to check.
    expect(err.message).toMatch(/^The service at service\.test:8080 refused the connection \(ECONNREFUSED\): nothing is listening at that address/);
    expect(err.message).toContain("Check the profile's service URL and port");
  });

  it("a port fetch refuses to use (the Fetch standard's bad ports) was not sent, and says so: a write is not in doubt", async () => {
    const badPort = await fetch('http://127.0.0.1:9/').then(
      () => new Error('port 9 was fetched'),
      (e: unknown) => e as Error,
    );
    const h = harness([badPort, badPort], { maxAttempts: 2 });
    const err = await failure(h.client.request(request('write')));
    expect(err.code).toBe('NETWORK');
    expect(isOutcomeUnknown(err)).toBe(false);
    expect(err.message).toMatch(
      /^Notarium cannot connect to service\.test:8080: its port is one that web clients refuse to use .*so nothing was sent\. Give the service another port/,
    );
  });

  it('a name that does not resolve is still "could not be reached", with the network to check', async () => {
    const h = harness([sysError('ENOTFOUND'), sysError('ENOTFOUND')], { maxAttempts: 2 });
    const err = await failure(h.client.request(request('read')));
    expect(err.code).toBe('NETWORK');
    expect(err.message).toBe('The service at service.test:8080 could not be reached (ENOTFOUND): check the network connection and the profile URL.');
  });

  it('a write whose connection dropped is not retried: NETWORK, outcome unknown', async () => {
    const h = harness([sysError('UND_ERR_SOCKET')]);
    const err = await failure(h.client.request(request('write')));
    expect(err.code).toBe('NETWORK');
    expect(isOutcomeUnknown(err)).toBe(true);
    expect(err.message).toMatch(/unknown/);
    expect(h.calls).toHaveLength(1);
  });

  it('a read that times out every time ends as TIMEOUT', async () => {
    const h = harness(['hang', 'hang'], { maxAttempts: 2, readMs: 20 });
    const err = await failure(h.client.request(request('read')));
    expect(err.code).toBe('TIMEOUT');
    expect(isOutcomeUnknown(err)).toBe(false);
    expect(h.lines.map((l) => l.split(' ')[2])).toEqual(['timeout', 'timeout']);
  });

  it('a write that times out: TIMEOUT, outcome unknown, not retried', async () => {
    const h = harness(['hang'], { readMs: 20 });
    const err = await failure(h.client.request(request('write')));
    expect(err.code).toBe('TIMEOUT');
    expect(isOutcomeUnknown(err)).toBe(true);
    expect(h.calls).toHaveLength(1);
  });

  it("the caller's signal cancels at once, without retries", async () => {
    const controller = new AbortController();
    const h = harness(['hang', ok()], { readMs: 5000 });
    const pending = failure(h.client.request(request('read', { signal: controller.signal })));
    setTimeout(() => controller.abort(), 10);
    expect((await pending).code).toBe('CANCELLED');
    expect(h.calls).toHaveLength(1);
  });
});

describe('the default sleep', () => {
  it("is cut short by the caller's signal", async () => {
    const controller = new AbortController();
    // A wait of ten minutes: were it not cut short, the test's own time limit would end it first.
    const client = new HttpClient({ fetch: async () => problem(503), retry: { baseDelayMs: 600_000, maxDelayMs: 600_000 }, random: () => 0.99 });
    const pending = failure(client.request(request('read', { signal: controller.signal, onRetry: () => void setImmediate(() => controller.abort()) })));
    expect((await pending).code).toBe('CANCELLED');
  });
});

describe('secrets and logs', () => {
  it('sends the key only in the x-api-key header', async () => {
    const h = harness([ok()]);
    await h.client.request(request('read'));
    expect(new Headers(h.calls[0]!.init.headers).get('x-api-key')).toBe(KEY);
    expect(h.calls[0]!.url).not.toContain(KEY);
  });

  it('logs one line per attempt: method, path without query, outcome, attempt, duration', async () => {
    const h = harness([problem(429), sysError('ECONNREFUSED'), ok()]);
    await h.client.request(request('write'));
    expect(h.lines).toHaveLength(3);
    expect(h.lines[0]).toMatch(/^POST \/api\/v1\/records 429 attempt 1\/5 \d+ms$/);
    expect(h.lines[1]).toMatch(/^POST \/api\/v1\/records ECONNREFUSED attempt 2\/5 \d+ms$/);
    expect(h.lines[2]).toMatch(/^POST \/api\/v1\/records 200 attempt 3\/5 \d+ms$/);
    for (const line of h.lines) expect(line).not.toMatch(/encode|salt|\?/);
  });

  it('never puts the key in an error message, its cause, or a log line, even when the service echoes it', async () => {
    const echo = problem(401, 'UNAUTHORIZED', { title: `Key ${KEY} refused`, detail: `The key ${KEY} is not valid` });
    const outcomes: Step[][] = [[echo], [sysError('ECONNREFUSED')], [sysError('ECONNRESET')], ['hang'], [new Response(`bad key ${KEY}`, { status: 400 })]];
    for (const steps of outcomes) {
      for (const kind of ['read', 'write'] as const) {
        const h = harness([...steps], { maxAttempts: 1, readMs: 20 });
        const err = await failure(h.client.request(request(kind)));
        const text = [err.message, String(err), String(err.cause), JSON.stringify(err), err.stack ?? '', causeChain(err), ...h.lines].join('\n');
        expect(text).not.toContain(KEY);
      }
    }
  });
});

function causeChain(err: unknown): string {
  const parts: string[] = [];
  for (let e = err, i = 0; e && i < 10; e = (e as { cause?: unknown }).cause, i++) {
    parts.push(String(e), e instanceof Error ? (e.stack ?? '') : '', JSON.stringify(e, Object.getOwnPropertyNames(e)));
  }
  return parts.join('\n');
}
