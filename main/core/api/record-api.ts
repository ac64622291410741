import { isServiceCode, NotariumError, ServiceError } from '../errors/notarium-error.ts';
import { FeatureUnavailableError } from './feature-unavailable.ts';
import { HttpClient, joinUrl, type CallOptions, type HttpRequest, type HttpResponse, type TransportOptions } from './http-client.ts';
import { queryString, segment, strictEncode, updateTokenParam, type TokenPlacement } from './request-url.ts';
import {
  deleteResultSchema,
  linkedCreateSchema,
  linkedStatusSchema,
  linkedUpdateSchema,
  matchSchema,
  navigateSchema,
  parseJson,
  readinessSchema,
  statusSchema,
  writeResultSchema,
  type Confirmation,
  type LinkedUpdateResult,
  type LinkedWriteResult,
  type NavigateResult,
  type Readiness,
  type WriteResult,
} from './responses.ts';
import { resolveApiKey, type SecretSource } from './secret.ts';

/**
 * The record service (record-service.md endpoints 1-11, linked create and delete from
 * service-notes.md, health). One method per endpoint.
 *
 * 404 on status and match means "not known (yet)": the transaction may still be publishing, or it
 * was rejected. Those methods return `{ kind: 'unknown' }` instead of throwing, so a poller can
 * switch on the result; every other failure throws. Content, HEAD and navigate have no sensible
 * "unknown" value and throw a ServiceError with status 404. A 404 that means a disabled feature
 * (feature-unavailable.ts) throws FeatureUnavailableError instead.
 *
 * What a connection learns about its service is kept by its RecordApi: where the update token goes
 * (below), and navigate's page size (link-walk.ts).
 */

export interface RecordApiOptions extends TransportOptions {
  baseUrl: string;
  /** Sent only in the x-api-key header. */
  apiKey: SecretSource;
  /** Where update tokens go in the query first; see request-url.ts. Default `as-issued`. */
  tokenPlacement?: TokenPlacement;
}

export type RecordStatus = { kind: 'unknown' } | { kind: 'known'; confirmation: Confirmation | null };
export type LinkedStatus = { kind: 'unknown' } | { kind: 'known'; updatable: boolean; confirmation: Confirmation | null };
export type MatchResult = { kind: 'unknown' } | { kind: 'known'; match: boolean; confirmation: Confirmation | null };

export interface ContentHead {
  /** The size GET would return. */
  contentLength: number;
  contentType: string | null;
}

const RECORDS = '/api/v1/records';
const LINKED = '/api/v1/linkedrecords';
const OCTETS = { 'content-type': 'application/octet-stream' };

export class RecordApi {
  private readonly http: HttpClient;
  private readonly baseUrl: string;
  private readonly apiKey: SecretSource;
  /** The placement tried first; after the service refused one and took the other, the other. */
  private tokenPlacement: TokenPlacement;
  private readonly host: string;

  constructor(options: RecordApiOptions) {
    joinUrl(options.baseUrl, '/'); // fail early on a bad profile URL
    this.baseUrl = options.baseUrl;
    this.apiKey = options.apiKey;
    this.tokenPlacement = options.tokenPlacement ?? 'as-issued';
    this.host = new URL(options.baseUrl).host;
    this.http = new HttpClient(options);
  }

  // Records (1-5).

  async writeRecord(body: Uint8Array, encode: string, options?: CallOptions): Promise<WriteResult> {
    const res = await this.call({ method: 'POST', path: RECORDS + queryString({ encode }), kind: 'write', body }, options);
    return parseJson(res, writeResultSchema, 'write record');
  }

  recordStatus(txId: string, options?: CallOptions): Promise<RecordStatus> {
    return this.orUnknown(async () => {
      const res = await this.call({ method: 'GET', path: `${RECORDS}/${segment(txId)}/status`, kind: 'read' }, options);
      return { kind: 'known' as const, ...parseJson(res, statusSchema, 'record status') };
    });
  }

  async recordContent(txId: string, options?: CallOptions): Promise<Uint8Array> {
    return (await this.call({ method: 'GET', path: `${RECORDS}/${segment(txId)}/content`, kind: 'read' }, options)).body;
  }

  async recordHead(txId: string, options?: CallOptions): Promise<ContentHead> {
    return contentHead(await this.call({ method: 'HEAD', path: `${RECORDS}/${segment(txId)}/content`, kind: 'read' }, options));
  }

  /** `encode` may be omitted only when the record was written without a salt. */
  matchRecord(txId: string, body: Uint8Array, encode?: string, options?: CallOptions): Promise<MatchResult> {
    return this.matchOrUnknown(
      txId,
      () => this.recordStatus(txId, options),
      async () => {
        const res = await this.call({ method: 'POST', path: `${RECORDS}/${segment(txId)}/match${queryString({ encode })}`, kind: 'read', body }, options);
        return { kind: 'known' as const, ...parseJson(res, matchSchema, 'verify record') };
      },
    );
  }

  // Linked records (create, 6-11, delete).

  /** A 404 here names no transaction: the service has no linked records (feature-unavailable.ts). */
  async createLinked(body: Uint8Array, encode: string, options?: CallOptions): Promise<LinkedWriteResult> {
    try {
      const res = await this.call({ method: 'POST', path: LINKED + queryString({ encode }), kind: 'write', body }, options);
      return parseJson(res, linkedCreateSchema, 'create linked record');
    } catch (err) {
      if (err instanceof ServiceError && err.status === 404) throw new FeatureUnavailableError('linked', this.host);
      throw err;
    }
  }

  /** Appends a version after `txId` (the end of its chain). With the token the service does not fetch `txId`. */
  async updateLinked(txId: string, body: Uint8Array, encode: string, updateToken?: string, options?: CallOptions): Promise<LinkedUpdateResult> {
    const res = await this.withToken(updateToken, (token) =>
      this.call(
        { method: 'POST', path: `${LINKED}/${segment(txId)}/update${queryString({ encode }, token)}`, kind: 'write', body, redact: tokenForms(updateToken) },
        options,
      ),
    );
    return parseJson(res, linkedUpdateSchema, 'update linked record');
  }

  /**
   * Finalises the chain: appends an empty record; nothing is removed. The API reference describes
   * the answer as a bare 200, the guide's sample as `{ txId }` (service-notes.md): `txId` is null
   * when the service said nothing, and the record is then the one that follows `txId`.
   */
  async deleteLinked(txId: string, updateToken?: string, options?: CallOptions): Promise<{ txId: string | null }> {
    const res = await this.withToken(updateToken, (token) =>
      this.call(
        { method: 'POST', path: `${LINKED}/${segment(txId)}/delete${queryString({}, token)}`, kind: 'write', redact: tokenForms(updateToken) },
        options,
      ),
    );
    if (new TextDecoder().decode(res.body).trim() === '') return { txId: null };
    const { txId: written } = parseJson(res, deleteResultSchema, 'delete linked record');
    return { txId: written ?? null };
  }

  linkedStatus(txId: string, options?: CallOptions): Promise<LinkedStatus> {
    return this.orUnknown(async () => {
      const res = await this.call({ method: 'GET', path: `${LINKED}/${segment(txId)}/status`, kind: 'read' }, options);
      return { kind: 'known' as const, ...parseJson(res, linkedStatusSchema, 'linked record status') };
    });
  }

  async linkedContent(txId: string, options?: CallOptions): Promise<Uint8Array> {
    return (await this.call({ method: 'GET', path: `${LINKED}/${segment(txId)}/content`, kind: 'read' }, options)).body;
  }

  async linkedHead(txId: string, options?: CallOptions): Promise<ContentHead> {
    return contentHead(await this.call({ method: 'HEAD', path: `${LINKED}/${segment(txId)}/content`, kind: 'read' }, options));
  }

  /** `prevTxId`: the record that `txId` updates or deletes; omit it for the record that created the chain. */
  matchLinked(txId: string, body: Uint8Array, encode?: string, prevTxId?: string, options?: CallOptions): Promise<MatchResult> {
    return this.matchOrUnknown(
      txId,
      () => this.linkedStatus(txId, options),
      async () => {
        const path = `${LINKED}/${segment(txId)}/match${queryString({ encode, prevTxId })}`;
        const res = await this.call({ method: 'POST', path, kind: 'read', body }, options);
        return { kind: 'known' as const, ...parseJson(res, matchSchema, 'verify linked record') };
      },
    );
  }

  /**
   * Positive `links`: later records, negative: earlier ones; at most |links| ids, and |links| at
   * most the instance's maximum (link-walk.ts pages through any maximum).
   */
  async navigate(txId: string, links: number, options?: CallOptions): Promise<NavigateResult> {
    try {
      const res = await this.call({ method: 'GET', path: `${LINKED}/${segment(txId)}/navigate${queryString({ links })}`, kind: 'read' }, options);
      return parseJson(res, navigateSchema, 'navigate linked records');
    } catch (err) {
      if (err instanceof ServiceError && err.status === 404 && inABlock(await this.linkedStatus(txId, options)))
        throw new FeatureUnavailableError('navigate', this.host, txId);
      throw err;
    }
  }

  // Health (no API key).

  async readiness(options?: CallOptions): Promise<Readiness> {
    return parseJson(await this.call({ method: 'GET', path: '/readiness', kind: 'read' }, options, false), readinessSchema, 'readiness');
  }

  /** The liveness text ("Healthy"); any 2xx means alive. */
  async liveness(options?: CallOptions): Promise<string> {
    return new TextDecoder().decode((await this.call({ method: 'GET', path: '/liveness', kind: 'read' }, options, false)).body).trim();
  }

  /**
   * Sends a write that may carry an update token, placed as this connection last found right. On
   * UPDATE_TOKEN_PARAM_INVALID (a refusal: nothing was written) the other placement is tried once,
   * and kept if the service takes it.
   */
  private async withToken(token: string | undefined, send: (query: Record<string, string | undefined>) => Promise<HttpResponse>): Promise<HttpResponse> {
    if (!token) return send({});
    const placed = (placement: TokenPlacement) => ({ updateToken: updateTokenParam(token, placement) });
    const first = this.tokenPlacement;
    const other: TokenPlacement = first === 'as-issued' ? 'encoded-once' : 'as-issued';
    try {
      return await send(placed(first));
    } catch (err) {
      // A token with nothing to escape reads the same either way: a second try would say the same.
      if (!isServiceCode(err, 'UPDATE_TOKEN_PARAM_INVALID') || placed(other).updateToken === placed(first).updateToken) throw err;
    }
    const res = await send(placed(other));
    this.tokenPlacement = other;
    return res;
  }

  private async call(
    req: Omit<HttpRequest, 'url' | 'headers' | 'signal'> & { path: string },
    options: CallOptions | undefined,
    withKey = true,
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = req.body ? { ...OCTETS } : {};
    const redact = [...(req.redact ?? [])];
    let kind = req.kind;
    if (kind === 'write' && options?.idempotency) {
      headers['idempotency-key'] = options.idempotency.key;
      if (options.idempotency.honoured) kind = 'idempotent-write';
    }
    if (withKey) {
      const key = await resolveApiKey(this.apiKey);
      headers['x-api-key'] = key;
      redact.push(key);
    }
    const { path, ...rest } = req;
    return this.http.request({
      ...rest,
      kind,
      url: joinUrl(this.baseUrl, path),
      headers,
      signal: options?.signal,
      redact,
      // The key goes wherever the service sends a request within its own origin, and never beyond it.
      followRedirects: 'same-origin',
      onRetry: options?.onRetry,
      maxAttempts: options?.maxAttempts,
    });
  }

  /**
   * A 404 from match means match is disabled only when the status of `txId` shows it in a block: a
   * service's index may not hold a transaction still publishing, so a 404 then is "unknown".
   */
  private async matchOrUnknown(txId: string, status: () => Promise<RecordStatus | LinkedStatus>, match: () => Promise<MatchResult>): Promise<MatchResult> {
    const answer = await this.orUnknown(match);
    if (answer.kind === 'unknown' && inABlock(await status())) throw new FeatureUnavailableError('match', this.host, txId);
    return answer;
  }

  private async orUnknown<T>(known: () => Promise<T>): Promise<T | { kind: 'unknown' }> {
    try {
      return await known();
    } catch (err) {
      if (err instanceof ServiceError && err.status === 404) return { kind: 'unknown' };
      throw err;
    }
  }
}

/**
 * Every form a problem detail could echo the update token in: as issued, percent-encoded once more
 * (one placement), and decoded once (what the service sees of the other). None reaches a message.
 */
function tokenForms(token: string | undefined): string[] {
  if (!token) return [];
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // Not percent-encoded text: the token as issued is all there is.
  }
  return [...new Set([token, strictEncode(token), decoded])];
}

/** The service knows the transaction and says it is in a block. */
function inABlock(status: RecordStatus | LinkedStatus): boolean {
  return status.kind === 'known' && status.confirmation !== null;
}

function contentHead(res: HttpResponse): ContentHead {
  const length = res.headers.get('content-length');
  if (length === null || !/^\d+$/.test(length.trim())) {
    throw new NotariumError('BAD_RESPONSE', "The service's answer to a HEAD request has no valid Content-Length.");
  }
  return { contentLength: Number(length.trim()), contentType: res.headers.get('content-type') };
}
