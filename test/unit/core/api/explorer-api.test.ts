import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ExplorerApi } from '../../../../main/core/api/explorer-api.ts';
import type { FetchLike } from '../../../../main/core/api/http-client.ts';
import { OriginPacer } from '../../../../main/core/api/origin-pacer.ts';
import { parseBlockHeader } from '../../../../verifier/chain/block-header.ts';
import { REAL_HEADERS } from '../../../support/real-headers.ts';

// The explorer client's checks on what an explorer serves (the sandbox's explorer is covered by
// the integration tests).

const sha256d = (hex: string): string =>
  Buffer.from(
    createHash('sha256')
      .update(createHash('sha256').update(Buffer.from(hex, 'hex')).digest())
      .digest(),
  )
    .reverse()
    .toString('hex');

// The TSC reference header (service-notes.md) and its block hash.
const HEADER =
  '000000208e33a53195acad0ab42ddbdbe3e4d9ca081332e5b01a62e340dbd8167d1a787b702f61bb913ac2063e0f2aed6d933d3386234da5c8eb9e30e498efd25fb7cb96fff12c60ffff7f2001000000';
const BLOCK = '75edb0a69eb195cdd81e310553aa4d25e18450e08f168532a2c2e9cf447bf169';
const TX_HEX = '01000000' + '01' + '11'.repeat(32) + '00000000' + '00' + 'ffffffff' + '01' + '0000000000000000' + '00' + '00000000';
const TX_ID = sha256d(TX_HEX);

/** A pacer whose waits pass at once (on a clock of its own): these tests are about answers, not rates. */
function unpaced(): OriginPacer {
  let t = 0;
  return new OriginPacer({ now: () => t, sleep: async (ms) => void (t += ms) });
}

function explorer(body: string): { api: ExplorerApi; urls: string[] } {
  const urls: string[] = [];
  const fetch: FetchLike = async (url) => {
    urls.push(url);
    return new Response(body);
  };
  const templates = { transactionHex: 'https://ex.example/tx/{txId}/hex', blockHeader: 'https://ex.example/block/{blockHash}/header' };
  return { api: new ExplorerApi({ templates, fetch, sleep: async () => {}, pacer: unpaced() }), urls };
}

describe('ExplorerApi', () => {
  it('fills the templates and returns lowercase hex checked against the hash asked for', async () => {
    expect(sha256d(HEADER)).toBe(BLOCK);
    const { api, urls } = explorer(`${HEADER.toUpperCase()}\n`);
    expect(await api.blockHeaderHex(BLOCK.toUpperCase())).toBe(HEADER);
    expect(urls).toEqual([`https://ex.example/block/${BLOCK}/header`]);
    expect(await explorer(TX_HEX).api.transactionHex(TX_ID)).toBe(TX_HEX);
    expect(await explorer(JSON.stringify(TX_HEX)).api.transactionHex(TX_ID)).toBe(TX_HEX);
  });

  it.each([
    ['not hex', 'hello', /not hexadecimal/],
    ['odd length', `${HEADER}0`, /not hexadecimal/],
    ['too short', HEADER.slice(0, 158), /80 bytes, not 79/],
    ['another block', HEADER.replace(/00$/, '01'), /not of the block asked for/],
  ])('refuses a header that is %s', async (_name, body, message) => {
    await expect(explorer(body).api.blockHeaderHex(BLOCK)).rejects.toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(message) });
  });

  it('refuses a transaction too short to be one', async () => {
    await expect(explorer('0100').api.transactionHex(TX_ID)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('refuses templates without their placeholder, and ids that are not hashes', async () => {
    expect(() => new ExplorerApi({ templates: { transactionHex: 'https://ex.example/tx', blockHeader: 'https://ex.example/{blockHash}' } })).toThrow(
      /\{txId\}/,
    );
    await expect(explorer(TX_HEX).api.transactionHex('../x')).rejects.toMatchObject({ code: 'TX_ID_PARAM_INVALID' });
  });

  it('rebuilds a header served as JSON (getblockheader, as WhatsOnChain serves it) and checks its hash', async () => {
    const fields = parseBlockHeader(HEADER);
    // As WhatsOnChain answers: display-order hashes, bits as hex text, and fields a header does not hold.
    const json = {
      hash: BLOCK,
      confirmations: 12,
      height: 845_000,
      version: fields.version,
      versionHex: fields.version.toString(16).padStart(8, '0'),
      merkleroot: fields.merkleRoot,
      time: fields.time,
      mediantime: fields.time - 600,
      nonce: fields.nonce,
      bits: fields.bits.toString(16).padStart(8, '0'),
      difficulty: 4.6e-10,
      chainwork: '00'.repeat(32),
      previousblockhash: fields.prevHash,
      nextblockhash: '11'.repeat(32),
    };
    expect(await explorer(JSON.stringify(json)).api.blockHeaderHex(BLOCK)).toBe(HEADER);
    // Genesis has no previous block: 32 zero bytes.
    const genesis = parseBlockHeader(REAL_HEADERS.genesis.header);
    const { previousblockhash: _none, ...genesisJson } = {
      ...json,
      hash: REAL_HEADERS.genesis.hash,
      version: genesis.version,
      merkleroot: genesis.merkleRoot,
      time: genesis.time,
      nonce: genesis.nonce,
      bits: genesis.bits.toString(16).padStart(8, '0'),
      previousblockhash: undefined,
    };
    expect(await explorer(JSON.stringify(genesisJson)).api.blockHeaderHex(REAL_HEADERS.genesis.hash)).toBe(REAL_HEADERS.genesis.header);
    // A JSON header is accepted only if it hashes to the block asked for: its own `hash` field proves nothing.
    await expect(explorer(JSON.stringify({ ...json, nonce: fields.nonce + 1 })).api.blockHeaderHex(BLOCK)).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: expect.stringMatching(/not of the block asked for/),
    });
    for (const [broken, why] of [
      [{ ...json, bits: 0x207fffff }, /bits are not 8 hexadecimal/],
      [{ ...json, merkleroot: 'xyz' }, /merkleroot is not 64 hexadecimal/],
      [{ ...json, time: -1 }, /time is not a 32-bit whole number/],
      [[json, json], /neither a header in hexadecimal nor a header object/],
    ] as const)
      await expect(explorer(JSON.stringify(broken)).api.blockHeaderHex(BLOCK)).rejects.toMatchObject({
        code: 'BAD_RESPONSE',
        message: expect.stringMatching(why),
      });
    await expect(explorer('{"hash": ').api.blockHeaderHex(BLOCK)).rejects.toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(/nor JSON/) });
  });

  it('serves transactions without a header template, and says it has none', async () => {
    const fetch: FetchLike = async () => new Response(TX_HEX);
    const api = new ExplorerApi({
      templates: { transactionHex: 'https://ex.example/tx/{txId}/hex', blockHeader: null },
      fetch,
      sleep: async () => {},
      pacer: unpaced(),
    });
    expect(api.servesHeaders).toBe(false);
    expect(await api.transactionHex(TX_ID)).toBe(TX_HEX);
    await expect(api.blockHeaderHex(BLOCK)).rejects.toMatchObject({ code: 'NETWORK' });
  });
});

describe('ExplorerApi, asked again', () => {
  function counting(answer: (url: string) => Response): { api: ExplorerApi; asked: Map<string, number> } {
    const asked = new Map<string, number>();
    const fetch: FetchLike = async (url) => {
      asked.set(url, (asked.get(url) ?? 0) + 1);
      return answer(url);
    };
    const templates = { transactionHex: 'https://ex.example/tx/{txId}/hex', blockHeader: 'https://ex.example/block/{blockHash}/header' };
    return { api: new ExplorerApi({ templates, fetch, sleep: async () => {}, pacer: unpaced() }), asked };
  }

  it('fetches a header once per block hash and a transaction once per txId, asked together or later', async () => {
    const { api, asked } = counting((url) => new Response(url.includes('/block/') ? HEADER : TX_HEX));
    const headers = await Promise.all(Array.from({ length: 10 }, (_, i) => api.blockHeaderHex(i % 2 ? BLOCK : BLOCK.toUpperCase())));
    expect(new Set(headers)).toEqual(new Set([HEADER]));
    expect(await api.blockHeaderHex(BLOCK)).toBe(HEADER);
    await Promise.all([api.transactionHex(TX_ID), api.transactionHex(TX_ID)]);
    expect(await api.transactionHex(TX_ID)).toBe(TX_HEX);
    expect([...asked.values()]).toEqual([1, 1]);
  });

  it('keeps no failure: an answer refused is asked for again', async () => {
    let broken = true;
    const { api, asked } = counting(() => new Response(broken ? 'hello' : HEADER));
    await expect(api.blockHeaderHex(BLOCK)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    broken = false;
    expect(await api.blockHeaderHex(BLOCK)).toBe(HEADER);
    expect(await api.blockHeaderHex(BLOCK)).toBe(HEADER);
    expect([...asked.values()]).toEqual([2]);
  });
});
