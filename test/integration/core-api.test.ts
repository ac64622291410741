import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExplorerApi, sandboxExplorerTemplates } from '../../main/core/api/explorer-api.ts';
import type { FetchLike, TransportOptions } from '../../main/core/api/http-client.ts';
import { IdentityApi } from '../../main/core/api/identity-api.ts';
import { RecordApi, type RecordApiOptions } from '../../main/core/api/record-api.ts';
import { isOutcomeUnknown } from '../../main/core/api/transport-failure.ts';
import { walkLinks } from '../../main/core/api/link-walk.ts';
import { serviceErrorFrom } from '../../main/core/api/problem-document.ts';
import { sentenceFor, type ErrorCode } from '../../main/core/errors/catalogue.ts';
import { ServiceError } from '../../main/core/errors/notarium-error.ts';
import type { SandboxOptions } from '../../sandbox/index.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { closedPort } from '../support/closed-port.ts';
import { rejection } from '../support/rejection.ts';

// The API clients of main/core/api against real sandboxes over HTTP: every endpoint, every
// spelling, the service's error codes, and the retry rules under injected faults.

const te = new TextEncoder();
const bytes = (s: string): Uint8Array => te.encode(s);
const sha256 = (...parts: (Uint8Array | string)[]): Buffer => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
const noSleep = async (): Promise<void> => {};
const REDIRECT_URI = 'http://127.0.0.1:9/cb';

const sandboxes: TestSandbox[] = [];
/**
 * These tests are about the record API's wire contract, so outside strict mode their sandboxes let a
 * version follow an unmined one (`lifecycle: 'allow'`); the life-cycle rule itself is tested in
 * sandbox-lifecycle.test.ts, and Notarium's keeping to it in core-life-cycle.test.ts.
 */
async function sandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sb = await startTestSandbox(options.strict ? options : { lifecycle: 'allow', ...options });
  sandboxes.push(sb);
  return sb;
}
afterAll(async () => {
  await Promise.all(sandboxes.map((s) => s.stop()));
});

function recordApi(sb: TestSandbox, options: Partial<RecordApiOptions> = {}): RecordApi {
  return new RecordApi({ baseUrl: sb.baseUrl, apiKey: sb.apiKey, sleep: noSleep, ...options });
}

const mempool = async (sb: TestSandbox): Promise<number> => (await sb.json<{ mempool: number }>('/__sandbox/chain')).mempool;
const setFaults = async (sb: TestSandbox, faults: object): Promise<void> =>
  void (await sb.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify(faults) }));

/** Signs in on the sandbox's authorize page and returns the code from the redirect. */
async function authorizationCode(sb: TestSandbox, challenge?: string, userName = 'sandbox-user'): Promise<string> {
  const params: Record<string, string> = { response_type: 'code', client_id: 'c', redirect_uri: REDIRECT_URI, state: 's' };
  if (challenge) Object.assign(params, { code_challenge: challenge, code_challenge_method: 'S256' });
  const page = await fetch(`${sb.authUrl}/oauth2/authorize?${new URLSearchParams(params)}`);
  expect(page.status).toBe(200);
  const res = await fetch(`${sb.authUrl}/oauth2/authorize`, {
    method: 'POST',
    body: new URLSearchParams({ ...params, action: 'sign-in', user_name: userName }),
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

let sb: TestSandbox;
let api: RecordApi;
beforeAll(async () => {
  sb = await sandbox();
  api = recordApi(sb);
});

describe('records (endpoints 1-5)', () => {
  it('write → status null → mine → status with a Merkle proof', async () => {
    const digest = sha256('contract v1');
    const written = await api.writeRecord(digest, 'SHA256(k3J9x)');
    expect(written.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(written.encoding).toEqual([{ contentType: 'application/octet-stream', output: null }]);
    expect(await api.recordStatus(written.txId)).toEqual({ kind: 'known', confirmation: null });

    await sb.mine();
    const status = await api.recordStatus(written.txId);
    if (status.kind !== 'known' || !status.confirmation) throw new Error('expected a confirmation');
    const { confirmation } = status;
    expect(confirmation.confirmedBlocks).toBe(1);
    expect(confirmation.blockHash).toMatch(/^[0-9a-f]{64}$/);
    expect(confirmation.blockTimestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(confirmation.merkleProof).toMatchObject({ txOrId: written.txId, targetType: 'header', proofType: 'branch', composite: false });
    expect(confirmation.merkleProof!.target).toHaveLength(160);
  });

  it('status and match of an id the service never issued are unknown', async () => {
    const unknownId = 'ab'.repeat(32);
    expect(await api.recordStatus(unknownId)).toEqual({ kind: 'unknown' });
    expect(await api.matchRecord(unknownId, bytes('x'), '')).toEqual({ kind: 'unknown' });
    expect(await api.linkedStatus(unknownId)).toEqual({ kind: 'unknown' });
    const err = await rejection(api.recordContent(unknownId));
    expect(err).toMatchObject({ code: 'NOT_FOUND', status: 404, message: sentenceFor('NOT_FOUND') });
  });

  it("content and HEAD; a salt's '+', '/' and ':' and a '|' pipeline reach the service intact", async () => {
    const digest = sha256('report.pdf');
    const encode = 'SHA256(k3J9+/x:y-z)|Base64';
    const written = await api.writeRecord(digest, encode);
    const published = Buffer.from(sha256('k3J9+/x:y-z', digest).toString('base64'));
    expect(written.encoding).toEqual([
      { contentType: 'application/octet-stream', output: null },
      { contentType: 'text/plain', output: published.toString() },
    ]);
    expect(Buffer.from(await api.recordContent(written.txId))).toEqual(published);
    expect(await api.recordHead(written.txId)).toEqual({ contentLength: published.length, contentType: 'application/octet-stream' });
  });

  it('match is true for the same bytes and encode, false otherwise', async () => {
    const digest = sha256('invoice');
    const { txId } = await api.writeRecord(digest, 'SHA256(a+b)');
    expect(await api.matchRecord(txId, digest, 'SHA256(a+b)')).toEqual({ kind: 'known', match: true, confirmation: null });
    expect(await api.matchRecord(txId, sha256('other'), 'SHA256(a+b)')).toMatchObject({ kind: 'known', match: false });
    expect(await api.matchRecord(txId, digest, 'SHA256(a b)').catch((e: unknown) => e)).toMatchObject({ errorCode: 'ENCODE_PARAM_INVALID' });
    const plain = await api.writeRecord(bytes('unsalted'), '');
    expect(await api.matchRecord(plain.txId, bytes('unsalted'))).toMatchObject({ kind: 'known', match: true });
  });

  it('an empty record', async () => {
    const { txId, encoding } = await api.writeRecord(new Uint8Array(), '');
    expect(encoding).toEqual([]);
    expect(await api.recordHead(txId)).toMatchObject({ contentLength: 0 });
    expect(await api.recordContent(txId)).toHaveLength(0);
  });
});

describe('linked records', () => {
  it('create, update with and without the token, navigate both ways, verify, delete', async () => {
    const v1 = await api.createLinked(bytes('version 1'), '');
    expect(v1.updateToken).toBeTruthy();
    const v2 = await api.updateLinked(v1.txId, bytes('version 2'), '', v1.updateToken!);
    expect(v2.fingerprint).toBe(sha256('version 2').toString('hex'));
    const v3 = await api.updateLinked(v2.txId, bytes('version 3'), 'SHA256(s1)'); // no token: the service fetches v2
    await sb.mine();

    for (const tx of [v1, v2, v3]) expect((await api.linkedStatus(tx.txId)).kind).toBe('known');
    expect(await api.linkedStatus(v1.txId)).toMatchObject({ updatable: false });
    expect(await api.linkedStatus(v3.txId)).toMatchObject({ updatable: true, confirmation: { confirmedBlocks: 1 } });

    expect(await api.navigate(v1.txId, 10)).toEqual({ txIds: [v2.txId, v3.txId], endOfLinks: true });
    expect(await api.navigate(v3.txId, -10)).toEqual({ txIds: [v2.txId, v1.txId], endOfLinks: true });
    expect(await api.navigate(v1.txId, 1)).toEqual({ txIds: [v2.txId], endOfLinks: false });

    expect(await api.matchLinked(v1.txId, bytes('version 1'), '')).toMatchObject({ kind: 'known', match: true });
    expect(await api.matchLinked(v2.txId, bytes('version 2'), '', v1.txId)).toMatchObject({ kind: 'known', match: true });
    expect(await api.matchLinked(v3.txId, bytes('version 3'), 'SHA256(s1)', v2.txId)).toMatchObject({ kind: 'known', match: true });
    expect(await api.matchLinked(v3.txId, bytes('version 3'), 'SHA256(s1)', v1.txId)).toMatchObject({ kind: 'known', match: false });

    expect(Buffer.from(await api.linkedContent(v2.txId)).toString()).toBe('version 2');
    expect(await api.linkedHead(v3.txId)).toEqual({ contentLength: 32, contentType: 'application/octet-stream' });

    const deleted = await api.deleteLinked(v3.txId, v3.updateToken!);
    if (!deleted.txId) throw new Error('the default sandbox answers a delete with its txId');
    await sb.mine();
    expect(await api.linkedStatus(deleted.txId)).toMatchObject({ kind: 'known', updatable: false });
    expect(await api.linkedStatus(v3.txId)).toMatchObject({ updatable: false });
    expect(await api.linkedContent(deleted.txId)).toHaveLength(0);
    expect(await api.navigate(v1.txId, 10)).toEqual({ txIds: [v2.txId, v3.txId, deleted.txId], endOfLinks: true });
    const err = await rejection(api.updateLinked(deleted.txId, bytes('v5'), ''));
    expect(err).toMatchObject({ errorCode: 'TX_NOT_LINKABLE' });
  });

  it.each(['encoded-once', 'as-issued'] as const)('the update token %s is accepted, and the transactions it makes are mined', async (placement) => {
    const urls: string[] = [];
    const recording: FetchLike = (url, init) => {
      urls.push(url);
      return fetch(url, init);
    };
    const client = recordApi(sb, { tokenPlacement: placement, fetch: recording });
    // Only a token with %-escapes (base64 padding, '+' or '/') tells the two ways apart.
    let v1 = await client.createLinked(bytes('a'), '');
    for (let i = 0; i < 20 && !v1.updateToken!.includes('%'); i++) v1 = await client.createLinked(bytes('a'), '');
    expect(v1.updateToken).toContain('%');
    const v2 = await client.updateLinked(v1.txId, bytes('b'), '', v1.updateToken!);
    const { txId: end } = await client.deleteLinked(v2.txId, v2.updateToken!);
    if (!end) throw new Error('the default sandbox answers a delete with its txId');
    // A token that did not unlock the record would make the chain reject the spend at the next block.
    await sb.mine();
    expect(await client.linkedStatus(v2.txId)).toMatchObject({ kind: 'known', confirmation: { confirmedBlocks: 1 } });
    expect(await client.linkedStatus(end)).toMatchObject({ kind: 'known', updatable: false, confirmation: { confirmedBlocks: 1 } });

    const received = new URL(urls.find((u) => u.includes('/update'))!).searchParams.get('updateToken');
    expect(received).toBe(placement === 'encoded-once' ? v1.updateToken : decodeURIComponent(v1.updateToken!));
  });
});

describe('health and explorer', () => {
  it('readiness and liveness', async () => {
    expect(await api.readiness()).toEqual({ appVersion: expect.any(String) });
    expect(await api.liveness()).toBe('Healthy');
  });

  it('serves the raw transaction and the block header, checked against their hashes', async () => {
    const explorer = new ExplorerApi({ templates: sandboxExplorerTemplates(sb.baseUrl), sleep: noSleep });
    const { txId } = await api.writeRecord(sha256('explorer'), 'SHA256(e)');
    const rawBeforeBlock = await explorer.transactionHex(txId);
    await sb.mine();
    const status = await api.recordStatus(txId);
    if (status.kind !== 'known' || !status.confirmation) throw new Error('expected a confirmation');
    expect(await explorer.transactionHex(txId.toUpperCase())).toBe(rawBeforeBlock);
    const header = await explorer.blockHeaderHex(status.confirmation.blockHash!);
    expect(header).toBe(status.confirmation.merkleProof!.target);
    expect(await rejection(explorer.transactionHex('cd'.repeat(32)))).toMatchObject({ code: 'NOT_FOUND', message: sentenceFor('NOT_FOUND') });
    expect((await rejection(explorer.transactionHex('nope'))).code).toBe('TX_ID_PARAM_INVALID');
  });

  it('refuses an explorer answer that is not the transaction asked for', async () => {
    const a = await api.writeRecord(bytes('a'), '');
    const b = await api.writeRecord(bytes('b'), '');
    // A template that always serves transaction a, whatever is asked.
    const wrong = new ExplorerApi({
      templates: { transactionHex: `${sb.baseUrl}/explorer/tx/${a.txId}/hex?for={txId}`, blockHeader: `${sb.baseUrl}/explorer/block/{blockHash}/header` },
    });
    const err = await rejection(wrong.transactionHex(b.txId));
    expect(err.code).toBe('BAD_RESPONSE');
    expect(err.message).toMatch(/not have the id asked for/);
  });
});

describe('identity', () => {
  let identity: IdentityApi;
  const lines: string[] = [];
  beforeAll(() => {
    identity = new IdentityApi({ authUrl: sb.authUrl, envId: sb.envId, sleep: noSleep, log: (l) => lines.push(l) });
  });

  it('granted claims by API key, and a wrong key is UNAUTHORIZED', async () => {
    expect(await identity.grantedClaims({ apiKey: sb.apiKey })).toEqual(expect.arrayContaining(['records:read', 'records:write']));
    const err = await rejection(identity.grantedClaims({ apiKey: 'wrong-key-123' }));
    expect(err).toMatchObject({ status: 401, errorCode: 'UNAUTHORIZED', message: sentenceFor('UNAUTHORIZED') });
  });

  it('the JWKS URL serves the signing keys', async () => {
    const res = await fetch(identity.jwksUrl());
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: { kid: string; kty: string }[] };
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ kty: 'RSA', kid: expect.any(String) });
  });

  it('exchanges a code (with PKCE) for tokens, refreshes, and reads claims by token; a code works once', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const code = await authorizationCode(sb, createHash('sha256').update(verifier).digest('base64url'), 'reader-ann');
    const tokens = await identity.exchangeCode({ authorizationCode: code, usedRedirectUri: REDIRECT_URI, codeVerifier: verifier });
    expect(tokens).toEqual({ accessToken: expect.any(String), expiresIn: 900, refreshToken: expect.any(String) });
    expect(await identity.grantedClaims({ accessToken: tokens.accessToken })).toEqual(['records:read', 'linkedrecords:read']);

    const refreshed = await identity.refreshToken(tokens.refreshToken);
    expect(refreshed).toEqual({ accessToken: expect.any(String), expiresIn: 900, refreshToken: null });

    const again = await rejection(identity.exchangeCode({ authorizationCode: code, usedRedirectUri: REDIRECT_URI, codeVerifier: verifier }));
    expect(again).toMatchObject({ status: 400, errorCode: 'INVALID_GRANT', message: sentenceFor('INVALID_GRANT') });
    for (const secret of [code, verifier, tokens.accessToken, tokens.refreshToken, refreshed.accessToken]) {
      expect(lines.join('\n')).not.toContain(secret);
      expect(JSON.stringify({ ...again, message: again.message })).not.toContain(secret);
    }
    expect(lines.some((l) => l.startsWith('POST /products/web/sandbox/portalbackend/api/api/v1/auth/sign-in/code-exchange 201 attempt 1/5'))).toBe(true);
  });
});

describe('every service errorCode surfaces as a ServiceError with the catalogue sentence', () => {
  let strict: RecordApi;
  let identity: IdentityApi;
  beforeAll(async () => {
    const restrictive = await sandbox({ encoders: ['SHA256'], saltRequired: true, sha256Required: true, contentRequired: true, bodyLimit: 64 });
    strict = recordApi(restrictive);
    identity = new IdentityApi({ authUrl: sb.authUrl, envId: sb.envId, sleep: noSleep });
  });
  const body = sha256('x');
  const inject = async (type: 'foreign' | 'future'): Promise<string> =>
    (await sb.json<{ txId: string }>('/__sandbox/inject', { method: 'POST', body: JSON.stringify({ type }) })).txId;
  const chainOfTwo = async () => {
    const v1 = await api.createLinked(bytes('1'), '');
    return { v1, v2: await api.updateLinked(v1.txId, bytes('2'), '', v1.updateToken!) };
  };

  const cases: [ErrorCode, number, () => Promise<unknown>][] = [
    ['TX_ID_PARAM_INVALID', 400, () => api.recordContent('not-a-txid')],
    ['TX_HASH_PARM_INVALID', 400, () => api.updateLinked('zz', body, '')],
    ['TX_NOT_AN_EVENT_TRANSACTION', 400, async () => api.recordContent(await inject('foreign'))],
    ['TX_CONTENT_TYPE_NOT_SUPPORTED', 400, async () => api.recordContent(await inject('future'))],
    ['TX_INCORRECT_EVENT_TRANSACTION_TYPE', 400, async () => api.linkedContent((await api.writeRecord(body, '')).txId)],
    ['TX_NOT_LINKABLE', 400, async () => api.updateLinked((await api.writeRecord(body, '')).txId, body, '')],
    ['NOT_LINKED_RECORDS_END', 400, async () => api.updateLinked((await chainOfTwo()).v1.txId, body, '')],
    ['UPDATE_TOKEN_PARAM_INVALID', 400, async () => api.updateLinked((await api.createLinked(body, '')).txId, body, '', 'not a token!')],
    ['PREV_TX_ID_PARAM_MISSING', 400, async () => api.matchLinked((await chainOfTwo()).v2.txId, bytes('2'), '')],
    ['LINKS_PARAM_INVALID', 400, async () => api.navigate((await api.createLinked(body, '')).txId, 0)],
    ['INVALID_NAVIGATION_TRANSACTION_TYPE', 400, async () => api.navigate((await api.writeRecord(body, '')).txId, 1)],
    ['ENCODE_PARAM_INVALID', 400, () => api.writeRecord(body, 'SHA256(a b)')],
    ['UNKNOWN_ENCODER', 400, () => api.writeRecord(body, 'Rot13')],
    ['CONTENT_BAD_ENCODER', 400, () => strict.writeRecord(body, 'SHA256(s)|Base64')],
    ['CONTENT_ENCODER_ARGUMENT_MISSING', 400, () => strict.writeRecord(body, 'SHA256')],
    ['ENCODER_SHA256_MISSING', 400, () => strict.createLinked(body, '')],
    ['CONTENT_IS_REQUIRED', 400, () => strict.writeRecord(new Uint8Array(), 'SHA256(s)')],
    ['CONTENT_LENGTH_LIMIT_EXCEEDED', 400, () => strict.writeRecord(new Uint8Array(200), 'SHA256(s)')],
    ['UNAUTHORIZED', 401, () => recordApi(sb, { apiKey: 'wrong-key-123' }).recordStatus('ab'.repeat(32))],
    ['INVALID_GRANT', 400, () => identity.exchangeCode({ authorizationCode: 'no-such-code', usedRedirectUri: REDIRECT_URI })],
    ['INVALID_REQUEST', 400, () => identity.refreshToken('')],
  ];

  it.each(cases)('%s', async (errorCode, status, call) => {
    const err = await rejection(call());
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ code: errorCode, status, errorCode, message: sentenceFor(errorCode) });
    expect((err as ServiceError).detail).toBeTruthy();
  });
});

describe("the guides' spelling (content-type, update_token) parses the same", () => {
  it('write, linked create and update, status', async () => {
    const guides = await sandbox({ responseSpelling: 'guides' });
    const client = recordApi(guides);
    const raw = await guides.json<Record<string, unknown>>('/api/v1/linkedrecords?encode=Base64', { method: 'POST', body: 'x' });
    expect(raw).toHaveProperty('update_token');

    const written = await client.writeRecord(sha256('g'), 'SHA256(s)|Base64');
    expect(written.encoding.map((s) => s.contentType)).toEqual(['application/octet-stream', 'text/plain']);
    const v1 = await client.createLinked(bytes('one'), 'Base64');
    expect(v1.encoding).toEqual([{ contentType: 'text/plain', output: 'b25l' }]);
    expect(v1.updateToken).toBeTruthy();
    const v2 = await client.updateLinked(v1.txId, bytes('two'), '', v1.updateToken!);
    expect(v2.updateToken).toBeTruthy();
    await guides.mine();
    expect(await client.linkedStatus(v2.txId)).toMatchObject({ kind: 'known', updatable: true, confirmation: { confirmedBlocks: 1 } });
  });

  it.each(['hash', 'merkleRoot'] as const)('proof target %s', async (proofTarget) => {
    const other = await sandbox({ proofTarget });
    const client = recordApi(other);
    const { txId } = await client.writeRecord(bytes('t'), '');
    await other.mine();
    const status = await client.recordStatus(txId);
    if (status.kind !== 'known' || !status.confirmation?.merkleProof) throw new Error('expected a proof');
    expect(status.confirmation.merkleProof.targetType).toBe(proofTarget);
    expect(status.confirmation.merkleProof.target).toHaveLength(64);
  });
});

describe("the troubleshooting page's spellings, and the sandbox's own code, have the catalogue's sentences", () => {
  let spelled: TestSandbox;
  let client: RecordApi;
  beforeAll(async () => {
    spelled = await sandbox({ errorCodes: 'troubleshooting', saltRequired: true, sha256Required: true, lifecycle: 'refuse' });
    client = recordApi(spelled);
  });
  const inject = async (type: 'foreign' | 'foreign-data'): Promise<string> =>
    (await spelled.json<{ txId: string }>('/__sandbox/inject', { method: 'POST', body: JSON.stringify({ type }) })).txId;
  const body = sha256('x');

  // [the spelling, the code whose sentence it gets, the call]
  const cases: [string, ErrorCode, () => Promise<unknown>][] = [
    ['ENCODER_ARGUMENT_MISSING', 'CONTENT_ENCODER_ARGUMENT_MISSING', () => client.writeRecord(body, 'SHA256')],
    ['ENCODER_FINGERPRINT_MISSING', 'ENCODER_SHA256_MISSING', () => client.writeRecord(body, '')],
    ['NOT_AN_EVENT_TRANSACTION', 'TX_NOT_AN_EVENT_TRANSACTION', async () => client.recordContent(await inject('foreign-data'))],
    ['NOT_A_DATA_TRANSACTION', 'TX_NOT_AN_EVENT_TRANSACTION', async () => client.recordContent(await inject('foreign'))],
    [
      'INCORRECT_EVENT_TRANSACTION_TYPE',
      'INCORRECT_EVENT_TRANSACTION_TYPE',
      async () => client.linkedContent((await client.writeRecord(body, 'SHA256(s)')).txId),
    ],
    ['PREV_TX_ID_PARAM_MISSING', 'PREV_TX_ID_PARAM_MISSING', () => client.deleteLinked('zz')],
    // The life-cycle rule: an update before the previous record is in a block.
    [
      'PREVIOUS_RECORD_NOT_MINED',
      'PREVIOUS_RECORD_NOT_MINED',
      async () => {
        const v1 = await client.createLinked(body, 'SHA256(s)');
        return client.updateLinked(v1.txId, body, 'SHA256(t)', v1.updateToken!);
      },
    ],
  ];

  it.each(cases)('%s', async (errorCode, sentenceOf, call) => {
    const err = await rejection(call());
    expect(err).toMatchObject({ code: sentenceOf, status: 400, errorCode, message: sentenceFor(sentenceOf) });
  });

  it('a delete sent with content: INCORRECT_EVENT_TRANSACTION_TYPE, whose sentence says a finalisation takes none', async () => {
    const v1 = await client.createLinked(body, 'SHA256(s)');
    const res = await spelled.call(`/api/v1/linkedrecords/${v1.txId}/delete`, { method: 'POST', body: 'content' });
    const err = serviceErrorFrom(res.status, new Uint8Array(await res.arrayBuffer()));
    expect(err).toMatchObject({ errorCode: 'INCORRECT_EVENT_TRANSACTION_TYPE', message: expect.stringMatching(/a finalisation takes no content/) });
  });
});

describe('the update token sent as issued; the other placement tried once and kept', () => {
  it.each(['as-issued', 'encoded-once'] as const)(
    'a service that takes it %s only: every update and delete goes through, and the spends are mined',
    async (placement) => {
      const picky = await sandbox({ tokenPlacement: placement });
      const urls: string[] = [];
      const client = recordApi(picky, {
        fetch: (url, init) => {
          urls.push(url);
          return fetch(url, init);
        },
      });
      const placed = () =>
        urls.filter((u) => u.includes('updateToken=')).map((u) => (new URL(u).searchParams.get('updateToken')!.includes('%') ? 'encoded-once' : 'as-issued'));
      const v1 = await client.createLinked(bytes('v1'), '');
      expect(v1.updateToken).toContain('%');
      await picky.mine();
      const v2 = await client.updateLinked(v1.txId, bytes('v2'), '', v1.updateToken!);
      await picky.mine();
      const v3 = await client.updateLinked(v2.txId, bytes('v3'), '', v2.updateToken!);
      await picky.mine();
      const { txId: end } = await client.deleteLinked(v3.txId, v3.updateToken!);
      await picky.mine();
      // As issued first; on a service that refuses it, encoded once, once, and from then on.
      expect(placed()).toEqual(
        placement === 'as-issued' ? ['as-issued', 'as-issued', 'as-issued'] : ['as-issued', 'encoded-once', 'encoded-once', 'encoded-once'],
      );
      for (const txId of [v2.txId, v3.txId, end!])
        expect(await client.linkedStatus(txId)).toMatchObject({ kind: 'known', confirmation: { confirmedBlocks: expect.any(Number) } });
      expect(await client.navigate(v1.txId, 10)).toEqual({ txIds: [v2.txId, v3.txId, end], endOfLinks: true });
    },
  );
});

describe('a delete answered with an empty 200', () => {
  it('is a success that names no txId; the record is the one that follows the predecessor', async () => {
    const quiet = await sandbox({ deleteAnswer: 'empty' });
    const client = recordApi(quiet);
    const v1 = await client.createLinked(bytes('only'), '');
    await quiet.mine();
    expect(await client.deleteLinked(v1.txId, v1.updateToken!)).toEqual({ txId: null });
    const [end] = (await client.navigate(v1.txId, 1)).txIds;
    await quiet.mine();
    expect(await client.linkedStatus(end!)).toMatchObject({ kind: 'known', updatable: false, confirmation: { confirmedBlocks: 1 } });
  });
});

describe('navigate under a small instance maximum', () => {
  it('walkLinks reads the whole chain in the largest pages allowed, and the connection keeps the size', async () => {
    const small = await sandbox({ navigateMax: 3 });
    const asked: number[] = [];
    const client = recordApi(small, {
      fetch: (url, init) => {
        if (url.includes('/navigate')) asked.push(Number(new URL(url).searchParams.get('links')));
        return fetch(url, init);
      },
    });
    const chain = [await client.createLinked(bytes('0'), '')];
    for (let i = 1; i < 10; i++) {
      await small.mine();
      const prev = chain.at(-1)!;
      chain.push(await client.updateLinked(prev.txId, bytes(String(i)), '', prev.updateToken!));
    }
    const ids = chain.map((c) => c.txId);
    expect((await rejection(client.navigate(ids[0]!, 4))).message).toBe(sentenceFor('LINKS_PARAM_INVALID'));
    asked.length = 0;
    expect(await walkLinks(client, ids[0]!, 1)).toEqual(ids.slice(1));
    expect(asked.filter((n) => n > 3)).toEqual([10, 5, 4]);
    asked.length = 0;
    expect(await walkLinks(client, ids.at(-1)!, -1)).toEqual(ids.slice(0, -1).reverse());
    expect(asked).toEqual([-3, -3, -3]);
  });
});

describe('features the instance does not offer: FEATURE_UNAVAILABLE, not "unknown"', () => {
  it('linked records, match and navigate, each named with what to do', async () => {
    const bare = await sandbox({ disable: ['linked'] });
    const noLinked = recordApi(bare);
    const created = await rejection(noLinked.createLinked(bytes('x'), ''));
    expect(created).toMatchObject({
      code: 'FEATURE_UNAVAILABLE',
      message: expect.stringMatching(/does not offer linked records in its configuration \(it answered 404 to creating a linked record\)/),
    });

    const limited = await sandbox({ disable: ['match', 'navigate'] });
    const client = recordApi(limited);
    const { txId } = await client.writeRecord(bytes('r'), 'SHA256(s)');
    const v1 = await client.createLinked(bytes('v1'), '');
    // Still publishing, a 404 proves nothing (an index may not hold it yet); in a block, it names the feature.
    expect(await client.matchRecord(txId, bytes('r'), 'SHA256(s)')).toEqual({ kind: 'unknown' });
    await limited.mine();
    expect((await rejection(client.matchRecord(txId, bytes('r'), 'SHA256(s)'))).message).toMatch(
      new RegExp(`knows transaction ${txId} but answered 404 to verifying it`),
    );
    expect((await rejection(client.matchLinked(v1.txId, bytes('v1'), ''))).code).toBe('FEATURE_UNAVAILABLE');
    expect((await rejection(client.navigate(v1.txId, 1))).message).toMatch(/does not offer navigate in its configuration/);
    // About a transaction the service does not know, a 404 still means unknown.
    const unknownId = 'ef'.repeat(32);
    expect(await client.matchRecord(unknownId, bytes('r'), 'SHA256(s)')).toEqual({ kind: 'unknown' });
    expect(await rejection(client.navigate(unknownId, 1))).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});

describe('faults', () => {
  const logged = (): { lines: string[]; log: TransportOptions['log'] } => {
    const lines: string[] = [];
    return { lines, log: (l) => lines.push(l) };
  };

  it('errorRate 0.5: a write answered 500 is not repeated (it may exist), unless the service honours Idempotency-Key; none is duplicated', async () => {
    const faulty = await sandbox({ faults: { errorRate: 0.5 }, random: seededRandom(7) });
    const { lines, log } = logged();
    const client = recordApi(faulty, { retry: { maxAttempts: 12 }, log });
    let succeeded = 0;
    let refused = 0;
    for (let i = 0; i < 20; i++) {
      const before = lines.length;
      const outcome = await client.writeRecord(sha256(`doc ${i}`), 'SHA256(s)').catch((err: unknown) => err);
      expect(lines.length - before).toBe(1); // one attempt, whatever the answer
      if (outcome instanceof ServiceError) {
        expect(outcome.status).toBe(500);
        refused++;
      } else succeeded++;
    }
    expect(refused).toBeGreaterThan(3);
    expect(await mempool(faulty)).toBe(succeeded);
    // With Idempotency-Key honoured, the same request is repeated until it goes through.
    for (let i = 0; i < 20; i++) await client.writeRecord(sha256(`kept ${i}`), 'SHA256(s)', { idempotency: { key: `kept-${i}`, honoured: true } });
    expect(lines.filter((l) => / 500 /.test(l)).length).toBeGreaterThan(refused);
    expect(await mempool(faulty)).toBe(succeeded + 20);
  });

  it('429 with Retry-After: the wait is honoured, for writes and reads', async () => {
    const limited = await sandbox({ faults: { rateLimitRate: 1, retryAfterSeconds: 2 } });
    const waits: number[] = [];
    const client = recordApi(limited, {
      sleep: async (ms) => {
        waits.push(ms);
        await setFaults(limited, { rateLimitRate: 0 });
      },
    });
    const { txId } = await client.writeRecord(bytes('r'), '');
    expect(waits).toEqual([2000]);
    expect(await mempool(limited)).toBe(1);
    await setFaults(limited, { rateLimitRate: 1, retryAfterSeconds: 3 });
    expect((await client.recordStatus(txId)).kind).toBe('known');
    expect(waits).toEqual([2000, 3000]);
  });

  it('a write with an honoured Idempotency-Key is retried after lost answers, and written once', async () => {
    const dropping = await sandbox({ faults: { dropRate: 0.5, dropPhase: 'after' }, random: seededRandom(11) });
    const { lines, log } = logged();
    const client = recordApi(dropping, { retry: { maxAttempts: 12 }, log });
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { txId } = await client.writeRecord(sha256(`idem ${i}`), 'SHA256(k)', { idempotency: { key: `idem-${i}`, honoured: true } });
      ids.add(txId);
    }
    expect(ids.size).toBe(20);
    expect(lines.filter((l) => / 200 attempt [2-9]/.test(l)).length).toBeGreaterThan(3);
    expect(await mempool(dropping)).toBe(20);
  });

  it("a write whose answer is lost (dropPhase 'after') is not retried: NETWORK, outcome unknown", async () => {
    const dropping = await sandbox({ faults: { dropRate: 1, dropPhase: 'after' } });
    const { lines, log } = logged();
    const client = recordApi(dropping, { log });
    const err = await rejection(client.writeRecord(bytes('lost answer'), ''));
    expect(err.code).toBe('NETWORK');
    expect(isOutcomeUnknown(err)).toBe(true);
    expect(err.message).toMatch(/unknown/);
    expect(lines).toHaveLength(1);
    expect(await mempool(dropping)).toBe(1);
  });

  it('a read whose connection drops is retried', async () => {
    const dropping = await sandbox();
    const { txId } = await dropping.write('d');
    await setFaults(dropping, { dropRate: 1, dropPhase: 'before' });
    const { lines, log } = logged();
    const client = recordApi(dropping, { log, sleep: () => setFaults(dropping, { dropRate: 0 }) });
    expect(await client.recordStatus(txId)).toEqual({ kind: 'known', confirmation: null });
    expect(lines).toHaveLength(2);
  });

  it('latency beyond the timeout: TIMEOUT (reads after their retries, writes at once)', async () => {
    const slow = await sandbox({ faults: { latencyMs: { min: 400, max: 400 } } });
    const { lines, log } = logged();
    const client = recordApi(slow, { timeouts: { readMs: 100, writeMs: 100 }, retry: { maxAttempts: 2 }, log });
    const read = await rejection(client.recordStatus('ab'.repeat(32)));
    expect(read.code).toBe('TIMEOUT');
    expect(isOutcomeUnknown(read)).toBe(false);
    expect(lines).toHaveLength(2);
    const write = await rejection(client.writeRecord(bytes('slow'), ''));
    expect(write.code).toBe('TIMEOUT');
    expect(isOutcomeUnknown(write)).toBe(true);
    expect(lines).toHaveLength(3);
  });

  it('a closed port: ECONNREFUSED is retried, then NETWORK (writes too: nothing was sent)', async () => {
    const port = await closedPort();
    const { lines, log } = logged();
    const client = new RecordApi({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'KEY-never-shown-4711', sleep: noSleep, retry: { maxAttempts: 3 }, log });
    for (const call of [() => client.writeRecord(bytes('w'), 'SHA256(salt)'), () => client.recordStatus('ab'.repeat(32))]) {
      const err = await rejection(call());
      expect(err.code).toBe('NETWORK');
      expect(isOutcomeUnknown(err)).toBe(false);
      expect(err.message).toContain(`127.0.0.1:${port}`);
      expect(err.message).not.toContain('KEY-never-shown-4711');
    }
    expect(lines).toHaveLength(6);
    expect(lines.every((l) => l.includes('ECONNREFUSED') && !l.includes('salt'))).toBe(true);
  });
});
