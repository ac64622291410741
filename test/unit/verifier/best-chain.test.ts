import { describe, expect, it } from 'vitest';
import {
  blockLookupUrl,
  isBlockLookup,
  lookupOrigin,
  lookupSource,
  lookupUnreachable,
  readBlockAnswer,
  type BlockAnswer,
} from '../../../verifier/best-chain.ts';

// What a block lookup answers about a receipt's block, read the same by the
// engine and the verifier page. Every answer becomes a result with its code and sentence.

const BLOCK = '000000000000000003f6a4c8e6e0a5f2c52c2b8c2d7d3f6f1b0b7c3e9d5a1b2c';
const OTHER = 'ab'.repeat(32);
const SOURCE = 'api.whatsonchain.com';
const AT = Date.parse('2026-11-20T10:00:00.750Z');
const json = (value: unknown, status = 200): BlockAnswer => ({ status, body: JSON.stringify(value) });
const read = (answer: BlockAnswer, block = BLOCK) => readBlockAnswer(block, SOURCE, AT, answer);

/** WhatsOnChain's block by hash, trimmed: what a good answer looks like. */
const WOC = {
  hash: BLOCK,
  confirmations: 3,
  size: 1043,
  height: 925_001,
  version: 536_870_912,
  versionHex: '20000000',
  merkleroot: 'cd'.repeat(32),
  txcount: 2,
  time: 1_795_000_000,
  bits: '1810b1c5',
  previousblockhash: 'ef'.repeat(32),
};

describe('a good answer', () => {
  it('passes, saying where the block is, how deep, according to whom and when', () => {
    expect(read(json(WOC))).toEqual({
      status: 'pass',
      blockHash: BLOCK,
      detail: `Block ${BLOCK} is on the best chain at height 925001 with 3 confirmations, according to api.whatsonchain.com at 2026-11-20T10:00:00Z.`,
      said: { key: 'steps.chainPass', params: { block: BLOCK, height: 925_001, count: 3, source: SOURCE, at: '2026-11-20T10:00:00Z' } },
      source: SOURCE,
      at: '2026-11-20T10:00:00Z',
      height: 925_001,
      confirmations: 3,
    });
  });

  it('one confirmation in the singular; the hash in any case; the block asked for in any case', () => {
    expect(read(json({ ...WOC, hash: BLOCK.toUpperCase(), confirmations: 1 }), BLOCK.toUpperCase())).toMatchObject({
      status: 'pass',
      blockHash: BLOCK,
      detail: expect.stringContaining('at height 925001 with 1 confirmation, according to'),
    });
  });

  it("bitcoind's getblockheader answer reads the same", () => {
    const header = { hash: BLOCK, confirmations: 12, height: 7, version: 1, merkleroot: 'cd'.repeat(32), time: 1, nonce: 2, bits: '207fffff', chainwork: '00' };
    expect(read(json(header))).toMatchObject({ status: 'pass', height: 7, confirmations: 12 });
  });
});

describe('a block the lookup does not know, or knows off its best chain', () => {
  it('404 when the check is optional: skipped, the block unknown to this lookup (another network, or not seen yet)', () => {
    expect(read({ status: 404, body: '{"error":"Not Found"}' })).toEqual({
      status: 'skipped',
      code: 'block-unknown-to-lookup',
      detail: `Skipped: block ${BLOCK} is unknown to this lookup (api.whatsonchain.com answered 404 at 2026-11-20T10:00:00Z), so whether it is on the best chain was not checked. A lookup answers so for a block of another network, or one it has not seen yet: look the block up in another explorer of its network, or require the check (notarium verify --require-chain) to count a 404 as a failure.`,
    });
  });

  it('404 when the check is required: fails, the explorer does not know the block', () => {
    expect(readBlockAnswer(BLOCK, SOURCE, AT, { status: 404, body: '{"error":"Not Found"}' }, true)).toEqual({
      status: 'fail',
      blockHash: BLOCK,
      code: 'block-unknown-to-explorer',
      detail: `According to api.whatsonchain.com at 2026-11-20T10:00:00Z, there is no block ${BLOCK}: the explorer does not know it (it answered 404), so the block is not on the chain it follows. A block that no explorer of its network knows is not part of that network's chain.`,
      expected: 'a block the explorer knows',
      found: 'unknown (404)',
    });
  });

  it('confirmations -1: fails, the block is off the best chain (with its height when the answer gives one)', () => {
    expect(read(json({ ...WOC, confirmations: -1 }))).toEqual({
      status: 'fail',
      blockHash: BLOCK,
      code: 'block-not-on-best-chain',
      detail: `According to api.whatsonchain.com at 2026-11-20T10:00:00Z, block ${BLOCK} at height 925001 is not on the best chain (it answered confirmations -1): another chain with more work left it behind, so the registration's transaction may be in another block now, or in none.`,
      expected: 'on the best chain (1 confirmation or more)',
      found: 'confirmations -1 (off the best chain)',
    });
    expect(read(json({ hash: BLOCK, confirmations: -1 }))).toMatchObject({
      code: 'block-not-on-best-chain',
      detail: expect.stringContaining(`block ${BLOCK} is not on`),
    });
  });
});

describe('an answer that cannot be used: not checked, with the reason, never a crash', () => {
  const invalid = (why: string) => ({
    status: 'skipped',
    code: 'explorer-answer-invalid',
    detail: `The block lookup at api.whatsonchain.com answered, but not as a block lookup does: ${why}. Whether block ${BLOCK} is on the best chain was not checked; the lookup's address must answer with the block as JSON (its hash, height and confirmations).`,
  });

  it.each<[string, BlockAnswer, string]>([
    ['garbage', { status: 200, body: '<html><body>Welcome</body></html>' }, 'it is not JSON'],
    ['an empty body', { status: 200, body: '' }, 'it is not JSON'],
    ['JSON null', json(null), 'it is not a JSON object'],
    ['an array', json([WOC]), 'it is not a JSON object'],
    ['no hash', json({ ...WOC, hash: undefined }), 'it names no block hash (its hash is missing)'],
    ['a hash that is no hash', json({ ...WOC, hash: 'latest' }), 'it names no block hash (its hash is "latest")'],
    ['another block echoed', json({ ...WOC, hash: OTHER }), `it is about block ${OTHER}, not the block asked for`],
    ['confirmations as text', json({ ...WOC, confirmations: '3' }), 'its confirmations ("3") are not a whole number'],
    ['fractional confirmations', json({ ...WOC, confirmations: 2.5 }), 'its confirmations (2.5) are not a whole number'],
    ['no confirmations', json({ ...WOC, confirmations: undefined }), 'its confirmations (missing) are not a whole number'],
    ['zero confirmations', json({ ...WOC, confirmations: 0 }), 'its confirmations (0) are neither -1 (off the best chain) nor 1 or more (on it)'],
    ['confirmations -2', json({ ...WOC, confirmations: -2 }), 'its confirmations (-2) are neither -1 (off the best chain) nor 1 or more (on it)'],
    ['no height', json({ ...WOC, height: undefined }), 'its height (missing) is not a whole number from 0 up'],
    ['a negative height', json({ ...WOC, height: -4 }), 'its height (-4) is not a whole number from 0 up'],
    ['a huge value, cut short', json({ ...WOC, height: 'x'.repeat(500) }), `its height ("${'x'.repeat(39)}…) is not a whole number from 0 up`],
    ['a refusal (400)', { status: 400, body: 'Bad Request' }, 'it refused the request with HTTP status 400, so its address may be wrong'],
    ['a redirect left unfollowed (302)', { status: 302, body: '' }, 'it refused the request with HTTP status 302, so its address may be wrong'],
  ])('%s', (_, answer, why) => {
    expect(read(answer)).toEqual(invalid(why));
  });

  it.each([500, 502, 503, 504, 429, 408])('an outage (%i): the lookup could not be asked', (status) => {
    expect(read({ status, body: 'Service Unavailable' })).toEqual({
      status: 'skipped',
      code: 'explorer-unreachable',
      detail: `The block lookup at api.whatsonchain.com could not be asked whether block ${BLOCK} is on the best chain, so that was not checked: it answered with HTTP status ${status}. Ask again once it can be reached.`,
    });
  });

  it('a lookup that could not be reached at all says why, in its own words', () => {
    expect(lookupUnreachable('127.0.0.1:9', BLOCK.toUpperCase(), 'The connection was refused (ECONNREFUSED)')).toEqual({
      status: 'skipped',
      code: 'explorer-unreachable',
      detail: `The block lookup at 127.0.0.1:9 could not be asked whether block ${BLOCK} is on the best chain, so that was not checked: The connection was refused (ECONNREFUSED). Ask again once it can be reached.`,
    });
  });
});

describe('block lookup templates', () => {
  const WOC_TEMPLATE = 'https://api.whatsonchain.com/v1/bsv/main/block/hash/{blockHash}';

  it('fill {blockHash} (lower case, wherever it stands) and name their host and origin', () => {
    expect(blockLookupUrl(WOC_TEMPLATE, BLOCK.toUpperCase())).toBe(`https://api.whatsonchain.com/v1/bsv/main/block/hash/${BLOCK}`);
    expect(blockLookupUrl('http://127.0.0.1:8080/b?hash={blockHash}&again={blockHash}', 'AB')).toBe('http://127.0.0.1:8080/b?hash=ab&again=ab');
    expect(lookupSource(WOC_TEMPLATE)).toBe('api.whatsonchain.com');
    expect(lookupSource('http://127.0.0.1:41234/explorer/block/{blockHash}')).toBe('127.0.0.1:41234');
    expect(lookupOrigin('http://127.0.0.1:41234/explorer/block/{blockHash}')).toBe('http://127.0.0.1:41234');
    expect(lookupOrigin('https://API.WhatsOnChain.com:443/x/{blockHash}')).toBe('https://api.whatsonchain.com');
  });

  it('are http(s) addresses with the placeholder', () => {
    expect(isBlockLookup(WOC_TEMPLATE)).toBe(true);
    expect(isBlockLookup('https://api.whatsonchain.com/v1/bsv/main/block/hash/')).toBe(false);
    expect(isBlockLookup('ftp://explorer.example/{blockHash}')).toBe(false);
    expect(isBlockLookup('javascript:alert(1)//{blockHash}')).toBe(false);
    expect(isBlockLookup('https://{blockHash}')).toBe(false);
  });
});
