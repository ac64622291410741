import { resolve } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import { fileError } from '../hashing/file-unreadable.ts';
import { writeFileAtomically } from '../fs/atomic-write.ts';
import { buildReceipt, type ServiceConfirmation } from '../receipts/build-receipt.ts';
import { serializeReceipt, validateReceipt, type ReceiptConfirmation, type ReceiptV1 } from '../../../verifier/receipt-v1.ts';
import { uncheckedEvidence, verifyReceipt, type StepId } from '../../../verifier/verify-receipt.ts';
import { inBlock, type ImportedOutcome, type RecordState, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import type { Follower } from './follow.ts';
import { confirmationOf, explorerEvidence, gatherEvidence, readReceiptFile } from './receipts.ts';
import { profileToAsk } from './service-check.ts';
import { shellQuote } from '../text/shell-quote.ts';
import { duration } from '../../../preload/duration.ts';

/**
 * A pending receipt completed in place (like `ots upgrade`): once its registration is in a block,
 * the block, the Merkle proof and what the explorer gives (the raw transaction, the header) are
 * added, and the file is replaced in one step. A complete receipt is left as it is, and so is one
 * still pending. Used by `notarium receipt upgrade` and the app's "Complete receipt".
 */

/** The block a complete receipt names: its hash, its confirmations when the receipt was issued, its time if the service gave one. */
export interface ReceiptBlock {
  blockHash: string;
  confirmations: number;
  blockTime: string | null;
}

export type ReceiptUpgrade =
  /** It already names its block (said, as an upgraded one's is): unchanged. */
  | ({ path: string; status: 'complete' } & ReceiptBlock)
  /**
   * Completed and written; `outcome`: what it proves by itself now (the file is checked when it is
   * verified). `movedFrom`: the block a complete receipt named before, which left the best chain.
   * `added`: the evidence a complete receipt of the same block lacked and now carries.
   */
  | ({
      path: string;
      status: 'upgraded';
      outcome: Exclude<ImportedOutcome, 'pending'>;
      movedFrom?: string;
      added?: readonly AddedEvidence[];
    } & ReceiptBlock)
  /**
   * Not in a block yet: unchanged; `message` says what is known and when to try again. `noted`: an
   * import's own note says why (a block its service names that its evidence does not tie to it, or
   * its last check's failure), in place of the general words.
   */
  | { path: string; status: 'pending'; message: string; noted?: true }
  | { path: string; status: 'failed'; error: NotariumError };

/** What a complete receipt's upgrade may add without changing its block. */
export type AddedEvidence = 'transaction' | 'blockHeader';

export interface UpgradeOptions {
  /** The profile whose service is asked (default: the one that made the receipt). */
  profile?: string;
}

/** Upgrades one receipt file; never throws for a receipt that cannot be read or completed (that is its result). */
export async function upgradeReceipt(ctx: NotaryContext, follower: Follower, receiptPath: string, options: UpgradeOptions = {}): Promise<ReceiptUpgrade> {
  const path = resolve(receiptPath);
  try {
    const receipt = await readReceiptFile(path);
    if (receipt.confirmation) {
      // A complete receipt is brought up to date when its registration is now in another block, or
      // when it lacks evidence (the raw transaction, the header) that the library or explorer now gives.
      const complete = { path, status: 'complete', ...blockOfReceipt(receipt.confirmation) } as const;
      const now = await blockOf(ctx, follower, receipt, options).catch(() => null);
      if (!now || 'pending' in now) return complete;
      if (now.confirmation.blockHash.toLowerCase() !== receipt.confirmation.blockHash.toLowerCase())
        return { ...(await writeUpgrade(ctx, path, receipt, now)), movedFrom: receipt.confirmation.blockHash };
      const added = addedEvidence(receipt, now);
      if (added.length === 0) return complete;
      return { ...(await writeUpgrade(ctx, path, receipt, { ...now, blockHeader: now.blockHeader ?? receipt.blockHeader ?? null })), added };
    }
    const found = await blockOf(ctx, follower, receipt, options);
    if ('pending' in found) return { path, status: 'pending', message: found.pending, ...(found.noted ? { noted: true } : {}) };
    const completed = completedReceipt(ctx, path, receipt, found);
    // A pending receipt takes a block only when that block's evidence ties it to its fingerprint (its
    // transaction checked): a txId is anyone's to write in a receipt, and its block proves nothing of it.
    const unchecked = uncheckedEvidence(completed.report.steps);
    if (unchecked.length > 0)
      return { path, status: 'pending', noted: true, message: untiedBlock(ctx, receipt.registration.txId, found.confirmation.blockHash, unchecked) };
    return await writeCompleted(ctx, path, completed);
  } catch (err) {
    return { path, status: 'failed', error: fileError(path, err) };
  }
}

/** The receipt completed with the block `found` names, written in place unless it would not verify. */
async function writeUpgrade(
  ctx: NotaryContext,
  path: string,
  receipt: ReceiptV1,
  found: Exclude<Found, { pending: string }>,
): Promise<Extract<ReceiptUpgrade, { status: 'upgraded' }>> {
  return writeCompleted(ctx, path, completedReceipt(ctx, path, receipt, found));
}

/** The receipt with the block `found` names, and what it proves then; refused (thrown) when it would not verify. */
function completedReceipt(ctx: NotaryContext, path: string, receipt: ReceiptV1, found: Exclude<Found, { pending: string }>) {
  const built = buildReceipt(
    {
      file: receipt.file,
      fingerprint: receipt.fingerprint,
      registration: receipt.registration,
      network: receipt.network,
      transaction: found.transaction ?? receipt.transaction,
      confirmation: found.confirmation,
      blockHeader: found.blockHeader,
    },
    { now: () => new Date(ctx.now()) },
  );
  // Its batch path, and fields a newer Notarium added, stay as they were; the old block's header goes.
  const { blockHeader: _oldHeader, ...kept } = receipt;
  const upgraded = validateReceipt({ ...kept, ...built });
  const report = verifyReceipt(upgraded);
  if (report.outcome === 'failed') {
    throw new NotariumError('RECEIPT_INVALID', `${path}: the proof the service gave does not verify (${report.summary}), so the receipt was left as it was.`);
  }
  return { upgraded, report };
}

async function writeCompleted(
  ctx: NotaryContext,
  path: string,
  { upgraded, report }: ReturnType<typeof completedReceipt>,
): Promise<Extract<ReceiptUpgrade, { status: 'upgraded' }>> {
  writeFileAtomically(path, serializeReceipt(upgraded));
  const outcome = uncheckedEvidence(report.steps).length > 0 ? 'partially-verified' : 'verified';
  await noteInLibrary(ctx, upgraded, path, outcome, report.blockTime ?? null);
  return { path, status: 'upgraded', outcome, ...blockOfReceipt(upgraded.confirmation!) };
}

/** Why a pending receipt was not completed with the block its service names. */
function untiedBlock(ctx: NotaryContext, txId: string, blockHash: string, unchecked: readonly StepId[]): string {
  const missing = unchecked.includes('transaction')
    ? "without its raw transaction (the profile asked has no explorer, or the explorer did not give it) nothing ties this receipt's fingerprint to that block"
    : "without that block's header (the explorer asked gives no headers) nothing ties the transaction's Merkle proof to that block";
  return `Its service says transaction ${txId} is in block ${blockHash}, but ${missing}, so the receipt was left as it was: give the profile an explorer that gives both (Settings, or ${ctx.command('profile add <profile> --explorer whatsonchain')} on the real network), then run this again.`;
}

/**
 * An imported pending receipt the library now vouches for (its service saw it in a block and its
 * evidence verified fully, file digest included: gatherEvidence) completed where it was imported
 * from, with the library's evidence; done by the engine that saw the block, as it writes its own
 * receipts. Left as it is when the file there is no longer that pending receipt.
 */
export async function completeImportedInPlace(ctx: NotaryContext, record: StoredRecord): Promise<void> {
  const confirmation = confirmationOf(record);
  if (record.proofOutcome !== 'verified' || !record.receiptPath || !confirmation) return;
  const receipt = await readReceiptFile(record.receiptPath).catch(() => null);
  const lower = (h: string | null | undefined) => h?.toLowerCase();
  if (!receipt || receipt.confirmation || receipt.registration.txId !== record.txId || lower(receipt.fingerprint.published) !== lower(record.publishedHex))
    return;
  await writeUpgrade(ctx, record.receiptPath, receipt, { confirmation, transaction: record.rawTx, blockHeader: record.blockHeader });
}

/** Upgrades receipts one after another (each may ask the service; the service paces status requests). */
export async function upgradeReceipts(
  ctx: NotaryContext,
  follower: Follower,
  paths: readonly string[],
  options: UpgradeOptions = {},
): Promise<ReceiptUpgrade[]> {
  const results: ReceiptUpgrade[] = [];
  for (const path of paths) results.push(await upgradeReceipt(ctx, follower, path, options));
  return results;
}

/** The evidence added, in words ("the raw transaction and the block header"). */
export function addedEvidenceWords(added: readonly AddedEvidence[]): string {
  return added.map((a) => (a === 'transaction' ? 'the raw transaction' : 'the block header')).join(' and ');
}

/** The evidence `found` (of the receipt's own block) has and the receipt lacks. */
function addedEvidence(receipt: ReceiptV1, found: Exclude<Found, { pending: string }>): AddedEvidence[] {
  const added: AddedEvidence[] = [];
  if (!receipt.transaction && found.transaction) added.push('transaction');
  if (!receipt.blockHeader && found.blockHeader) added.push('blockHeader');
  return added;
}

function blockOfReceipt(c: ReceiptConfirmation): ReceiptBlock {
  return { blockHash: c.blockHash, confirmations: c.confirmedBlocks, blockTime: c.blockTimestamp ?? null };
}

/** The states whose status the service answers: following, or settled (its block may still change). */
const ASKED_STATES: readonly RecordState[] = ['published', 'confirmed', 'settled'];

type Found = { confirmation: ServiceConfirmation; transaction: string | null; blockHeader: string | null } | { pending: string; noted?: true };

/**
 * The block of the receipt's registration: from the library when it follows the registration on
 * the receipt's own service (asked again if its pace allows: one status request per registration
 * per block time), else from the service of the profile that reaches the receipt's maker.
 */
async function blockOf(ctx: NotaryContext, follower: Follower, receipt: ReceiptV1, options: UpgradeOptions): Promise<Found> {
  const { txId, serviceUrl, kind } = receipt.registration;
  const known = ctx.library.records.byTxId(txId, options.profile);
  const profile = options.profile ?? (await profileToAsk(ctx, receipt, known));
  if (known?.sha256 === receipt.file.sha256 && known.profile === profile) {
    // Asked even when the library names a block: it may have left the best chain since (proofs may
    // change for a while after mining). The pace still holds: asked less than a block time ago,
    // the library's answer is as fresh as the service allows.
    if (ASKED_STATES.includes(known.state)) await follower.checkNow(known);
    const record = await gatherEvidence(ctx, ctx.library.records.get(known.id)!);
    const confirmation = confirmationOf(record);
    if (!confirmation) {
      // An import's note says why it is not in a block (receipts.ts withholdBlock, or its last check's failure).
      if (record.proofOutcome !== null && record.lastError !== null) return { pending: `${record.lastError} The receipt was left as it was.`, noted: true };
      const next = record.nextCheckAt === null ? '' : ` (the service is asked again in about ${duration(Math.max(0, record.nextCheckAt - ctx.now()) / 1000)})`;
      return { pending: `Transaction ${txId} is not in a block yet${next}: run this again later.` };
    }
    return { confirmation, transaction: record.rawTx, blockHeader: record.blockHeader };
  }
  if (!profile) {
    throw new NotariumError(
      'PROFILE_NOT_FOUND',
      `No profile reaches the service that made this receipt (${serviceUrl}), so its block cannot be asked for: add a profile for that service with its API key (in Settings, or ${ctx.command(`profile add <name> --base-url ${shellQuote(serviceUrl)}`)} and ${ctx.command('key set --profile <name>')}), then try again.`,
    );
  }
  const { api, explorer } = await ctx.connections.forProfile(profile);
  const answer = kind === 'record' ? await api.recordStatus(txId) : await api.linkedStatus(txId);
  if (answer.kind === 'unknown') {
    throw new NotariumError(
      'NOT_FOUND',
      `The service of profile "${profile}" does not know transaction ${txId} (yet): it may still be publishing it, or the receipt was made with another service.`,
    );
  }
  const c = answer.confirmation;
  if (!c?.blockHash || !c.merkleProof)
    return { pending: `Transaction ${txId} is not in a block yet: run this again after its block (the profile's block time).` };
  const confirmation: ServiceConfirmation = { ...c, blockHash: c.blockHash, merkleProof: { ...c.merkleProof } };
  // Best effort, as for the library's own receipts: without them the receipt verifies partially.
  const evidence = explorer ? await explorerEvidence(explorer, txId, confirmation) : { rawTx: null, blockHeader: null };
  return { confirmation, transaction: evidence.rawTx, blockHeader: evidence.blockHeader };
}

/**
 * The library's record imported from this very pending receipt now has a complete one; when the
 * library did not follow it (no profile reached its service when it was imported), it takes the
 * block the receipt now names.
 */
async function noteInLibrary(
  ctx: NotaryContext,
  receipt: ReceiptV1,
  path: string,
  outcome: Exclude<ImportedOutcome, 'pending'>,
  blockTime: string | null,
): Promise<void> {
  const record = ctx.library.records.byTxId(receipt.registration.txId);
  if (!record || record.receiptPath !== path || record.proofOutcome !== 'pending') return;
  const c = receipt.confirmation;
  if (c && !inBlock(record)) {
    const target = (await ctx.library.profiles.require(record.profile)).targetConfirmations;
    const state = c.confirmedBlocks >= target ? 'settled' : 'confirmed';
    const update = { state, confirmations: c.confirmedBlocks, blockHash: c.blockHash, blockTime, confirmation: c } as const;
    ctx.library.records.recordConfirmation(record.id, { ...update, rawTx: receipt.transaction ?? null, blockHeader: receipt.blockHeader ?? null }, null);
  }
  ctx.library.records.setProofOutcome(record.id, outcome);
  ctx.recordUpdated(ctx.library.records.get(record.id)!);
}
