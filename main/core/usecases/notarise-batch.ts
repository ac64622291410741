import { hex } from '@scure/base';
import { basename, resolve } from 'node:path';
import { boundedMap } from '../bounded-map.ts';
import { fileError } from '../hashing/file-unreadable.ts';
import { aggregationLeaf, aggregationTree, aggregationTreeRoot, randomAggregationNonces } from '../../../verifier/protocol/aggregation.ts';
import type { MemberOfBatch, NewBatch, NewMember } from '../store/batches.ts';
import { isLive, type StoredRecord, type Submission } from '../store/record.ts';
import { profileName, type NotaryContext } from './context.ts';
import { filesOf, type FileOrigin } from './files-in.ts';
import { settleAllInDoubt, settleInDoubt } from './in-doubt.ts';
import type { FileResult, NotariseOptions, NotariseOutcome, NotarisePhase, NotariseProgress } from './notarise.ts';
import { checkReceiptNames } from './receipt-names.ts';
import { profileNetworks, standingRegistrations, withEvidence, type Registration } from './registrations.ts';
import { holderGone, leaseFor } from './send-lease.ts';
import { fileSubmission, freshFingerprint, registrationTarget, sendOutcome, submitRecord } from './submit.ts';
import { releaseQueues } from './version-queue.ts';

/**
 * Notarise files as one batch (docs/design/batches-and-rounds.md): each file is hashed locally, the files whose
 * content the profile already has are reported as `notarise` reports them, and the rest are
 * anchored by one registration per batch of at most `maxFiles`, the root of a tree over their
 * leaves, each file with a nonce of its own. A batch is stored whole before it is sent, and its
 * registration goes through the same send, lease and in-doubt machinery as any record. One new
 * file alone is registered on its own, as `notarise` does: a batch of one would save nothing and
 * give its receipt an empty batch path. Documents are never batched (notarise with `document`).
 */

/** `notarise`'s options, and the cap of a batch (default: the library's setting, Batches.maxFiles). */
export type BatchNotariseOptions = Omit<NotariseOptions, 'document' | 'batch' | 'concurrency'> & { maxFiles?: number };

/** A hashed file of the run. */
interface Hashed extends FileOrigin {
  path: string;
  name: string;
  kept: string | null;
  size: number;
  sha256: string;
}

type Where = Pick<Submission, 'network' | 'serviceUrl'>;

export async function notariseBatch(ctx: NotaryContext, paths: readonly string[], options: BatchNotariseOptions = {}): Promise<NotariseOutcome[]> {
  const profile = await profileName(ctx, options.profile);
  const connection = await ctx.connections.forProfile(profile);
  const where = registrationTarget(ctx, connection);
  await connection.requireKey();
  // Registrations in doubt when the run began (a batch's among them) are settled in the background; files of theirs are reported as resumed.
  const resuming = new Set(ctx.library.records.inDoubt(profile, holderGone).map((r) => r.id));
  const resumed = settleAllInDoubt(ctx, { profile, signal: options.signal }).then(() => releaseQueues(ctx, { profile, signal: options.signal }));
  const files = await filesOf(paths.map((p) => resolve(p)));
  options.onFiles?.(files.length);
  const report = (file: FileOrigin & { path: string }, phase: NotarisePhase, extra: Partial<NotariseProgress> = {}) =>
    options.onProgress?.({ path: file.path, index: file.index, inFolder: file.inFolder, phase, ...extra });

  const outcomes = new Array<NotariseOutcome>(files.length);
  const failed = (i: number, err: unknown, record?: StoredRecord): void => {
    report(files[i]!, 'failed');
    const { path, index, inFolder } = files[i]!;
    outcomes[i] = { path, index, inFolder, status: 'failed', error: fileError(path, err), ...(record ? { record } : {}) };
  };
  // A path named twice is hashed once.
  const hashing = new Map<string, ReturnType<NotaryContext['hash']>>();
  const hashed = await boundedMap(files, 8, async (file, i): Promise<Hashed | undefined> => {
    report(file, 'hashing');
    try {
      if (file.skipped) throw file.skipped;
      let hash = hashing.get(file.path);
      if (!hash) hashing.set(file.path, (hash = ctx.hash(file.path, { signal: options.signal, onProgress: (p) => report(file, 'hashing', p) })));
      const { sha256, size } = await hash;
      const described = options.describe?.(file.path) ?? { name: basename(file.path), path: file.path };
      return { ...file, name: described.name, kept: described.path, size, sha256 };
    } catch (err) {
      failed(i, err);
      return undefined;
    }
  });

  // The first entry of each content is the one registered; the others name the same registration.
  const first = new Map<string, number>();
  const fresh: number[] = [];
  // Registered again (`again`): its receipt goes beside the earlier one's under a label (receipts.ts), so room for it.
  const labelled = new Set<number>();
  for (const [i, file] of hashed.entries()) {
    if (!file || first.has(file.sha256)) continue;
    first.set(file.sha256, i);
    // Registered again with `again`, unless in doubt: that registration is settled instead, never sent twice.
    const known = await knownContent(ctx, profile, file.sha256, resuming);
    if (known && (known.inDoubt || !options.again)) {
      const outcome = (outcomes[i] = { ...originOf(file), ...(await resume(ctx, known, options.signal)) });
      report(file, 'error' in outcome ? 'failed' : 'done');
    } else {
      fresh.push(i);
      if (known) labelled.add(i);
    }
  }

  const maxFiles = options.maxFiles ?? ctx.library.batches.maxFiles();
  for (let at = 0; at < fresh.length; at += maxFiles) {
    const chunk = fresh.slice(at, at + maxFiles).filter((i) => {
      try {
        checkReceiptNames(hashed[i]!.name, { label: labelled.has(i) ? '<txId>' : null });
        return true;
      } catch (err) {
        failed(i, err);
        return false;
      }
    });
    await register(ctx, profile, where, chunk, hashed as Hashed[], outcomes, { ...options, report: (i, phase, extra) => report(files[i]!, phase, extra) });
  }

  for (const [i, file] of hashed.entries()) {
    if (!file || outcomes[i]) continue;
    const earlier = outcomes[first.get(file.sha256)!]!;
    // A failure, a send never made or an answer lost is the same for every entry of the content.
    outcomes[i] = 'error' in earlier ? { ...earlier, ...originOf(file) } : { ...earlier, ...originOf(file), status: 'already-registered' };
    report(file, 'error' in earlier ? 'failed' : 'done');
  }
  await resumed;
  return outcomes;
}

const originOf = (file: Hashed) => ({ path: file.path, index: file.index, inFolder: file.inFolder });

/** What the profile holds of this content (registrations.ts), and whether its registration is in doubt. */
type Known = Registration & {
  /** Its registration was in doubt when the run began, or is now. */
  inDoubt: boolean;
};

async function knownContent(ctx: NotaryContext, profile: string, sha256: string, resuming: ReadonlySet<number>): Promise<Known | undefined> {
  // An imported receipt that did not verify fully on this profile's network is evidence, not a registration (registrations.ts).
  const found = standingRegistrations(ctx, await profileNetworks(ctx), sha256, profile);
  const inDoubt = found.find(({ record: r }) => r.state === 'submitting' || resuming.has(r.id));
  if (inDoubt) return { ...inDoubt, inDoubt: true };
  const live = found.find(({ record }) => isLive(record));
  return live && { ...live, inDoubt: false };
}

/** A content the profile holds: settled first when its registration is in doubt (once per registration: settleInDoubt runs one at a time). */
async function resume(ctx: NotaryContext, known: Known, signal?: AbortSignal): Promise<FileResult & { member?: MemberOfBatch }> {
  const member = known.member ? { member: ctx.library.batches.member(known.member.member.id)! } : {};
  if (!known.inDoubt) return { status: 'already-registered', record: known.record, ...member };
  const sent = await sendOutcome(ctx, known.record, () => settleInDoubt(ctx, known.record, { signal }));
  return sent.status === 'sent' ? { status: 'resumed', record: sent.record, ...member } : { ...sent, ...member };
}

/**
 * A new batch of these files: a nonce and a leaf each, the tree over them, and its root's salted
 * fingerprint as a plain record with no file of its own.
 */
export function batchSubmission(ctx: Pick<NotaryContext, 'newKey'>, profile: string, where: Where, files: readonly Omit<NewMember, 'nonce'>[]): NewBatch {
  const nonces = randomAggregationNonces(files.length);
  const tree = aggregationTree(files.map((f, i) => aggregationLeaf(hex.decode(f.sha256), nonces[i]!)));
  return {
    registration: {
      profile,
      kind: 'record',
      name: `Batch of ${files.length} files`,
      path: null,
      size: null,
      sha256: null,
      ...where,
      ...freshFingerprint(ctx, hex.decode(aggregationTreeRoot(tree))),
    },
    members: files.map((f, i) => ({ ...f, nonce: hex.encode(nonces[i]!) })),
    tree,
  };
}

/**
 * Registers new contents: one alone as a record of its own, several as one batch, stored whole
 * before it is sent. Contents another process registered meanwhile (the store refuses a batch
 * holding them) are reported as already registered, and the batch is built again without them.
 */
async function register(
  ctx: NotaryContext,
  profile: string,
  where: Where,
  chunk: number[],
  hashed: readonly Hashed[],
  outcomes: NotariseOutcome[],
  options: { again?: boolean; signal?: AbortSignal; report: (i: number, phase: NotarisePhase, extra?: Partial<NotariseProgress>) => void },
): Promise<void> {
  let pending = chunk;
  while (pending.length > 1) {
    const batch = batchSubmission(
      ctx,
      profile,
      where,
      pending.map((i) => ({ name: hashed[i]!.name, path: hashed[i]!.kept, size: hashed[i]!.size, sha256: hashed[i]!.sha256 })),
    );
    const created = ctx.library.batches.create(batch, leaseFor(ctx), { again: options.again });
    if (created.taken) {
      const taken = new Set(created.taken);
      for (const i of pending.filter((i) => taken.has(hashed[i]!.sha256))) {
        outcomes[i] = { ...originOf(hashed[i]!), ...(await resume(ctx, (await knownContent(ctx, profile, hashed[i]!.sha256, new Set()))!, options.signal)) };
        options.report(i, 'done');
      }
      pending = pending.filter((i) => !taken.has(hashed[i]!.sha256));
      continue;
    }
    ctx.recordUpdated(created.registration);
    const sent = await send(ctx, created.registration, pending, options);
    const members = ctx.library.batches.membersOf(created.batch.id);
    for (const [position, i] of pending.entries()) {
      const member = { member: members[position]!, batch: created.batch, registration: sent.record };
      outcomes[i] = await withEvidence(ctx, { ...originOf(hashed[i]!), ...sent, member }, hashed[i]!.sha256, profile);
    }
    return;
  }
  const [only] = pending;
  if (only === undefined) return;
  const file = hashed[only]!;
  const record = ctx.library.records.insertSubmitting(
    fileSubmission(ctx, { profile, kind: 'record', name: file.name, path: file.kept, size: file.size, sha256: file.sha256 }, where),
    leaseFor(ctx),
  );
  ctx.recordUpdated(record);
  outcomes[only] = await withEvidence(ctx, { ...originOf(file), ...(await send(ctx, record, [only], options)) }, file.sha256, profile);
}

/** Sends a new registration for these files, each told of its progress (its retries too). */
async function send(
  ctx: NotaryContext,
  record: StoredRecord,
  files: readonly number[],
  options: { signal?: AbortSignal; report: (i: number, phase: NotarisePhase, extra?: Partial<NotariseProgress>) => void },
): Promise<FileResult & { record: StoredRecord }> {
  for (const i of files) options.report(i, 'submitting');
  const sent = await sendOutcome(ctx, record, () =>
    submitRecord(ctx, record, options.signal, (n) => {
      for (const i of files) options.report(i, 'retrying', { attempt: n.attempt, message: n.reason, retryAt: n.retryAt });
    }),
  );
  for (const i of files) options.report(i, sent.status === 'sent' ? 'done' : 'failed');
  return sent.status === 'sent' ? { status: 'registered', record: sent.record } : sent;
}
