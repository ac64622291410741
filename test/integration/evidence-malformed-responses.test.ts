import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExplorerApi, sandboxExplorerTemplates } from '../../main/core/api/explorer-api.ts';
import { DEFAULT_MAX_RESPONSE_BYTES, type TransportOptions } from '../../main/core/api/http-client.ts';
import { IdentityApi } from '../../main/core/api/identity-api.ts';
import { RecordApi } from '../../main/core/api/record-api.ts';
import type { ErrorCode } from '../../main/core/errors/catalogue.ts';
import { NotariumError } from '../../main/core/errors/notarium-error.ts';
import { Notary } from '../../main/core/notary.ts';
import type { SecretStore } from '../../main/core/secrets/secret-store.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';

/**
 * "Forged proofs": a hostile service. A raw node:http server answers every client call
 * (record API, explorer, identity) with wrong JSON types, missing fields, extra nesting, non-JSON,
 * huge bodies, a slow drip, stalls, resets and broken HTTP. Each must end as a typed NotariumError
 * within the configured time limits. Each case has its own path prefix, so cases run side by side.
 */

// A case that must end as TIMEOUT (the server never finishes) runs with a short per-attempt limit;
// every other case with a limit load alone cannot reach, so a loaded machine never turns an answer
// refused for what it is (BAD_RESPONSE, NETWORK) into a TIMEOUT.
const T = 400;
const UNREACHABLE_MS = 60_000;
const ATTEMPTS = 2;
const MAX_DELAY = 40;
/** A call that should end after its time limits is given this much more before it counts as hanging. */
const HANG_MARGIN = 20_000;
const optionsFor = (expected: ErrorCode): TransportOptions => {
  const limit = expected === 'TIMEOUT' ? T : UNREACHABLE_MS;
  return { timeouts: { readMs: limit, writeMs: limit }, retry: { maxAttempts: ATTEMPTS, baseDelayMs: 20, maxDelayMs: MAX_DELAY } };
};

const TX = 'ab'.repeat(32);
const HASH = 'cd'.repeat(32);
const NOT_JSON = '<html><body>502 Bad Gateway</body></html>';
const DEEP_JSON = '['.repeat(1_000_000);

type Body = 'json' | 'octets' | 'hex';
interface Endpoint {
  name: string;
  kind: 'read' | 'write';
  body: Body;
  call(base: string, options: TransportOptions): Promise<unknown>;
  /** Answers of the right status with the wrong content. */
  shapes: [string, string][];
}

const record = (base: string, options: TransportOptions) => new RecordApi({ baseUrl: base, apiKey: 'the-key', ...options });
const explorer = (base: string, options: TransportOptions) => new ExplorerApi({ templates: sandboxExplorerTemplates(base), ...options });
const identity = (base: string, options: TransportOptions) => new IdentityApi({ authUrl: base, envId: 'env', ...options });
const jsonShapes = (...shapes: [string, string][]): [string, string][] => [
  ...shapes,
  ['not JSON', NOT_JSON],
  ['deeply nested JSON', DEEP_JSON],
  ['empty body', ''],
  ['null', 'null'],
];

const ENDPOINTS: Endpoint[] = [
  {
    name: 'write record',
    kind: 'write',
    body: 'json',
    call: (b, o) => record(b, o).writeRecord(new Uint8Array(32), 'SHA256(salt)'),
    shapes: jsonShapes(
      ['wrong type', '{"txId":42}'],
      ['missing field', '{"encoding":[]}'],
      ['extra nesting', `{"result":{"txId":"${TX}"}}`],
      ['array', `[{"txId":"${TX}"}]`],
      ['txId not a transaction id', '{"txId":"../../etc/passwd"}'],
      ['txId of 63 hex digits', `{"txId":"${TX.slice(1)}"}`],
    ),
  },
  {
    name: 'record status',
    kind: 'read',
    body: 'json',
    call: (b, o) => record(b, o).recordStatus(TX),
    shapes: jsonShapes(
      ['wrong type', '{"confirmation":"yes"}'],
      ['wrong nested type', `{"confirmation":{"confirmedBlocks":"6","blockHash":"${HASH}"}}`],
      ['missing field', `{"confirmation":{"blockHash":"${HASH}"}}`],
      ['bad hash', '{"confirmation":{"confirmedBlocks":1,"blockHash":"xyz"}}'],
      ['bad proof', `{"confirmation":{"confirmedBlocks":1,"blockHash":"${HASH}","merkleProof":{"index":-1,"txOrId":"${TX}","target":"${HASH}","nodes":[]}}}`],
      ['array', '[{"confirmation":null}]'],
    ),
  },
  {
    name: 'verify record',
    kind: 'read',
    body: 'json',
    call: (b, o) => record(b, o).matchRecord(TX, new Uint8Array(32), 'SHA256(salt)'),
    shapes: jsonShapes(
      ['wrong type', '{"match":"true","confirmation":null}'],
      ['missing field', '{"confirmation":null}'],
      ['extra nesting', '{"result":{"match":true,"confirmation":null}}'],
    ),
  },
  {
    name: 'linked status',
    kind: 'read',
    body: 'json',
    call: (b, o) => record(b, o).linkedStatus(TX),
    shapes: jsonShapes(['wrong type', '{"updatable":"yes","confirmation":null}'], ['missing field', '{"confirmation":null}']),
  },
  {
    name: 'navigate',
    kind: 'read',
    body: 'json',
    call: (b, o) => record(b, o).navigate(TX, 5),
    shapes: jsonShapes(
      ['wrong type', '{"txIds":"a","endOfLinks":true}'],
      ['missing field', '{"txIds":[]}'],
      ['extra nesting', '{"links":{"txIds":[],"endOfLinks":true}}'],
      ['a txId that is not one', `{"txIds":["${TX}","x"],"endOfLinks":true}`],
    ),
  },
  { name: 'record content', kind: 'read', body: 'octets', call: (b, o) => record(b, o).recordContent(TX), shapes: [] },
  {
    name: 'explorer transaction',
    kind: 'read',
    body: 'hex',
    call: (b, o) => explorer(b, o).transactionHex(TX),
    shapes: [
      ['JSON instead of hex', '{"hex":"0011"}'],
      ['not hex', NOT_JSON],
      ['empty body', ''],
      ['too short', '00'.repeat(10)],
      ['another transaction', '01'.repeat(120)],
    ],
  },
  {
    name: 'explorer header',
    kind: 'read',
    body: 'hex',
    call: (b, o) => explorer(b, o).blockHeaderHex(HASH),
    shapes: [
      ['JSON instead of hex', '{"header":1}'],
      ['79 bytes', '00'.repeat(79)],
      ['another block', '00'.repeat(80)],
    ],
  },
  {
    name: 'granted claims',
    kind: 'read',
    body: 'json',
    call: (b, o) => identity(b, o).grantedClaims({ apiKey: 'the-key' }),
    shapes: jsonShapes(['wrong type', '{"grantedClaims":"admin"}'], ['missing field', '{}'], ['extra nesting', '{"data":{"grantedClaims":[]}}']),
  },
  {
    name: 'token refresh',
    kind: 'read',
    body: 'json',
    call: (b, o) => identity(b, o).refreshToken('the-refresh-token'),
    shapes: jsonShapes(
      ['wrong type', '{"accessToken":1,"expiresIn":900}'],
      ['missing field', '{"expiresIn":900}'],
      ['wrong number', '{"accessToken":"a","expiresIn":"soon"}'],
      ['extra nesting', '{"token":{"accessToken":"a","expiresIn":1}}'],
    ),
  },
  {
    name: 'code exchange',
    kind: 'write',
    body: 'json',
    call: (b, o) => identity(b, o).exchangeCode({ authorizationCode: 'code', usedRedirectUri: 'http://127.0.0.1:9/cb' }),
    shapes: jsonShapes(['missing field', '{"accessToken":"a","expiresIn":900}'], ['wrong number', '{"accessToken":"a","expiresIn":-5,"refreshToken":"r"}']),
  },
];

// ---------------------------------------------------------------------------------------------
// The hostile server.

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const handlers = new Map<string, Handler>();
/** Bytes the server had written before the client hung up, per huge-body case. */
const hugeSent = new Map<string, number>();
const timers = new Set<NodeJS.Timeout>();
const HUGE = 50 * 1024 * 1024;

function contentType(body: Body): string {
  return body === 'json' ? 'application/json' : body === 'hex' ? 'text/plain' : 'application/octet-stream';
}

/** 50 MB, written as fast as the client reads, stopping when it hangs up. */
function huge(id: string, res: ServerResponse, type: string, declared: boolean): void {
  const chunk = Buffer.alloc(64 * 1024, 0x5b);
  res.writeHead(200, { 'content-type': type, ...(declared ? { 'content-length': String(HUGE) } : {}) });
  let sent = 0;
  const pump = (): void => {
    while (sent < HUGE && !res.destroyed) {
      sent += chunk.length;
      hugeSent.set(id, sent);
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (sent >= HUGE) res.end();
  };
  res.on('error', () => {});
  pump();
}

const TRANSPORT_FAULTS: { fault: string; expect: ErrorCode; handler: (id: string, body: Body) => Handler }[] = [
  { fault: 'huge body (50 MB, declared)', expect: 'BAD_RESPONSE', handler: (id, body) => (_req, res) => huge(id, res, contentType(body), true) },
  { fault: 'huge body (50 MB, chunked)', expect: 'BAD_RESPONSE', handler: (id, body) => (_req, res) => huge(id, res, contentType(body), false) },
  {
    fault: 'slow drip',
    expect: 'TIMEOUT',
    handler: (_id, body) => (_req, res) => {
      res.writeHead(200, { 'content-type': contentType(body), 'content-length': '100000' });
      const timer = setInterval(() => res.write(body === 'hex' ? 'a' : '['), 40);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
    },
  },
  { fault: 'stalled before headers', expect: 'TIMEOUT', handler: () => () => {} },
  {
    fault: 'stalled mid-body',
    expect: 'TIMEOUT',
    handler: (_id, body) => (_req, res) => {
      res.writeHead(200, { 'content-type': contentType(body), 'content-length': '1000' });
      res.write(body === 'hex' ? 'ab' : '{"tx');
    },
  },
  { fault: 'connection reset', expect: 'NETWORK', handler: () => (req) => req.socket.destroy() },
  {
    fault: 'reset mid-body',
    expect: 'NETWORK',
    handler: (_id, body) => (req, res) => {
      res.writeHead(200, { 'content-type': contentType(body), 'content-length': '1000' });
      res.write(body === 'hex' ? 'abab' : '{"txId":"');
      const timer = setTimeout(() => req.socket.destroy(), 20);
      timers.add(timer);
    },
  },
  { fault: 'not HTTP', expect: 'NETWORK', handler: () => (req) => req.socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n') },
  {
    fault: 'body shorter than declared, then closed',
    expect: 'NETWORK',
    handler: (_id, body) => (_req, res) => {
      res.writeHead(200, { 'content-type': contentType(body), 'content-length': '1000', connection: 'close' });
      res.end(body === 'hex' ? 'abab' : '{"txId":"');
    },
  },
];

interface Case {
  id: string;
  endpoint: Endpoint;
  fault: string;
  expect: ErrorCode;
}

const cases: Case[] = [];
for (const endpoint of ENDPOINTS) {
  for (const [fault, text] of endpoint.shapes) {
    const id = `c${cases.length}`;
    handlers.set(id, (_req, res) => {
      res.writeHead(endpoint.name === 'code exchange' || endpoint.name === 'token refresh' ? 201 : 200, { 'content-type': contentType(endpoint.body) });
      res.end(text);
    });
    cases.push({ id, endpoint, fault, expect: 'BAD_RESPONSE' });
  }
  for (const t of TRANSPORT_FAULTS) {
    const id = `c${cases.length}`;
    handlers.set(id, t.handler(id, endpoint.body));
    cases.push({ id, endpoint, fault: t.fault, expect: t.expect });
  }
}

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const handler = handlers.get(req.url!.split('/')[1]!);
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const timer of timers) clearTimeout(timer);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The longest a call that times out may take: every attempt at its limit, the waits between them, and a margin no load reaches. */
function bound(kind: 'read' | 'write', fault: string): number {
  // Writes are not repeated after a timeout or a lost connection (the service may have written).
  const attempts = kind === 'read' || fault === 'not HTTP' ? ATTEMPTS : 1;
  return attempts * T + (attempts - 1) * MAX_DELAY + HANG_MARGIN;
}

async function runCase(c: Case): Promise<{ c: Case; error: unknown; ms: number }> {
  const started = performance.now();
  const error = await c.endpoint.call(`${origin}/${c.id}`, optionsFor(c.expect)).then(
    (value) => new Error(`resolved with ${JSON.stringify(value)?.slice(0, 200)}`),
    (err: unknown) => err,
  );
  return { c, error, ms: performance.now() - started };
}

async function pool<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!);
      }
    }),
  );
  return results;
}

describe('malformed service responses: every answer ends as a typed error in time', () => {
  it(`${cases.length} cases over ${ENDPOINTS.length} endpoints`, async () => {
    const results = await pool(cases, 6, runCase);
    const failures: string[] = [];
    const byCode = new Map<string, number>();
    let max = 0;
    for (const { c, error, ms } of results) {
      max = Math.max(max, ms);
      const what = `${c.endpoint.name} / ${c.fault}`;
      if (!(error instanceof NotariumError)) {
        failures.push(`${what}: not a NotariumError: ${String((error as Error)?.stack ?? error)}`);
        continue;
      }
      byCode.set(error.code, (byCode.get(error.code) ?? 0) + 1);
      if (error.code !== c.expect) failures.push(`${what}: ${error.code} (${error.message}), expected ${c.expect}`);
      if (error.message.length < 20) failures.push(`${what}: no sentence: ${error.message}`);
      // A hang would end at the unreachable limit as TIMEOUT (a wrong code, above); a timeout must come from the short limit.
      if (c.expect === 'TIMEOUT' && ms > bound(c.endpoint.kind, c.fault))
        failures.push(`${what}: took ${Math.round(ms)} ms, beyond ${bound(c.endpoint.kind, c.fault)} ms`);
    }
    expect(failures).toEqual([]);
    const codes = [...byCode.entries()].map(([k, v]) => `${k} ${v}`).join(', ');
    const sent = [...hugeSent.values()];
    console.log(
      `malformed responses: ${cases.length} cases (${ENDPOINTS.length} endpoints), ${results.length} typed errors (${codes}), max ${(max / 1000).toFixed(1)} s ` +
        `(timeouts: ${T} ms per attempt, ${ATTEMPTS} attempts for reads); huge bodies: the server got at most ${(Math.max(...sent) / 1024 / 1024).toFixed(1)} MiB of 50 MiB out before the client hung up`,
    );
    // A 50 MB answer costs about the limit, never the whole body (socket buffers account for the rest).
    expect(Math.max(...sent)).toBeLessThan(DEFAULT_MAX_RESPONSE_BYTES + 8 * 1024 * 1024);
  });

  it('the response limit is configurable, and an answer of exactly the limit is read', async () => {
    const id = 'limit';
    let size = 0;
    handlers.set(id, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.alloc(size, 1));
    });
    const api = new RecordApi({ baseUrl: `${origin}/${id}`, apiKey: 'k', ...optionsFor('BAD_RESPONSE'), maxResponseBytes: 1024 });
    size = 1024;
    expect((await api.recordContent(TX)).length).toBe(1024);
    size = 1025;
    const err = await api.recordContent(TX).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(NotariumError);
    expect((err as NotariumError).code).toBe('BAD_RESPONSE');
    expect((err as NotariumError).message).toMatch(/answered with more than 1024 bytes, more than any answer Notarium expects/);
  });

  it('a write answered with a txId that is not one stores no registration: the record stays in doubt', async () => {
    handlers.set('badtxid', (req, res) => {
      if (req.method === 'POST' && req.url!.startsWith('/badtxid/api/v1/records?')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"txId":"../../etc/passwd"}');
      } else res.writeHead(404).end();
    });
    const home = mkdtempSync(join(tmpdir(), 'notarium-badtxid-'));
    const noSecrets: SecretStore = { get: async () => null, set: async () => {}, delete: async () => false };
    const notary = new Notary({ dataDir: home, secrets: noSecrets, env: { NOTARIUM_API_KEY: 'the-key' }, transport: optionsFor('BAD_RESPONSE') });
    try {
      await notary.library.profiles.save({ name: 'Hostile', baseUrl: `${origin}/badtxid` });
      await notary.library.profiles.use('Hostile');
      const file = join(home, 'contract.pdf');
      writeFileSync(file, 'a contract\n');
      const [outcome] = await notarise(notary.context, [file]);
      expect(outcome).toMatchObject({ status: 'in-doubt', error: { code: 'BAD_RESPONSE' }, record: { state: 'submitting', txId: null } });
      expect((outcome as { error: NotariumError }).error.message).toMatch(
        /answer to write record .*txId: expected a transaction id, 64 hexadecimal characters/,
      );
      expect(notary.library.records.query({ limit: 10, offset: 0 }).records.map((r) => [r.state, r.txId])).toEqual([['submitting', null]]);
    } finally {
      await notary.close();
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('a HEAD answer declaring a 50 MB record is not refused: HEAD has no body', async () => {
    handlers.set('head', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(HUGE) });
      res.end();
    });
    expect(await record(`${origin}/head`, optionsFor('BAD_RESPONSE')).recordHead(TX)).toEqual({ contentLength: HUGE, contentType: 'application/octet-stream' });
  });
});
