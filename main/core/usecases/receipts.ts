import { existsSync, lstatSync, mkdirSync, statSync } from 'node:fs';
import { said } from '../../../preload/i18n/said.ts';
import { dirname, join, resolve } from 'node:path';
import type { ExplorerApi } from '../api/explorer-api.ts';
import type { Confirmation } from '../api/responses.ts';
import { boundedMap } from '../bounded-map.ts';
import { labelledReceiptName, receiptLabel } from '../../../preload/notarium-files.ts';
import { RECEIPT_SUFFIX } from '../../../verifier/receipt-name.ts';
import { asNotariumError, NotariumError, ServiceError } from '../errors/notarium-error.ts';
import { writeFileAtomically } from '../fs/atomic-write.ts';
import { folderWithin } from '../fs/folder-within.ts';
import { readRegularFile } from '../fs/read-regular-file.ts';
import type { AggregationProof } from '../../../verifier/protocol/aggregation.ts';
import { networkOf, NETWORK_CHOICES, shownLabel } from '../../../verifier/protocol/networks.ts';
import { buildReceipt, type ServiceConfirmation } from '../receipts/build-receipt.ts';
import { decodeReceipt, MAX_RECEIPT_BYTES, parseReceipt, receiptFileName, serializeReceipt, type ReceiptV1 } from '../../../verifier/receipt-v1.ts';
import { targetTypeOf } from '../../../verifier/chain/merkle-proof.ts';
import { uncheckedEvidence, verifyReceipt, withServiceCheck, type StepId, type VerificationReport } from '../../../verifier/verify-receipt.ts';
import { receiptTooLarge, receiptUnreadable } from '../../../verifier/receipt-verdict.ts';
import type { MemberOfBatch } from '../store/batches.ts';
import type { ImportedOutcome, StoredRecord } from '../store/record.ts';
import { profileName, type NotaryContext } from './context.ts';
import { receiptNetwork } from './receipt-network.ts';
import { profileToAsk, serviceCheck } from './service-check.ts';
import { chainCheck } from './chain-check.ts';
import { shellQuote } from '../text/shell-quote.ts';
import { profileNetworks, standsForContent } from './registrations.ts';
import { memberReceipt } from './batch-receipts.ts';
import { DISAGREES_WITH_CHAIN, heldAsEvidence } from './held-as-imported.ts';
import { stopFollowingImported } from './give-up.ts';

/** Receipts: what a record needs to verify offline, written next to its file or elsewhere, and read back in. */

/** The record's confirmation when it is complete enough for a receipt (in a block, with a proof). */
export function confirmationOf(record: StoredRecord): ServiceConfirmation | null {
  const c = record.confirmation as Confirmation | null;
  if (!c || !c.blockHash || !c.merkleProof) return null;
  return { ...c, blockHash: c.blockHash, merkleProof: { ...c.merkleProof } };
}

/**
 * Fetches the raw transaction and the block header (unless the proof carries it) from the
 * profile's explorer and keeps them in the library. Best effort: without them a receipt still
 * verifies, partially; what could not be taken is kept as the record's warning, with what to do
 * (it is asked again at its next checks: `lacksEvidence`). Nothing is kept before the receipt it
 * makes verifies, the file's digest included (takenEvidence): evidence that fails is refused.
 */
export async function gatherEvidence(ctx: NotaryContext, record: StoredRecord): Promise<StoredRecord> {
  const confirmation = confirmationOf(record);
  if (!confirmation || !record.txId) return record;
  const needsTx = !record.rawTx;
  const needsHeader = !record.blockHeader && targetTypeOf(confirmation.merkleProof) !== 'header';
  const { explorer } = needsTx || needsHeader ? await ctx.connections.forProfile(record.profile) : { explorer: undefined };
  const taken = explorer ? await explorerEvidence(explorer, record.txId, confirmation, { needsTx, needsHeader }) : null;
  const candidate = { ...record, rawTx: taken?.rawTx ?? record.rawTx, blockHeader: taken?.blockHeader ?? record.blockHeader };
  const report = await evidenceReport(ctx, candidate);
  if (report?.outcome === 'failed') return refuseEvidence(ctx, record, report);
  // A pending import its own service has since seen in a block: it stands for its content once its
  // receipt verifies fully, the transaction and header included. Until then the block is only the
  // service's word about that txId (a forger may name another registration's): not the import's.
  const full = report?.outcome === 'verified' && uncheckedEvidence(report.steps).length === 0;
  if (record.proofOutcome === 'pending' && !full) return withholdBlock(ctx, record, confirmation.blockHash, explorer ? (taken?.unavailable ?? []) : null);
  if (taken) {
    const warning = taken.unavailable.length === 0 ? undefined : partialWarning(ctx, record.profile, taken.unavailable);
    // Kept only while the record still names that block: a later status (a reorganisation) may have moved it meanwhile.
    ctx.library.records.setEvidence(record.id, { rawTx: taken.rawTx, blockHeader: taken.blockHeader, blockHash: confirmation.blockHash, warning });
  }
  if (record.proofOutcome === 'pending') ctx.library.records.setProofOutcome(record.id, 'verified');
  return ctx.library.records.get(record.id)!;
}

/**
 * What the verifier says of the receipt a record would carry with the evidence it holds: its own
 * file's, or a batch's first file's. Null when it has none to check (a finalisation, a label its
 * block disagrees with: receipt-network.ts holds that receipt and says why).
 */
async function evidenceReport(ctx: NotaryContext, record: StoredRecord): Promise<VerificationReport | null> {
  try {
    const batch = ctx.library.batches.ofRecord(record);
    const member = batch && ctx.library.batches.membersOf(batch.id, { limit: 1 })[0];
    if (batch && !member) return null;
    const receipt = member ? await memberReceipt(ctx, { member, batch, registration: record }) : await receiptOf(ctx, record);
    return verifyReceipt(receipt, { fileDigest: receipt.file.sha256 });
  } catch (err) {
    if (err instanceof FailsOwnChecks) return err.report;
    return null;
  }
}

/**
 * Evidence whose receipt fails its checks is never kept. An import's registration, seen in a block
 * by its service, that does not hold the imported content (another registration's txId, say) is
 * imported evidence that disagrees with the chain: rejected, no longer followed, its receipt file
 * left as it was. The library's own registration keeps what it had and says why.
 */
function refuseEvidence(ctx: NotaryContext, record: StoredRecord, report: VerificationReport): StoredRecord {
  const block = confirmationOf(record)?.blockHash;
  if (record.proofOutcome !== null) {
    ctx.library.records.evidenceDisagrees(
      record.id,
      `${DISAGREES_WITH_CHAIN}: the service says registration ${record.txId} is in block ${block}, but with that registration's evidence its receipt ${failedCheck(report).replace(/^it /, '')}. It is not a registration of this content: it stays imported evidence that disagrees, no longer followed, and its receipt file is left as it was.`,
    );
  } else {
    ctx.library.records.setEvidence(record.id, {
      warning: `The evidence the service and explorer gave for block ${block} was not kept: with it the receipt ${failedCheck(report).replace(/^it /, '')}. It is asked again at the next status checks.`,
    });
  }
  return ctx.library.records.get(record.id)!;
}

/**
 * A pending import whose block its evidence does not tie to its fingerprint (no explorer, or one
 * that did not give the transaction or header): left pending and imported, saying why and what to
 * do; asked again at its next checks, and no longer followed once it would have been given up
 * without a block (stopFollowingImported). `unavailable`: what the explorer did not give; null: none.
 */
async function withholdBlock(ctx: NotaryContext, record: StoredRecord, block: string, unavailable: readonly string[] | null): Promise<StoredRecord> {
  const why =
    unavailable === null
      ? `profile "${record.profile}" has no explorer to give its raw transaction`
      : unavailable.length > 0
        ? `the explorer did not give ${unavailable.join(', nor ')}`
        : 'its evidence verifies only partially';
  const fix =
    unavailable === null
      ? `Give the profile an explorer (Settings, or ${ctx.command(`profile add ${shellQuote(record.profile)} --explorer whatsonchain`)} on the real network); it is asked again at its next status checks.`
      : `It is asked again at its next status checks (${ctx.command('profile list --json')} shows the profile's explorer templates).`;
  const named = `Its service says registration ${record.txId} is in block ${block}, but ${why}, so nothing ties this receipt's fingerprint to that block`;
  ctx.library.records.withholdBlock(record.id, `${named}: it stays imported and pending. ${fix}`);
  const withheld = ctx.library.records.get(record.id)!;
  return (await stopFollowingImported(ctx, withheld, `${named}.`)) ?? withheld;
}

/** In a block, without what a receipt needs to verify fully offline: the raw transaction, or a header its proof does not carry. */
export function lacksEvidence(record: StoredRecord): boolean {
  const confirmation = confirmationOf(record);
  return confirmation !== null && (!record.rawTx || (!record.blockHeader && targetTypeOf(confirmation.merkleProof) !== 'header'));
}

function partialWarning(ctx: NotaryContext, profile: string, unavailable: readonly string[]): string {
  return (
    `Its receipt verifies only partially: the explorer did not give ${unavailable.join(', nor ')}. ` +
    `Check the explorer templates of profile "${profile}" (${ctx.command('profile list --json')}, or Settings); they are tried again at its next status checks, ` +
    `and ${ctx.command('receipt upgrade <receipt>')} completes a receipt written before.`
  );
}

/** Why an explorer gave nothing, in its own terms: the HTTP client's sentences speak of the record service. */
function explorerFailure(err: unknown): string {
  if (err instanceof ServiceError) return `it answered HTTP ${err.status}`;
  return asNotariumError(err).message;
}

/**
 * What an explorer adds to a confirmation: the raw transaction, and the block's header unless the
 * proof targets it. Best effort: what cannot be fetched is null, and the receipt verifies
 * partially; `unavailable` says what was not given, and why.
 */
export async function explorerEvidence(
  explorer: ExplorerApi,
  txId: string,
  confirmation: ServiceConfirmation,
  needs: { needsTx: boolean; needsHeader: boolean } = { needsTx: true, needsHeader: targetTypeOf(confirmation.merkleProof) !== 'header' },
): Promise<{ rawTx: string | null; blockHeader: string | null; unavailable: string[] }> {
  // Both are asked at once; what was not given is said in a fixed order, whichever answered first.
  const missing: [string | null, string | null] = [null, null];
  const none = (slot: 0 | 1, what: string) => (err: unknown) => ((missing[slot] = `${what} (${explorerFailure(err)})`), null);
  const [rawTx, blockHeader] = await Promise.all([
    needs.needsTx ? explorer.transactionHex(txId).catch(none(0, 'the raw transaction')) : null,
    !needs.needsHeader
      ? null
      : explorer.servesHeaders
        ? explorer.blockHeaderHex(confirmation.blockHash).catch(none(1, 'the block header'))
        : none(1, 'the block header')(new NotariumError('NETWORK', 'the profile names no block header URL')),
  ]);
  return { rawTx, blockHeader, unavailable: missing.filter((what) => what !== null) };
}

/** The format-1 receipt of a stored registration (throws for a record that has no file content). */
export async function receiptOf(ctx: NotaryContext, record: StoredRecord): Promise<ReceiptV1> {
  // Batches: a plain record with no file of its own is a batch's registration; its files have the receipts.
  if (record.kind === 'record' && record.sha256 === null)
    throw new NotariumError('NO_RECEIPT', 'This registration anchors a batch of files and holds no file itself: each of its files has a receipt of its own.');
  if (record.kind === 'linked-delete' || record.sha256 === null || record.size === null) {
    throw new NotariumError(
      'NO_RECEIPT',
      'This registration finalises a document and holds no file, so it has no receipt of its own; export the document instead.',
    );
  }
  return registrationReceipt(ctx, record, { name: record.name, size: record.size, sha256: record.sha256 });
}

/**
 * The receipt of one file a registration anchors (a batch's too): the record's own file, or a batch
 * member's with its `aggregation` (its path to the root the registration holds).
 */
export async function registrationReceipt(
  ctx: NotaryContext,
  record: StoredRecord,
  file: { name: string; size: number; sha256: string },
  aggregation?: AggregationProof,
): Promise<ReceiptV1> {
  if (!record.txId) throw new NotariumError('NO_RECEIPT', `${file.name} has not been accepted by the service yet, so it has no receipt.`);
  // Receipts come from the record as it was registered, without the network; the label is the
  // one its block's header bears out (receipt-network.ts).
  const profile = await ctx.library.profiles.get(record.profile);
  const serviceUrl = record.serviceUrl ?? profile?.baseUrl ?? '';
  const network = await receiptNetwork(ctx, record);
  const receipt = buildReceipt(
    {
      file,
      fingerprint: { encode: record.encode!, salt: record.salt, record: record.recordHex!, published: record.publishedHex! },
      registration: { kind: record.kind, serviceUrl, txId: record.txId, prevTxId: record.prevTxId, version: record.version },
      network,
      transaction: record.rawTx,
      confirmation: confirmationOf(record),
      blockHeader: record.blockHeader,
      aggregation,
    },
    { now: () => new Date(ctx.now()) },
  );
  // Never a receipt that fails any of its own checks, whatever the service, the explorer or an
  // imported receipt gave: the whole verifier, the file's digest included.
  const report = verifyReceipt(receipt, { fileDigest: file.sha256 });
  if (report.outcome === 'failed') throw new FailsOwnChecks(`No receipt was written for ${file.name}: ${failedCheck(report)}.`, report);
  return receipt;
}

/** A receipt assembled from what the library holds fails its own checks: none is written, and `report` says where. */
export class FailsOwnChecks extends NotariumError {
  constructor(
    message: string,
    readonly report: VerificationReport,
  ) {
    super('RECEIPT_INVALID', message);
  }
}

/** The step a failed report failed at, in a few words: "it would fail its own <step> check (<why>)". */
export function failedCheck(report: VerificationReport): string {
  const step = report.steps.find((s) => s.status === 'fail');
  return `it would fail its own ${step?.id ?? report.failedStep ?? 'verification'} check (${step?.detail ?? report.summary})`;
}

/**
 * Writes atomically (see atomic-write.ts): a reader never sees half a receipt, and no planted link is
 * followed. Under a watched folder (`within`), the folders on the way are made without following
 * links either, and a link planted among them is refused (folder-within.ts).
 */
export function writeAtomically(path: string, text: string, folder: { create: boolean; within?: string }): void {
  if (folder.within) folderWithin(folder.within, dirname(path));
  else if (folder.create) mkdirSync(dirname(path), { recursive: true });
  writeFileAtomically(path, text);
}

/**
 * The record's receipt, with the evidence gathered first; a receipt its block disagrees with is
 * held, and the record says why. Imported evidence held as less than verified is its receipt as
 * imported (importedAsIs), never one this library would issue.
 */
export async function receiptFor(ctx: NotaryContext, record: StoredRecord): Promise<ReceiptV1> {
  if (heldAsEvidence(record)) return importedAsIs(record);
  const enriched = await gatherEvidence(ctx, record);
  try {
    return await receiptOf(ctx, enriched);
  } catch (err) {
    // Its network and its block disagree: the record says why until the label is right.
    if (err instanceof NotariumError && err.code === 'NETWORK_MISMATCH') ctx.library.records.holdReceipt(record.id, err.message);
    throw err;
  }
}

/**
 * Imported evidence, as it was imported: the receipt file it came from (the library follows it when
 * it moves), while that is still its receipt. Re-issued here, it would carry a date and claims as if
 * this library had issued it; the library keeps only the evidence that checked, not the receipt.
 */
async function importedAsIs(record: StoredRecord): Promise<ReceiptV1> {
  const there = record.receiptPath ? await readReceiptFile(record.receiptPath).catch(() => null) : null;
  const lower = (h: string | null | undefined) => h?.toLowerCase();
  if (there && there.registration.txId === record.txId && lower(there.fingerprint.published) === lower(record.publishedHex)) return there;
  throw new NotariumError(
    'NO_RECEIPT',
    `${record.name} is imported evidence, and its receipt is no longer at ${record.receiptPath ?? 'the place it was imported from'}: Notarium does not issue a receipt for what it did not register. Import the receipt again to export it.`,
  );
}

/**
 * Writes the record's receipt to `out` (a folder there: into it, under the receipt's name), or
 * beside its file (besideFile). `within`: the watched folder the receipt's place is in (its
 * `.notarium/`, or beside a file of it).
 */
export async function writeReceipt(ctx: NotaryContext, record: StoredRecord, out?: string, options: ReceiptWrite = {}): Promise<string> {
  const receipt = await receiptFor(ctx, record);
  const path = await placeReceipt(ctx, record, receipt, out, options);
  if (!options.copy || !record.receiptPath) ctx.library.records.setReceiptPath(record.id, path, receipt.network);
  return path;
}

/**
 * `within`: the watched folder the receipt's place is in. `copy`: an export to a place of the
 * user's (-o): the library keeps the receipt it knew (beside the file), and knows this one only
 * when it knew none.
 */
export interface ReceiptWrite {
  within?: string;
  copy?: boolean;
}

/**
 * The record's receipt is where the library says, readable, names its block and is of this
 * registration: a receipt deleted since, or a pending one imported before the block, is not.
 */
export async function hasCompleteReceipt(record: StoredRecord): Promise<boolean> {
  if (!record.receiptPath || !record.txId) return false;
  try {
    const receipt = await readReceiptFile(record.receiptPath);
    return Boolean(receipt.confirmation) && receipt.registration.txId === record.txId;
  } catch {
    return false; // gone or unreadable: written again
  }
}

/**
 * What a receipt beside a file is of: the file (its name, where it is, its content) and the
 * registration (txId, and version for a document's). A record is one; a batch's member with its
 * registration's txId is another.
 */
export interface ReceiptOwner {
  name: string;
  path: string | null;
  size: number | null;
  sha256: string | null;
  txId: string | null;
  version?: number | null;
}

/**
 * Writes `receipt` where the one rule puts it: `out` (a folder there: into it), or beside its file
 * (besideFile: never over another registration's receipt; the plain name is the file's content
 * now). Returns where it went; the caller keeps that in the library.
 */
export async function placeReceipt(
  ctx: NotaryContext,
  owner: ReceiptOwner,
  receipt: ReceiptV1,
  out?: string,
  options: { within?: string } = {},
): Promise<string> {
  const place = out ? { path: intoFolder(resolve(out), owner.name) } : owner.path ? await besideFile(ctx, owner, owner.path) : null;
  if (!place) throw new NotariumError('LOCATION_UNKNOWN', `Notarium does not know where ${owner.name} is: name the receipt file with -o.`);
  const folder = { create: Boolean(out), within: options.within };
  // The receipt it takes the place of is written under its own name first: at no moment is it on no disk.
  if (place.displaced) await moveReceipt(ctx, place.displaced, folder);
  writeReceiptAt(place.path, receipt, folder);
  return place.path;
}

/**
 * `out` itself, or the receipt's name inside it when it is a folder there (a link to one is not
 * followed); a path that cannot be looked at is left for the write to say why.
 */
function intoFolder(out: string, name: string): string {
  let folder = false;
  try {
    folder = lstatSync(out, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    // ENOTDIR, EACCES…: the write fails on it, and says so.
  }
  return folder ? join(out, receiptFileName(name)) : out;
}

/** Writes a receipt at `path` (writeAtomically); a failure of the file system says where (writeTextAt). */
export function writeReceiptAt(path: string, receipt: ReceiptV1, folder: { create: boolean; within?: string }): void {
  writeTextAt(path, serializeReceipt(receipt), folder);
}

/** writeAtomically; a failure of the file system is FILE_UNWRITABLE, saying where and why. */
function writeTextAt(path: string, text: string, folder: { create: boolean; within?: string }): void {
  try {
    // Next to the file, a folder that is gone is not recreated just to hold a receipt.
    writeAtomically(path, text, folder);
  } catch (err) {
    if (err instanceof NotariumError) throw err;
    throw new NotariumError(
      'FILE_UNWRITABLE',
      `The receipt could not be written to ${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): ${
        folder.create
          ? 'choose another place with -o'
          : 'free that name (Notarium never replaces a folder or a link there), or write it elsewhere with "receipt export <file> -o <place>"'
      }.`,
      { cause: err },
    );
  }
}

/**
 * Where a registration's receipt goes beside its file, so that no receipt there is ever lost and
 * `<name>.receipt.json` is the receipt of the file's content now when Notarium knows it:
 * - that place is free, or holds this registration's receipt: there;
 * - it holds another registration of the same content (registered again with --again, or as a
 *   new document): that one keeps it, and this one takes its label (labelledPlace);
 * - it holds another content's: if this record is the file's content now, it takes the place and
 *   the receipt there moves to its own label (`displaced`); if not (an export of an older
 *   registration), this one takes its label and the plain one is left alone.
 */
async function besideFile(ctx: NotaryContext, record: ReceiptOwner, filePath: string): Promise<{ path: string; displaced?: Displaced }> {
  const plain = join(dirname(filePath), receiptFileName(record.name));
  const there = await readReceiptText(plain).catch(() => null);
  if (!there || there.receipt.registration.txId === record.txId) return { path: plain };
  // An imported receipt that never stood for the content (registrations.ts) gives the plain name up to a registration.
  const networks = await profileNetworks(ctx);
  const evidence = [...networks.keys()].some((name) => {
    const holder = ctx.library.records.byTxId(there.receipt.registration.txId, name);
    return holder !== undefined && holder.receiptPath === plain && !standsForContent(networks, holder);
  });
  if (evidence) return { path: plain, displaced: { ...there, to: await labelledPlace(plain, there.receipt.registration) } };
  if (there.receipt.file.sha256 === record.sha256 || !(await isContentNow(ctx, record, filePath))) return { path: await labelledPlace(plain, record) };
  return { path: plain, displaced: { ...there, to: await labelledPlace(plain, there.receipt.registration) } };
}

/**
 * Whether the file holds the record's content now: another size says no without reading it; the
 * same size is hashed (the library keeps no mtime of a record's file to trust instead, and this
 * runs only when two registrations' receipts contend for one place). A file gone or unreadable is
 * not its content: nothing is moved for it.
 */
async function isContentNow(ctx: NotaryContext, record: ReceiptOwner, filePath: string): Promise<boolean> {
  const info = statSync(filePath, { throwIfNoEntry: false });
  if (!info?.isFile() || info.size !== record.size) return false;
  return (await ctx.hash(filePath).catch(() => null))?.sha256 === record.sha256;
}

/**
 * A registration's labelled place beside the plain one: `<name>.v<N>.receipt.json` for a document's
 * version, else `<name>.<txId's first 12>.receipt.json`; a second document started from the same
 * file has a v1 too, so a v<N> held by another registration gives way to the start of the txId.
 * Only a free name is taken: nothing there, or this registration's receipt. Anything else (another
 * registration's receipt, a folder, a link, a file that is no receipt) is stepped around, never
 * followed nor replaced: the next free `<label>-2`, `<label>-3`… is taken instead.
 */
export async function labelledPlace(plain: string, registration: { version?: number | null; txId: string | null }): Promise<string> {
  const base = plain.slice(0, -RECEIPT_SUFFIX.length);
  const labels = [...new Set([receiptLabel(registration), receiptLabel({ txId: registration.txId })])];
  const free = async (place: string) => {
    const there = lstatSync(place, { throwIfNoEntry: false });
    if (!there) return true;
    return there.isFile() && (await readReceiptFile(place).catch(() => null))?.registration.txId === registration.txId;
  };
  for (const label of labels) {
    const place = labelledReceiptName(base, label);
    if (await free(place)) return place;
  }
  for (let n = 2; ; n++) {
    const place = labelledReceiptName(base, `${labels.at(-1)!}-${n}`);
    if (await free(place)) return place;
  }
}

/** A receipt as read (`path`), and its text as it was. */
interface ReceiptText {
  path: string;
  text: string;
  receipt: ReceiptV1;
}

/** A receipt that gives up the plain place (its `path`) for its labelled one, `to`. */
type Displaced = ReceiptText & { to: string };

/** Moves a receipt to its labelled place, byte for byte; the library's record of it (a record's, or a batch member's) follows it there. */
async function moveReceipt(ctx: NotaryContext, moved: Displaced, folder: { create: boolean; within?: string }): Promise<void> {
  writeTextAt(moved.to, moved.text, folder);
  for (const { name } of await ctx.library.profiles.list()) {
    const owner = ctx.library.records.byTxId(moved.receipt.registration.txId, name);
    if (owner?.receiptPath === moved.path) ctx.library.records.setReceiptPath(owner.id, moved.to);
  }
  ctx.library.batches.receiptMoved(moved.receipt.registration.txId, moved.path, moved.to);
}

/**
 * A record's receipt for a person to keep: its text and file name, also written beside the file
 * when `besideFile` is asked for and the record knows where its file is (else `path` is null).
 */
export async function exportReceipt(
  ctx: NotaryContext,
  record: StoredRecord,
  options: { besideFile: boolean },
): Promise<{ path: string | null; fileName: string; text: string }> {
  const enriched = await gatherEvidence(ctx, record);
  const text = serializeReceipt(await receiptFor(ctx, enriched));
  const path = options.besideFile && enriched.path ? await writeReceipt(ctx, enriched) : null;
  return { path, fileName: receiptFileName(enriched.name), text };
}

/**
 * Reads a receipt file, with the errors people need for a wrong or unreadable one, naming it as
 * `shown` (the user's name for a file the shell holds under its own). Whatever lies at the path,
 * only a regular file is read, and no more of it than a receipt can be.
 */
export async function readReceiptFile(path: string, shown = path): Promise<ReceiptV1> {
  return (await readReceiptText(path, shown)).receipt;
}

/** readReceiptFile, with the text as it was read (to move a receipt byte for byte). */
async function readReceiptText(path: string, shown = path): Promise<ReceiptText> {
  const bytes = await readRegularFile(path, {
    maxBytes: MAX_RECEIPT_BYTES,
    tooLarge: (size) => new NotariumError('RECEIPT_INVALID', receiptTooLarge(shown, size)),
  });
  try {
    // One decoding rule for every reader (receipt-v1.md, "Decoding").
    const text = decodeReceipt(bytes);
    return { path, text, receipt: parseReceipt(text) };
  } catch (err) {
    if (err instanceof NotariumError) {
      // A page in another language says which file is no receipt; the reason stays in the English.
      const notAReceipt = err.code === 'RECEIPT_INVALID' ? { said: said('errorsWith.notAReceipt', { name: shown }) } : {};
      throw new NotariumError(err.code, receiptUnreadable(shown, err.message), { cause: err, ...notAReceipt });
    }
    throw err;
  }
}

/** What an imported receipt proved by itself: the file digest aside (the file is checked when it is verified). */
export interface ImportedProof {
  outcome: ImportedOutcome;
  /** Steps that could not be checked from the receipt: what the library cannot vouch for; `service` when its maker does not know it. */
  skipped: StepId[];
  /** The network's label, and whether it is a test chain whose proof of work proves nothing. */
  network: string;
  testChain: boolean;
  /** On a test chain: the profile's own service did not confirm the txId, the one thing that vouches for it there. */
  unvouched: boolean;
  /** The network of the profile that reaches its service, when the receipt's label names another (null: they agree, or it is not known). */
  mislabelled: string | null;
}

/**
 * Imports a receipt into the library (for "which version", verification by content, and the
 * poller when it is not settled yet). A receipt that fails verification is refused, and so is one
 * whose network label is outside the vocabulary (its proof of work could never be judged). A
 * partially verified receipt is kept as it is, with only the evidence it holds: the library
 * verifies from exactly that, so it reads partially verified there too, never verified.
 */
export async function importReceipt(ctx: NotaryContext, receiptPath: string, options: { profile?: string } = {}): Promise<ImportResult> {
  const path = resolve(receiptPath);
  return importParsed(ctx, path, await readReceiptFile(path), options);
}

export interface ImportResult {
  /** The registration (a batch's, for one of its files). */
  record: StoredRecord;
  /** A batch's file: its place among the batch's members in the library. */
  member?: MemberOfBatch;
  imported: boolean;
  proof: ImportedProof;
  /** The profile that reaches the receipt's own service (null: none does, so nothing here asks it). */
  serviceProfile: string | null;
  /** The imported evidence this receipt replaced under its txId, as it was: it had proved less. */
  replaced?: StoredRecord;
  /**
   * Not imported: the library holds other content (another file, fingerprint or batch root) under
   * this receipt's txId, as imported evidence that proved as much. Two receipts of one txId disagree
   * on what it registered, so at most one of them is genuine; neither is blamed as invalid.
   */
  disagrees?: boolean;
}

async function importParsed(ctx: NotaryContext, path: string, receipt: ReceiptV1, options: { profile?: string }): Promise<ImportResult> {
  const network = networkOf(receipt.network);
  if (!network) {
    throw new NotariumError(
      'RECEIPT_INVALID',
      `${path} names the network ${shownLabel(receipt.network)}, which is not ${NETWORK_CHOICES}: its proof of work could never be judged, so it is not imported.`,
    );
  }
  let report = verifyReceipt(receipt);
  // As `receipt verify --online` does, the block lookup of the profile that reaches the receipt's
  // service is asked whether its block is on the best chain, the check required: a block left
  // behind, or one that lookup does not know (404), is no evidence to keep.
  const chain = report.outcome === 'failed' ? undefined : await chainCheck(ctx, receipt, { required: true });
  if (chain) report = verifyReceipt(receipt, { chain });
  // Then the service that made the receipt, when a profile reaches it (the embedded sandbox
  // included): a forged receipt whose maker does not know it is kept as partial.
  const check = report.outcome === 'failed' ? undefined : await serviceCheck(ctx, receipt);
  if (check) report = withServiceCheck(report, check, false);
  if (report.outcome === 'failed') throw new NotariumError('RECEIPT_INVALID', `${path} does not verify: ${report.summary}${offChainHint(ctx, report, path)}`);
  const makerDoesNotKnow = check?.status === 'fail' && check.code === 'unknown-to-maker';
  // The profile whose service made the receipt, else the one asked for (or the current one); the
  // poller follows the record only on the service that registered it.
  const byService = await profileToAsk(ctx, receipt);
  const profile = options.profile ? await profileName(ctx, options.profile) : (byService ?? (await profileName(ctx)));
  const serviceProfile = byService ?? null;
  // A test chain's proof of work proves nothing (anyone mines its headers), so only the profile's
  // own service confirming the txId vouches for such a receipt; without that it is evidence.
  // A label that is not the network its service writes to: that service's word is not about the
  // chain the receipt names, so it neither vouches for it nor follows it (its block there would
  // complete the receipt under another label than the one it was handed in with).
  const serviceNetwork = byService ? networkOf((await ctx.library.profiles.get(byService))?.network) : undefined;
  const mislabelled = serviceNetwork !== undefined && serviceNetwork.label !== network.label ? serviceNetwork.label : null;
  const unvouched = network.testChain && !(check?.status === 'pass' && byService === profile && !mislabelled);
  const skipped: StepId[] = [...uncheckedEvidence(report.steps), ...(makerDoesNotKnow ? (['service'] as const) : [])];
  const proof: ImportedProof = {
    outcome: report.outcome === 'pending' ? 'pending' : skipped.length > 0 || unvouched || mislabelled ? 'partially-verified' : 'verified',
    skipped,
    network: network.label,
    testChain: network.testChain,
    unvouched,
    mislabelled,
  };
  const existing = ctx.library.records.byTxId(receipt.registration.txId, profile);
  const filePath = join(dirname(path), receipt.file.name);
  // Followed on the service that made it, unless that service already said it does not know it, or
  // writes to another network than the receipt's label names.
  const registration = await importedRegistration(ctx, receipt, {
    profile,
    proof,
    blockTime: report.blockTime ?? null,
    follow: byService === profile && !makerDoesNotKnow && !mislabelled,
  });
  if (receipt.aggregation) {
    const member = { path: existsSync(filePath) ? filePath : null, receiptPath: path };
    const found = await importMember(ctx, path, receipt, receipt.aggregation, { existing, registration, member });
    if (found.imported) {
      ctx.recordUpdated(found.record);
      ctx.wakePoller();
    }
    return { ...found, proof, serviceProfile };
  }
  // An import never loses to a weaker claim: imported evidence held under this txId that proved less
  // gives way to this receipt (whatever content it named); the library's own registrations never do.
  if (existing && !provesMore(registration, existing))
    return { record: existing, imported: false, proof, serviceProfile, ...(namesOther(existing, receipt) ? { disagrees: true } : {}) };
  // What the receipt replaces, its document and its record in one write, in the same step as the look for `existing` above (no write body awaits yet: connection.ts).
  const record = await ctx.library.write(() => {
    // A batch's registration held as weaker evidence: its imported files (paths to its root) go with it.
    const heldBatch = existing && ctx.library.batches.ofRecord(existing);
    if (heldBatch?.imported) ctx.library.batches.dropImported(heldBatch.id);
    const { kind, prevTxId } = receipt.registration;
    let documentId: number | null = null;
    let version = receipt.registration.version ?? null;
    if (kind === 'linked-create') {
      // A receipt that replaces weaker evidence of this version keeps its document: the versions
      // imported after it link to that one.
      documentId = existing?.documentId ?? ctx.library.documents.sync.create(profile, receipt.file.name).id;
      version ??= 1;
    } else if (kind !== 'record' && prevTxId) {
      const previous = ctx.library.records.byTxId(prevTxId, profile);
      documentId = previous?.documentId ?? null;
      if (previous) version ??= (previous.version ?? 0) + 1;
    }
    const row = {
      ...registration,
      path: existsSync(filePath) ? filePath : null,
      size: receipt.file.size,
      sha256: receipt.file.sha256,
      documentId,
      version,
      receiptPath: path,
    };
    const record = existing ? ctx.library.records.replaceImported(existing.id, row) : ctx.library.records.insertImported(row);
    if (documentId !== null) ctx.library.documents.sync.noteImportedVersion(documentId, record.txId!, version ?? 1, kind === 'linked-delete');
    return record;
  });
  ctx.recordUpdated(record);
  ctx.wakePoller();
  return { record, imported: true, proof, serviceProfile, ...(existing ? { replaced: existing } : {}) };
}

/**
 * A receipt whose block left the best chain may be of a registration now in another block: the
 * receipt completed again for that block is the one to import.
 */
function offChainHint(ctx: NotaryContext, report: VerificationReport, path: string): string {
  if (report.steps.find((s) => s.id === 'chain')?.code !== 'block-not-on-best-chain') return '';
  return ` It is not imported: if its registration is in another block now, "${ctx.command(`receipt upgrade ${shellQuote(path)}`)}" completes it for that block, and the receipt can be imported then.`;
}

/** What insertImported takes for a receipt's registration, all of it checked just now, before the file's own fields. */
type ImportedRegistration = Parameters<NotaryContext['library']['records']['insertImported']>[0];

/**
 * A receipt's registration as the library keeps it when imported: only the evidence the receipt
 * holds, all of it checked just now (nothing is added that did not verify), with no file yet (a
 * batch's registration has none of its own; a record's is added by the caller).
 */
async function importedRegistration(
  ctx: NotaryContext,
  receipt: ReceiptV1,
  i: { profile: string; proof: ImportedProof; blockTime: string | null; follow: boolean },
): Promise<ImportedRegistration> {
  const c = receipt.confirmation ?? null;
  const target = (await ctx.library.profiles.require(i.profile)).targetConfirmations;
  return {
    profile: i.profile,
    kind: receipt.registration.kind,
    name: receipt.aggregation ? IMPORTED_BATCH_NAME : receipt.file.name,
    path: null,
    size: null,
    sha256: null,
    encode: receipt.fingerprint.encode,
    salt: receipt.fingerprint.salt ?? null,
    recordHex: receipt.fingerprint.record,
    publishedHex: receipt.fingerprint.published,
    prevTxId: receipt.registration.prevTxId ?? null,
    version: receipt.registration.version ?? null,
    txId: receipt.registration.txId,
    state: !c ? 'published' : c.confirmedBlocks >= target ? 'settled' : 'confirmed',
    confirmations: c?.confirmedBlocks ?? 0,
    blockHash: c?.blockHash ?? null,
    // The block's time only as its checked header tells it, never the receipt's word for it.
    blockTime: i.blockTime,
    confirmation: c,
    rawTx: receipt.transaction ?? null,
    blockHeader: receipt.blockHeader ?? null,
    receiptPath: '',
    follow: i.follow,
    proofOutcome: i.proof.outcome,
    network: i.proof.network,
    serviceUrl: receipt.registration.serviceUrl,
  };
}

/** The name of a batch's registration known from its files' receipts (it holds no file; its files are the Library's rows). */
const IMPORTED_BATCH_NAME = 'Batch (known from its files’ receipts)';

const RANK: Record<ImportedOutcome, number> = { pending: 0, 'partially-verified': 1, verified: 2 };

/**
 * Whether an import proves more than the imported evidence held under its txId: a better outcome,
 * or the same outcome with more of its evidence checked (a squatter that arrived first, with less,
 * never blocks the receipt that checks more). Never more than the library's own registration.
 */
function provesMore(i: Pick<ImportedRegistration, 'proofOutcome' | 'rawTx' | 'blockHeader' | 'confirmation'>, held: StoredRecord): boolean {
  if (held.proofOutcome === null) return false;
  const [mine, theirs] = [RANK[i.proofOutcome], RANK[held.proofOutcome]];
  return mine > theirs || (mine === theirs && evidenceChecked(i) > evidenceChecked(held));
}

/**
 * How much of a registration's evidence was checked (an imported one holds only evidence that
 * verified): its transaction, which links the record to the txId, and a header its proof folds to.
 */
function evidenceChecked(r: Pick<StoredRecord, 'rawTx' | 'blockHeader' | 'confirmation'>): number {
  const proof = (r.confirmation as ServiceConfirmation | null)?.merkleProof;
  return (r.rawTx ? 1 : 0) + (r.blockHeader || (proof && targetTypeOf(proof) === 'header') ? 1 : 0);
}

/** The registration held under a receipt's txId names other content than the receipt: another file, or another fingerprint of it. */
function namesOther(held: StoredRecord, receipt: ReceiptV1): boolean {
  const lower = (h: string | null) => h?.toLowerCase();
  return lower(held.sha256) !== lower(receipt.file.sha256) || lower(held.recordHex) !== lower(receipt.fingerprint.record);
}

/**
 * A batch file's receipt imported as a member of its batch (docs/design/batches-and-rounds.md,
 * "Imported members"), keeping its `aggregation`: the batch's registration is imported once (no file
 * of its own), and each file's receipt adds a member with its own path to the root. A member the
 * library already holds (the same content and nonce, imported before or of a batch it built) is
 * found, not added. A receipt whose registration differs from the one the library holds under its
 * txId (another record, another root or fingerprint) is refused. A receipt of the registration that
 * proved more than the one it was first imported from gives it its evidence: every file of the
 * batch then verifies from the library as far as the best receipt went.
 */
async function importMember(
  ctx: NotaryContext,
  path: string,
  receipt: ReceiptV1,
  aggregation: NonNullable<ReceiptV1['aggregation']>,
  i: { existing: StoredRecord | undefined; registration: ImportedRegistration; member: { path: string | null; receiptPath: string } },
): Promise<Omit<ImportResult, 'proof' | 'serviceProfile'>> {
  const lower = (h: string) => h.toLowerCase();
  const sha256 = lower(receipt.file.sha256);
  const nonce = lower(aggregation.nonce);
  const refused = (why: string) => new NotariumError('RECEIPT_INVALID', `${path} is not imported: ${why}`);
  const txId = receipt.registration.txId;
  return ctx.library.write(() => {
    const existing = i.existing && ctx.library.records.get(i.existing.id);
    const batch = existing && ctx.library.batches.ofRecord(existing);
    if (existing && !batch) {
      if (existing.proofOutcome === null) throw refused(`the library holds registration ${txId} as a record of one file, not as a batch.`);
      // Imported evidence of one file under the batch's txId: it gives way to a receipt that proves more.
      if (!provesMore(i.registration, existing)) return { record: existing, imported: false, disagrees: true };
      const registration = ctx.library.records.replaceImported(existing.id, i.registration);
      const { member, added } = ctx.library.batches.addImported(registration, importedMember(receipt, aggregation, sha256, nonce, i.member));
      return { record: member.registration, member, imported: added, replaced: existing };
    }
    const same =
      !existing ||
      (lower(existing.recordHex ?? '') === lower(aggregation.root) &&
        lower(existing.publishedHex ?? '') === lower(receipt.fingerprint.published) &&
        existing.encode === receipt.fingerprint.encode &&
        existing.kind === receipt.registration.kind);
    // Imported evidence of another root that proved less gives way, members and all: an import never
    // loses to a weaker claim. A batch this library built never does.
    const weaker = existing && batch?.imported && provesMore(i.registration, existing);
    if (!same && weaker) {
      ctx.library.batches.dropImported(batch.id);
      const registration = ctx.library.records.replaceImported(existing.id, i.registration);
      const { member, added } = ctx.library.batches.addImported(registration, importedMember(receipt, aggregation, sha256, nonce, i.member));
      return { record: member.registration, member, imported: added, replaced: existing };
    }
    // Imported evidence of another root that proved as much: the two receipts disagree, and neither is blamed.
    if (!same && batch?.imported) return { record: existing, imported: false, disagrees: true };
    if (!same) throw refused(`its batch root or fingerprint is not those of registration ${txId} as the library holds it.`);
    if (batch && !batch.imported) {
      // A batch this library built: the file is one of its members already, or the receipt is not of this batch.
      const mine = ctx.library.batches.membersBySha256(sha256, existing.profile).find((m) => m.batch.id === batch.id && m.member.nonce === nonce);
      if (!mine) throw refused(`registration ${txId} anchors a batch this library built, and this file (with this nonce) is not one of its files.`);
      return { record: mine.registration, member: mine, imported: false };
    }
    const registration = existing ?? ctx.library.records.insertImported(i.registration);
    if (existing && provesMore(i.registration, existing)) {
      const { state, confirmations, blockHash, blockTime, confirmation, rawTx, blockHeader, network, proofOutcome } = i.registration;
      ctx.library.records.replaceImportedEvidence(existing.id, {
        state,
        confirmations,
        blockHash,
        blockTime,
        confirmation,
        rawTx,
        blockHeader,
        network,
        proofOutcome,
      });
    }
    const { member, added } = ctx.library.batches.addImported(registration, importedMember(receipt, aggregation, sha256, nonce, i.member));
    return { record: member.registration, member, imported: added };
  });
}

/** A batch file's receipt as the member the library keeps of it. */
function importedMember(
  receipt: ReceiptV1,
  aggregation: NonNullable<ReceiptV1['aggregation']>,
  sha256: string,
  nonce: string,
  m: { path: string | null; receiptPath: string },
): Parameters<NotaryContext['library']['batches']['addImported']>[1] {
  const lower = (h: string) => h.toLowerCase();
  return {
    name: receipt.file.name,
    path: m.path,
    size: receipt.file.size,
    sha256,
    nonce,
    receiptPath: m.receiptPath,
    aggregationPath: aggregation.path.map((s) => (s.left !== undefined ? { left: lower(s.left) } : { right: lower(s.right!) })),
  };
}

export type ImportOutcome = ({ path: string } & ImportResult) | { path: string; imported: false; error: NotariumError };

/** Imports many receipts, each version after the one it follows, so documents link up. */
export async function importReceipts(ctx: NotaryContext, paths: readonly string[], options: { profile?: string } = {}): Promise<ImportOutcome[]> {
  const read = await boundedMap(paths, 8, async (given, i) => {
    const path = resolve(given);
    try {
      return { path, i, receipt: await readReceiptFile(path) };
    } catch (err) {
      return { path, i, error: asNotariumError(err) };
    }
  });
  const version = (r: (typeof read)[number]) => r.receipt?.registration.version ?? 0;
  const ordered = [...read].sort((a, b) => version(a) - version(b) || a.i - b.i);
  const outcomes = new Array<ImportOutcome>(paths.length);
  for (const r of ordered) {
    try {
      outcomes[r.i] = r.receipt
        ? { path: r.path, ...(await importParsed(ctx, r.path, r.receipt, options)) }
        : { path: r.path, imported: false, error: r.error };
    } catch (err) {
      outcomes[r.i] = { path: r.path, imported: false, error: asNotariumError(err) };
    }
  }
  return outcomes;
}
