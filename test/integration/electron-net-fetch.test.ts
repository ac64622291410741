import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, type HttpRequest } from '../../main/core/api/http-client.ts';
import { isOutcomeUnknown } from '../../main/core/api/transport-failure.ts';
import type { NotariumError } from '../../main/core/errors/notarium-error.ts';
import { closedPort } from '../support/closed-port.ts';
import { netFetch } from '../support/fake-electron/net-fetch.mjs';

// The app's HTTP client over Electron's net.fetch (the stand-in's, as strict as Chromium's: a
// failure is Error("net::ERR_…") with no code or cause) says what the CLI's says over Node's fetch:
// the same cause, the same sentence, and a write in doubt only when it may have been sent.

const client = new HttpClient({ fetch: netFetch, retry: { maxAttempts: 1 } });
const write = (url: string): HttpRequest => ({ method: 'POST', url, kind: 'write', body: '{}' });
const failure = (p: Promise<unknown>): Promise<NotariumError> =>
  p.then(
    () => Promise.reject(new Error('answered')),
    (e: NotariumError) => e,
  );

/** A server that reads the request, then drops the connection without an answer. */
const dropping = createServer((req) => req.on('end', () => req.socket.destroy()).resume());
let droppingUrl: string;
beforeAll(async () => {
  await new Promise<void>((done) => dropping.listen(0, '127.0.0.1', done));
  droppingUrl = `http://127.0.0.1:${(dropping.address() as { port: number }).port}/api/v1/records`;
});
afterAll(() => dropping.close());

describe("the HTTP client over Electron's net.fetch", () => {
  it('a refused connection: nothing was sent, said as the CLI says it', async () => {
    const port = await closedPort();
    const err = await failure(client.request(write(`http://127.0.0.1:${port}/api/v1/records`)));
    expect(err.code).toBe('NETWORK');
    expect(isOutcomeUnknown(err)).toBe(false);
    expect(err.message).toMatch(new RegExp(`^The service at 127\\.0\\.0\\.1:${port} refused the connection \\(ECONNREFUSED\\): nothing is listening`));
  });

  it("a port on the Fetch standard's bad-port list: nothing was sent", async () => {
    const err = await failure(client.request(write('http://127.0.0.1:9/api/v1/records')));
    expect(isOutcomeUnknown(err)).toBe(false);
    expect(err.message).toMatch(/its port is one that web clients refuse to use/);
  });

  it('a connection dropped after the request was sent: the write is in doubt', async () => {
    const err = await failure(client.request(write(droppingUrl)));
    expect(err.code).toBe('NETWORK');
    expect(isOutcomeUnknown(err)).toBe(true);
  });
});
