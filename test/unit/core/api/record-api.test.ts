import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../../main/core/api/http-client.ts';
import { RecordApi } from '../../../../main/core/api/record-api.ts';
import { NotariumError } from '../../../../main/core/errors/notarium-error.ts';

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

  it('sends the update token encoded once, so the service reads exactly the issued string', async () => {
    const { api, sent } = apiWith(json({ txId: TX }));
    await api.updateLinked(TX, new Uint8Array(), '', TOKEN);
    await api.deleteLinked(TX, TOKEN);
    for (const s of sent) expect(s.url.searchParams.get('updateToken')).toBe(TOKEN);
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

  it('refuses a base URL that is not http(s)', () => {
    expect(() => new RecordApi({ baseUrl: 'ftp://x', apiKey: KEY })).toThrow(NotariumError);
    expect(() => new RecordApi({ baseUrl: 'not a url', apiKey: KEY })).toThrow(NotariumError);
  });
});
