import { basename, dirname, join, resolve } from 'node:path';
import { said, type Said } from '../../../preload/i18n/said.ts';
import { besideReceipt, isReceiptName } from '../../../verifier/receipt-name.ts';
import { VERIFY_STATUSES, type VerifyStatus } from '../../../preload/verify-statuses.ts';
import { boundedMap } from '../bounded-map.ts';
import { fileError } from '../hashing/file-unreadable.ts';
import { isFolder, present } from '../fs/entry-at.ts';
import { receiptFileName, type ReceiptV1 } from '../../../verifier/receipt-v1.ts';
import { statusOf } from '../../../verifier/receipt-verdict.ts';
import { verifyReceipt, withRequiredChain, withServiceCheck, type VerificationReport } from '../../../verifier/verify-receipt.ts';
import type { NotariumError } from '../errors/notarium-error.ts';
import { FOLLOWED_STATES, type StoredRecord } from '../store/record.ts';
import { shellQuote } from '../text/shell-quote.ts';
import type { NotaryContext } from './context.ts';
import { filesOf, type FileOrigin } from './files-in.ts';
import { bundleFileAt, loneReceipts, type BundleFile } from './bundle-files.ts';
import { serviceCheck } from './service-check.ts';
import { chainCheck, type ChainAnswers } from './chain-check.ts';
import { registrationNow, registrationNowSentence } from './registration-now.ts';
import { confirmationOf, readReceiptFile, receiptOf } from './receipts.ts';
import { memberReceipt } from './batch-receipts.ts';
import { heldAsImported, heldImportOf } from './held-as-imported.ts';
import { batchFacts, batchOfReceipt, profileNetworks, registrationsOfContent, type BatchFacts, type Registration } from './registrations.ts';

/**
 * Verification of files: by the receipt next to a file, a receipt given, or the library's index of
 * contents; offline steps always, and unless offline the online ones: the profile's block lookup
 * (is the block on the best chain?) and the service's match endpoint.
 */

export { VERIFY_STATUSES, type VerifyStatus };

/**
 * What verifying needs: hashing, and the engine only to look a content up in the library or to ask
 * a service. A lazy one (the CLI's) opens the engine at that moment and not before, so a file
 * verified offline by its receipt opens no library; a NotaryContext is an engine already open.
 */
export type VerifyContext = NotaryContext | LazyEngine;

export interface LazyEngine {
  hash: NotaryContext['hash'];
  /** The engine, opened on the first call. */
  engine(): Promise<NotaryContext>;
  /**
   * Asks the service about a record not in a block when last asked, and stores the answer (the
   * poller's check): a command has no poller running, so the library alone may be out of date.
   */
  checkNow?(record: StoredRecord): Promise<boolean>;
}

/** The engine failed to open: the command's failure, not one file's result (failure() lets it through). */
class EngineUnavailable extends Error {
  constructor(readonly opening: unknown) {
    super('The engine could not be opened.', { cause: opening });
  }
}

async function engineOf(ctx: VerifyContext): Promise<NotaryContext> {
  if (!('engine' in ctx)) return ctx;
  try {
    return await ctx.engine();
  } catch (err) {
    throw new EngineUnavailable(err);
  }
}

export interface FileVerification {
  path: string;
  status: VerifyStatus;
  /** One sentence for people. */
  message: string;
  /** `message` as messages, for a page in another language, when the report does not say it (no report). */
  said?: Said[];
  sha256?: string;
  /** Where the proof came from. */
  source?: 'receipt' | 'library';
  receiptPath?: string;
  txId?: string;
  /**
   * The file is one of a batch's (its receipt carries `aggregation`): the batch and its place in it
   * as the library knows them (null when the library was not asked: a receipt verified offline).
   */
  batch?: { [K in keyof BatchFacts]: BatchFacts[K] | null };
  report?: VerificationReport;
  error?: { code: string; message: string; said?: Said };
}

export interface VerifyOptions {
  /** A receipt to verify the file against, instead of looking for one. */
  receipt?: string;
  offline?: boolean;
  /**
   * The service check was asked for (`receipt verify --online`): when it cannot be made, the file is
   * partially verified at best. Otherwise it is tried, and a skip leaves the offline verdict.
   */
  requireService?: boolean;
  /** The chain check was asked for (`verify --require-chain`, `receipt verify --online`): a block its lookup does not know fails the file. */
  requireChain?: boolean;
  /** What block lookups answered in this run (chain-check.ts): files in one block ask once. */
  chainAnswers?: ChainAnswers;
  signal?: AbortSignal;
  /** How a file is named in messages: its path, unless the shell knows it by the user's name (an upload). */
  nameOf?: (path: string) => string;
}

/** Verified, but on a test chain (networks.ts): its proof of work proves nothing, and it never reads as a plain "verified". */
export function verifiedOnTestChain(r: Pick<FileVerification, 'status' | 'report'>): boolean {
  return r.status === 'verified' && r.report?.network.testChain === true;
}

/** Verifies one file; never throws for a file that cannot be read or verified (it is a result). */
export async function verifyFile(ctx: VerifyContext, file: string, options: VerifyOptions = {}): Promise<FileVerification> {
  const path = resolve(file);
  let sha256: string;
  try {
    sha256 = (await ctx.hash(path, { signal: options.signal })).sha256;
  } catch (err) {
    return failure(path, err);
  }
  try {
    const receiptPath = options.receipt ? resolve(options.receipt) : await siblingReceipt(path);
    if (receiptPath)
      return await verifyAgainst(
        ctx,
        path,
        sha256,
        await readReceiptFile(receiptPath, options.nameOf?.(receiptPath)),
        { source: 'receipt', receiptPath },
        options,
      );
    const engine = await engineOf(ctx);
    // Its own records and the batches it is a member of alike (registrations.ts).
    const found = registrationsOfContent(engine, await profileNetworks(engine), sha256).find(
      ({ record: r }) => r.txId && r.state !== 'rejected' && r.state !== 'failed',
    );
    if (!found) {
      return {
        path,
        sha256,
        status: 'unknown',
        message: 'No receipt is next to this file and the library has no registration of its content.',
        said: [said('verdicts.noRegistration')],
      };
    }
    const { member } = found;
    let record = found.record;
    if (!confirmationOf(record) && !options.offline && 'checkNow' in ctx && ctx.checkNow && FOLLOWED_STATES.includes(record.state)) {
      await ctx.checkNow(record);
      record = engine.library.records.get(record.id)!;
    }
    const batch = batchFacts(engine, { ...found, record }) ?? undefined;
    if (!confirmationOf(record)) {
      const of = batch ? ` as one of ${batch.files ?? "a batch's"} files` : '';
      const asked = record.lastCheckedAt === null ? '' : ` when last asked, at ${new Date(record.lastCheckedAt).toISOString()}`;
      const now = options.offline ? `; "${engine.command(`status ${shellQuote(path)}`)}" asks the service now` : '';
      return {
        path,
        sha256,
        status: 'pending',
        source: 'library',
        txId: record.txId!,
        ...(batch ? { batch } : {}),
        message: `Registered${of} (${record.txId}) but not in a block${asked}${now}.`,
        said: [notInBlockSaid(record.txId!, batch?.files, record.lastCheckedAt)],
      };
    }
    const receipt = member ? await memberReceipt(engine, { ...member, registration: record }) : await receiptOf(engine, record);
    return await verifyAgainst(ctx, path, sha256, receipt, { source: 'library', record, found }, options);
  } catch (err) {
    return { ...failure(path, err), sha256 };
  }
}

/**
 * The receipt `<file>.receipt.json` beside the file, if anything is there: whatever it is (a FIFO,
 * a folder, a link), reading it says what is wrong, rather than the library answering in its place.
 */
async function siblingReceipt(path: string): Promise<string | undefined> {
  const candidate = join(dirname(path), receiptFileName(basename(path)));
  return (await present(candidate)) ? candidate : undefined;
}

/** Verifies a receipt file, with or without the file it is for. */
export async function verifyReceiptFile(ctx: VerifyContext, receiptPath: string, file?: string, options: VerifyOptions = {}): Promise<FileVerification> {
  if (file) return verifyFile(ctx, file, { ...options, receipt: receiptPath });
  const path = resolve(receiptPath);
  try {
    return await verifyAgainst(ctx, path, undefined, await readReceiptFile(path, options.nameOf?.(path)), { source: 'receipt', receiptPath: path }, options);
  } catch (err) {
    return failure(path, err);
  }
}

async function verifyAgainst(
  ctx: VerifyContext,
  path: string,
  sha256: string | undefined,
  receipt: ReceiptV1,
  origin: { source: 'receipt' | 'library'; receiptPath?: string; record?: StoredRecord; found?: Registration },
  options: VerifyOptions,
): Promise<FileVerification> {
  const offline = sha256 ? { fileDigest: sha256 } : {};
  let report = verifyReceipt(receipt, offline);
  const online = !options.offline && report.outcome !== 'failed';
  if (online) {
    const engine = await engineOf(ctx);
    const chain = await chainCheck(engine, receipt, {
      record: origin.record,
      answers: options.chainAnswers,
      signal: options.signal,
      required: options.requireChain ?? false,
    });
    // The offline steps again, with the lookup's word: what the report proves depends on it.
    if (chain) report = verifyReceipt(receipt, { ...offline, chain });
    if (options.requireChain) report = withRequiredChain(report, chain);
    // Its block left the best chain: the verdict stands (this receipt is not on it), and says where the registration is now.
    if (chain?.status === 'fail' && chain.code === 'block-not-on-best-chain') {
      // A command asks the service first (its pace allowing); the app's poller keeps the library current.
      const lazy = 'engine' in ctx ? ctx : undefined;
      const checkNow = lazy?.checkNow && ((r: StoredRecord) => lazy.checkNow!(r));
      const now = await registrationNow(engine, receipt, { record: origin.record, checkNow });
      const said = registrationNowSentence(engine, receipt.registration.txId, now, { receiptPath: origin.receiptPath, file: path });
      report = { ...report, summary: `${report.summary} ${said}` };
    }
    if (report.outcome !== 'failed') report = withServiceCheck(report, await serviceCheck(engine, receipt, origin.record), options.requireService ?? false);
  }
  // A receipt file the library imported and holds as less than verified (or its service has since
  // disproved): the library knows better than the file, wherever its library is at hand (online, or
  // the app's engine); offline, a command reads the receipt alone and opens no library.
  const atHand = online || !('engine' in ctx);
  const held = origin.source === 'library' ? origin.record : atHand ? heldImportOf(await engineOf(ctx), receipt) : undefined;
  if (held) report = heldAsImported(report, held);
  // A batch's file: where it is in its batch, from the library when it is open for this file anyway
  // (the app's engine always is; the CLI's only when the file was looked up or the service asked).
  const batch = !receipt.aggregation
    ? undefined
    : origin.found
      ? batchFacts(await engineOf(ctx), origin.found)
      : online || !('engine' in ctx)
        ? batchOfReceipt(await engineOf(ctx), receipt)
        : null;
  const status = statusOf(report);
  return {
    path,
    status,
    message: report.summary,
    ...(sha256 ? { sha256 } : {}),
    source: origin.source,
    ...(origin.receiptPath ? { receiptPath: origin.receiptPath } : {}),
    txId: receipt.registration.txId,
    ...(batch !== undefined ? { batch: batch ?? { id: null, files: null, position: null } } : {}),
    report,
  };
}

/** The pending answer's sentence without the CLI's command (a page asks again by verifying without "Offline"). */
function notInBlockSaid(txId: string, files: number | null | undefined, lastCheckedAt: number | null): Said {
  const at = lastCheckedAt === null ? null : new Date(lastCheckedAt).toISOString();
  if (files === undefined) return at ? said('verdicts.notInBlockAsked', { txId, at }) : said('verdicts.notInBlock', { txId });
  if (files === null) return at ? said('verdicts.batchNotInBlockAsked', { txId, at }) : said('verdicts.batchNotInBlock', { txId });
  return at ? said('verdicts.filesNotInBlockAsked', { txId, at, count: files }) : said('verdicts.filesNotInBlock', { txId, count: files });
}

/**
 * A file that could not be checked: one that could not be read, or whose receipt could not be read
 * or is not one, is `unreadable` (never a mismatch: nothing was compared); anything else, unknown.
 */
function failure(path: string, err: unknown): FileVerification {
  if (err instanceof EngineUnavailable) throw err.opening;
  const e = fileError(path, err);
  const unreadable = e.code === 'FILE_UNREADABLE' || e.code === 'RECEIPT_INVALID';
  const error = e.said ? { code: e.code, message: e.message, said: e.said } : { code: e.code, message: e.message };
  return { path, status: unreadable ? 'unreadable' : 'unknown', message: e.message, error };
}

export interface BatchOptions extends VerifyOptions {
  concurrency?: number;
  /** Each result as it comes, with where its file came from in the paths given. */
  onResult?(result: FileVerification, origin: FileOrigin): void;
  /** A proof bundle's own page or README.txt met among the files (bundle-files.ts): said for what it is, never verified as a file. */
  onBundleFile?(file: BundleFile, origin: FileOrigin): void;
}

/**
 * Verifies files and folders (recursively): one result per file, receipts and hidden entries in
 * folders left out. A receipt named on its own (opened from the file manager, say) is verified as
 * a receipt: with its file when that lies beside it, else alone. A proof bundle's folder is
 * verified as its receiver means it: its page and README.txt are the bundle's (onBundleFile), not
 * files of unknown content, and each of its receipts is verified, alone when its file is not beside it.
 */
export async function verifyPaths(ctx: VerifyContext, paths: readonly string[], batch: BatchOptions = {}): Promise<FileVerification[]> {
  const options = { ...batch, chainAnswers: batch.chainAnswers ?? new Map() };
  const items: (FileOrigin & { file?: string; receipt?: string; skipped?: NotariumError })[] = [];
  for (const [index, p] of paths.map((p) => resolve(p)).entries()) {
    if (isReceiptName(p) && !(await isFolder(p))) {
      items.push({ receipt: p, file: await fileOfReceipt(p), index, inFolder: null });
      continue;
    }
    const walked = await filesOf([p]);
    const bundles = new Set<string>();
    for (const { path, inFolder, skipped } of walked) {
      const bundled = skipped ? null : await bundleFileAt(path);
      if (!bundled) items.push({ file: path, index, inFolder, skipped });
      else {
        options.onBundleFile?.(bundled, { index, inFolder });
        if (inFolder !== null) bundles.add(dirname(path));
      }
    }
    let next = walked.length;
    for (const folder of bundles) for (const receipt of await loneReceipts(folder)) items.push({ receipt, index, inFolder: next++ });
  }
  return boundedMap(items, options.concurrency ?? 8, async ({ file, receipt, skipped, ...origin }) => {
    const result = skipped ? failure(file!, skipped) : receipt ? await verifyReceiptFile(ctx, receipt, file, options) : await verifyFile(ctx, file!, options);
    options.onResult?.(result, origin);
    return result;
  });
}

/**
 * Verifies each file by its own receipt (a drop of files with their receipts, whose receipts do not
 * lie beside them: the web shell's uploads), as verifyPaths does a folder: several at once, one
 * answer of the chain per block for all of them.
 */
export async function verifyWithReceipts(
  ctx: VerifyContext,
  pairs: readonly { file: string; receipt: string }[],
  batch: BatchOptions = {},
): Promise<FileVerification[]> {
  const options = { ...batch, chainAnswers: batch.chainAnswers ?? new Map() };
  return boundedMap([...pairs.entries()], options.concurrency ?? 8, async ([index, { file, receipt }]) => {
    const result = await verifyFile(ctx, file, { ...options, receipt });
    options.onResult?.(result, { index, inFolder: null });
    return result;
  });
}

/** `<file>` for `<file>.receipt.json`, when something is there (hashing it says if it is no file). */
async function fileOfReceipt(receiptPath: string): Promise<string | undefined> {
  const file = besideReceipt(receiptPath);
  return (await present(file)) ? file : undefined;
}
