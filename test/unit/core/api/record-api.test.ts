import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../../main/core/api/http-client.ts';
import { RecordApi } from '../../../../main/core/api/record-api.ts';
import { NotariumError } from '../../../../main/core/errors/notarium-error.ts';
import { isFeatureUnavailable } from '../../../../main/core/api/feature-unavailable.ts';

// What RecordApi puts on the wire: methods, paths, queries, headers. The answers are canned; the
// integration tests check the same calls against a real sandbox.

const KEY = 'KEY-5c1e-distinctive';
const TX = 'ab'.repeat(32);
const TOKEN = 'eyJhIjoiYiJ9%3D%3D';

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

function apiWith(answer: () => Response, apiKey: string | (() => Promise<string>) = KEY): { api: RecordApi; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ method: init.method ?? 'GET', url: new URL(url), headers: new Headers(init.headers), body: init.body });
    return answer();
  };
  return { api: new RecordApi({ baseUrl: 'https://records.example/prefix/', apiKey, fetch, sleep: async () => {} }), sent };
}
const json = (value: unknown) => () => new Response(JSON.stringify(value), { status: 200 });

describe('RecordApi requests', () => {
  it('write: POST with the encode query, octet-stream body and the key header', async () => {
    const { api, sent } = apiWith(json({ txId: TX }));
    const body = new Uint8Array([1, 2, 3]);
    await api.writeRecord(body, 'SHA256(a+b)|Base64');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url.pathname).toBe('/prefix/api/v1/records');
    expect(sent[0]!.url.search).toBe('?encode=SHA256%28a%2Bb%29%7CBase64');
    expect(sent[0]!.headers.get('x-api-key')).toBe(KEY);
    expect(sent[0]!.headers.get('content-type')).toBe('application/octet-stream');
    expect(sent[0]!.body).toBe(body);
  });

  it('builds every path, and omits optional parameters', async () => {
    const { api, sent } = apiWith(json({ txId: TX, match: true, updatable: true, txIds: [], endOfLinks: true }));
    await api.recordStatus(TX);
    await api.matchRecord(TX, new Uint8Array());
    await api.matchLinked(TX, new Uint8Array(), 'SHA256(s)', 'cd'.repeat(32));
    await api.linkedStatus(TX);
    await api.navigate(TX, -5);
    await api.createLinked(new Uint8Array(), '');
    await api.updateLinked(TX, new Uint8Array(), '');
    await api.deleteLinked(TX);
    expect(sent.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      `GET /prefix/api/v1/records/${TX}/status`,
      `POST /prefix/api/v1/records/${TX}/match`,
      `POST /prefix/api/v1/linkedrecords/${TX}/match?encode=SHA256%28s%29&prevTxId=${'cd'.repeat(32)}`,
      `GET /prefix/api/v1/linkedrecords/${TX}/status`,
      `GET /prefix/api/v1/linkedrecords/${TX}/navigate?links=-5`,
      'POST /prefix/api/v1/linkedrecords?encode=',
      `POST /prefix/api/v1/linkedrecords/${TX}/update?encode=`,
      `POST /prefix/api/v1/linkedrecords/${TX}/delete`,
    ]);
  });

  it('sends the update token as issued, as the guides do: the service reads the base64 underneath', async () => {
    const { api, sent } = apiWith(json({ txId: TX }));
    await api.updateLinked(TX, new Uint8Array(), '', TOKEN);
    await api.deleteLinked(TX, TOKEN);
    for (const s of sent) expect(s.url.searchParams.get('updateToken')).toBe(decodeURIComponent(TOKEN));
  });

  it('cannot be steered to another path by an id', async () => {
    const { api, sent } = apiWith(json({ confirmation: null }));
    await api.recordStatus('../../admin?x=1');
    expect(sent[0]!.url.pathname).toBe('/prefix/api/v1/records/..%2F..%2Fadmin%3Fx%3D1/status');
  });

  it('reads the key through a getter for each request, and refuses an empty one', async () => {
    let reads = 0;
    const { api, sent } = apiWith(json({ confirmation: null }), async () => {
      reads++;
      return KEY;
    });
    await api.recordStatus(TX);
    await api.recordStatus(TX);
    expect(reads).toBe(2);
    expect(sent[1]!.headers.get('x-api-key')).toBe(KEY);
    const empty = apiWith(json({}), async () => '');
    await expect(empty.api.recordStatus(TX)).rejects.toMatchObject({ code: 'NO_API_KEY' });
    expect(empty.sent).toHaveLength(0);
  });

  it('sends no key to the health endpoints', async () => {
    const { api, sent } = apiWith(() => new Response('Healthy\n'));
    expect(await api.liveness()).toBe('Healthy');
    expect(sent[0]!.headers.has('x-api-key')).toBe(false);
  });

  it('HEAD: the content length, or BAD_RESPONSE without one', async () => {
    const withLength = apiWith(() => new Response(null, { status: 200, headers: { 'content-length': '42', 'content-type': 'application/octet-stream' } }));
    expect(await withLength.api.recordHead(TX)).toEqual({ contentLength: 42, contentType: 'application/octet-stream' });
    const without = apiWith(() => new Response(null, { status: 200 }));
    const err = await without.api.linkedHead(TX).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotariumError);
    expect(err).toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('reads a delete answered with an empty 200, or with an object without txId, as a success that names no txId', async () => {
    expect(await apiWith(() => new Response(null, { status: 200 })).api.deleteLinked(TX)).toEqual({ txId: null });
    expect(await apiWith(() => new Response('  \n', { status: 200 })).api.deleteLinked(TX)).toEqual({ txId: null });
    expect(await apiWith(json({})).api.deleteLinked(TX)).toEqual({ txId: null });
    expect(await apiWith(json({ txId: TX.toUpperCase() })).api.deleteLinked(TX)).toEqual({ txId: TX });
    await expect(apiWith(json({ txId: 'x' })).api.deleteLinked(TX)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => new RecordApi({ baseUrl: 'ftp://x', apiKey: KEY })).toThrow(NotariumError);
    expect(() => new RecordApi({ baseUrl: 'not a url', apiKey: KEY })).toThrow(NotariumError);
  });
});

/** A fake service answering by request: what the tests below need of each endpoint. */
function serviceWith(answer: (req: Sent) => Response): { api: RecordApi; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    const req = { method: init.method ?? 'GET', url: new URL(url), headers: new Headers(init.headers), body: init.body };
    sent.push(req);
    return answer(req);
  };
  return { api: new RecordApi({ baseUrl: 'https://records.example/', apiKey: KEY, fetch, sleep: async () => {} }), sent };
}
const problem = (status: number, errorCode?: string) =>
  new Response(JSON.stringify({ title: status === 404 ? 'Content not found' : 'Invalid request', status, ...(errorCode ? { errorCode } : {}) }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
const ok = (value: unknown) => new Response(JSON.stringify(value), { status: 200 });

describe('the update token in a refusal', () => {
  it('is kept out of the message in every form the service could echo it: as issued, decoded, encoded once more', async () => {
    for (const echo of [TOKEN, decodeURIComponent(TOKEN), encodeURIComponent(TOKEN)]) {
      const { api } = serviceWith(
        () =>
          new Response(JSON.stringify({ title: 'Invalid request', status: 400, errorCode: 'TX_NOT_LINKABLE', detail: `the token ${echo} spends nothing` }), {
            status: 400,
          }),
      );
      const err = (await api.updateLinked(TX, new Uint8Array(), '', TOKEN).catch((e: unknown) => e)) as Error;
      expect(err.message).not.toContain(echo);
    }
  });
});

describe('the update token: sent as issued, the other placement tried once on UPDATE_TOKEN_PARAM_INVALID, and kept', () => {
  /** A service that takes the token only percent-encoded once more (it reads the query twice). */
  const encodedOnceOnly = (req: Sent) => (req.url.searchParams.get('updateToken') === TOKEN ? ok({ txId: TX }) : problem(400, 'UPDATE_TOKEN_PARAM_INVALID'));
  const placements = (sent: Sent[]) => sent.map((s) => (s.url.searchParams.get('updateToken') === TOKEN ? 'encoded-once' : 'as-issued'));

  it('tries the other placement once, and the connection keeps it for updates and deletes', async () => {
    const { api, sent } = serviceWith(encodedOnceOnly);
    expect(await api.updateLinked(TX, new Uint8Array(), '', TOKEN)).toMatchObject({ txId: TX });
    await api.deleteLinked(TX, TOKEN);
    await api.updateLinked(TX, new Uint8Array(), '', TOKEN);
    expect(placements(sent)).toEqual(['as-issued', 'encoded-once', 'encoded-once', 'encoded-once']);
  });

  it('a token refused both ways is refused once more, not again and again', async () => {
    const { api, sent } = serviceWith(() => problem(400, 'UPDATE_TOKEN_PARAM_INVALID'));
    await expect(api.updateLinked(TX, new Uint8Array(), '', TOKEN)).rejects.toMatchObject({
      code: 'UPDATE_TOKEN_PARAM_INVALID',
      errorCode: 'UPDATE_TOKEN_PARAM_INVALID',
    });
    expect(placements(sent)).toEqual(['as-issued', 'encoded-once']);
    await expect(api.deleteLinked(TX, TOKEN)).rejects.toMatchObject({ errorCode: 'UPDATE_TOKEN_PARAM_INVALID' });
    expect(placements(sent)).toEqual(['as-issued', 'encoded-once', 'as-issued', 'encoded-once']);
  });

  it('no second try for a token that reads the same either way, or for another refusal', async () => {
    const plain = serviceWith(() => problem(400, 'UPDATE_TOKEN_PARAM_INVALID'));
    await expect(plain.api.updateLinked(TX, new Uint8Array(), '', 'eyJhIjoiYiJ9')).rejects.toMatchObject({ errorCode: 'UPDATE_TOKEN_PARAM_INVALID' });
    expect(plain.sent).toHaveLength(1);
    const other = serviceWith(() => problem(400, 'NOT_LINKED_RECORDS_END'));
    await expect(other.api.updateLinked(TX, new Uint8Array(), '', TOKEN)).rejects.toMatchObject({ errorCode: 'NOT_LINKED_RECORDS_END' });
    expect(other.sent).toHaveLength(1);
  });
});

describe('a disabled feature answers 404 like an unknown txId: told apart by context', () => {
  const KNOWN = 'cd'.repeat(32);
  /** Known and still publishing: a service's index may not hold it yet, so its 404s prove nothing. */
  const PUBLISHING = 'ef'.repeat(32);
  /** match and navigate disabled: 404 whatever the txId; status answers for KNOWN (in a block) and PUBLISHING (not yet). */
  const disabled = (req: Sent) =>
    req.url.pathname.endsWith('/status') && req.url.pathname.includes(KNOWN)
      ? ok({ updatable: true, confirmation: { confirmedBlocks: 1 } })
      : req.url.pathname.endsWith('/status') && req.url.pathname.includes(PUBLISHING)
        ? ok({ updatable: true, confirmation: null })
        : problem(404);

  it('a 404 to creating a linked record: FEATURE_UNAVAILABLE, naming linked records and what to do', async () => {
    const { api } = serviceWith(() => problem(404));
    const err = await api.createLinked(new Uint8Array(), '').catch((e: unknown) => e);
    expect(isFeatureUnavailable(err, 'linked')).toBe(true);
    expect(err).toMatchObject({ code: 'FEATURE_UNAVAILABLE' });
    expect((err as Error).message).toMatch(
      /^The service at records\.example does not offer linked records in its configuration \(it answered 404 to creating a linked record\), so documents .* ask its provider to enable linked records/,
    );
  });

  it('a 404 from match about a transaction whose status answers: FEATURE_UNAVAILABLE; both unknown: unknown', async () => {
    const { api, sent } = serviceWith(disabled);
    const err = await api.matchRecord(KNOWN, new Uint8Array(), 'SHA256(s)').catch((e: unknown) => e);
    expect(isFeatureUnavailable(err, 'match')).toBe(true);
    expect((err as Error).message).toContain(`knows transaction ${KNOWN} but answered 404 to verifying it`);
    expect(sent.map((s) => `${s.method} ${s.url.pathname}`)).toEqual([`POST /api/v1/records/${KNOWN}/match`, `GET /api/v1/records/${KNOWN}/status`]);
    expect(isFeatureUnavailable(await api.matchLinked(KNOWN, new Uint8Array(), '', TX).catch((e: unknown) => e), 'match')).toBe(true);
    expect(await api.matchRecord(TX, new Uint8Array(), 'SHA256(s)')).toEqual({ kind: 'unknown' });
    expect(await api.matchLinked(TX, new Uint8Array())).toEqual({ kind: 'unknown' });
    expect(await api.matchRecord(PUBLISHING, new Uint8Array(), 'SHA256(s)')).toEqual({ kind: 'unknown' }); // not in a block yet: proves nothing
  });

  it('a 404 from navigate about a linked record whose status answers: FEATURE_UNAVAILABLE; else the 404', async () => {
    const { api } = serviceWith(disabled);
    const err = await api.navigate(KNOWN, 5).catch((e: unknown) => e);
    expect(isFeatureUnavailable(err, 'navigate')).toBe(true);
    expect((err as Error).message).toContain("a document's history is read from the library instead");
    await expect(api.navigate(TX, 5)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    await expect(api.navigate(PUBLISHING, 5)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});
