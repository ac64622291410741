import { networkOf } from '../../../verifier/protocol/networks.ts';
import type { ReceiptV1 } from '../../../verifier/receipt-v1.ts';
import type { MemberOfBatch, StoredBatch } from '../store/batches.ts';
import { groupOf, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';

/**
 * A content's registrations as every use-case that looks a file up sees them (docs/design/batches-and-rounds.md):
 * a record of its own, or a batch's registration with the member that is the file. One place
 * answers "is this content registered?", so a batched file is never registered again by mistake,
 * nor unknown to `verify` or `status`.
 */

export interface Registration {
  /** The registration: the file's own record, or (for a batch member) its batch's. */
  record: StoredRecord;
  /** The file's place in a batch, when the registration anchors many. */
  member?: MemberOfBatch;
}

/** Each profile's network as the library holds it (null: a detecting profile that has seen no block yet). */
export type ProfileNetworks = ReadonlyMap<string, string | null>;

/**
 * The profiles' networks, read with one `await` before a look for a content's registrations: the
 * look itself is then synchronous, so it and the write it decides (register or not) are one step
 * that another notarise of the same content in this process cannot come between.
 */
export async function profileNetworks(ctx: Pick<NotaryContext, 'library'>): Promise<ProfileNetworks> {
  return new Map((await ctx.library.profiles.list()).map((p) => [p.name, p.network]));
}

/**
 * Every registration of this content (optionally in one profile), records and batch members alike:
 * those that stand for it first (standsForContent), then imported evidence, each newest first;
 * superseded rows are not among them.
 */
export function registrationsOfContent(ctx: Pick<NotaryContext, 'library'>, networks: ProfileNetworks, sha256: string, profile?: string): Registration[] {
  const own: Registration[] = ctx.library.records.bySha256(sha256, profile).map((record) => ({ record }));
  const members: Registration[] = ctx.library.batches.membersBySha256(sha256, profile).map((member) => ({ record: member.registration, member }));
  const first = (r: Registration) => r.member?.batch.recordId ?? groupOf(r.record);
  const stands = (r: Registration) => (standsForContent(networks, r.record) ? 1 : 0);
  return [...own, ...members].sort((a, b) => stands(b) - stands(a) || first(b) - first(a));
}

/**
 * Whether a registration may stand for its content's registration in its profile: Notarium's own,
 * or an imported receipt that verified fully on the profile's own network (on a test chain, fully
 * only when the profile's own service confirmed its txId: importParsed). Anything else imported
 * (partially verified, pending, another network's) is evidence someone handed in: kept and shown,
 * but a forger who knows a file's content must never make Notarium believe the file is anchored.
 */
export function standsForContent(networks: ProfileNetworks, record: StoredRecord): boolean {
  if (record.proofOutcome === null) return true;
  if (record.proofOutcome !== 'verified') return false;
  const own = networkOf(networks.get(record.profile));
  return own !== undefined && networkOf(record.network)?.label === own.label;
}

/** The content's registrations that stand for it (standsForContent), newest first. */
export function standingRegistrations(ctx: Pick<NotaryContext, 'library'>, networks: ProfileNetworks, sha256: string, profile?: string): Registration[] {
  return registrationsOfContent(ctx, networks, sha256, profile).filter((r) => standsForContent(networks, r.record));
}

/** A registered outcome names the imported, unverified receipt of its content that exists beside it (the newest), if any. */
export async function withEvidence<T extends { status: string }>(ctx: Pick<NotaryContext, 'library'>, outcome: T, sha256: string, profile: string): Promise<T> {
  if (outcome.status !== 'registered') return outcome;
  const evidence = importedEvidence(ctx, await profileNetworks(ctx), sha256, profile)[0];
  return evidence ? { ...outcome, importedEvidence: evidence } : outcome;
}

/**
 * The content's imported evidence that does not stand for it, newest first, whatever became of it
 * (a rejected or never-mined import too): what notarise mentions when it registers the content.
 */
export function importedEvidence(ctx: Pick<NotaryContext, 'library'>, networks: ProfileNetworks, sha256: string, profile?: string): StoredRecord[] {
  return registrationsOfContent(ctx, networks, sha256, profile)
    .filter((r) => r.record.proofOutcome !== null && !standsForContent(networks, r.record))
    .map((r) => r.record);
}

/**
 * A registration as the file it registers (docs/design/batches-and-rounds.md): a batch's file as itself — its name,
 * path, size, digest and receipt — with its registration's state, txId, block and evidence; any
 * other registration as it is. For showing only (the CLI's lines, the app's Library and
 * certificate): the core never takes it for a record of the file.
 */
export function asFile({ record, member }: Registration): StoredRecord {
  const m = member?.member;
  return m ? { ...record, name: m.name, path: m.path, size: m.size, sha256: m.sha256, receiptPath: m.receiptPath } : record;
}

/** The batch a registration (any submission of it) anchors, as `--json` and the CLI's lines say it. */
export interface BatchFacts {
  id: number;
  /** How many files it anchors; null for a batch known from its files' receipts (no receipt says it). */
  files: number | null;
  /** The file's leaf index in the batch's tree (0-based); null for the registration itself. */
  position: number | null;
}

/** A registration's batch facts: of its member when it has one, else of the batch it anchors (none: null). */
export function batchFacts(ctx: Pick<NotaryContext, 'library'>, found: Registration): BatchFacts | null {
  const size = (batch: StoredBatch) => (batch.imported ? null : batch.files);
  if (found.member) return { id: found.member.batch.id, files: size(found.member.batch), position: found.member.member.position };
  const batch = ctx.library.batches.ofRecord(found.record);
  return batch ? { id: batch.id, files: size(batch), position: null } : null;
}

/** A batch receipt's file as the library knows it (its batch's registration by txId, its member of that content), or null. */
export function batchOfReceipt(
  ctx: Pick<NotaryContext, 'library'>,
  receipt: { registration: Pick<ReceiptV1['registration'], 'txId'>; file: Pick<ReceiptV1['file'], 'sha256'> },
): BatchFacts | null {
  const of = ctx.library.batches.byTxId(receipt.registration.txId);
  const member = of && ctx.library.batches.membersBySha256(receipt.file.sha256).find((m) => m.batch.id === of.batch.id);
  return member ? batchFacts(ctx, { record: member.registration, member }) : null;
}
