import { createHash } from 'node:crypto';
import { ServiceProblem } from '../http/problem.ts';
import type { RequestContext } from '../http/router.ts';
import type { SandboxDatabase } from '../store/database.ts';

/**
 * Idempotency-Key for writes (draft-ietf-httpapi-idempotency-key-header), an extension of the
 * sandbox: a client that lost the answer to a write (a crash, a dropped connection) sends the same
 * request with the same key and gets the first answer again instead of a second registration.
 */

const KEY = /^[\x21-\x7e]{1,255}$/;
const KEEP_MS = 24 * 3600 * 1000;

export class IdempotencyKeys {
  constructor(
    private readonly db: SandboxDatabase,
    private readonly now: () => number,
  ) {
    db.exec(`CREATE TABLE IF NOT EXISTS idempotency_keys (
      key         TEXT PRIMARY KEY,
      request     TEXT NOT NULL,    -- SHA-256 of method, path, query and body
      response    TEXT NOT NULL,    -- the JSON answered the first time
      created_at  INTEGER NOT NULL
    )`);
  }

  /** Runs `write` once per key; a repeat of the same request replays its first answer. */
  once<T>(ctx: RequestContext, body: Buffer, write: () => T): T {
    const header = ctx.req.headers['idempotency-key'];
    if (header === undefined) return write();
    const key = Array.isArray(header) ? header[0]! : header;
    if (!KEY.test(key)) throw new ServiceProblem(400, 'IDEMPOTENCY_KEY_INVALID', 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
    const request = createHash('sha256').update(`${ctx.req.method} ${ctx.url.pathname}${ctx.url.search}\n`).update(body).digest('hex');
    this.db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(this.now() - KEEP_MS);
    const seen = this.db.prepare<[string], { request: string; response: string }>('SELECT request, response FROM idempotency_keys WHERE key = ?').get(key);
    if (seen) {
      if (seen.request !== request) {
        throw new ServiceProblem(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for a different request: use a new key for a new request.',
        );
      }
      return JSON.parse(seen.response) as T;
    }
    const result = write();
    this.db
      .prepare('INSERT INTO idempotency_keys (key, request, response, created_at) VALUES (?, ?, ?, ?)')
      .run(key, request, JSON.stringify(result), this.now());
    return result;
  }
}
