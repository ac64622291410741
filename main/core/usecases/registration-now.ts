import { counted } from '../../../verifier/counted.ts';
import { answeredAt } from '../../../verifier/best-chain.ts';
import type { ReceiptV1 } from '../../../verifier/receipt-v1.ts';
import { inBlock, type RecordState, type StoredRecord } from '../store/record.ts';
import { shellQuote } from '../text/shell-quote.ts';
import type { NotaryContext } from './context.ts';
import { profileToAsk } from './service-check.ts';

/**
 * Where a receipt's registration is now, asked when its block lookup says the receipt's block left
 * the best chain (a reorganisation): the transaction may be in another block, or in none while it
 * waits to be mined again. The library's word when it follows the registration (asked again first
 * when the caller can, its pace allowing: one status request per record per block time), else one
 * status request to the profile that reaches the receipt's service. Then one sentence says what
 * happened and what to do: a receipt is brought to its new block by `receipt upgrade`.
 */

export type RegistrationNow =
  | { where: 'block'; blockHash: string; confirmations: number; at: number }
  /** Known to the service, in no block: back in the mempool. */
  | { where: 'none'; at: number }
  /** The library's last answer still names the receipt's block: the service is not to be asked again yet. */
  | { where: 'not-asked-yet'; at: number | null; next: number | null }
  | { where: 'unknown'; why: string };

/** The states whose status the service answers: followed, or settled (its block may still change). */
const ASKED_STATES: readonly RecordState[] = ['published', 'confirmed', 'settled'];

export async function registrationNow(
  ctx: NotaryContext,
  receipt: ReceiptV1,
  { record, checkNow }: { record?: StoredRecord; checkNow?: (record: StoredRecord) => Promise<boolean> } = {},
): Promise<RegistrationNow> {
  const { txId, kind, serviceUrl } = receipt.registration;
  const held = record ?? ctx.library.records.byTxId(txId);
  const profile = await profileToAsk(ctx, receipt, held);
  if (held && held.txId === txId && held.profile === profile && ASKED_STATES.includes(held.state)) {
    if (checkNow) await checkNow(held);
    const now = ctx.library.records.get(held.id) ?? held;
    if (!inBlock(now))
      return now.state === 'published'
        ? { where: 'none', at: now.lastCheckedAt ?? ctx.now() }
        : { where: 'unknown', why: `the library holds it as ${now.state}` };
    if (now.blockHash!.toLowerCase() !== receipt.confirmation?.blockHash.toLowerCase()) {
      return { where: 'block', blockHash: now.blockHash!, confirmations: now.confirmations, at: now.lastCheckedAt ?? ctx.now() };
    }
    return { where: 'not-asked-yet', at: now.lastCheckedAt, next: now.nextCheckAt };
  }
  if (!profile) return { where: 'unknown', why: `no profile reaches the service that made this receipt (${serviceUrl})` };
  try {
    const { api } = await ctx.connections.forProfile(profile);
    const answer = kind === 'record' ? await api.recordStatus(txId) : await api.linkedStatus(txId);
    const at = ctx.now();
    if (answer.kind === 'unknown') return { where: 'unknown', why: `the service of profile "${profile}" does not know the transaction now (it answered 404)` };
    const c = answer.confirmation;
    if (!c?.blockHash) return { where: 'none', at };
    return { where: 'block', blockHash: c.blockHash, confirmations: c.confirmedBlocks, at };
  } catch (err) {
    return { where: 'unknown', why: `the service of profile "${profile}" could not be asked: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/**
 * What happened to a registration whose receipt's block left the best chain, and what to do, in
 * one sentence: `receiptPath`, the receipt verified (brought up to date by `receipt upgrade`), or
 * none for the library's own proof (`status` asks the service and rewrites the file's receipts).
 */
export function registrationNowSentence(ctx: NotaryContext, txId: string, now: RegistrationNow, target: { receiptPath?: string; file: string }): string {
  const run = target.receiptPath
    ? `run ${ctx.command(`receipt upgrade ${shellQuote(target.receiptPath)}`)} to bring the receipt to the block its transaction is in`
    : `run ${ctx.command(`status ${shellQuote(target.file)}`)} to ask the service and rewrite the file's receipts with the block its transaction is in`;
  const tx = `transaction ${txId.toLowerCase()}`;
  switch (now.where) {
    case 'block':
      return `The service says ${tx} is now in block ${now.blockHash.toLowerCase()}, with ${counted(now.confirmations, 'confirmation')} (asked at ${answeredAt(now.at)}): the receipt names a block a reorganisation took off the chain. Now ${run}, then verify it again.`;
    case 'none':
      return `The service says ${tx} is in no block now (asked at ${answeredAt(now.at)}): a reorganisation took its block off the chain, and it waits to be mined again. Once it is in a block, ${run}, then verify it again.`;
    case 'not-asked-yet': {
      const asked = now.at === null ? '' : `was last asked at ${answeredAt(now.at)} and `;
      const next = now.next === null ? '' : `; it is asked again at ${answeredAt(now.next)}`;
      return `Where ${tx} is now is not known yet: the service ${asked}named this block then (it is asked at most once per block time${next}). After that, ${run}.`;
    }
    case 'unknown':
      return `Whether ${tx} is in another block now could not be learnt: ${now.why}. Once the service answers, ${run}.`;
  }
}
