import { hex } from '@scure/base';
import { NotariumError, ServiceError } from '../errors/notarium-error.ts';
import type { CallOptions } from '../api/http-client.ts';
import type { RecordApi } from '../api/record-api.ts';
import { groupOf, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';

/**
 * What stands after a linked write's predecessor on the service: the check before a document
 * version is sent again (a resubmission, a lost answer, a delete answered without its txId). A
 * linked write spends its predecessor's output, and a second one would spend it twice
 * (service-notes.md, Timing and life-cycle rules), so it is sent again only when the chain shows
 * that the first did not land: forward navigation follows the transaction that spends that output
 * (service-notes.md, How the data sits on chain), and `updatable` stays true while the predecessor
 * is the end of its chain.
 */
export type Landing =
  /** Nothing follows the predecessor, which can still be updated: sending again is safe. */
  | { kind: 'nothing' }
  /**
   * The predecessor can no longer be updated, yet the chain shows nothing after it (or a follower
   * the service does not know yet: still publishing): a write the service holds and has not mined
   * (this one, or another's) took its output. Not safe to send again, and not a failure: it is
   * looked at again after the next block.
   */
  | { kind: 'unseen' }
  /** One of this registration's own submissions follows: the service holds it, unmined. */
  | { kind: 'ours'; txId: string }
  /** Another transaction with this content follows the predecessor: this write landed, its answer was lost. */
  | { kind: 'same'; txId: string }
  /** Something else follows (or the predecessor can no longer be updated): the document went on without this write. */
  | { kind: 'elsewhere'; txId: string | null };

export async function landingAfter(ctx: NotaryContext, record: StoredRecord, signal?: AbortSignal): Promise<Landing> {
  const prevTxId = record.prevTxId;
  if (!prevTxId) throw new NotariumError('INTERNAL'); // only a document's later versions have a predecessor
  const { api } = await ctx.connections.forProfile(record.profile);
  const call = { signal };
  const follower = async (): Promise<string | undefined> => (await api.navigate(prevTxId, 1, call)).txIds[0]?.toLowerCase();
  let next = await follower();
  if (!next) {
    const status = await api.linkedStatus(prevTxId, call);
    if (status.kind === 'known' && status.updatable) return { kind: 'nothing' };
    // A follower mined between the two requests is seen now; otherwise it is one not yet in a block.
    next = await follower();
    if (!next) return status.kind === 'known' ? { kind: 'unseen' } : { kind: 'elsewhere', txId: null };
  }
  const own = ctx.library.records.group(groupOf(record)).some((r) => r.txId === next);
  if (own) return { kind: 'ours', txId: next };
  if (record.kind === 'linked-delete') {
    // A finalisation has no content to match: it ends the chain (its linked status says it cannot
    // be updated, record-service.md endpoint 7) and holds nothing (endpoint 8). Any other follower
    // is a version written from elsewhere. A follower whose status is not known yet is still
    // publishing (a 404 "may still be publishing"): looked at again after the next block.
    const status = await api.linkedStatus(next, call);
    if (status.kind === 'unknown') return { kind: 'unseen' };
    const ends = !status.updatable && (await contentOfFinal(api, next, call)).length === 0;
    return ends ? { kind: 'same', txId: next } : { kind: 'elsewhere', txId: next };
  }
  // Matched as the service verifies a linked record: our bytes, our encode, after our predecessor.
  const match = await api.matchLinked(next, hex.decode(record.recordHex ?? ''), record.encode || undefined, prevTxId, call);
  if (match.kind === 'unknown') return { kind: 'unseen' }; // still publishing: looked at again after the next block
  return match.match ? { kind: 'same', txId: next } : { kind: 'elsewhere', txId: next };
}

/**
 * The content of a record that may be a finalisation: a finalisation publishes no record, and a
 * service may refuse to read one (400, an incorrect transaction type for reading a record: the
 * troubleshooting page's INCORRECT_EVENT_TRANSACTION_TYPE) rather than answer it empty. Either is
 * empty content.
 */
async function contentOfFinal(api: RecordApi, txId: string, call: CallOptions): Promise<Uint8Array> {
  try {
    return await api.linkedContent(txId, call);
  } catch (err) {
    if (err instanceof ServiceError && err.status === 400) return new Uint8Array();
    throw err;
  }
}
