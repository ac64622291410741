import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockLookup } from '../../main/core/api/block-lookup.ts';
import { RecordApi } from '../../main/core/api/record-api.ts';
import { readBlockAnswer } from '../../verifier/best-chain.ts';
import { startRedirectingFront, type RedirectingFront } from '../support/redirecting-front.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';
import { rejection } from '../support/rejection.ts';

/**
 * Redirects, against the strict sandbox behind a gateway that redirects: the record API follows
 * one within its service's origin, with the key, and refuses one to another origin, which never
 * gets the key; the block lookup of the `chain` step does the same, so another origin's answer is
 * never credited to the lookup's host.
 */

let sb: TestSandbox;
let front: RedirectingFront;

beforeAll(async () => {
  sb = await startTestSandbox({ strict: true });
  front = await startRedirectingFront(sb.baseUrl);
});
afterAll(async () => {
  await front?.stop();
  await sb?.stop();
});

/** The requests the sandbox has received on `route` (e.g. "POST /api/v1/records"). */
async function arrived(route: string): Promise<number> {
  const { routes } = await sb.json<{ routes: { route: string; total: number }[] }>('/__sandbox/requests');
  return routes.find((r) => r.route === route)?.total ?? 0;
}

const api = (baseUrl: string) => new RecordApi({ baseUrl, apiKey: sb.apiKey, sleep: async () => {} });

describe('the record API', () => {
  it('follows a redirect within its origin with the key: a write (307 keeps POST and body), its status and its content', async () => {
    const moved = api(`${front.url}/same`);
    const before = await arrived('POST /api/v1/records');
    const written = await moved.writeRecord(new TextEncoder().encode('moved but same origin'), '');
    expect(written.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(await arrived('POST /api/v1/records')).toBe(before + 1);
    expect(new TextDecoder().decode(await moved.recordContent(written.txId))).toBe('moved but same origin');
    await sb.mine(); // a strict service answers a new transaction's status 404 until its block or for its first seconds
    expect(await moved.recordStatus(written.txId)).toMatchObject({ kind: 'known' });
  });

  it('refuses a redirect to another origin: nothing reaches it, the key least of all', async () => {
    const away = api(`${front.url}/other`);
    const before = await arrived('POST /api/v1/records');
    const err = await rejection(away.writeRecord(new TextEncoder().encode('never sent'), ''));
    expect(err.code).toBe('REDIRECT_REFUSED');
    expect(err.message).toContain(`redirected the request to ${new URL(sb.baseUrl).host}, another origin: Notarium did not follow it`);
    expect(err.message).not.toContain(sb.apiKey);
    expect(await arrived('POST /api/v1/records')).toBe(before);
  });

  it('refuses a write answered 302: it says it was redirected, and sends nothing on', async () => {
    const before = await arrived('POST /api/v1/records');
    const err = await rejection(api(`${front.url}/found`).writeRecord(new TextEncoder().encode('never sent'), ''));
    expect(err.code).toBe('REDIRECT_REFUSED');
    expect(err.message).toMatch(
      /redirected the request with HTTP 302, which would send it on without its body: Notarium did not follow it.* Check the address in the profile\.$/,
    );
    expect(await arrived('POST /api/v1/records')).toBe(before);
  });
});

describe("the chain step's block lookup", () => {
  let blockHash: string;
  beforeAll(async () => {
    await sb.write('a record for a block');
    await sb.mine();
    blockHash = (await sb.json<{ tipHash: string }>('/__sandbox/chain')).tipHash;
  });

  it('follows a redirect within its origin, and its host is credited', async () => {
    const lookup = new BlockLookup({ template: `${front.url}/same/explorer/block/{blockHash}` });
    const answer = await lookup.answer(blockHash);
    expect(answer.status).toBe(200);
    expect(readBlockAnswer(blockHash, lookup.source, Date.now(), answer)).toMatchObject({ status: 'pass', source: new URL(front.url).host });
  });

  it('refuses a redirect to another origin: that origin is not asked, and its word is never taken for the first host', async () => {
    const lookup = new BlockLookup({ template: `${front.url}/other/explorer/block/{blockHash}` });
    const before = await arrived('GET /explorer/block/{blockHash}');
    const err = await rejection(lookup.answer(blockHash));
    expect(err.code).toBe('REDIRECT_REFUSED');
    expect(await arrived('GET /explorer/block/{blockHash}')).toBe(before);
  });
});
