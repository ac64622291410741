import { describe, expect, it } from 'vitest';
import { ExplorerApi } from '../../../../main/core/api/explorer-api.ts';
import type { FetchLike } from '../../../../main/core/api/http-client.ts';
import { OriginPacer } from '../../../../main/core/api/origin-pacer.ts';
import { explorerEvidence } from '../../../../main/core/usecases/receipts.ts';

// What an explorer did not give is said in one order, whichever of its two answers came first: the
// sentence is stored on the record and shown, and must not change from one run to the next.

const TX_ID = 'aa'.repeat(32);
const BLOCK = 'bb'.repeat(32);
const confirmation = {
  confirmedBlocks: 1,
  blockHash: BLOCK,
  merkleProof: { index: 0, txOrId: TX_ID, target: BLOCK, nodes: [], targetType: 'hash' },
};

/** An explorer that answers 404 to both, the one named `last` only once the other's answer has been read. */
function answeringLast(last: 'tx' | 'header'): ExplorerApi {
  let firstAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (firstAnswered = resolve));
  const fetch: FetchLike = async (url) => {
    const isTx = url.includes('/tx/');
    if ((isTx ? 'tx' : 'header') === last) await answered;
    else queueMicrotask(() => setImmediate(firstAnswered));
    return new Response('not found', { status: 404 });
  };
  let t = 0;
  const pacer = new OriginPacer({ now: () => t, sleep: async (ms) => void (t += ms) });
  const templates = { transactionHex: 'https://ex.example/tx/{txId}/hex', blockHeader: 'https://ex.example/block/{blockHash}/header' };
  return new ExplorerApi({ templates, fetch, sleep: async () => {}, pacer });
}

describe('explorerEvidence', () => {
  it.each(['tx', 'header'] as const)('says the transaction before the header when the %s answers last', async (last) => {
    const evidence = await explorerEvidence(answeringLast(last), TX_ID, confirmation);
    expect(evidence).toEqual({
      rawTx: null,
      blockHeader: null,
      unavailable: ['the raw transaction (it answered HTTP 404)', 'the block header (it answered HTTP 404)'],
    });
  });
});
