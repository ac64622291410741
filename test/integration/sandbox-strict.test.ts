import { afterAll, describe, expect, it } from 'vitest';
import { dataPushes, parseTx } from '../support/bitcoin.ts';
import { sandboxOptionsFrom } from '../../main/cli/commands/sandbox.ts';
import type { SandboxOptions } from '../../sandbox/index.ts';
import { problemOf, startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// The readings of the documentation the sandbox can take (service-notes.md), each on its own and
// all together with --strict, over real HTTP.

const sandboxes: TestSandbox[] = [];
afterAll(() => Promise.all(sandboxes.map((s) => s.stop())));
async function sandbox(options: SandboxOptions): Promise<TestSandbox> {
  const sb = await startTestSandbox(options);
  sandboxes.push(sb);
  return sb;
}

const code = async (res: Response) => (await problemOf(res)).errorCode;
const records = async (sb: TestSandbox) => (await sb.json<{ records: number }>('/__sandbox/chain')).records;

describe('Idempotency-Key', () => {
  it('ignored: the same write sent twice with the same key is registered twice, and a malformed key is no error', async () => {
    const sb = await sandbox({ idempotency: 'ignore' });
    const send = (key: string) =>
      sb.json<{ txId: string }>('/api/v1/records?encode=SHA256(idem)', { method: 'POST', body: 'same bytes', headers: { 'idempotency-key': key } });
    const before = await records(sb);
    const first = await send('key-1');
    const second = await send('key-1');
    expect(second.txId).not.toBe(first.txId);
    await send('has space');
    expect(await records(sb)).toBe(before + 3);
  });
});

describe('navigate maximum', () => {
  it('answers LINKS_PARAM_INVALID above the instance maximum', async () => {
    const sb = await sandbox({ navigateMax: 3 });
    const v1 = await sb.createLinked('v1');
    expect((await sb.call(`/api/v1/linkedrecords/${v1.txId}/navigate?links=-3`)).status).toBe(200);
    expect(await code(await sb.call(`/api/v1/linkedrecords/${v1.txId}/navigate?links=4`))).toBe('LINKS_PARAM_INVALID');
  });
});

describe('chain index', () => {
  it('mined: navigate and updatable see a successor only once it is in a block; a second write meanwhile is accepted and never mined', async () => {
    const sb = await sandbox({ chainIndex: 'mined', lifecycle: 'refuse' });
    const v1 = await sb.createLinked('v1');
    await sb.mine();
    const v2 = await sb.updateLinked(v1.txId, 'v2', { token: v1.updateToken });
    const forward = () => sb.json<{ txIds: string[]; endOfLinks: boolean }>(`/api/v1/linkedrecords/${v1.txId}/navigate?links=2`);
    expect(await forward()).toEqual({ txIds: [], endOfLinks: true });
    expect(await sb.json(`/api/v1/linkedrecords/${v1.txId}/status`)).toMatchObject({ updatable: true });
    // A client that cannot see v2 writes after v1 again: the same output, spent a second time.
    const again = await sb.updateLinked(v1.txId, 'v2 again', { token: v1.updateToken });
    await sb.mine();
    expect(await forward()).toEqual({ txIds: [v2.txId], endOfLinks: true });
    expect(await sb.json(`/api/v1/linkedrecords/${v1.txId}/status`)).toMatchObject({ updatable: false });
    expect(await sb.json(`/api/v1/linkedrecords/${again.txId}/status`)).toMatchObject({ confirmation: null });
    await sb.mine();
    expect(await sb.json(`/api/v1/linkedrecords/${again.txId}/status`)).toMatchObject({ confirmation: null }); // never mined
  });

  it('accepted (the default): an unmined successor is shown at once, and a second write after it is refused', async () => {
    const sb = await sandbox({ lifecycle: 'refuse' });
    const v1 = await sb.createLinked('v1');
    await sb.mine();
    const v2 = await sb.updateLinked(v1.txId, 'v2', { token: v1.updateToken });
    expect(await sb.json(`/api/v1/linkedrecords/${v1.txId}/navigate?links=2`)).toEqual({ txIds: [v2.txId], endOfLinks: true });
    expect(await code(await sb.call(`/api/v1/linkedrecords/${v1.txId}/update?encode=`, { method: 'POST', body: 'v2 again' }))).toBe('NOT_LINKED_RECORDS_END');
  });
});

describe('delete answer', () => {
  it('empty: a bare 200 with no body, the new record found by navigating forward from the one deleted', async () => {
    const sb = await sandbox({ deleteAnswer: 'empty' });
    const v1 = await sb.createLinked('v1');
    await sb.mine();
    const res = await sb.call(`/api/v1/linkedrecords/${v1.txId}/delete`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('0');
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('');
    const { txIds } = await sb.json<{ txIds: string[] }>(`/api/v1/linkedrecords/${v1.txId}/navigate?links=1`);
    expect(txIds).toHaveLength(1);
    expect((await sb.call(`/api/v1/linkedrecords/${txIds[0]}/content`).then((r) => r.arrayBuffer())).byteLength).toBe(0);
  });
});

describe('error codes', () => {
  // Each request, and its code as the API reference and as the troubleshooting page spell it.
  const cases: [string, string, string, (sb: TestSandbox) => Promise<Response>][] = [
    [
      'a SHA256 without the salt the instance requires',
      'CONTENT_ENCODER_ARGUMENT_MISSING',
      'ENCODER_ARGUMENT_MISSING',
      (sb) => sb.call('/api/v1/records?encode=SHA256', { method: 'POST', body: 'x' }),
    ],
    [
      'no SHA256 where one is required',
      'ENCODER_SHA256_MISSING',
      'ENCODER_FINGERPRINT_MISSING',
      (sb) => sb.call('/api/v1/records?encode=Base64', { method: 'POST', body: 'x' }),
    ],
    [
      'a payment, which carries no data',
      'TX_NOT_AN_EVENT_TRANSACTION',
      'NOT_A_DATA_TRANSACTION',
      async (sb) => sb.call(`/api/v1/records/${await inject(sb, 'foreign')}/status`),
    ],
    [
      "someone else's data",
      'TX_NOT_AN_EVENT_TRANSACTION',
      'NOT_AN_EVENT_TRANSACTION',
      async (sb) => sb.call(`/api/v1/records/${await inject(sb, 'foreign-data')}/content`),
    ],
    [
      'a plain record read as a linked one',
      'TX_INCORRECT_EVENT_TRANSACTION_TYPE',
      'INCORRECT_EVENT_TRANSACTION_TYPE',
      async (sb) => sb.call(`/api/v1/linkedrecords/${(await sb.write('plain', 'SHA256(s)')).txId}/content`),
    ],
    [
      'a delete whose previous record is not a transaction id',
      'TX_HASH_PARM_INVALID',
      'PREV_TX_ID_PARAM_MISSING',
      (sb) => sb.call('/api/v1/linkedrecords/not-a-hash/delete', { method: 'POST' }),
    ],
  ];
  const inject = async (sb: TestSandbox, type: string) =>
    (await sb.json<{ txId: string }>('/__sandbox/inject', { method: 'POST', body: JSON.stringify({ type }) })).txId;
  const instance = { saltRequired: true, sha256Required: true };

  it.each(cases)('%s: %s, or %s on the troubleshooting page', async (_what, reference, troubleshooting, request) => {
    const [asReference, asTroubleshooting] = await Promise.all([sandbox({ ...instance }), sandbox({ ...instance, errorCodes: 'troubleshooting' })]);
    const referenceProblem = await problemOf(await request(asReference));
    const troubleshootingProblem = await problemOf(await request(asTroubleshooting));
    expect(referenceProblem.errorCode).toBe(reference);
    expect(troubleshootingProblem).toMatchObject({ status: 400, errorCode: troubleshooting, type: `urn:notarium-sandbox:problem:${troubleshooting}` });
    expect(troubleshootingProblem.detail).toBe(referenceProblem.detail);
  });

  it('the troubleshooting page: a delete with content is refused, "the delete operation does not accept any content"', async () => {
    const [asReference, asTroubleshooting] = await Promise.all([sandbox({}), sandbox({ errorCodes: 'troubleshooting' })]);
    for (const sb of [asReference, asTroubleshooting]) {
      const v1 = await sb.createLinked('v1');
      await sb.mine();
      const res = await sb.call(`/api/v1/linkedrecords/${v1.txId}/delete`, { method: 'POST', body: 'content' });
      if (sb === asReference) expect(res.status).toBe(200);
      else
        expect(await problemOf(res)).toMatchObject({
          errorCode: 'INCORRECT_EVENT_TRANSACTION_TYPE',
          detail: expect.stringMatching(/does not accept any content/),
        });
    }
    const before = await records(asTroubleshooting);
    const v1 = await asTroubleshooting.createLinked('v1');
    await asTroubleshooting.mine();
    expect((await asTroubleshooting.call(`/api/v1/linkedrecords/${v1.txId}/delete`, { method: 'POST' })).status).toBe(200);
    expect(await records(asTroubleshooting)).toBe(before + 2);
  });
});

describe('update token placement', () => {
  async function tokenWithEscapes(sb: TestSandbox): Promise<{ txId: string; updateToken: string }> {
    const created = await sb.createLinked('v1');
    await sb.mine();
    // A token whose base64 holds '+', '/' or '=' is percent-encoded as issued, so the placements differ.
    expect(created.updateToken).toMatch(/%[0-9A-F]{2}/);
    return created;
  }
  const update = (sb: TestSandbox, txId: string, tokenInQuery: string) =>
    sb.call(`/api/v1/linkedrecords/${txId}/update?encode=&updateToken=${tokenInQuery}`, { method: 'POST', body: 'v2' });

  it.each([
    // [placement, token as received accepted, token percent-encoded once more accepted]
    ['as-issued', true, false],
    ['encoded-once', false, true],
    ['either', true, true],
  ] as const)('%s: as received %s, percent-encoded once more %s', async (tokenPlacement, asReceived, encodedAgain) => {
    const sb = await sandbox({ tokenPlacement });
    for (const [accepted, place] of [
      [asReceived, (t: string) => t],
      [encodedAgain, (t: string) => encodeURIComponent(t)],
    ] as const) {
      const { txId, updateToken } = await tokenWithEscapes(sb);
      const res = await update(sb, txId, place(updateToken));
      if (accepted) expect(res.status).toBe(200);
      else expect(await problemOf(res)).toMatchObject({ errorCode: 'UPDATE_TOKEN_PARAM_INVALID', detail: expect.stringMatching(/in the query/) });
    }
  });
});

describe('disabled features', () => {
  it.each([
    ['linked', ['POST /api/v1/linkedrecords', 'POST update', 'POST delete', 'GET status', 'GET content', 'POST match', 'GET navigate']],
    ['match', ['POST /api/v1/records/match', 'POST match']],
    ['navigate', ['GET navigate']],
  ] as const)('%s: answered 404 exactly as an unknown txId is, the rest working', async (feature, disabled) => {
    const sb = await sandbox({ disable: [feature] });
    const on = await sandbox({});
    const unknown = await (await sb.call(`/api/v1/records/${'ab'.repeat(32)}/status`)).json();
    const requests = async (s: TestSandbox, linkedOn: boolean): Promise<Record<string, () => Promise<Response>>> => {
      const record = await s.write('r');
      const linked = linkedOn ? await s.createLinked('l') : { txId: 'cd'.repeat(32) };
      await s.mine();
      const L = `/api/v1/linkedrecords/${linked.txId}`;
      return {
        'POST /api/v1/linkedrecords': () => s.call('/api/v1/linkedrecords?encode=', { method: 'POST', body: 'x' }),
        'POST update': () => s.call(`${L}/update?encode=`, { method: 'POST', body: 'x' }),
        'POST delete': () => s.call(`${L}/delete`, { method: 'POST' }),
        'GET status': () => s.call(`${L}/status`),
        'GET content': () => s.call(`${L}/content`),
        'POST match': () => s.call(`${L}/match?encode=`, { method: 'POST', body: 'l' }),
        'GET navigate': () => s.call(`${L}/navigate?links=1`),
        'POST /api/v1/records/match': () => s.call(`/api/v1/records/${record.txId}/match?encode=`, { method: 'POST', body: 'r' }),
        'GET /api/v1/records/status': () => s.call(`/api/v1/records/${record.txId}/status`),
      };
    };
    const off = await requests(sb, feature !== 'linked');
    for (const name of disabled) {
      const res = await off[name]!();
      expect(res.status, name).toBe(404);
      expect(await res.json()).toEqual(unknown);
    }
    expect(unknown).not.toHaveProperty('errorCode');
    expect((await off['GET /api/v1/records/status']!()).status).toBe(200);
    // Where the feature is on, the same requests succeed (updates and deletes are tested elsewhere).
    const working = await requests(on, true);
    for (const name of disabled.filter((n) => n !== 'POST update' && n !== 'POST delete')) expect((await working[name]!()).status, name).toBe(200);
  });
});

describe('still publishing', () => {
  it("a new transaction's status answers 404 for the window, then as known; one in a block at once", async () => {
    let now = Date.now();
    const sb = await sandbox({ publishingSeconds: 5, clock: () => now });
    const { txId } = await sb.write('fresh');
    expect(await problemOf(await sb.call(`/api/v1/records/${txId}/status`))).toMatchObject({ status: 404 });
    // Content and match read it already: only its status is late.
    expect((await sb.call(`/api/v1/records/${txId}/content`)).status).toBe(200);
    now += 4999;
    expect((await sb.call(`/api/v1/records/${txId}/status`)).status).toBe(404);
    now += 1;
    expect(await sb.json(`/api/v1/records/${txId}/status`)).toEqual({ confirmation: null });
    const { txId: mined } = await sb.write('mined at once');
    await sb.mine();
    expect(await sb.json(`/api/v1/records/${mined}/status`)).toMatchObject({ confirmation: { confirmedBlocks: 1 } });
  });
});

describe('content, SHA256 and salt required', () => {
  it('each refused with its documented code when chosen', async () => {
    const sb = await sandbox({ contentRequired: true, sha256Required: true, saltRequired: true });
    expect(await code(await sb.call('/api/v1/records?encode=SHA256(s)', { method: 'POST' }))).toBe('CONTENT_IS_REQUIRED');
    expect(await code(await sb.call('/api/v1/records?encode=Base64', { method: 'POST', body: 'x' }))).toBe('ENCODER_SHA256_MISSING');
    expect(await code(await sb.call('/api/v1/records?encode=SHA256', { method: 'POST', body: 'x' }))).toBe('CONTENT_ENCODER_ARGUMENT_MISSING');
    expect((await sb.call('/api/v1/records?encode=SHA256(s)', { method: 'POST', body: 'x' })).status).toBe(200);
  });
});

describe('a flag for each strict switch, turning it on alone', () => {
  const fromFlags = (...argv: string[]) => sandbox(sandboxOptionsFrom(argv).options);
  const refresh = (sb: TestSandbox, body: object) =>
    sb.call(`/products/web/${sb.envId}/portalbackend/api/api/v1/auth/sign-in/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('--content-required: a write without a body is refused', async () => {
    const plain = await fromFlags();
    expect((await plain.call('/api/v1/records?encode=', { method: 'POST' })).status).toBe(200);
    const sb = await fromFlags('--content-required');
    expect(await code(await sb.call('/api/v1/records?encode=', { method: 'POST' }))).toBe('CONTENT_IS_REQUIRED');
    expect((await sb.call('/api/v1/records?encode=', { method: 'POST', body: 'x' })).status).toBe(200);
  });

  it('--publishing-seconds: a new transaction is unknown to its status for the window', async () => {
    const plain = await fromFlags();
    expect((await plain.call(`/api/v1/records/${(await plain.write('fresh')).txId}/status`)).status).toBe(200);
    // A window no run of this test outlasts: the 404 is the window's, not the machine's speed.
    const sb = await fromFlags('--publishing-seconds', '3600');
    expect(await problemOf(await sb.call(`/api/v1/records/${(await sb.write('fresh')).txId}/status`))).toMatchObject({ status: 404 });
  });

  it('--identity-fields documented-only: a body field the portal does not document is refused, named', async () => {
    const plain = await fromFlags();
    expect(await problemOf(await refresh(plain, { refreshToken: 'nope', extra: 1 }))).not.toMatchObject({ detail: expect.stringMatching(/extra/) });
    const sb = await fromFlags('--identity-fields', 'documented-only');
    expect(await problemOf(await refresh(sb, { refreshToken: 'nope', extra: 1 }))).toMatchObject({ status: 400, detail: expect.stringMatching(/extra/) });
  });

  it('--explorer-rate: beyond N requests a second the explorer answers 429, without Retry-After, counted', async () => {
    const tx = async (sb: TestSandbox) => (await sb.write('seen by the explorer')).txId;
    const plain = await fromFlags();
    const plainTx = await tx(plain);
    for (let i = 0; i < 20; i++) expect((await fetch(`${plain.baseUrl}/explorer/tx/${plainTx}/hex`)).status).toBe(200);
    const sb = await fromFlags('--explorer-rate', '2');
    const txId = await tx(sb);
    // Twenty requests one after another on loopback: far more than 2 in some second, whatever the load.
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${sb.baseUrl}/explorer/tx/${txId}/hex`);
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
      else await res.arrayBuffer();
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(refused?.headers.get('retry-after')).toBeNull();
    expect(await problemOf(refused!)).toMatchObject({ status: 429 });
    // The page for people is the explorer's website, not its API: never limited. A test reading
    // the explorer with the sandbox's key is not limited either.
    expect((await fetch(`${sb.baseUrl}/explorer/tx/${txId}`)).status).toBe(200);
    expect((await sb.call(`/explorer/tx/${txId}/hex`)).status).toBe(200);
    const { routes } = await sb.json<{ routes: { route: string; total: number; limited: number }[] }>('/__sandbox/requests');
    expect(routes.find((r) => r.route === 'GET /explorer/tx/{txId}/hex')).toEqual(
      expect.objectContaining({ total: 21, limited: statuses.filter((s) => s === 429).length }),
    );
  });
});

describe('--strict', () => {
  it('takes the least kind reading of every setting', async () => {
    let now = Date.now();
    const sb = await sandbox({ strict: true, clock: () => now });
    // Guides' spellings, the record in one push with the service header, a never-mined early update.
    const v1 = await sb.json<Record<string, unknown>>('/api/v1/linkedrecords?encode=SHA256(01-02T13.14.15)|Base64', { method: 'POST', body: 'v1' });
    expect(v1).toMatchObject({
      update_token: expect.any(String),
      encoding: [{ 'content-type': 'application/octet-stream' }, { 'content-type': 'text/plain' }],
    });
    const txId = v1.txId as string;
    const raw = parseTx(await (await fetch(`${sb.baseUrl}/explorer/tx/${txId}/hex`)).text());
    expect(raw.outputs).toHaveLength(2);
    expect(dataPushes(raw.outputs[0]!.script)).toHaveLength(1);
    const early = await sb.updateLinked(txId, 'early', { token: encodeURIComponent(v1.update_token as string) });
    await sb.mine();
    // Still publishing: unknown (404) for the first seconds, then known and unconfirmed.
    expect((await sb.call(`/api/v1/linkedrecords/${early.txId}/status`)).status).toBe(404);
    now += 2000;
    expect(await sb.json(`/api/v1/linkedrecords/${early.txId}/status`)).toEqual({ updatable: true, confirmation: null });
    // An empty record is refused; the guides' unencoded write is taken.
    expect(await code(await sb.call('/api/v1/records?encode=', { method: 'POST' }))).toBe('CONTENT_IS_REQUIRED');
    expect((await sb.call('/api/v1/records', { method: 'POST', body: 'hello' })).status).toBe(200);
    expect(await sb.json(`/api/v1/linkedrecords/${txId}/navigate?links=9`)).toEqual({ txIds: [], endOfLinks: true });
    expect(await code(await sb.call(`/api/v1/linkedrecords/${txId}/navigate?links=10`))).toBe('LINKS_PARAM_INVALID');
    // The token encoded once more only (the placement the client tries second); as issued it is refused.
    expect(
      await code(await sb.call(`/api/v1/linkedrecords/${txId}/update?encode=&updateToken=${v1.update_token as string}`, { method: 'POST', body: 'v2' })),
    ).toBe('UPDATE_TOKEN_PARAM_INVALID');
    // Idempotency-Key ignored; a delete answered with an empty body; troubleshooting spellings.
    const twice = () => sb.json<{ txId: string }>('/api/v1/records?encode=', { method: 'POST', body: 'x', headers: { 'idempotency-key': 'k' } });
    expect((await twice()).txId).not.toBe((await twice()).txId);
    expect(await (await sb.call(`/api/v1/linkedrecords/${txId}/delete`, { method: 'POST' })).text()).toBe('');
    const { txId: foreign } = await sb.json<{ txId: string }>('/__sandbox/inject', { method: 'POST', body: JSON.stringify({ type: 'foreign' }) });
    expect(await code(await sb.call(`/api/v1/records/${foreign}/status`))).toBe('NOT_A_DATA_TRANSACTION');
  });

  it('lets any one setting be chosen otherwise', async () => {
    const sb = await sandbox({ strict: true, navigateMax: 100, lifecycle: 'refuse', responseSpelling: 'reference' });
    const v1 = await sb.createLinked('v1');
    expect((await sb.call(`/api/v1/linkedrecords/${v1.txId}/navigate?links=100`)).status).toBe(200);
    expect(await code(await sb.call(`/api/v1/linkedrecords/${v1.txId}/update?encode=`, { method: 'POST', body: 'v2' }))).toBe('PREVIOUS_RECORD_NOT_MINED');
    expect(await sb.json('/api/v1/linkedrecords?encode=', { method: 'POST', body: 'x' })).toHaveProperty('updateToken');
    expect(await (await sb.call(`/api/v1/linkedrecords/${'ab'.repeat(32)}/delete`, { method: 'POST' })).json()).toMatchObject({ status: 404 });
  });
});
