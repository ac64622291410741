import { NotariumError, ServiceError } from '../errors/notarium-error.ts';
import { HttpClient, joinUrl, type CallOptions, type HttpRequest, type HttpResponse, type TransportOptions } from './http-client.ts';
import { queryString, segment, updateTokenParam, type UpdateTokenEncoding } from './request-url.ts';
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
 * "unknown" value and throw a ServiceError with status 404.
 */

export interface RecordApiOptions extends TransportOptions {
  baseUrl: string;
  /** Sent only in the x-api-key header. */
  apiKey: SecretSource;
  /** How update tokens go into the query; see request-url.ts. Default `encoded-once`. */
  updateTokenEncoding?: UpdateTokenEncoding;
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
  private readonly tokenEncoding: UpdateTokenEncoding;

  constructor(options: RecordApiOptions) {
    joinUrl(options.baseUrl, '/'); // fail early on a bad profile URL
    this.baseUrl = options.baseUrl;
    this.apiKey = options.apiKey;
    this.tokenEncoding = options.updateTokenEncoding ?? 'encoded-once';
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
    return this.orUnknown(async () => {
      const res = await this.call({ method: 'POST', path: `${RECORDS}/${segment(txId)}/match${queryString({ encode })}`, kind: 'read', body }, options);
      return { kind: 'known' as const, ...parseJson(res, matchSchema, 'verify record') };
    });
  }

  // Linked records (create, 6-11, delete).

  async createLinked(body: Uint8Array, encode: string, options?: CallOptions): Promise<LinkedWriteResult> {
    const res = await this.call({ method: 'POST', path: LINKED + queryString({ encode }), kind: 'write', body }, options);
    return parseJson(res, linkedCreateSchema, 'create linked record');
  }

  /** Appends a version after `txId` (the end of its chain). With the token the service does not fetch `txId`. */
  async updateLinked(txId: string, body: Uint8Array, encode: string, updateToken?: string, options?: CallOptions): Promise<LinkedUpdateResult> {
    const path = `${LINKED}/${segment(txId)}/update${queryString({ encode }, this.tokenParam(updateToken))}`;
    const res = await this.call({ method: 'POST', path, kind: 'write', body, redact: updateToken ? [updateToken] : [] }, options);
    return parseJson(res, linkedUpdateSchema, 'update linked record');
  }

  /** Finalises the chain: appends an empty record; nothing is removed. */
  async deleteLinked(txId: string, updateToken?: string, options?: CallOptions): Promise<{ txId: string }> {
    const path = `${LINKED}/${segment(txId)}/delete${queryString({}, this.tokenParam(updateToken))}`;
    const res = await this.call({ method: 'POST', path, kind: 'write', redact: updateToken ? [updateToken] : [] }, options);
    return parseJson(res, deleteResultSchema, 'delete linked record');
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
    return this.orUnknown(async () => {
      const path = `${LINKED}/${segment(txId)}/match${queryString({ encode, prevTxId })}`;
      const res = await this.call({ method: 'POST', path, kind: 'read', body }, options);
      return { kind: 'known' as const, ...parseJson(res, matchSchema, 'verify linked record') };
    });
  }

  /** Positive `links`: later records, negative: earlier ones; at most |links| ids. */
  async navigate(txId: string, links: number, options?: CallOptions): Promise<NavigateResult> {
    const res = await this.call({ method: 'GET', path: `${LINKED}/${segment(txId)}/navigate${queryString({ links })}`, kind: 'read' }, options);
    return parseJson(res, navigateSchema, 'navigate linked records');
  }

  // Health (no API key).

  async readiness(options?: CallOptions): Promise<Readiness> {
    return parseJson(await this.call({ method: 'GET', path: '/readiness', kind: 'read' }, options, false), readinessSchema, 'readiness');
  }

  /** The liveness text ("Healthy"); any 2xx means alive. */
  async liveness(options?: CallOptions): Promise<string> {
    return new TextDecoder().decode((await this.call({ method: 'GET', path: '/liveness', kind: 'read' }, options, false)).body).trim();
  }

  private tokenParam(token: string | undefined): Record<string, string | undefined> {
    return { updateToken: token ? updateTokenParam(token, this.tokenEncoding) : undefined };
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
    return this.http.request({ ...rest, kind, url: joinUrl(this.baseUrl, path), headers, signal: options?.signal, redact, onRetry: options?.onRetry, maxAttempts: options?.maxAttempts });
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

function contentHead(res: HttpResponse): ContentHead {
  const length = res.headers.get('content-length');
  if (length === null || !/^\d+$/.test(length.trim())) {
    throw new NotariumError('BAD_RESPONSE', "The service's answer to a HEAD request has no valid Content-Length.");
  }
  return { contentLength: Number(length.trim()), contentType: res.headers.get('content-type') };
}
