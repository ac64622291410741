import type { Confirmation } from '../api/responses.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { networkOf, networkOfTarget, type Network } from '../../../verifier/protocol/networks.ts';
import { CheckFailure } from '../../../verifier/check-failure.ts';
import { checkOwnTarget, checkProofOfWork, parseBlockHeader, targetFromBits, type BlockHeader } from '../../../verifier/chain/block-header.ts';
import { targetTypeOf } from '../../../verifier/chain/merkle-proof.ts';
import type { Profile } from '../store/profiles.ts';
import type { StoredRecord } from '../store/record.ts';
import { shellQuote } from '../text/shell-quote.ts';
import type { NotaryContext } from './context.ts';

/**
 * The network label a receipt carries, held to its block. An instance of the service may write to a
 * test chain (service-notes.md: the documentation's own headers have bits 0x207fffff), so a
 * profile's label can disagree with its chain; a receipt under such a label would fail its own
 * block-header check, so none is written until the label is right. A profile that detects its
 * network reads it from the first confirmed block header of its service.
 */

/** The header of the block a record is in, as its receipt would carry it (the proof's target, or the one fetched): null unless it is that block's. */
function blockHeaderOf(record: StoredRecord): BlockHeader | null {
  const c = record.confirmation as Confirmation | null;
  if (!c?.blockHash) return null;
  const hex = c.merkleProof && targetTypeOf(c.merkleProof) === 'header' ? c.merkleProof.target : record.blockHeader;
  if (!hex) return null;
  try {
    const header = parseBlockHeader(hex);
    return header.hash === c.blockHash.toLowerCase() ? header : null;
  } catch {
    return null;
  }
}

/**
 * A profile that detects its network and has none yet reads it from this record's block header
 * (networks.ts networkOfTarget); the records it registered before then take that label.
 */
async function detectNetwork(ctx: NotaryContext, record: StoredRecord): Promise<void> {
  const profile = await ctx.library.profiles.get(record.profile);
  if (!profile || profile.networkSource !== 'detect' || profile.network !== null) return;
  const header = blockHeaderOf(record);
  if (!header || !passes(() => checkOwnTarget(header))) return;
  const label = networkOfTarget(targetFromBits(header.bits)).label;
  // Noted and adopted in one write: no record of the profile is left with the label it had before.
  await ctx.library.write(() => {
    if (ctx.library.profiles.sync.noteDetectedNetwork(profile.name, label, header.hash)) ctx.library.records.adoptNetwork(profile.name, label);
  });
}

/**
 * The label for the record's receipt: the one it was registered with, else its profile's (a label
 * corrected since), the first whose rules its block's header meets. Throws NETWORK_MISMATCH (one
 * sentence with the fix) when none does, or when a detecting profile has seen no header yet.
 */
export async function receiptNetwork(ctx: NotaryContext, record: StoredRecord): Promise<string> {
  await detectNetwork(ctx, record);
  const profile = await ctx.library.profiles.get(record.profile);
  const candidates = [...new Set([record.network, profile?.network].map(networkOf).filter((n): n is Network => n !== undefined))];
  const header = blockHeaderOf(record);
  if (!header) {
    if (candidates[0]) return candidates[0].label;
    if (profile?.networkSource === 'detect') throw networkUnseen(ctx, profile, record.blockHash !== null);
    // A label outside the vocabulary: buildReceipt refuses it with its own sentence.
    return record.network ?? profile?.network ?? '';
  }
  const fit = candidates.find((n) => passes(() => checkProofOfWork(header, n)));
  if (fit) return fit.label;
  const chain = networkOfTarget(targetOf(header));
  const named = candidates[0]?.label ?? chain.label;
  throw new NotariumError(
    'NETWORK_MISMATCH',
    `No receipt was written for ${record.name}: the profile "${record.profile}" names the network ${named}, but its block ${header.hash} has bits ${bitsOf(header)}, easier than ${named} allows (the chain reads as ${chain.label}); set the network with "${ctx.command(`profile add ${shellQuote(record.profile)} --network ${chain.label}`)}" (or in Settings), and the receipt is written then.`,
  );
}

/** Whether a record's receipt is held (and why) as its network stands now: kept on the record. Only a registration in a block, with a file (or a batch's files), has a receipt to hold. */
export async function checkReceiptNetwork(ctx: NotaryContext, record: StoredRecord): Promise<StoredRecord> {
  const holdsFiles = record.sha256 !== null || ctx.library.batches.ofRecord(record) !== undefined; // a batch's registration holds files too
  if ((record.state !== 'confirmed' && record.state !== 'settled') || record.kind === 'linked-delete' || !holdsFiles) return record;
  let reason: string | null = null;
  try {
    await receiptNetwork(ctx, record);
  } catch (err) {
    if (!(err instanceof NotariumError) || err.code !== 'NETWORK_MISMATCH') throw err;
    reason = err.message;
  }
  if (reason !== record.receiptHeld) ctx.library.records.holdReceipt(record.id, reason);
  return ctx.library.records.get(record.id)!;
}

/** `inBlock`: the record is in a block whose header was not given; else it is in none yet (a pending receipt's export). */
function networkUnseen(ctx: NotaryContext, profile: Profile, inBlock: boolean): NotariumError {
  const why = inBlock
    ? 'its Merkle proofs name blocks by hash, and no explorer gave the header'
    : 'this registration is in no block yet: its receipt can be written once it is';
  return new NotariumError(
    'NETWORK_MISMATCH',
    `No receipt was written: the profile "${profile.name}" reads its network from a block header of its service, and none has been seen yet (${why}); set the network with "${ctx.command(`profile add ${shellQuote(profile.name)} --network <label>`)}" (or in Settings), and the receipt is written then.`,
  );
}

/** Whether a block-header check (block-header.ts, the receipt's own step) passes; anything but its failure is thrown. */
function passes(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch (err) {
    if (err instanceof CheckFailure) return false;
    throw err;
  }
}

/** The header's own target; a header whose hash does not meet it is no block at all, whatever the label. */
function targetOf(header: BlockHeader): bigint {
  try {
    return checkOwnTarget(header);
  } catch (err) {
    if (!(err instanceof CheckFailure)) throw err;
    throw new NotariumError(
      'RECEIPT_INVALID',
      `The header of block ${header.hash} fails its own proof of work (${err.message}), so no receipt was written: its service or explorer gave a header that is not that block's.`,
    );
  }
}

const bitsOf = (header: BlockHeader): string => `0x${header.bits.toString(16).padStart(8, '0')}`;
