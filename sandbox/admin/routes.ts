import * as z from 'zod';
import type { Behaviour } from '../behaviour.ts';
import type { Chain } from '../chain/chain.ts';
import { dataScript, hash160, p2pkhScript } from '../chain/script.ts';
import { serializeTransaction } from '../chain/transaction.ts';
import type { Faults } from '../faults.ts';
import { parseJsonBody } from '../http/body.ts';
import { ServiceProblem } from '../http/problem.ts';
import type { Route } from '../http/router.ts';
import type { RequestCounter } from './request-counter.ts';
import { fundingInput, HEADER_VERSION, headerScript } from '../records/record-transactions.ts';
import type { MetaTable } from '../store/database.ts';

/** Test controls under /__sandbox (API key required): mine on demand, reorganise, faults, odd transactions. */

const mineSchema = z.object({ blocks: z.number().int().min(1).max(1000).default(1) }).strict();
const reorgSchema = z.object({ depth: z.number().int().min(1).max(100).default(1), remine: z.enum(['at-once', 'mempool']).optional() }).strict();
const injectSchema = z.object({ type: z.enum(['foreign', 'foreign-data', 'future']) }).strict();

function parse<T>(schema: z.ZodType<T>, body: Buffer): T {
  const result = schema.safeParse(body.length === 0 ? {} : parseJsonBody(body));
  if (!result.success) {
    throw new ServiceProblem(400, 'INVALID_REQUEST', result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  }
  return result.data;
}

export function adminRoutes(chain: Chain, faults: Faults, meta: MetaTable, requests: RequestCounter, behaviour: Pick<Behaviour, 'reorgRemine'>): Route[] {
  return [
    // Service requests by route and second since the last reset, faulted ones included.
    { method: 'GET', path: '/__sandbox/requests', handler: () => ({ status: 200, json: requests.view() }) },
    {
      method: 'POST',
      path: '/__sandbox/requests/reset',
      handler: () => {
        requests.reset();
        return { status: 200, json: requests.view() };
      },
    },
    {
      method: 'POST',
      path: '/__sandbox/mine',
      handler: async (ctx) => {
        const { blocks } = parse(mineSchema, await ctx.body());
        const mined = Array.from({ length: blocks }, () => chain.mine());
        return { status: 200, json: { tipHeight: chain.tipHeight, blocks: mined } };
      },
    },
    {
      // A reorganisation: the top `depth` blocks are orphaned, their transactions mined again with
      // new proofs at once, or (`remine: "mempool"`) left to wait for a later block.
      method: 'POST',
      path: '/__sandbox/reorg',
      handler: async (ctx) => {
        const { depth, remine } = parse(reorgSchema, await ctx.body());
        const { orphaned, blocks } = chain.reorganise(depth, remine ?? behaviour.reorgRemine);
        return { status: 200, json: { tipHeight: chain.tipHeight, orphaned, blocks } };
      },
    },
    {
      method: 'GET',
      path: '/__sandbox/chain',
      handler: () => ({
        status: 200,
        json: {
          tipHeight: chain.tipHeight,
          tipHash: chain.tipHash,
          mempool: chain.mempoolSize(),
          neverMined: chain.neverMinedCount(),
          records: chain.recordCount(),
          orphaned: chain.orphanCount(),
        },
      }),
    },
    { method: 'GET', path: '/__sandbox/records', handler: () => ({ status: 200, json: { txIds: chain.recordIds() } }) },
    { method: 'GET', path: '/__sandbox/faults', handler: () => ({ status: 200, json: faults.current }) },
    {
      method: 'POST',
      path: '/__sandbox/faults',
      handler: async (ctx) => {
        try {
          return { status: 200, json: faults.update(parseJsonBody(await ctx.body())) };
        } catch (err) {
          if (err instanceof z.ZodError)
            throw new ServiceProblem(400, 'INVALID_REQUEST', err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
          throw err;
        }
      },
    },
    {
      // Transactions the service did not write: a plain payment and someone else's OP_RETURN data
      // (TX_NOT_AN_EVENT_TRANSACTION; on the troubleshooting page NOT_A_DATA_TRANSACTION and
      // NOT_AN_EVENT_TRANSACTION), and a record from a newer service version (TX_CONTENT_TYPE_NOT_SUPPORTED).
      method: 'POST',
      path: '/__sandbox/inject',
      handler: async (ctx) => {
        const { type } = parse(injectSchema, await ctx.body());
        const serial = meta.next('funding');
        const outputs = {
          foreign: [{ satoshis: 1000n, script: p2pkhScript(hash160(Buffer.from(`foreign:${serial}`))) }],
          'foreign-data': [{ satoshis: 0n, script: dataScript(Buffer.from('someone else'), Buffer.from(`data ${serial}`)) }],
          future: [
            { satoshis: 0n, script: headerScript('record', HEADER_VERSION + 1) },
            { satoshis: 0n, script: dataScript(Buffer.from('written by a future version')) },
          ],
        }[type];
        const raw = serializeTransaction({ version: 1, inputs: [fundingInput(serial)], outputs, lockTime: 0 });
        return { status: 200, json: { txId: chain.accept({ raw, kind: type }) } };
      },
    },
  ];
}
