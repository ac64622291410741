import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { RequestCounter } from './admin/request-counter.ts';
import { adminRoutes } from './admin/routes.ts';
import { behaviourOf, type Behaviour } from './behaviour.ts';
import { Chain } from './chain/chain.ts';
import { KNOWN_ENCODERS, type EncoderName } from './encode/encode-spec.ts';
import { Faults, type FaultSettings } from './faults.ts';
import { checkDeclaredLength, readBody } from './http/body.ts';
import { rawProblemResponse, sendProblem, ServiceProblem } from './http/problem.ts';
import { RequestWindow } from './http/request-window.ts';
import { Router, type Reply, type RouteMatch } from './http/router.ts';
import { createIdentityService } from './identity/identity-service.ts';
import { IdempotencyKeys } from './records/idempotency.ts';
import { RecordService } from './records/record-service.ts';
import { ANY_ORIGIN, explorerRoutes, healthRoutes, recordRoutes, type Feature } from './records/routes.ts';
import { MetaTable, openDatabase } from './store/database.ts';

/** The sandbox: the record service, the identity service and a simulated chain on one loopback server. */

export interface SandboxOptions extends Partial<Behaviour> {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** A loopback address (default 127.0.0.1); the sandbox refuses to listen anywhere else. */
  host?: string;
  /**
   * Seconds between blocks (default 10, at least 0.1); 0 mines only on POST /__sandbox/mine. Blocks
   * follow the clock, not a timer: each request first finds the blocks due since the last one mined
   * (chain/block-schedule.ts), also after the sandbox was stopped for a while.
   */
  blockInterval?: number;
  /** Directory for the SQLite state; without it everything lives in memory. */
  dataDir?: string;
  /** The x-api-key to accept (default: generated, and kept in the data directory when there is one). */
  apiKey?: string;
  /** The identity environment id in identity paths (default "sandbox"). */
  envId?: string;
  /** Request body limit in bytes (default 1 MiB). */
  bodyLimit?: number;
  /**
   * The least kind reading of the documentation for every setting of `Behaviour` not given
   * explicitly (see behaviour.ts); otherwise the sandbox's kind defaults.
   */
  strict?: boolean;
  /** Features answered as an unknown txId would be, as on an instance configured without them. */
  disable?: Feature[];
  /** Encoders this instance accepts (default both). */
  encoders?: EncoderName[];
  /** Access token lifetime in seconds (default 900). */
  accessTokenTtl?: number;
  /** Refresh token lifetime in seconds (default 30 days). */
  refreshTokenTtl?: number;
  faults?: Partial<FaultSettings>;
  /** Milliseconds since the epoch; the chain clock (which blocks are due, their times) and token times use it. */
  clock?: () => number;
  random?: () => number;
  /** Receives one line per request (method, path without query, status, time); never headers. */
  log?: (line: string) => void;
  appVersion?: string;
}

export interface RunningSandbox {
  baseUrl: string;
  authUrl: string;
  envId: string;
  apiKey: string;
  stop(): Promise<void>;
}

const DEFAULT_BODY_LIMIT = 1024 * 1024;
const IDENTITY_BODY_LIMIT = 64 * 1024;
const LINGER_MS = 1000;
/** How long a stop waits for requests under way (a hung one, e.g. an injected fault, is cut then). */
const STOP_DRAIN_MS = 10_000;

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) {
    throw new Error(`The sandbox only listens on loopback addresses (127.0.0.1, ::1, localhost), not on "${host}".`);
  }
  const blockInterval = options.blockInterval ?? 10;
  if (blockInterval !== 0 && !(blockInterval >= 0.1)) throw new Error('blockInterval must be 0 (mine on demand) or at least 0.1 seconds.');
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const now = options.clock ?? Date.now;
  const log = options.log ?? (() => {});
  const behaviour = behaviourOf(options);

  const db = openDatabase(options.dataDir);
  const meta = new MetaTable(db);
  const apiKey = options.apiKey ?? meta.getOrInit('api-key', () => randomBytes(24).toString('base64url'));
  const envId = options.envId ?? meta.getOrInit('env-id', () => 'sandbox');
  const faults = new Faults(options.faults, options.random);
  const chain = new Chain(db, now, behaviour.proofTarget);
  const random = options.random ?? Math.random;
  const records = new RecordService(
    chain,
    meta,
    {
      allowedEncoders: options.encoders ?? [...KNOWN_ENCODERS],
      saltRequired: behaviour.saltRequired,
      sha256Required: behaviour.sha256Required,
      contentRequired: behaviour.contentRequired,
      publishingMs: behaviour.publishingSeconds * 1000,
      navigateMax: behaviour.navigateMax,
      lifecycle: behaviour.lifecycle,
      layout: behaviour.layout,
      tokenPlacement: behaviour.tokenPlacement,
      chainIndex: behaviour.chainIndex,
    },
    { reject: () => faults.reject(), neverMine: () => faults.neverMine() },
    now,
  );
  let origin = '';
  const identity = await createIdentityService({
    db,
    meta,
    envId,
    apiKey,
    origin: () => origin,
    now,
    accessTokenTtl: options.accessTokenTtl ?? 900,
    refreshTokenTtl: options.refreshTokenTtl ?? 30 * 24 * 3600,
    documentedFieldsOnly: behaviour.identityFields === 'documented-only',
  });
  const requests = new RequestCounter(now);
  const explorerWindow = behaviour.explorerRate > 0 ? new RequestWindow(behaviour.explorerRate) : null;
  const router = new Router().add(
    ...recordRoutes(records, {
      spelling: behaviour.responseSpelling,
      idempotency: behaviour.idempotency === 'honour' ? new IdempotencyKeys(db, now) : null,
      deleteAnswer: behaviour.deleteAnswer,
      errorCodes: behaviour.errorCodes,
      disabled: options.disable ?? [],
    }),
    ...healthRoutes(options.appVersion ?? 'notarium-sandbox/0.1.0'),
    ...explorerRoutes(chain, behaviour.explorerStyle),
    ...identity.routes.map((r) => ({ ...r, bodyLimit: r.bodyLimit ?? IDENTITY_BODY_LIMIT })),
    ...adminRoutes(chain, faults, meta, requests, behaviour),
  );
  const expectedKey = Buffer.from(apiKey);

  const blockIntervalMs = Math.round(blockInterval * 1000);
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    res.on('finish', () => log(`${req.method} ${safePath(req.url)} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`));
    try {
      // Whoever asks finds the chain as the clock has it: the blocks due meanwhile are mined first.
      if (blockIntervalMs > 0) {
        const mined = chain.catchUp(blockIntervalMs);
        // A proof may change after mining: now and then the newest block is replaced (behaviour.ts, reorgRate).
        if (mined.length > 0 && behaviour.reorgRate > 0 && random() < behaviour.reorgRate) chain.reorganise(1, behaviour.reorgRemine);
      }
      const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
      const match = router.match(req.method ?? 'GET', url.pathname);
      if (!match.route.public && !hasKey(req, expectedKey)) {
        throw new ServiceProblem(401, 'UNAUTHORIZED', 'A valid API key is required: send it in the x-api-key header.');
      }
      // Test controls and the browser-facing sign-in page are never faulted; the APIs are.
      const exempt = url.pathname.startsWith('/__sandbox/') || url.pathname.startsWith('/oauth2/');
      const route = `${req.method} ${match.route.path}`;
      if (!url.pathname.startsWith('/__sandbox/')) requests.count(route);
      // A request with the sandbox's key (a test reading the explorer, as a keyed explorer account
      // would) is not held to the rate: clients send explorers no key.
      if (match.route.explorerApi && explorerWindow && !hasKey(req, expectedKey) && !explorerWindow.admit()) {
        requests.limited(route);
        // No Retry-After: the explorer's documentation gives a rate, not the header.
        throw new ServiceProblem(429, 'TOO_MANY_REQUESTS', `The explorer answers ${behaviour.explorerRate} requests a second; ask again later.`, ANY_ORIGIN);
      }
      const fault = exempt ? { kind: 'none' as const } : faults.decide();
      const latency = exempt ? 0 : faults.latency();
      if (latency > 0) await new Promise((r) => setTimeout(r, latency));
      if (fault.kind === 'drop' && fault.phase === 'before') return void req.socket.destroy();
      const injectedError = () => new ServiceProblem(faults.current.errorStatus, 'INTERNAL_ERROR', 'Injected fault: the service failed; retry later.');
      if (fault.kind === 'error' && fault.phase === 'before') throw injectedError();
      if (fault.kind === 'rate-limit') {
        const retryAfter = String(faults.current.retryAfterSeconds);
        throw new ServiceProblem(429, 'TOO_MANY_REQUESTS', `Injected fault: too many requests; retry after ${retryAfter} s.`, { 'Retry-After': retryAfter });
      }
      const reply = await run(match, req, res, url, match.route.bodyLimit ?? bodyLimit);
      if (fault.kind === 'drop') return void req.socket.destroy();
      if (fault.kind === 'error') throw injectedError(); // processed: the write is made, its answer is the error
      sendReply(res, reply);
    } catch (err) {
      if (res.headersSent || req.socket.destroyed) return;
      if (err instanceof ServiceProblem) sendProblem(res, err, behaviour.errorCodes);
      else {
        log(`internal error: ${err instanceof Error ? err.message : String(err)}`);
        sendProblem(res, new ServiceProblem(500, 'INTERNAL_ERROR', 'The sandbox failed to handle this request; retry later.'));
      }
    } finally {
      if (!req.complete) lingerThenClose(req, res);
    }
  };

  // Requests under way, so that a stop lets them finish (see stop below).
  const answering = new Set<ServerResponse>();
  let stopping = false;
  const track = (res: ServerResponse) => {
    answering.add(res);
    if (stopping) res.shouldKeepAlive = false;
    res.once('close', () => {
      answering.delete(res);
      if (stopping && answering.size === 0) server.closeAllConnections();
    });
  };
  const server: Server = createServer({ requestTimeout: 60_000, headersTimeout: 15_000, maxHeaderSize: 16 * 1024 }, (req, res) => {
    track(res);
    void handle(req, res);
  });
  // With Expect: 100-continue, an oversize body is refused before the client sends it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    try {
      const { route } = router.match(req.method ?? 'GET', new URL(req.url ?? '/', 'http://sandbox.invalid').pathname);
      checkDeclaredLength(req, route.bodyLimit ?? bodyLimit);
      res.writeContinue();
    } catch {
      // The handler answers with the same problem, without reading the body.
    }
    track(res);
    void handle(req, res);
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const problem =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? new ServiceProblem(431, undefined, 'The request headers are larger than 16 KiB.')
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? new ServiceProblem(408, undefined, 'The request took too long to arrive.')
          : new ServiceProblem(400, undefined, 'The request is not valid HTTP/1.1.');
    socket.end(rawProblemResponse(problem));
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (err) {
    db.close(); // a sandbox that could not listen holds no file open (a caller may try another port)
    throw err;
  }
  const address = server.address() as AddressInfo;
  origin = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  let stopped: Promise<void> | undefined;
  return {
    baseUrl: origin,
    authUrl: origin,
    envId,
    apiKey,
    // A stop lets the requests under way finish, within a bound (a client of the embedded
    // sandbox in another process must not lose the answer to a write because the process hosting
    // it quit): new connections are refused at once, and every answer from now says
    // "Connection: close" so that nobody sends on a connection about to go.
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        stopping = true;
        const cutOff = setTimeout(() => server.closeAllConnections(), STOP_DRAIN_MS);
        server.close(() => {
          clearTimeout(cutOff);
          db.close();
          resolve();
        });
        for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false;
        if (answering.size === 0) server.closeAllConnections();
      })),
  };
}

async function run(match: RouteMatch, req: IncomingMessage, res: ServerResponse, url: URL, limit: number): Promise<Reply> {
  if (req.method === 'POST') checkDeclaredLength(req, limit);
  return match.route.handler({ req, res, url, params: match.params, body: () => readBody(req, limit) });
}

function sendReply(res: ServerResponse, reply: Reply): void {
  if ('redirect' in reply) {
    // The redirect carries an authorization code: keep it out of caches and Referer headers.
    res.writeHead(reply.status, { Location: reply.redirect, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    res.end();
  } else if ('json' in reply) {
    const body = JSON.stringify(reply.json);
    res.writeHead(reply.status, { ...reply.headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  } else {
    const type: Record<string, string> = reply.contentType ? { 'Content-Type': reply.contentType } : {};
    res.writeHead(reply.status, { ...reply.headers, ...type, 'Content-Length': Buffer.byteLength(reply.body) });
    res.end(reply.body);
  }
}

function hasKey(req: IncomingMessage, expected: Buffer): boolean {
  const given = req.headers['x-api-key'];
  if (typeof given !== 'string') return false;
  const buf = Buffer.from(given);
  return buf.length === expected.length && timingSafeEqual(buf, expected);
}

/** The path without its query: queries can hold salts and update tokens, which stay out of logs. */
function safePath(url: string | undefined): string {
  return (url ?? '/').split('?')[0]!.slice(0, 200);
}

/**
 * After answering without reading the body, the server discards what is still arriving for a
 * moment (so the client can read the answer) and closes the connection only if the body has not
 * ended by then. A request whose body did arrive, or that had none (answered as soon as its
 * headers were parsed), keeps its connection: the client may reuse it at once, and closing it a
 * moment later would cut the request sent on it.
 */
function lingerThenClose(req: IncomingMessage, res: ServerResponse): void {
  const close = (): void => {
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
    req.once('end', () => clearTimeout(timer));
    req.resume();
  };
  if (res.writableFinished) close();
  else res.once('finish', close);
}
