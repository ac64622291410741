import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemOf, startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// Linked records: create, update (6), status (7), content (8, 9), match (10), navigate (11), delete.

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox({ navigateMax: 10 });
});
afterAll(() => sb.stop());

/** A chain of `length` versions, each mined before the next is written (the life-cycle rule). */
async function chainOf(length: number): Promise<{ txId: string; updateToken: string }[]> {
  const chain = [await sb.createLinked('v1', 'SHA256(c1)')];
  await sb.mine();
  for (let v = 2; v <= length; v++) {
    chain.push(await sb.updateLinked(chain.at(-1)!.txId, `v${v}`, { encode: 'SHA256(c1)', token: chain.at(-1)!.updateToken }));
    await sb.mine();
  }
  return chain;
}

const code = async (res: Response) => (await problemOf(res)).errorCode;

describe('create and update', () => {
  it('create returns txId, updateToken and encoding; update returns fingerprint too', async () => {
    const created = await sb.json<Record<string, unknown>>('/api/v1/linkedrecords?encode=SHA256(a)', { method: 'POST', body: 'v1' });
    expect(Object.keys(created).sort()).toEqual(['encoding', 'txId', 'updateToken']);
    const token = decodeURIComponent(created.updateToken as string);
    const structure = JSON.parse(Buffer.from(token, 'base64').toString());
    expect(structure).toEqual({
      keyAlias: expect.any(String),
      derivationPath: expect.any(String),
      lockingScript: expect.stringMatching(/^76a914[0-9a-f]{40}88ac$/),
      outputValue: 1,
    });
    await sb.mine();
    const updated = await sb.json<Record<string, unknown>>(`/api/v1/linkedrecords/${created.txId as string}/update?encode=SHA256(a)`, {
      method: 'POST',
      body: 'v2',
    });
    expect(updated).toMatchObject({
      txId: expect.stringMatching(/^[0-9a-f]{64}$/),
      updateToken: expect.any(String),
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('update works with the token sent once or twice URL-encoded', async () => {
    const created = await sb.createLinked('v1');
    await sb.mine();
    const raw = decodeURIComponent(created.updateToken);
    const once = await sb.call(`/api/v1/linkedrecords/${created.txId}/update?encode=&updateToken=${encodeURIComponent(raw)}`, { method: 'POST', body: 'v2' });
    expect(once.status).toBe(200);
    const next = (await once.json()) as { txId: string; updateToken: string };
    await sb.mine();
    const twice = await sb.call(`/api/v1/linkedrecords/${next.txId}/update?encode=&updateToken=${encodeURIComponent(next.updateToken)}`, {
      method: 'POST',
      body: 'v3',
    });
    expect(twice.status).toBe(200);
  });

  it('only the end of a chain can be updated, and each record only once', async () => {
    const [first, second] = await chainOf(2);
    expect(await code(await sb.call(`/api/v1/linkedrecords/${first!.txId}/update?encode=`, { method: 'POST', body: 'x' }))).toBe('NOT_LINKED_RECORDS_END');
    expect(
      await code(
        await sb.call(`/api/v1/linkedrecords/${first!.txId}/update?encode=&updateToken=${encodeURIComponent(first!.updateToken)}`, {
          method: 'POST',
          body: 'x',
        }),
      ),
    ).toBe('NOT_LINKED_RECORDS_END');
    expect((await sb.json<{ updatable: boolean }>(`/api/v1/linkedrecords/${second!.txId}/status`)).updatable).toBe(true);
    expect((await sb.json<{ updatable: boolean }>(`/api/v1/linkedrecords/${first!.txId}/status`)).updatable).toBe(false);
  });

  it('update errors: TX_HASH_PARM_INVALID, TX_NOT_LINKABLE, TX_NOT_AN_EVENT_TRANSACTION, UPDATE_TOKEN_PARAM_INVALID, 404', async () => {
    const post = (path: string) => sb.call(path, { method: 'POST', body: 'x' });
    expect(await code(await post('/api/v1/linkedrecords/nothex/update?encode='))).toBe('TX_HASH_PARM_INVALID');
    const plain = await sb.write('plain');
    expect(await code(await post(`/api/v1/linkedrecords/${plain.txId}/update?encode=`))).toBe('TX_NOT_LINKABLE');
    const { txId: foreign } = await sb.json<{ txId: string }>('/__sandbox/inject', { method: 'POST', body: JSON.stringify({ type: 'foreign' }) });
    expect(await code(await post(`/api/v1/linkedrecords/${foreign}/update?encode=`))).toBe('TX_NOT_AN_EVENT_TRANSACTION');
    const created = await sb.createLinked('v1');
    for (const token of ['not-base64!', encodeURIComponent(Buffer.from('{"a":1}').toString('base64')), 'e30=']) {
      expect(await code(await post(`/api/v1/linkedrecords/${created.txId}/update?encode=&updateToken=${token}`))).toBe('UPDATE_TOKEN_PARAM_INVALID');
    }
    expect((await post(`/api/v1/linkedrecords/${'ef'.repeat(32)}/update?encode=`)).status).toBe(404);
  });

  it('update encode errors: ENCODE_PARAM_INVALID, CONTENT_BAD_ENCODER, CONTENT_ENCODER_ARGUMENT_MISSING, CONTENT_LENGTH_LIMIT_EXCEEDED', async () => {
    const strict = await startTestSandbox({ encoders: ['SHA256'], saltRequired: true, bodyLimit: 64 });
    try {
      const created = await strict.createLinked('v1', 'SHA256(s)');
      await strict.mine();
      const update = (encode: string, body: string | Buffer = 'x') =>
        strict.call(`/api/v1/linkedrecords/${created.txId}/update?encode=${encode}`, { method: 'POST', body: body as BodyInit });
      expect(await code(await update('SHA256(s'))).toBe('ENCODE_PARAM_INVALID');
      expect(await code(await update('Base64'))).toBe('CONTENT_BAD_ENCODER');
      expect(await code(await update('SHA256'))).toBe('CONTENT_ENCODER_ARGUMENT_MISSING');
      expect(await code(await update('SHA256(s)', Buffer.alloc(65)))).toBe('CONTENT_LENGTH_LIMIT_EXCEEDED');
      expect((await update('SHA256(s)', Buffer.alloc(64))).status).toBe(200);
    } finally {
      await strict.stop();
    }
  });

  it('a token that does not unlock the record is accepted, then rejected by the chain', async () => {
    const a = await sb.createLinked('a');
    const b = await sb.createLinked('b');
    await sb.mine();
    const wrong = await sb.updateLinked(a.txId, 'a2', { token: b.updateToken });
    expect((await sb.call(`/api/v1/linkedrecords/${wrong.txId}/status`)).status).toBe(200);
    await sb.mine();
    expect((await sb.call(`/api/v1/linkedrecords/${wrong.txId}/status`)).status).toBe(404);
    // The record it tried to follow is still the end of its chain.
    expect((await sb.json<{ updatable: boolean }>(`/api/v1/linkedrecords/${a.txId}/status`)).updatable).toBe(true);
  });
});

describe('status, content and match', () => {
  it('status has updatable and confirmation (null before the block)', async () => {
    const created = await sb.createLinked('v1');
    expect(await sb.json(`/api/v1/linkedrecords/${created.txId}/status`)).toEqual({ updatable: true, confirmation: null });
    await sb.mine();
    const status = await sb.json<{ confirmation: { confirmedBlocks: number } }>(`/api/v1/linkedrecords/${created.txId}/status`);
    expect(status.confirmation.confirmedBlocks).toBe(1);
    expect(await code(await sb.call('/api/v1/linkedrecords/123/status'))).toBe('TX_ID_PARAM_INVALID');
  });

  it('content and HEAD agree; a plain record is the wrong type', async () => {
    const created = await sb.createLinked('linked content', 'Base64');
    const get = await sb.call(`/api/v1/linkedrecords/${created.txId}/content`);
    const bytes = Buffer.from(await get.arrayBuffer());
    expect(bytes.toString()).toBe(Buffer.from('linked content').toString('base64'));
    const head = await sb.call(`/api/v1/linkedrecords/${created.txId}/content`, { method: 'HEAD' });
    expect(Number(head.headers.get('content-length'))).toBe(bytes.length);
    const plain = await sb.write('plain');
    expect(await code(await sb.call(`/api/v1/linkedrecords/${plain.txId}/content`))).toBe('TX_INCORRECT_EVENT_TRANSACTION_TYPE');
    expect(await code(await sb.call('/api/v1/linkedrecords/zz/content'))).toBe('TX_ID_PARAM_INVALID');
    const { txId: future } = await sb.json<{ txId: string }>('/__sandbox/inject', { method: 'POST', body: JSON.stringify({ type: 'future' }) });
    expect(await code(await sb.call(`/api/v1/linkedrecords/${future}/content`))).toBe('TX_CONTENT_TYPE_NOT_SUPPORTED');
    expect((await sb.call('/api/v1/linkedrecords/zz/content', { method: 'HEAD' })).status).toBe(400);
  });

  it('match needs prevTxId for a record that follows another, and checks it', async () => {
    const [v1, v2] = await chainOf(2);
    const match = (txId: string, query: string, body: string) =>
      sb.call(`/api/v1/linkedrecords/${txId}/match?encode=SHA256(c1)${query}`, { method: 'POST', body });
    expect(await (await match(v1!.txId, '', 'v1')).json()).toMatchObject({ match: true });
    expect(await (await match(v2!.txId, `&prevTxId=${v1!.txId}`, 'v2')).json()).toMatchObject({ match: true });
    expect(await (await match(v2!.txId, `&prevTxId=${v1!.txId}`, 'v1')).json()).toMatchObject({ match: false });
    expect(await (await match(v2!.txId, `&prevTxId=${v2!.txId}`, 'v2')).json()).toMatchObject({ match: false });
    expect(await code(await match(v2!.txId, '', 'v2'))).toBe('PREV_TX_ID_PARAM_MISSING');
    expect(await code(await match(v2!.txId, '&prevTxId=nope', 'v2'))).toBe('TX_ID_PARAM_INVALID');
    expect(await code(await match('nope', '', 'v2'))).toBe('TX_ID_PARAM_INVALID');
    const { txId: foreign } = await sb.json<{ txId: string }>('/__sandbox/inject', { method: 'POST', body: JSON.stringify({ type: 'foreign' }) });
    expect(await code(await match(foreign, '', 'v2'))).toBe('TX_NOT_AN_EVENT_TRANSACTION');
  });
});

describe('navigate over a 5-record chain', () => {
  let ids: string[];
  beforeAll(async () => {
    ids = (await chainOf(5)).map((r) => r.txId);
  });
  const nav = (txId: string, links: string | number) =>
    sb.json<{ txIds: string[]; endOfLinks: boolean }>(`/api/v1/linkedrecords/${txId}/navigate?links=${links}`);

  it('forward from the first record', async () => {
    expect(await nav(ids[0]!, 2)).toEqual({ txIds: ids.slice(1, 3), endOfLinks: false });
    expect(await nav(ids[0]!, 4)).toEqual({ txIds: ids.slice(1), endOfLinks: true });
    expect(await nav(ids[0]!, 10)).toEqual({ txIds: ids.slice(1), endOfLinks: true });
  });

  it('backward from the last record, and from the middle both ways', async () => {
    expect(await nav(ids[4]!, -10)).toEqual({ txIds: ids.slice(0, 4).reverse(), endOfLinks: true });
    expect(await nav(ids[2]!, -1)).toEqual({ txIds: [ids[1]], endOfLinks: false });
    expect(await nav(ids[2]!, 2)).toEqual({ txIds: ids.slice(3), endOfLinks: true });
  });

  it('at an end the list is empty and endOfLinks is true', async () => {
    expect(await nav(ids[4]!, 1)).toEqual({ txIds: [], endOfLinks: true });
    expect(await nav(ids[0]!, -1)).toEqual({ txIds: [], endOfLinks: true });
  });

  it.each(['0', '11', '-11', 'abc', '1.5', ''])('LINKS_PARAM_INVALID for links=%s', async (links) => {
    expect(await code(await sb.call(`/api/v1/linkedrecords/${ids[0]}/navigate?links=${links}`))).toBe('LINKS_PARAM_INVALID');
  });

  it('LINKS_PARAM_INVALID without links; INVALID_NAVIGATION_TRANSACTION_TYPE for a plain record; TX_ID_PARAM_INVALID; 404', async () => {
    expect(await code(await sb.call(`/api/v1/linkedrecords/${ids[0]}/navigate`))).toBe('LINKS_PARAM_INVALID');
    const plain = await sb.write('plain');
    expect(await code(await sb.call(`/api/v1/linkedrecords/${plain.txId}/navigate?links=1`))).toBe('INVALID_NAVIGATION_TRANSACTION_TYPE');
    expect(await code(await sb.call('/api/v1/linkedrecords/xx/navigate?links=1'))).toBe('TX_ID_PARAM_INVALID');
    expect((await sb.call(`/api/v1/linkedrecords/${'12'.repeat(32)}/navigate?links=1`)).status).toBe(404);
  });
});

describe('delete (finalise)', () => {
  it('appends a final empty record; the chain can no longer be updated', async () => {
    const [v1, v2] = await chainOf(2);
    const del = await sb.json<Record<string, unknown>>(`/api/v1/linkedrecords/${v2!.txId}/delete?updateToken=${encodeURIComponent(v2!.updateToken)}`, {
      method: 'POST',
    });
    expect(Object.keys(del)).toEqual(['txId']);
    const finalId = del.txId as string;
    expect((await sb.json<{ updatable: boolean }>(`/api/v1/linkedrecords/${v2!.txId}/status`)).updatable).toBe(false);
    expect((await sb.json<{ updatable: boolean }>(`/api/v1/linkedrecords/${finalId}/status`)).updatable).toBe(false);
    expect(await sb.json(`/api/v1/linkedrecords/${v1!.txId}/navigate?links=5`)).toEqual({ txIds: [v2!.txId, finalId], endOfLinks: true });
    expect((await sb.call(`/api/v1/linkedrecords/${finalId}/content`).then((r) => r.arrayBuffer())).byteLength).toBe(0);
    expect(await code(await sb.call(`/api/v1/linkedrecords/${finalId}/update?encode=`, { method: 'POST', body: 'v3' }))).toBe('TX_NOT_LINKABLE');
    expect(await code(await sb.call(`/api/v1/linkedrecords/${v2!.txId}/update?encode=`, { method: 'POST', body: 'v3' }))).toBe('NOT_LINKED_RECORDS_END');
    expect(await code(await sb.call(`/api/v1/linkedrecords/${v2!.txId}/delete`, { method: 'POST' }))).toBe('NOT_LINKED_RECORDS_END');
    const match = await sb.json(`/api/v1/linkedrecords/${finalId}/match?encode=&prevTxId=${v2!.txId}`, { method: 'POST' });
    expect(match).toMatchObject({ match: true });
  });

  it('works without a token too', async () => {
    const created = await sb.createLinked('only');
    await sb.mine();
    expect((await sb.call(`/api/v1/linkedrecords/${created.txId}/delete`, { method: 'POST' })).status).toBe(200);
  });
});

describe('the guides spelling', () => {
  it('answers with content-type and update_token', async () => {
    const guides = await startTestSandbox({ responseSpelling: 'guides' });
    try {
      const created = await guides.json<Record<string, unknown>>('/api/v1/linkedrecords?encode=SHA256(a)|Base64', { method: 'POST', body: 'v1' });
      expect(created).toMatchObject({
        update_token: expect.any(String),
        encoding: [{ 'content-type': 'application/octet-stream' }, { 'content-type': 'text/plain', output: expect.any(String) }],
      });
      expect(created).not.toHaveProperty('updateToken');
    } finally {
      await guides.stop();
    }
  });
});
