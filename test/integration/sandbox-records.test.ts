import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOf, startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// Endpoints 1-5 of record-service.md against a real sandbox over HTTP.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.stop());

const digest = createHash('sha256').update('contract v1').digest();
const saltedPublished = (salt: string, record: Buffer) =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from(salt), record]))
    .digest();

describe('write record (1)', () => {
  it('publishes a salted fingerprint and reports the encoding steps', async () => {
    const res = await sb.call('/api/v1/records?encode=SHA256(k3J9%2B/x:y-z)', {
      method: 'POST',
      body: digest,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { txId: string; encoding: unknown[] };
    expect(body.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(body.encoding).toEqual([{ contentType: 'application/octet-stream' }]);
    const content = await sb.call(`/api/v1/records/${body.txId}/content`);
    expect(Buffer.from(await content.arrayBuffer())).toEqual(saltedPublished('k3J9+/x:y-z', digest));
  });

  it('omits the encoding array when no encoder is used', async () => {
    const body = await sb.write('plain bytes');
    expect(Object.keys(body)).toEqual(['txId']);
  });

  it('accepts an empty body (the body is optional)', async () => {
    const { txId } = await sb.write('');
    const head = await sb.call(`/api/v1/records/${txId}/content`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe('0');
  });

  it.each([
    ['SHA256(a b)', 'ENCODE_PARAM_INVALID'],
    ['SHA256(a+b)', 'ENCODE_PARAM_INVALID'], // an unencoded "+" arrives as a space
    ['Rot13', 'UNKNOWN_ENCODER'],
  ])('refuses encode=%s with %s', async (encode, code) => {
    const res = await sb.call(`/api/v1/records?encode=${encode}`, { method: 'POST', body: digest });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).errorCode).toBe(code);
  });

  it('bounds encoder chains: 500 encoders, and a legal chain that would grow past 16 MiB, are 400 ENCODE_PARAM_INVALID', async () => {
    const chain = (n: number) => Array.from({ length: n }, () => 'Base64').join('|');
    const tooMany = await sb.call(`/api/v1/records?encode=${chain(500)}`, { method: 'POST', body: '' });
    expect(tooMany.status).toBe(400);
    expect(await problemOf(tooMany)).toMatchObject({ errorCode: 'ENCODE_PARAM_INVALID', detail: expect.stringMatching(/500 encoders; at most 16/) });
    // Ten Base64 steps are allowed in number; from a 1 MiB body (the default limit) they would make 17.8 MiB.
    const tooLarge = await sb.call(`/api/v1/records?encode=${chain(10)}`, { method: 'POST', body: Buffer.alloc(1024 * 1024, 7) });
    expect(tooLarge.status).toBe(400);
    expect(await problemOf(tooLarge)).toMatchObject({
      errorCode: 'ENCODE_PARAM_INVALID',
      detail: expect.stringMatching(/Encoder 10 of encode would produce 18620408 bytes from a 1048576-byte record; at most 16777216/),
    });
    // Nothing was registered for either; nine steps are still fine.
    expect((await sb.call(`/api/v1/records?encode=${chain(9)}`, { method: 'POST', body: Buffer.alloc(1024 * 1024, 7) })).status).toBe(200);
  });

  it('without encode, publishes the record as sent (the guides\' "unencoded" examples)', async () => {
    const res = await sb.call('/api/v1/records', { method: 'POST', body: 'hello' });
    expect(res.status).toBe(200);
    const { txId } = (await res.json()) as { txId: string };
    expect(await (await sb.call(`/api/v1/records/${txId}/content`)).text()).toBe('hello');
  });

  it('needs a known API key', async () => {
    for (const headers of [{ 'x-api-key': '' }, { 'x-api-key': 'wrong' }]) {
      const res = await sb.call('/api/v1/records?encode=', { method: 'POST', body: digest, headers });
      expect(res.status).toBe(401);
      const problem = await problemOf(res);
      expect(problem).toMatchObject({ status: 401, title: 'Unauthorized', errorCode: 'UNAUTHORIZED' });
      expect(problem.detail).toMatch(/x-api-key/);
    }
  });
});

describe('record status (2)', () => {
  it('is null until the block, then carries the block and a proof', async () => {
    const { txId } = await sb.write(digest, 'SHA256(s1)');
    expect(await sb.json(`/api/v1/records/${txId}/status`)).toEqual({ confirmation: null });
    await sb.mine();
    const { confirmation } = await sb.json<{ confirmation: Record<string, unknown> }>(`/api/v1/records/${txId}/status`);
    expect(confirmation).toMatchObject({ confirmedBlocks: 1, blockHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(confirmation.blockTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(confirmation.merkleProof).toMatchObject({ txOrId: txId, targetType: 'header', proofType: null, composite: null });
    await sb.mine(2);
    expect((await sb.json<{ confirmation: { confirmedBlocks: number } }>(`/api/v1/records/${txId}/status`)).confirmation.confirmedBlocks).toBe(3);
  });

  it('answers 404 for an id it never issued', async () => {
    const res = await sb.call(`/api/v1/records/${'ab'.repeat(32)}/status`);
    expect(res.status).toBe(404);
    expect(await problemOf(res)).toMatchObject({ status: 404, title: 'Content not found' });
  });
});

describe('record content (3) and headers (4)', () => {
  it('serves the published bytes; HEAD gives the same length and no body', async () => {
    const { txId } = await sb.write('a record of some length', 'Base64');
    const get = await sb.call(`/api/v1/records/${txId}/content`);
    expect(get.headers.get('content-type')).toBe('application/octet-stream');
    const bytes = Buffer.from(await get.arrayBuffer());
    expect(bytes.toString()).toBe(Buffer.from('a record of some length').toString('base64'));
    const head = await sb.call(`/api/v1/records/${txId}/content`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/octet-stream');
    expect(Number(head.headers.get('content-length'))).toBe(bytes.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('TX_ID_PARAM_INVALID for an id that is not 64 hex characters', async () => {
    for (const id of ['123', 'zz'.repeat(32), 'ab'.repeat(33)]) {
      const res = await sb.call(`/api/v1/records/${id}/content`);
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errorCode).toBe('TX_ID_PARAM_INVALID');
    }
  });

  it('HEAD answers 400 for an invalid id', async () => {
    const res = await sb.call('/api/v1/records/not-an-id/content', { method: 'HEAD' });
    expect(res.status).toBe(400);
  });

  it('TX_NOT_AN_EVENT_TRANSACTION for a transaction the service did not write', async () => {
    const { txId } = await sb.json<{ txId: string }>('/__sandbox/inject', { method: 'POST', body: JSON.stringify({ type: 'foreign' }) });
    const res = await sb.call(`/api/v1/records/${txId}/content`);
    expect((await problemOf(res)).errorCode).toBe('TX_NOT_AN_EVENT_TRANSACTION');
  });

  it('TX_NOT_AN_EVENT_TRANSACTION for a coinbase', async () => {
    const { blocks } = await sb.json<{ blocks: { txIds: string[] }[] }>('/__sandbox/mine', { method: 'POST', body: '{}' });
    const res = await sb.call(`/api/v1/records/${blocks[0]!.txIds[0]}/content`);
    expect((await problemOf(res)).errorCode).toBe('TX_NOT_AN_EVENT_TRANSACTION');
  });

  it('TX_CONTENT_TYPE_NOT_SUPPORTED for a record of a newer service version', async () => {
    const { txId } = await sb.json<{ txId: string }>('/__sandbox/inject', { method: 'POST', body: JSON.stringify({ type: 'future' }) });
    const res = await sb.call(`/api/v1/records/${txId}/content`);
    expect((await problemOf(res)).errorCode).toBe('TX_CONTENT_TYPE_NOT_SUPPORTED');
  });
});

describe('verify record (5)', () => {
  it('matches the original record with the same encode, before and after confirmation', async () => {
    const { txId } = await sb.write(digest, 'SHA256(salt1)|Base64');
    const before = await sb.json(`/api/v1/records/${txId}/match?encode=${encodeURIComponent('SHA256(salt1)|Base64')}`, { method: 'POST', body: digest });
    expect(before).toEqual({ match: true, confirmation: null });
    await sb.mine();
    const after = await sb.json<{ match: boolean; confirmation: { confirmedBlocks: number } }>(`/api/v1/records/${txId}/match?encode=SHA256(salt1)|Base64`, {
      method: 'POST',
      body: digest,
    });
    expect(after.match).toBe(true);
    expect(after.confirmation.confirmedBlocks).toBe(1);
  });

  it('answers match false for other bytes or another salt', async () => {
    const { txId } = await sb.write(digest, 'SHA256(salt2)');
    const other = await sb.json(`/api/v1/records/${txId}/match?encode=SHA256(salt2)`, { method: 'POST', body: Buffer.from('other') });
    expect(other).toMatchObject({ match: false });
    const salt = await sb.json(`/api/v1/records/${txId}/match?encode=SHA256(salt3)`, { method: 'POST', body: digest });
    expect(salt).toMatchObject({ match: false });
  });

  it('lets encode be omitted only when the encoders had no salt', async () => {
    const unsalted = await sb.write(digest, 'SHA256');
    expect(await sb.json(`/api/v1/records/${unsalted.txId}/match`, { method: 'POST', body: digest })).toMatchObject({ match: true });
    const salted = await sb.write(digest, 'SHA256(x)');
    const res = await sb.call(`/api/v1/records/${salted.txId}/match`, { method: 'POST', body: digest });
    expect((await problemOf(res)).errorCode).toBe('ENCODE_PARAM_INVALID');
  });

  it('404 for an unknown transaction; the service codes for bad ids and foreign transactions', async () => {
    expect((await sb.call(`/api/v1/records/${'cd'.repeat(32)}/match?encode=`, { method: 'POST' })).status).toBe(404);
    const bad = await sb.call('/api/v1/records/xyz/match?encode=', { method: 'POST' });
    expect((await problemOf(bad)).errorCode).toBe('TX_ID_PARAM_INVALID');
    const { txId } = await sb.json<{ txId: string }>('/__sandbox/inject', { method: 'POST', body: JSON.stringify({ type: 'foreign' }) });
    const foreign = await sb.call(`/api/v1/records/${txId}/match?encode=`, { method: 'POST' });
    expect((await problemOf(foreign)).errorCode).toBe('TX_NOT_AN_EVENT_TRANSACTION');
  });
});

describe('instance settings', () => {
  it('drive CONTENT_BAD_ENCODER, CONTENT_ENCODER_ARGUMENT_MISSING, ENCODER_SHA256_MISSING and CONTENT_IS_REQUIRED', async () => {
    const strict = await startTestSandbox({ encoders: ['SHA256'], saltRequired: true, sha256Required: true, contentRequired: true });
    try {
      const code = async (encode: string, body = 'x') =>
        (await problemOf(await strict.call(`/api/v1/records?encode=${encode}`, { method: 'POST', body }))).errorCode;
      expect(await code('SHA256(s)|Base64')).toBe('CONTENT_BAD_ENCODER');
      expect(await code('SHA256')).toBe('CONTENT_ENCODER_ARGUMENT_MISSING');
      expect(await code('')).toBe('ENCODER_SHA256_MISSING');
      expect(await code('SHA256(s)', '')).toBe('CONTENT_IS_REQUIRED');
      expect((await strict.call('/api/v1/records?encode=SHA256(s)', { method: 'POST', body: 'x' })).status).toBe(200);
    } finally {
      await strict.stop();
    }
  });
});

describe('Idempotency-Key (sandbox extension)', () => {
  it('replays the first answer to a repeated write instead of registering twice', async () => {
    const before = (await sb.json<{ mempool: number }>('/__sandbox/chain')).mempool;
    const send = (body: string) => sb.call('/api/v1/records?encode=SHA256(idem)', { method: 'POST', body, headers: { 'idempotency-key': 'key-1' } });
    const first = await (await send('same bytes')).json();
    const second = await (await send('same bytes')).json();
    expect(second).toEqual(first);
    expect((await sb.json<{ mempool: number }>('/__sandbox/chain')).mempool).toBe(before + 1);
    const reused = await send('other bytes');
    expect(reused.status).toBe(422);
    expect((await problemOf(reused)).errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('covers linked writes and refuses malformed keys', async () => {
    const create = () => sb.call('/api/v1/linkedrecords?encode=', { method: 'POST', body: 'v1', headers: { 'idempotency-key': 'key-linked' } });
    expect(await (await create()).json()).toEqual(await (await create()).json());
    const bad = await sb.call('/api/v1/records?encode=', { method: 'POST', body: 'x', headers: { 'idempotency-key': 'has space' } });
    expect((await problemOf(bad)).errorCode).toBe('IDEMPOTENCY_KEY_INVALID');
  });
});
