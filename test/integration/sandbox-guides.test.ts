import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../sandbox/index.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// Every cURL example of the real service's guides (docs.nchainplatform.com, nChain Event user guide
// 1.4.3), run with curl against the sandbox in each mode. The examples are copied as printed: the
// guides write the host and key as $URL and $KEY, and a location as $LOC (and $LOC1 for the one
// before it), so adapting them is setting those variables. Between steps the test mines a block,
// as the guides say to wait for a confirmed status before any other operation on a location.

const EXAMPLES = {
  // https://docs.nchainplatform.com/nchain-event/using-nchain-event/initial-set-up
  readiness: String.raw`curl "$URL/readiness" \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain"`,
  liveness: String.raw`curl "$URL/liveness" \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain"`,

  // https://docs.nchainplatform.com/nchain-event/independent-records/api-workflow/write-record
  writeEncoded: String.raw`curl -X POST "$URL/api/v1/records?encode=SHA256(01-02T13.14.15)|Base64" \
     -H "x-api-key: $KEY" \
     -H "Content-Type: application/octet-stream" \
     --data-binary "hello"`,
  writeUnencoded: String.raw`curl -X POST $URL/api/v1/records \
     -H "x-api-key: $KEY" \
     -H "Content-Type: application/octet-stream" \
     --data-binary "hello"`,

  // https://docs.nchainplatform.com/nchain-event/independent-records/api-workflow/get-location-status
  status: String.raw`curl $URL/api/v1/records/$LOC/status \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain"`,

  // https://docs.nchainplatform.com/nchain-event/independent-records/api-workflow/read-record
  readHeaders: String.raw`curl --head $URL/api/v1/records/$LOC/content \
     -H "x-api-key: $KEY" \
     -H "accept: */*"`,
  read: String.raw`curl $URL/api/v1/records/$LOC/content \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain"`,

  // https://docs.nchainplatform.com/nchain-event/independent-records/api-workflow/verify-record-+
  verifyEncoded: String.raw`curl -X POST "$URL/api/v1/records/$LOC/match?encode=SHA256(01-02T13.14.15)|Base64" \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain" \
     -H "Content-Type: application/octet-stream" \
     --data-binary "hello"`,
  verifyUnencoded: String.raw`curl -X POST $URL/api/v1/records/$LOC/match \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain" \
     -H "Content-Type: application/octet-stream" \
     --data-binary "hello"`,

  // https://docs.nchainplatform.com/nchain-event/linked-records/api-workflow/create-link-record
  createEncoded: String.raw`curl -X POST "$URL/api/v1/linkedrecords?encode=SHA256(01-02T13.14.15)|Base64" \
     -H "x-api-key: $KEY" \
     -H "Content-Type: application/octet-stream" \
     --data-binary "hello"`,
  createUnencoded: String.raw`curl -X POST $URL/api/v1/linkedrecords \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain" \
     -H "Content-Type: application/octet-stream" \
     --data-binary "hello"`,

  // https://docs.nchainplatform.com/nchain-event/linked-records/api-workflow/get-link-location-status
  linkStatus: String.raw`curl $URL/api/v1/linkedrecords/$LOC/status \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain"`,

  // https://docs.nchainplatform.com/nchain-event/linked-records/api-workflow/read-link-record
  readLinkHeaders: String.raw`curl --head $URL/api/v1/linkedrecords/$LOC/content \
     -H "x-api-key: $KEY" \
     -H "accept: */*"`,
  readLink: String.raw`curl $URL/api/v1/linkedrecords/$LOC/content \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain"`,

  // https://docs.nchainplatform.com/nchain-event/linked-records/api-workflow/update-link-record (no updateToken: the service fetches $LOC)
  updateEncoded: String.raw`curl -X POST "$URL/api/v1/linkedrecords/$LOC/update?encode=SHA256(01-02T13.14.15)|Base64" \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain" \
     -H "Content-Type: application/octet-stream" \
     --data-binary "hello world"`,
  updateUnencoded: String.raw`curl -X POST $URL/api/v1/linkedrecords/$LOC/update \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain" \
     -H "Content-Type: application/octet-stream" \
     --data-binary "hello world"`,

  // https://docs.nchainplatform.com/nchain-event/linked-records/api-workflow/verify-link-record-+
  verifyLinkEncoded: String.raw`curl -X POST "$URL/api/v1/linkedrecords/$LOC/match?prevTxId=$LOC1&encode=SHA256(01-02T13.14.15)|Base64" \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain" \
     -H "Content-Type: application/octet-stream" \
     --data-binary "hello"`,
  verifyLinkUnencoded: String.raw`curl -X POST "$URL/api/v1/linkedrecords/$LOC/match?prevTxId=$LOC1" \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain" \
     -H "Content-Type: application/octet-stream" \
     --data-binary "hello"`,

  // https://docs.nchainplatform.com/nchain-event/linked-records/api-workflow/delete-link-record
  delete: String.raw`curl -X POST $URL/api/v1/linkedrecords/$LOC/delete \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain"`,

  // https://docs.nchainplatform.com/nchain-event/linked-records/api-workflow/navigate-link-record
  navigate: String.raw`curl -X GET "$URL/api/v1/linkedrecords/$LOC/navigate?links=9" \
     -H "x-api-key: $KEY" \
     -H "accept: text/plain"`,
} as const;

const run = promisify(execFile);

/** The published bytes of SHA256(01-02T13.14.15)|Base64: base64(sha256(salt || record)). */
const fingerprint = (record: string) => createHash('sha256').update(`01-02T13.14.15${record}`).digest('base64');

const MODES: [string, SandboxOptions, { encodingKey: string; tokenKey: string; deleteAnswersTxId: boolean; targetType: string }][] = [
  ['default', {}, { encodingKey: 'contentType', tokenKey: 'updateToken', deleteAnswersTxId: true, targetType: 'header' }],
  // The TSC default target (the block hash): the documentation's example shows a header, and allows either.
  ['--strict', { strict: true }, { encodingKey: 'content-type', tokenKey: 'update_token', deleteAnswersTxId: false, targetType: 'hash' }],
  // The life-cycle rule the embedded sandbox is to enforce: the guides wait for each block, so they pass.
  ['--lifecycle refuse', { lifecycle: 'refuse' }, { encodingKey: 'contentType', tokenKey: 'updateToken', deleteAnswersTxId: true, targetType: 'header' }],
];

describe.each(MODES)("the guides' cURL examples against the sandbox (%s)", (_mode, options, expected) => {
  let sb: TestSandbox;
  // The sandbox's clock, which the test moves as the guides say to wait (it mines only when told).
  let waited = 0;
  beforeAll(async () => {
    sb = await startTestSandbox({ ...options, clock: () => Date.now() + waited });
  });
  /** "Wait about 10 minutes before the first status check": a new transaction may answer 404 until then (still publishing). */
  const waitBeforeStatus = () => void (waited += 10 * 60_000);
  afterAll(() => sb.stop());

  /** Runs one example as printed; curl itself is only told to append the HTTP status. */
  const example = async (name: keyof typeof EXAMPLES, locations: { LOC?: string; LOC1?: string } = {}) => {
    const script = `curl() { command curl -sS -w '\\n%{http_code}' "$@"; }\n${EXAMPLES[name]}`;
    const { stdout, stderr } = await run('bash', ['-euo', 'pipefail', '-c', script], {
      env: { ...process.env, URL: sb.baseUrl, KEY: sb.apiKey, ...locations },
    });
    expect(stderr).toBe('');
    const cut = stdout.lastIndexOf('\n');
    return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
  };
  const ok = async (name: keyof typeof EXAMPLES, locations?: { LOC?: string; LOC1?: string }) => {
    const answer = await example(name, locations);
    expect(answer.status, `${name}: ${answer.body}`).toBe(200);
    return answer.body;
  };
  const okJson = async <T = Record<string, unknown>>(name: keyof typeof EXAMPLES, locations?: { LOC?: string; LOC1?: string }) =>
    JSON.parse(await ok(name, locations)) as T;
  const header = (head: string, name: string) => new RegExp(`^${name}: (.*)\\r$`, 'im').exec(head)?.[1];

  let encoded: string;
  let unencoded: string;

  it('initial set-up: readiness and liveness', async () => {
    expect(await okJson('readiness')).toEqual({ appVersion: expect.any(String) });
    expect(await ok('liveness')).toBe('Healthy');
  });

  it('write record, encoded (a salt with ".") and unencoded (no encode at all)', async () => {
    const written = await okJson<{ txId: string; encoding: Record<string, string>[] }>('writeEncoded');
    expect(written.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(written.encoding).toHaveLength(2);
    expect(written.encoding[1]).toEqual({ [expected.encodingKey]: 'text/plain', output: fingerprint('hello') });
    encoded = written.txId;
    const plain = await okJson('writeUnencoded');
    expect(Object.keys(plain)).toEqual(['txId']);
    unencoded = plain.txId as string;
  });

  it('get location status: null, then the confirmation once mined', async () => {
    waitBeforeStatus();
    expect(await okJson('status', { LOC: encoded })).toEqual({ confirmation: null });
    await sb.mine();
    expect(await okJson('status', { LOC: encoded })).toMatchObject({
      confirmation: { confirmedBlocks: 1, merkleProof: { txOrId: encoded, targetType: expected.targetType } },
    });
  });

  it('read record: the headers and the published bytes', async () => {
    expect(header(await ok('readHeaders', { LOC: encoded }), 'content-length')).toBe(String(fingerprint('hello').length));
    expect(await ok('read', { LOC: encoded })).toBe(fingerprint('hello'));
    expect(await ok('read', { LOC: unencoded })).toBe('hello');
  });

  it('verify record, encoded and unencoded: a match', async () => {
    expect(await okJson('verifyEncoded', { LOC: encoded })).toMatchObject({ match: true, confirmation: { confirmedBlocks: 1 } });
    expect(await okJson('verifyUnencoded', { LOC: unencoded })).toMatchObject({ match: true });
  });

  let created: string;
  let updatedEncoded: string;
  let updatedUnencoded: string;

  it('create link record, encoded and unencoded', async () => {
    const link = await okJson<Record<string, unknown>>('createEncoded');
    expect(link).toMatchObject({ txId: expect.stringMatching(/^[0-9a-f]{64}$/), [expected.tokenKey]: expect.any(String) });
    expect((link.encoding as Record<string, string>[])[1]).toEqual({ [expected.encodingKey]: 'text/plain', output: fingerprint('hello') });
    created = link.txId as string;
    const plain = await okJson('createUnencoded');
    expect(plain.txId).toMatch(/^[0-9a-f]{64}$/);
    await sb.mine();
    expect(await ok('readLink', { LOC: plain.txId as string })).toBe('hello');
  });

  it('get link location status and read link record', async () => {
    expect(await okJson('linkStatus', { LOC: created })).toMatchObject({ updatable: true, confirmation: { confirmedBlocks: 1 } });
    expect(header(await ok('readLinkHeaders', { LOC: created }), 'content-length')).toBe(String(fingerprint('hello').length));
    expect(await ok('readLink', { LOC: created })).toBe(fingerprint('hello'));
  });

  it('update link record, encoded and unencoded, without a token', async () => {
    const first = await okJson<{ txId: string; encoding: Record<string, string>[] }>('updateEncoded', { LOC: created });
    expect(first.encoding[1]).toEqual({ [expected.encodingKey]: 'text/plain', output: fingerprint('hello world') });
    updatedEncoded = first.txId;
    await sb.mine();
    const second = await okJson<{ txId: string }>('updateUnencoded', { LOC: updatedEncoded });
    expect(second).not.toHaveProperty('encoding');
    updatedUnencoded = second.txId;
    await sb.mine();
    expect(await ok('readLink', { LOC: updatedUnencoded })).toBe('hello world');
    expect(await okJson('linkStatus', { LOC: created })).toMatchObject({ updatable: false });
  });

  it('verify link record, encoded and unencoded (the guide verifies "hello" against an update that carried "hello world")', async () => {
    expect(await okJson('verifyLinkEncoded', { LOC: updatedEncoded, LOC1: created })).toMatchObject({ match: false });
    expect(await okJson('verifyLinkUnencoded', { LOC: updatedUnencoded, LOC1: updatedEncoded })).toMatchObject({ match: false });
    // The same requests with the bytes the updates carried do match.
    const verify = (txId: string, prev: string, encode: string) =>
      sb.json(`/api/v1/linkedrecords/${txId}/match?prevTxId=${prev}${encode}`, { method: 'POST', body: 'hello world' });
    expect(await verify(updatedEncoded, created, '&encode=SHA256(01-02T13.14.15)|Base64')).toMatchObject({ match: true });
    expect(await verify(updatedUnencoded, updatedEncoded, '')).toMatchObject({ match: true });
  });

  it('delete link record, then navigate the chain from its first location', async () => {
    const body = await ok('delete', { LOC: updatedUnencoded });
    if (expected.deleteAnswersTxId) expect(JSON.parse(body)).toEqual({ txId: expect.stringMatching(/^[0-9a-f]{64}$/) });
    else expect(body).toBe('');
    await sb.mine();
    const { txIds, endOfLinks } = await okJson<{ txIds: string[]; endOfLinks: boolean }>('navigate', { LOC: created });
    expect(txIds.slice(0, 2)).toEqual([updatedEncoded, updatedUnencoded]);
    expect(txIds).toHaveLength(3);
    expect(endOfLinks).toBe(true);
    if (expected.deleteAnswersTxId) expect(txIds[2]).toBe(JSON.parse(body).txId);
    expect(await okJson('linkStatus', { LOC: updatedUnencoded })).toMatchObject({ updatable: false });
  });
});
