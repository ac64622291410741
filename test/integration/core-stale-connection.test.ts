import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../main/core/api/http-client.ts';
import { RecordApi } from '../../main/core/api/record-api.ts';
import { fingerprintFor } from '../../verifier/protocol/fingerprint.ts';
import { hex } from '@scure/base';
import { startTestSandbox } from '../support/sandbox-client.ts';
import { EVERY_READING } from '../support/strict-service.ts';

// A server may close a kept-alive connection once it has been idle for its keep-alive timeout (the
// sandbox's Node server after 5 s, a real service's front end whenever it likes). A client busy
// meanwhile (a loaded machine, a long synchronous step between its last look at the network and
// its next request) has the server's FIN waiting unread when that request goes out on the
// connection: the request is cut with no answer, and nothing tells whether the server read it. The
// server here makes that outcome without any wait: every request after the first on a connection
// is cut unread, as the keep-alive timeout firing just as it arrived would.

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function closingServer(): Promise<{ origin: string; written: string[]; cut: { requests: number } }> {
  const written: string[] = [];
  const cut = { requests: 0 };
  const served = new WeakSet<Socket>();
  const s = createServer((req, res) => {
    if (served.has(req.socket)) {
      cut.requests++;
      return void req.socket.destroy();
    }
    served.add(req.socket);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') written.push(Buffer.concat(chunks).toString());
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  server = s;
  return { origin: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, written, cut };
}

/** A turn of the event loop: the client's pool has the first connection back, idle, as seconds after an answer. */
const idle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('a server that closes kept-alive connections', () => {
  it('never leaves a write in doubt: each request of the CLI has a connection of its own', async () => {
    const { origin, written, cut } = await closingServer();
    const client = new HttpClient({ retry: { maxAttempts: 1 } });
    for (let i = 0; i < 3; i++) {
      await client.request({ method: 'GET', url: `${origin}/status/${i}`, kind: 'read' });
      await idle();
      const answer = await client.request({ method: 'POST', url: `${origin}/records`, kind: 'write', body: `{"n":${i}}` });
      expect(answer.status).toBe(200);
      await idle();
    }
    expect(written).toEqual(['{"n":0}', '{"n":1}', '{"n":2}']);
    expect(cut.requests).toBe(0);
  });
});

/**
 * Longer than the sandbox's Node server keeps an idle connection (its keepAliveTimeout of 5 s and
 * the 1 s Node adds to it before closing): a lower bound of a blocking wait, which no load shortens.
 */
const BUSY_MS = 7_000;

describe('the strict sandbox with every reading, and a process busy while a connection idles', () => {
  it('a write is answered, and made once', { timeout: 60_000 }, async () => {
    const sandbox = await startTestSandbox({ strict: true, ...EVERY_READING });
    try {
      const api = new RecordApi({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, retry: { maxAttempts: 1 } });
      await api.readiness(); // leaves a connection in the pool
      await idle();
      // Another task of the process runs a long synchronous step (hashing, a store transaction)
      // between the write's call and its leaving: the server times the idle connection out meanwhile,
      // and its timer runs before it reads what arrived.
      setImmediate(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, BUSY_MS));
      const fingerprint = fingerprintFor(randomBytes(32));
      const written = await api.writeRecord(hex.decode(fingerprint.record), fingerprint.encode);

      expect(written.txId).toMatch(/^[0-9a-f]{64}$/);
      const counts = await sandbox.json<{ routes: { route: string; total: number }[] }>('/__sandbox/requests');
      expect(counts.routes.find((r) => r.route === 'POST /api/v1/records')?.total).toBe(1);
    } finally {
      await sandbox.stop();
    }
  });
});
