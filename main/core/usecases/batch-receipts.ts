import { hex } from '@scure/base';
import { existsSync } from 'node:fs';
import { asNotariumError, NotariumError } from '../errors/notarium-error.ts';
import {
  aggregationLeaf,
  aggregationLeafAt,
  aggregationPathAt,
  aggregationRootOf,
  aggregationTreeRoot,
  type AggregationProof,
  type AggregationTree,
} from '../../../verifier/protocol/aggregation.ts';
import type { ReceiptV1 } from '../../../verifier/receipt-v1.ts';
import type { BatchMember, MemberOfBatch } from '../store/batches.ts';
import type { StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { receiptFileName, serializeReceipt } from '../../../verifier/receipt-v1.ts';
import { exportReceipt, gatherEvidence, placeReceipt, receiptFor, registrationReceipt, type ReceiptWrite } from './receipts.ts';
import type { Registration } from './registrations.ts';

/**
 * A batch member's receipt (docs/design/batches-and-rounds.md): its registration's receipt, built by the same code
 * as any record's, with the member's own file and its `aggregation` — its nonce, its path read from
 * the batch's stored tree, and the root, which is the registered record. It verifies offline, alone,
 * with its file.
 */

/** `tree`: the batch's, when the caller has read it already (a whole batch's receipts read it once). */
export async function memberReceipt(ctx: NotaryContext, found: MemberOfBatch, tree?: AggregationTree): Promise<ReceiptV1> {
  return registrationReceipt(ctx, found.registration, found.member, memberAggregation(ctx, found, tree));
}

/**
 * A member's `aggregation`: its path read from the batch's tree, or an imported member's own path
 * as its receipt gave it. What the library holds is checked before it is vouched for: the member's
 * leaf must reach the registered record along that path, or there is an error, never a receipt that fails.
 */
function memberAggregation(ctx: NotaryContext, { member, batch, registration }: MemberOfBatch, tree?: AggregationTree): AggregationProof {
  const registered = registration.recordHex?.toLowerCase();
  const damaged = () =>
    new NotariumError(
      'STORE_ERROR',
      `The library's record of batch ${batch.id} does not hold together for ${member.name} (its leaf or its root differs from what was registered), so no receipt is written for it.`,
    );
  if (member.position === null) {
    const path = member.aggregationPath ?? [];
    const root = aggregationRootOf(hex.decode(member.sha256), member.nonce, path);
    if (root !== registered) throw damaged();
    return { nonce: member.nonce, path, root };
  }
  const built = tree ?? ctx.library.batches.tree(batch.id);
  const root = aggregationTreeRoot(built);
  const leaf = hex.encode(aggregationLeaf(hex.decode(member.sha256), hex.decode(member.nonce)));
  if (root !== registered || leaf !== aggregationLeafAt(built, member.position)) throw damaged();
  return { nonce: member.nonce, path: aggregationPathAt(built, member.position), root };
}

/** The member's receipt, with its registration's evidence (raw transaction, block header) gathered first. */
export async function memberReceiptFor(ctx: NotaryContext, found: MemberOfBatch): Promise<ReceiptV1> {
  return memberReceipt(ctx, { ...found, registration: await gatherEvidence(ctx, found.registration) });
}

/** The receipt of a file of the library: its registration's (receipts.ts receiptFor), or a batch's file's, the evidence gathered first. */
export async function fileReceipt(ctx: NotaryContext, found: Registration): Promise<ReceiptV1> {
  return found.member ? memberReceiptFor(ctx, found.member) : receiptFor(ctx, found.record);
}

/**
 * A file's receipt for a person to keep (receipts.ts exportReceipt), a batch's file's among them:
 * its text and file name, also written beside the file when asked and its place is known.
 */
export async function exportFileReceipt(
  ctx: NotaryContext,
  found: Registration,
  options: { besideFile: boolean },
): Promise<{ path: string | null; fileName: string; text: string }> {
  if (!found.member) return exportReceipt(ctx, found.record, options);
  const text = serializeReceipt(await memberReceiptFor(ctx, found.member));
  const path = options.besideFile && found.member.member.path ? await writeMemberReceipt(ctx, found.member) : null;
  return { path, fileName: receiptFileName(found.member.member.name), text };
}

/**
 * Writes a member's receipt to `out`, or beside its file by the one rule of receipts beside files
 * (receipts.ts placeReceipt), and keeps where it went. Returns that path. `within`: a watched
 * folder the receipt goes under (receipts.ts writeAtomically).
 */
export async function writeMemberReceipt(ctx: NotaryContext, found: MemberOfBatch, out?: string, options: ReceiptWrite = {}): Promise<string> {
  const receipt = await memberReceiptFor(ctx, found);
  const path = await placeReceipt(ctx, { ...found.member, txId: found.registration.txId }, receipt, out, options);
  if (!options.copy || !found.member.receiptPath) ctx.library.batches.setReceiptPath(found.member.id, path);
  return path;
}

/** Members whose receipts are written between two turns of the event loop (each write waits for the disk: fsync). */
const PAGE = 50;

/**
 * Writes the receipt of every file of the batch `registration` anchors beside the file (by the one
 * rule of receipts beside files: placeReceipt), as the engine does for a record when its registration is first in a block and when it settles: the tree
 * and the registration's evidence read once, the members a page at a time. A file whose place is
 * not kept (the web shell's uploads) is left out, as a record's is; a receipt that cannot be written
 * is `failed` for its member alone; `placeOf` names another place for a member's (a watched
 * folder's, folder-watcher.ts); `missing`: only the members with no receipt written yet. Returns
 * how many were written.
 */
export async function writeBatchReceipts(
  ctx: NotaryContext,
  registration: StoredRecord,
  failed: (member: BatchMember, error: NotariumError) => void,
  placeOf: (member: BatchMember, registration: StoredRecord) => { path: string; within: string } | undefined = () => undefined,
  write: 'all' | 'missing' = 'all',
): Promise<number> {
  const batch = ctx.library.batches.ofRecord(registration);
  if (!batch) return 0;
  const current = await gatherEvidence(ctx, ctx.library.batches.registrationOf(batch));
  const tree = batch.imported ? undefined : ctx.library.batches.tree(batch.id);
  let written = 0;
  for (let offset = 0; offset < batch.files; offset += PAGE) {
    for (const member of ctx.library.batches.membersOf(batch.id, { offset, limit: PAGE })) {
      // A member's receipt is only ever written complete: missing is no receipt, or none there now.
      if (!member.path || (write === 'missing' && member.receiptPath && existsSync(member.receiptPath))) continue;
      try {
        const receipt = await memberReceipt(ctx, { member, batch, registration: current }, tree);
        const place = placeOf(member, current);
        ctx.library.batches.setReceiptPath(
          member.id,
          await placeReceipt(ctx, { ...member, txId: current.txId }, receipt, place?.path, { within: place?.within }),
        );
        written++;
      } catch (err) {
        failed(member, asNotariumError(err));
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return written;
}
