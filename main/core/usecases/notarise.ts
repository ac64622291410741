import { basename, resolve } from 'node:path';
import type { RetryNotice } from '../api/http-client.ts';
import { boundedMap } from '../bounded-map.ts';
import type { HashResult } from '../hashing/hash-pool.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { fileError } from '../hashing/file-unreadable.ts';
import type { MemberOfBatch } from '../store/batches.ts';
import type { RecordKind, StoredRecord, Submission } from '../store/record.ts';
import { profileName, type NotaryContext } from './context.ts';
import { filesOf, type FileOrigin } from './files-in.ts';
import { checkReceiptNames } from './receipt-names.ts';
import { notariseBatch } from './notarise-batch.ts';
import { profileNetworks, standingRegistrations, withEvidence, type Registration } from './registrations.ts';
import { settleAllInDoubt, settleInDoubt } from './in-doubt.ts';
import { fileSubmission, registrationTarget, sendOutcome, submitRecord } from './submit.ts';
import { releaseQueues } from './version-queue.ts';
import { holderGone, leaseFor } from './send-lease.ts';
import { shellQuote } from '../text/shell-quote.ts';

/**
 * Notarise files (a folder: its files, recursively): hash each locally, register a salted fingerprint of its digest (the file never
 * leaves the machine), and store the registration. Idempotent: a file whose content is already
 * registered in the profile is reported, not registered again (unless `again`), a registration
 * left in doubt by an interrupted run is settled (in-doubt.ts), and document versions waiting for
 * a predecessor that is now in a block are sent. With `batch`, the files are anchored together
 * (notarise-batch.ts); either way a content is looked up among records and batch members alike
 * (registrations.ts).
 */

export interface NotariseOptions {
  profile?: string;
  /** Start a new document (a chain of linked records) per file instead of a plain record. */
  document?: boolean;
  /**
   * Anchor the files together (notarise-batch.ts): one registration per batch, a receipt per file.
   * Documents never are: with `document`, each file is a chain of its own.
   */
  batch?: boolean;
  /** Register even when the content is already registered. */
  again?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: NotariseProgress & FileOrigin) => void;
  /** How many files the paths name (a folder's files counted one by one), once they are listed. */
  onFiles?: (count: number) => void;
  /** Registrations sent at once (hashing has its own pool). */
  concurrency?: number;
  /**
   * The name to keep for a file, and whether its path is worth keeping (a file uploaded to the web
   * shell sits in a temporary folder: its real name is known, its path is not).
   */
  describe?(path: string): { name: string; path: string | null };
}

/** `retrying`: an attempt failed transiently (5xx, a dropped connection, a timeout) and another follows. */
export type NotarisePhase = 'hashing' | 'submitting' | 'retrying' | 'done' | 'failed';

export interface NotariseProgress {
  path: string;
  phase: NotarisePhase;
  bytes?: number;
  total?: number;
  /** retrying: the attempt about to be made (2 is the first retry). */
  attempt?: number;
  /** retrying: why the last attempt failed, in words. */
  message?: string;
  /** retrying: when the next attempt starts, in ms since the epoch. */
  retryAt?: number;
}

/**
 * Each with where its file came from in the paths given (two files may share a name, or a path
 * given twice). `record` is the registration that anchors the file: its own, or its batch's, when
 * `member` says where the file is in that batch.
 */
export type NotariseOutcome = FileOutcome & FileOrigin;

/**
 * `importedEvidence`: registered although an imported receipt of the content was in the library —
 * one that did not verify fully on the profile's network, so it never stood for the registration.
 */
export type FileOutcome = { path: string; member?: MemberOfBatch; importedEvidence?: StoredRecord } & FileResult;

export type FileResult =
  | { status: 'registered' | 'resumed' | 'already-registered'; record: StoredRecord }
  /** Sent, but the answer was lost: the next run settles it (in-doubt.ts). */
  | { status: 'in-doubt'; error: NotariumError; record: StoredRecord }
  /** Never sent: the service could not be reached, so nothing was registered; the record is kept and the next run sends it. */
  | { status: 'not-sent'; error: NotariumError; record: StoredRecord }
  | { status: 'failed'; error: NotariumError; record?: StoredRecord };

/** A file whose content is registered (by this run, resumed, or before it): what a wait can follow. */
export function isRegistered(o: NotariseOutcome): o is Extract<NotariseOutcome, { status: 'registered' | 'resumed' | 'already-registered' }> {
  return o.status === 'registered' || o.status === 'resumed' || o.status === 'already-registered';
}

export async function notarise(ctx: NotaryContext, paths: readonly string[], options: NotariseOptions = {}): Promise<NotariseOutcome[]> {
  if (options.batch && !options.document) return notariseBatch(ctx, paths, options);
  const profile = await profileName(ctx, options.profile);
  // One connection check before any hashing: a missing key fails once, not once per file.
  const connection = await ctx.connections.forProfile(profile);
  const where = registrationTarget(ctx, connection);
  await connection.requireKey();
  const seen = new Map<string, Promise<unknown>>(); // content already being handled in this run
  const named = new Map<string, NamedFile>(); // each path's latest entry in this run
  // Settled in the background from the start; a file of this run that is one of them is still reported as resumed.
  const resuming = new Set(ctx.library.records.inDoubt(profile, holderGone).map((r) => r.id));
  const resumed = settleAllInDoubt(ctx, { profile, signal: options.signal }).then(() => releaseQueues(ctx, { profile, signal: options.signal }));
  const files = await filesOf(paths.map((p) => resolve(p)));
  options.onFiles?.(files.length);
  const outcomes = await boundedMap(files, options.concurrency ?? 8, async ({ path, skipped, ...origin }): Promise<NotariseOutcome> => {
    const onProgress = options.onProgress;
    const forFile: FileOptions = { ...options, onProgress: onProgress && ((p) => onProgress({ ...p, ...origin })) };
    try {
      if (skipped) throw skipped;
      return { ...(await notariseOne(ctx, path, profile, { where, seen, named, resuming }, forFile)), ...origin };
    } catch (err) {
      forFile.onProgress?.({ path, phase: 'failed' });
      return { path, status: 'failed', error: fileError(path, err), ...origin };
    }
  });
  await resumed;
  return outcomes;
}

/** The options as one file's work sees them: its progress is reported with its origin added. */
type FileOptions = Omit<NotariseOptions, 'onProgress'> & { onProgress?: (progress: NotariseProgress) => void };

type Where = Pick<Submission, 'network' | 'serviceUrl'>;

/**
 * What the files of one run share: where they go, the content already being handled, the paths
 * already named in it, the records in doubt when it began.
 */
interface Run {
  where: Where;
  seen: Map<string, Promise<unknown>>;
  named: Map<string, NamedFile>;
  resuming: ReadonlySet<number>;
}

/** An entry of a path in a run: its hash, and when it has claimed that content in `seen`. */
interface NamedFile {
  hashed: Promise<HashResult>;
  claimed: Promise<void>;
}

/**
 * Sends the registration (a new one, or one in doubt: of this file, or of its batch, `member`); a
 * failure is an outcome of this file, with the registration as it was left.
 */
async function send(
  ctx: NotaryContext,
  { record, member }: Registration,
  path: string,
  status: 'registered' | 'resumed',
  options: FileOptions,
): Promise<FileOutcome> {
  options.onProgress?.({ path, phase: 'submitting' });
  const onRetry = (n: RetryNotice) => options.onProgress?.({ path, phase: 'retrying', attempt: n.attempt, message: n.reason, retryAt: n.retryAt });
  const sent = await sendOutcome(ctx, record, () =>
    status === 'resumed' ? settleInDoubt(ctx, record, { signal: options.signal, onRetry }) : submitRecord(ctx, record, options.signal, onRetry),
  );
  options.onProgress?.({ path, phase: sent.status === 'sent' ? 'done' : 'failed' });
  return { path, ...(member ? { member } : {}), ...(sent.status === 'sent' ? { status, record: sent.record } : sent) };
}

async function notariseOne(ctx: NotaryContext, path: string, profile: string, run: Run, options: FileOptions): Promise<FileOutcome> {
  const { seen, named } = run;
  const report = (phase: NotarisePhase, extra: Partial<NotariseProgress> = {}) => options.onProgress?.({ path, phase, ...extra });
  report('hashing', { bytes: 0 });
  // A path named again in this run is the same file: hashed once, and its earlier entry claims the
  // content first, so which entry registers does not depend on which hash the pool finishes first.
  const before = named.get(path);
  let claim = (): void => {};
  const hashed = before ? before.claimed.then(() => before.hashed) : ctx.hash(path, { signal: options.signal, onProgress: (p) => report('hashing', p) });
  named.set(path, { hashed, claimed: new Promise<void>((r) => (claim = r)) });
  let file: HashResult;
  try {
    file = await hashed;
  } catch (err) {
    claim(); // nothing to claim: the entries after this one fail with the same error
    throw err;
  }
  const { sha256, size } = file;
  // The same content twice in one run: the second waits for the first and is then "already registered".
  const earlier = seen.get(sha256);
  let release = (): void => {};
  seen.set(sha256, new Promise<void>((r) => (release = r)));
  claim();
  if (earlier) await earlier;
  try {
    return await registerContent(ctx, path, profile, run, { sha256, size }, options, Boolean(earlier));
  } finally {
    release();
  }
}

async function registerContent(
  ctx: NotaryContext,
  path: string,
  profile: string,
  { where, resuming }: Run,
  file: { sha256: string; size: number },
  options: FileOptions,
  repeated: boolean,
): Promise<FileOutcome> {
  const report = (phase: NotarisePhase) => options.onProgress?.({ path, phase });
  const { sha256, size } = file;
  // Its own records and the batches it is a member of alike (registrations.ts); an imported receipt
  // that did not verify fully on this profile's network is evidence, not a registration. The
  // profiles' networks are read first: from this look to the write it decides is one step.
  const networks = await profileNetworks(ctx);
  const found = standingRegistrations(ctx, networks, sha256, profile);
  const inDoubt = found.find(({ record: r }) => r.state === 'submitting' || resuming.has(r.id));
  if (inDoubt) return send(ctx, inDoubt, path, 'resumed', options);
  const live = found.filter(({ record: r }) => r.state !== 'failed' && r.state !== 'rejected');
  // With --document, only a document version counts as "already registered"; a record (or a batch's file) cannot become one.
  const existing = options.document ? live.find(({ record: r }) => r.documentId !== null) : live[0];
  if (existing && (!options.again || repeated)) {
    report('done');
    return { path, status: 'already-registered', record: existing.record, ...(existing.member ? { member: existing.member } : {}) };
  }
  const described = options.describe?.(path) ?? { name: basename(path), path };
  if (live[0] && !options.again) throw alreadyARecord(ctx, described, live[0]);
  const kind: RecordKind = options.document ? 'linked-create' : 'record';
  // Registered again, its receipt goes beside the earlier one's under a label (receipts.ts): room for it.
  checkReceiptNames(described.name, { label: options.document ? 'v<N>' : live.length > 0 ? '<txId>' : null });
  // The document and its first version in one write, in the same step as the look for the content above (no write body awaits yet: connection.ts).
  const record = await ctx.library.write(() => {
    const document = options.document ? ctx.library.documents.sync.create(profile, described.name) : undefined;
    return ctx.library.records.insertSubmitting(
      fileSubmission(ctx, { profile, kind, ...described, size, sha256 }, where, document ? { documentId: document.id, version: 1 } : {}),
      leaseFor(ctx),
    );
  });
  ctx.recordUpdated(record);
  const sent = await send(ctx, { record }, path, 'registered', options);
  return withEvidence(ctx, sent, sha256, profile);
}

/**
 * A document asked for content registered as a record: the record has no link to extend (the
 * service updates only linked records), so a document needs a registration of its own, made only
 * when asked with `again`. The record and its receipt stay as they are. It carries the record, and
 * why apart from the way on: the CLI says the command, the app offers a button.
 */
export class AlreadyARecord extends NotariumError {
  constructor(
    readonly record: StoredRecord,
    readonly why: string,
    wayOn: string,
  ) {
    super('ALREADY_REGISTERED', `${why} ${wayOn}`);
    this.name = 'AlreadyARecord';
  }
}

function alreadyARecord(ctx: NotaryContext, file: { name: string; path: string | null }, { record, member }: Registration): AlreadyARecord {
  const of = member && (member.batch.imported ? "one of a batch's files" : `one of ${member.batch.files} files of a batch`);
  const as = of ? `as ${of} (txId ${record.txId})` : `as a record (txId ${record.txId})`;
  return new AlreadyARecord(
    record,
    `${file.name} is already registered ${as}, and a record cannot take versions, so no document was started.`,
    `To start a document with this file, register it again as the first version of a new document: ${ctx.command(`notarise --document --again ${shellQuote(file.path ?? file.name)}`)} (the record and its receipt stay as they are).`,
  );
}
