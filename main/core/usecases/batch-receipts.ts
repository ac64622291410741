import { hex } from '@scure/base';
import { NotariumError } from '../errors/notarium-error.ts';
import { aggregationLeaf, aggregationLeafAt, aggregationPathAt, aggregationTreeRoot } from '../protocol/aggregation.ts';
import type { ReceiptV1 } from '../receipts/receipt-v1.ts';
import type { MemberOfBatch } from '../store/batches.ts';
import type { NotaryContext } from './context.ts';
import { gatherEvidence, registrationReceipt } from './receipts.ts';

/**
 * A batch member's receipt (README, "Batches"): its registration's receipt, built by the same code
 * as any record's, with the member's own file and its `aggregation` — its nonce, its path read from
 * the batch's stored tree, and the root, which is the registered record. It verifies offline, alone,
 * with its file.
 */

export function memberReceipt(ctx: NotaryContext, { member, batch, registration }: MemberOfBatch): ReceiptV1 {
  const tree = ctx.library.batches.tree(batch.id);
  const root = aggregationTreeRoot(tree);
  // What the library holds is checked before it is vouched for: a damaged row yields an error, never a receipt that fails.
  const leaf = hex.encode(aggregationLeaf(hex.decode(member.sha256), hex.decode(member.nonce)));
  if (root !== registration.recordHex || leaf !== aggregationLeafAt(tree, member.position)) {
    throw new NotariumError(
      'STORE_ERROR',
      `The library's record of batch ${batch.id} does not hold together for ${member.name} (its leaf or its root differs from what was registered), so no receipt is written for it.`,
    );
  }
  return registrationReceipt(ctx, registration, member, { nonce: member.nonce, path: aggregationPathAt(tree, member.position), root });
}

/** The member's receipt, with its registration's evidence (raw transaction, block header) gathered first. */
export async function memberReceiptFor(ctx: NotaryContext, found: MemberOfBatch): Promise<ReceiptV1> {
  return memberReceipt(ctx, { ...found, registration: await gatherEvidence(ctx, found.registration) });
}
