import { connect, type Socket } from 'node:net';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { problemOf, startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// Malformed requests of every kind get a 4xx problem document; the server neither crashes nor hangs.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ bodyLimit: 1024 });
});
afterAll(() => sb.stop());

/** Sends raw bytes and returns everything the server answers until it closes or goes quiet. */
function raw(bytes: string | Buffer, quietMs = 500): Promise<string> {
  const { port } = new URL(sb.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    const done = () => (socket.destroy(), resolve(answer));
    let timer = setTimeout(done, quietMs);
    socket.on('data', (d) => {
      answer += d.toString('latin1');
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    });
    socket.on('end', () => (clearTimeout(timer), resolve(answer)));
    socket.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve(answer) : reject(err)));
    socket.write(bytes);
  });
}

const problemIn = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

async function stillServes(): Promise<void> {
  expect((await sb.call('/liveness')).status).toBe(200);
}

describe('paths and methods', () => {
  it.each(['/', '/api', '/api/v1/records/abc', '/api/v2/records', '/%zz', '/api/v1/records/' + 'a'.repeat(5000) + '/status', '/../../etc/passwd'])(
    'GET %s is a 404 problem document',
    async (path) => {
      const res = await sb.call(path);
      expect([400, 404]).toContain(res.status);
      expect(await problemOf(res)).toMatchObject({ status: res.status });
    },
  );

  it('a wrong method is 405 with Allow', async () => {
    const res = await sb.call('/api/v1/records', { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await problemOf(res)).toMatchObject({ status: 405, title: 'Method not allowed' });
    const del = await sb.call(`/api/v1/records/${'ab'.repeat(32)}/status`, { method: 'DELETE' });
    expect(del.status).toBe(405);
  });

  it('health endpoints answer without a key', async () => {
    expect(await (await fetch(`${sb.baseUrl}/readiness`)).json()).toEqual({ appVersion: expect.any(String) });
    const live = await fetch(`${sb.baseUrl}/liveness`);
    expect(await live.text()).toBe('Healthy');
  });

  it('test controls need the API key', async () => {
    const res = await fetch(`${sb.baseUrl}/__sandbox/mine`, { method: 'POST' });
    expect(res.status).toBe(401);
  });
});

describe('bodies', () => {
  it('a declared oversize body is refused at once with CONTENT_LENGTH_LIMIT_EXCEEDED', async () => {
    const res = await sb.call('/api/v1/records?encode=', { method: 'POST', body: Buffer.alloc(1025) });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).errorCode).toBe('CONTENT_LENGTH_LIMIT_EXCEEDED');
    await stillServes();
  });

  it('a chunked body is cut off as soon as it passes the limit', async () => {
    const head = `POST /api/v1/records?encode= HTTP/1.1\r\nHost: x\r\nx-api-key: ${sb.apiKey}\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = (n: number) => `${n.toString(16)}\r\n${'a'.repeat(n)}\r\n`;
    const answer = await raw(head + chunk(1000) + chunk(1000)); // never sends the last chunk
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(problemIn(answer).errorCode).toBe('CONTENT_LENGTH_LIMIT_EXCEEDED');
    await stillServes();
  });

  it('with Expect: 100-continue the body is refused before it is sent', async () => {
    const { port } = new URL(sb.baseUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/v1/records?encode=',
        headers: { 'x-api-key': sb.apiKey, 'content-length': 10_000_000, expect: '100-continue' },
      });
      req.on('continue', () => reject(new Error('the server asked for the oversize body')));
      req.on('response', (res) => (res.resume(), resolve(res.statusCode!)));
      req.on('error', reject);
    });
    expect(status).toBe(400);
  });

  it('bad JSON in a JSON endpoint is a 400 problem', async () => {
    const res = await sb.call('/__sandbox/faults', { method: 'POST', body: '{not json' });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).errorCode).toBe('INVALID_JSON');
    const wrong = await sb.call('/__sandbox/faults', { method: 'POST', body: JSON.stringify({ errorRate: 2 }) });
    expect((await problemOf(wrong)).errorCode).toBe('INVALID_REQUEST');
  });
});

describe('broken HTTP', () => {
  it('huge headers get a 431 problem document', async () => {
    const answer = await raw(`GET /liveness HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431/);
    expect(answer).toMatch(/application\/problem\+json/);
    expect(problemIn(answer).status).toBe(431);
    await stillServes();
  });

  it.each([
    ['garbage bytes', '\x00\x01\x02 hello\r\n\r\n'],
    ['a bad request line', 'GET\r\n\r\n'],
    ['a bad header', 'GET /liveness HTTP/1.1\r\nHost x\r\n\r\n'],
    ['a bad chunk size', `POST /api/v1/records?encode= HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`],
  ])('%s get a 400 problem document', async (_name, bytes) => {
    const answer = await raw(bytes);
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(answer).toMatch(/application\/problem\+json/);
    await stillServes();
  });

  it('a half-sent request does not stop others from being served', async () => {
    const { port } = new URL(sb.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write('POST /api/v1/records?encode= HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc');
    await stillServes();
    socket.destroy();
  });
});

describe('connections', () => {
  /** Reads whole answers (headers and Content-Length body) from one socket, in order. */
  function answers(socket: Socket): () => Promise<string> {
    let buffered = '';
    let waiting: (() => void) | undefined;
    socket.on('data', (d) => ((buffered += d.toString('latin1')), waiting?.()));
    socket.on('close', () => waiting?.());
    return async () => {
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        const length = end < 0 ? NaN : Number(/content-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
        if (end >= 0 && buffered.length >= end + 4 + length) {
          const answer = buffered.slice(0, end + 4 + length);
          buffered = buffered.slice(answer.length);
          return answer;
        }
        if (socket.destroyed) throw new Error(`the server closed the connection (${buffered.length} bytes unread)`);
        await new Promise<void>((r) => (waiting = r));
      }
    };
  }

  it('a request answered before it was read (a fault on a GET) keeps its connection for the next request', async () => {
    const faulty = await startTestSandbox({ faults: { errorRate: 1, errorStatus: 503 } });
    // The sandbox's own timers, faked: a timer that would close the connection fires at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const socket = connect(Number(new URL(faulty.baseUrl).port), '127.0.0.1');
      const next = answers(socket);
      const get = `GET /api/v1/records/${'a'.repeat(64)}/status HTTP/1.1\r\nHost: x\r\nx-api-key: ${faulty.apiKey}\r\n\r\n`;
      socket.write(get);
      expect(await next()).toMatch(/^HTTP\/1\.1 503/);
      // A client reuses a kept-alive connection whenever it likes: no timer may close it meanwhile.
      vi.advanceTimersByTime(60_000);
      socket.write(get);
      expect(await next()).toMatch(/^HTTP\/1\.1 503/);
      socket.destroy();
    } finally {
      vi.useRealTimers();
      await faulty.stop();
    }
  });
});

describe('fault injection', () => {
  it('500s, 429s with Retry-After, drops and latency, changed at run time; test controls are never faulted', async () => {
    const faulty = await startTestSandbox();
    try {
      const set = (faults: object) => faulty.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify(faults) });
      await set({ errorRate: 1 });
      const failed = await faulty.call('/api/v1/records?encode=', { method: 'POST', body: 'x' });
      expect(failed.status).toBe(500);
      expect(await problemOf(failed)).toMatchObject({ status: 500, errorCode: 'INTERNAL_ERROR' });
      await set({ errorRate: 0, rateLimitRate: 1, retryAfterSeconds: 7 });
      const limited = await faulty.call('/liveness');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('7');
      await set({ rateLimitRate: 0, dropRate: 1 });
      await expect(faulty.call('/liveness')).rejects.toThrow();
      await set({ dropRate: 0, latencyMs: { min: 150, max: 150 } });
      const started = performance.now();
      expect((await faulty.call('/liveness')).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      expect(await faulty.json('/__sandbox/faults')).toMatchObject({ errorRate: 0, dropRate: 0, latencyMs: { min: 150, max: 150 } });
    } finally {
      await faulty.stop();
    }
  });

  it('a drop after processing loses the answer but keeps the write', async () => {
    const faulty = await startTestSandbox({ faults: { dropRate: 1, dropPhase: 'after' } });
    try {
      await expect(faulty.call('/api/v1/records?encode=', { method: 'POST', body: 'x' })).rejects.toThrow();
      expect(await faulty.json('/__sandbox/chain')).toMatchObject({ mempool: 1 });
    } finally {
      await faulty.stop();
    }
  });
});
