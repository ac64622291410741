import type { Chain } from '../chain/chain.ts';
import { parseHeader } from '../chain/block-header.ts';
import { isHash } from '../chain/bytes.ts';
import { notFound, ServiceProblem, type ErrorCodeSpelling } from '../http/problem.ts';
import type { Reply, RequestContext, Route } from '../http/router.ts';
import { EXPLORER_PAGE_CSP, explorerPage } from './explorer-page.ts';
import type { IdempotencyKeys } from './idempotency.ts';
import type { RecordService } from './record-service.ts';

/** HTTP routes of the record service (endpoints 1-11, linked create/delete), health and explorer. */

export type ResponseSpelling = 'reference' | 'guides';

/** Features that "may not be available in your configuration" (service-notes.md). */
export const FEATURES = ['linked', 'match', 'navigate'] as const;
export type Feature = (typeof FEATURES)[number];

/** A delete's 200: the guide's sample `{ "txId": ... }`, or the API reference's bare "200 The transaction published". */
export type DeleteAnswer = 'txid' | 'empty';

export interface RecordRouteSettings {
  spelling: ResponseSpelling;
  /** Writes run once per Idempotency-Key; null: the header is ignored (a write sent twice is registered twice). */
  idempotency: IdempotencyKeys | null;
  deleteAnswer: DeleteAnswer;
  errorCodes: ErrorCodeSpelling;
  /**
   * Answered 404 with the same problem document as an unknown txId: how a disabled feature answers
   * is not documented, and this is the least kind reading.
   */
  disabled: readonly Feature[];
}

/**
 * The API reference and the guides spell two keys differently (contentType / content-type,
 * updateToken / update_token). The sandbox answers in either, so clients are tested against both.
 */
function spell(value: object, spelling: ResponseSpelling): object {
  return spelling === 'reference' ? value : (respell(value) as object);
}

const GUIDE_KEYS: Record<string, string> = { contentType: 'content-type', updateToken: 'update_token' };

function respell(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(respell);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [GUIDE_KEYS[k] ?? k, respell(v)]));
}

const query = (ctx: RequestContext, name: string): string | null => ctx.url.searchParams.get(name);
const octets = (body: Buffer) => ({ status: 200, body, contentType: 'application/octet-stream' });

export function recordRoutes(service: RecordService, settings: RecordRouteSettings): Route[] {
  const json = (value: object) => ({ status: 200, json: spell(value, settings.spelling) });
  /** A write of the request's body, run at most once per Idempotency-Key when keys are honoured. */
  const write = async (ctx: RequestContext, run: (body: Buffer) => object): Promise<object> => {
    const body = await ctx.body();
    return settings.idempotency ? settings.idempotency.once(ctx, body, () => run(body)) : run(body);
  };
  const deleteReply = (result: object): Reply => (settings.deleteAnswer === 'empty' ? { status: 200, body: '' } : json(result));
  const R = '/api/v1/records';
  const L = '/api/v1/linkedrecords';
  const routes: (Route & { features: Feature[] })[] = [
    { method: 'POST', path: R, features: [], handler: async (ctx) => json(await write(ctx, (body) => service.write(query(ctx, 'encode'), body))) },
    { method: 'GET', path: `${R}/{txId}/status`, features: [], handler: (ctx) => json(service.status(ctx.params.txId!)) },
    { method: 'GET', path: `${R}/{txId}/content`, features: [], handler: (ctx) => octets(service.content(ctx.params.txId!)) },
    { method: 'HEAD', path: `${R}/{txId}/content`, features: [], handler: (ctx) => octets(service.content(ctx.params.txId!)) },
    {
      method: 'POST',
      path: `${R}/{txId}/match`,
      features: ['match'],
      handler: async (ctx) => json(service.match(ctx.params.txId!, query(ctx, 'encode'), await ctx.body())),
    },

    {
      method: 'POST',
      path: L,
      features: ['linked'],
      handler: async (ctx) => json(await write(ctx, (body) => service.createLinked(query(ctx, 'encode'), body))),
    },
    {
      method: 'POST',
      path: `${L}/{txId}/update`,
      features: ['linked'],
      handler: async (ctx) => json(await write(ctx, (body) => service.updateLinked(ctx.params.txId!, query(ctx, 'encode'), query(ctx, 'updateToken'), body))),
    },
    {
      method: 'POST',
      path: `${L}/{txId}/delete`,
      features: ['linked'],
      handler: async (ctx) =>
        deleteReply(
          await write(ctx, (body) => {
            if (body.length > 0 && settings.errorCodes === 'troubleshooting') throw deleteWithContent();
            return service.deleteLinked(ctx.params.txId!, query(ctx, 'updateToken'));
          }),
        ),
    },
    { method: 'GET', path: `${L}/{txId}/status`, features: ['linked'], handler: (ctx) => json(service.linkedStatus(ctx.params.txId!)) },
    { method: 'GET', path: `${L}/{txId}/content`, features: ['linked'], handler: (ctx) => octets(service.linkedContent(ctx.params.txId!)) },
    { method: 'HEAD', path: `${L}/{txId}/content`, features: ['linked'], handler: (ctx) => octets(service.linkedContent(ctx.params.txId!)) },
    {
      method: 'POST',
      path: `${L}/{txId}/match`,
      features: ['linked', 'match'],
      handler: async (ctx) => json(service.linkedMatch(ctx.params.txId!, query(ctx, 'encode'), query(ctx, 'prevTxId'), await ctx.body())),
    },
    {
      method: 'GET',
      path: `${L}/{txId}/navigate`,
      features: ['linked', 'navigate'],
      handler: (ctx) => json(service.navigate(ctx.params.txId!, query(ctx, 'links'))),
    },
  ];
  return routes.map(({ features, ...route }) =>
    features.some((f) => settings.disabled.includes(f))
      ? {
          ...route,
          handler: () => {
            throw notFound();
          },
        }
      : route,
  );
}

/** The troubleshooting page: "The delete operation does not accept any content". */
function deleteWithContent(): ServiceProblem {
  return new ServiceProblem(
    400,
    'INCORRECT_EVENT_TRANSACTION_TYPE',
    'The delete operation does not accept any content: send the new version with an update, then delete without a body.',
  );
}

export function healthRoutes(appVersion: string): Route[] {
  return [
    { method: 'GET', path: '/readiness', public: true, handler: () => ({ status: 200, json: { appVersion } }) },
    { method: 'GET', path: '/liveness', public: true, handler: () => ({ status: 200, body: 'Healthy', contentType: 'text/plain; charset=utf-8' }) },
  ];
}

/**
 * A public explorer lets any page read its block lookup (the verifier page asks it from file://), as
 * public explorers' APIs do: public data, no credentials.
 */
export const ANY_ORIGIN = { 'Access-Control-Allow-Origin': '*' };

/**
 * What a public block explorer serves: raw transactions and headers for receipts, a block lookup
 * (JSON, as WhatsOnChain's block by hash: where the block is on the chain) and a page for people.
 */
/** The explorer's shapes (behaviour.ts): the sandbox's own, or WhatsOnChain's. */
export const EXPLORER_STYLES = ['sandbox', 'whatsonchain'] as const;
export type ExplorerStyle = (typeof EXPLORER_STYLES)[number];

export function explorerRoutes(chain: Chain, style: ExplorerStyle = 'sandbox'): Route[] {
  const hex = (value: Buffer) => ({ status: 200, body: value.toString('hex'), contentType: 'text/plain; charset=utf-8' });
  const lookup = (ctx: RequestContext): Reply => ({ status: 200, json: blockJson(chain, ctx.params.blockHash!), headers: ANY_ORIGIN });
  const checkHash = (value: string, what: string, headers: Record<string, string> = {}): void => {
    if (!isHash(value)) throw new ServiceProblem(400, undefined, `"${value.slice(0, 80)}" is not a ${what}: expected 64 hexadecimal characters.`, headers);
  };
  return [
    {
      method: 'GET',
      path: '/explorer/tx/{txId}',
      public: true,
      handler: (ctx) => {
        checkHash(ctx.params.txId!, 'transaction id');
        const page = explorerPage(chain, ctx.params.txId!.toLowerCase());
        if (!page) throw notFound('No transaction with this id is known to the explorer.');
        return { status: 200, body: page, contentType: 'text/html; charset=utf-8', headers: { 'Content-Security-Policy': EXPLORER_PAGE_CSP } };
      },
    },
    {
      method: 'GET',
      path: '/explorer/tx/{txId}/hex',
      public: true,
      explorerApi: true,
      handler: (ctx) => {
        checkHash(ctx.params.txId!, 'transaction id');
        const tx = chain.get(ctx.params.txId!.toLowerCase());
        if (!tx) throw notFound('No transaction with this id is known to the explorer.');
        return hex(tx.raw);
      },
    },
    {
      method: 'GET',
      path: '/explorer/block/{blockHash}/header',
      public: true,
      explorerApi: true,
      handler: (ctx) => {
        checkHash(ctx.params.blockHash!, 'block hash');
        if (style === 'sandbox') {
          const header = chain.header(ctx.params.blockHash!.toLowerCase());
          if (!header) throw notFound('No block with this hash is known to the explorer.');
          return hex(header);
        }
        // As WhatsOnChain: the header only as getblockheader's JSON, never its 80 bytes.
        return lookup(ctx);
      },
    },
    {
      method: 'GET',
      path: '/explorer/block/{blockHash}',
      public: true,
      explorerApi: true,
      handler: lookup,
    },
    // WhatsOnChain's path of the same lookup.
    ...(style === 'whatsonchain'
      ? [{ method: 'GET', path: '/explorer/block/hash/{blockHash}', public: true, explorerApi: true, handler: lookup } as const]
      : []),
  ];
}

/** A block as explorers describe it (getblockheader's fields, with txcount); 404 for a block unknown. */
function blockJson(chain: Chain, blockHash: string): object {
  if (!isHash(blockHash))
    throw new ServiceProblem(400, undefined, `"${blockHash.slice(0, 80)}" is not a block hash: expected 64 hexadecimal characters.`, ANY_ORIGIN);
  const block = chain.block(blockHash.toLowerCase());
  if (!block) throw new ServiceProblem(404, undefined, 'No block with this hash is known to the explorer.', ANY_ORIGIN);
  const header = parseHeader(block.header);
  return {
    hash: block.hash,
    confirmations: block.confirmations,
    height: block.height,
    version: header.version,
    versionHex: header.version.toString(16).padStart(8, '0'),
    merkleroot: header.merkleRoot,
    txcount: block.txCount,
    time: header.time,
    nonce: header.nonce,
    bits: header.bits.toString(16).padStart(8, '0'),
    ...(block.previousHash ? { previousblockhash: block.previousHash } : {}),
    ...(block.nextHash ? { nextblockhash: block.nextHash } : {}),
  };
}
