import type { BlockLookup } from '../api/block-lookup.ts';
import { lookupUnreachable, readBlockAnswer, type ChainCheck } from '../../../verifier/best-chain.ts';
import type { ReceiptV1 } from '../../../verifier/receipt-v1.ts';
import type { StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { profileToAsk } from './service-check.ts';

/**
 * The online step `chain` (best-chain.ts): the block lookup of the profile that reaches the
 * receipt's service (the same profile the service step asks) is asked whether the receipt's block
 * is on its best chain. Used by verify; the proof bundle's page carries the same lookup.
 */

/** The answers of one verification run, by lookup and block: a folder of files in one block asks once. */
export type ChainAnswers = Map<string, Promise<ChainCheck>>;

/** The block lookup's word on the receipt's block; undefined for a receipt with no block yet (the step says so itself). */
export async function chainCheck(
  ctx: NotaryContext,
  receipt: ReceiptV1,
  { record, answers = new Map(), signal, required = false }: { record?: StoredRecord; answers?: ChainAnswers; signal?: AbortSignal; required?: boolean } = {},
): Promise<ChainCheck | undefined> {
  const blockHash = receipt.confirmation?.blockHash.toLowerCase();
  if (blockHash === undefined) return undefined;
  const found = await blockLookupFor(ctx, receipt, record);
  if ('unreachable' in found) {
    return {
      status: 'skipped',
      code: 'explorer-unreachable',
      detail: `Profile "${found.profile}" could not be reached, so its block lookup was not asked whether block ${blockHash} is on the best chain: ${errorText(found.unreachable).replace(/\.?$/, '.')}`,
    };
  }
  const { profile, lookup } = found;
  if (!profile) {
    return {
      status: 'skipped',
      code: 'no-block-lookup',
      detail: `No profile reaches the service this receipt was made with (${receipt.registration.serviceUrl}), so no block lookup is known for its chain: add a profile for that service with one (--explorer-block-url), or look block ${blockHash} up in any block explorer of its network.`,
    };
  }
  if (!lookup) {
    return {
      status: 'skipped',
      code: 'no-block-lookup',
      detail: `Profile "${profile}" has no block lookup, so no explorer was asked whether block ${blockHash} is on the best chain: set one (notarium profile add "${profile}" --explorer-block-url URL, or Settings), or look the block up in any block explorer of its network.`,
    };
  }
  const key = `${lookup.template}\n${blockHash}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = ctx.connections
      .read(profile, (c) => (c.blockLookup ?? lookup).answer(blockHash, { signal }))
      .then(
        (answered) => readBlockAnswer(blockHash, lookup.source, ctx.now(), answered, required),
        (err: unknown) => lookupUnreachable(lookup.source, blockHash, errorText(err)),
      );
    answers.set(key, answer);
  }
  return answer;
}

/**
 * The block lookup that verifies a receipt's block: that of the profile that reaches its service
 * (profileToAsk, as the service step), null when that profile has none; no profile when none
 * reaches it; `unreachable` when the profile's service could not be opened (the embedded sandbox).
 */
export async function blockLookupFor(
  ctx: NotaryContext,
  receipt: ReceiptV1,
  record?: StoredRecord,
): Promise<{ profile: string | undefined; lookup: BlockLookup | null } | { profile: string; unreachable: unknown }> {
  const profile = await profileToAsk(ctx, receipt, record);
  if (!profile) return { profile, lookup: null };
  try {
    return { profile, lookup: (await ctx.connections.forProfile(profile)).blockLookup };
  } catch (err) {
    return { profile, unreachable: err };
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
