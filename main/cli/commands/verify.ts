import { lstat } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { NotariumError } from '../../core/errors/notarium-error.ts';
import { VERIFY_STATUSES, verifyPaths, verifyFile, type FileVerification } from '../../core/usecases/verify.ts';
import type { BundleFile } from '../../core/usecases/bundle-files.ts';
import { visibleName } from '../../../preload/visible-text.ts';
import { describeReport, statusWord } from '../describe.ts';
import { batchWords } from '../batch-view.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import type { CliIo } from '../io.ts';
import { COMMON_OPTIONS, parseCommand, requirePositionals } from '../options.ts';
import { UsageError } from '../usage-error.ts';
import { withLazyNotary } from '../session.ts';
import { counted } from '../../../verifier/counted.ts';

export const VERIFY_HELP = `Usage: notarium verify <files|folders…> [--receipt FILE] [--offline] [--require-chain]
                       [--details] [--json] [--profile P]

Verifies each file by the receipt next to it (<name>.receipt.json), by --receipt, or by the
library's record of its content. Folders are walked recursively, leaving out receipts and hidden
files and folders.

A proof bundle's folder (receipt export --bundle) is checked as its receiver means it: its
verify.html is compared with the SHA-256 published for this version, its README.txt with what this
version writes, word for word (neither is verified as a file, nor changes the exit code), and each
receipt whose file is not beside it is verified alone.

The receipt's proof is checked offline first. Then, unless --offline, two questions are asked
through the profile that reaches the service that made the receipt:
  chain step    Is the receipt's block on the best chain? The profile's block lookup answers. A
                block it knows off its best chain fails the file. A block it does not know (404)
                only skips the step, since a lookup of another network answers the same.
  service step  Does the service confirm the match? A "no" fails the file.
When a question cannot be asked (no connection, no profile for that service), the offline proof
stands and the report says why the step was skipped. "notarium receipt verify --online" requires
both steps.

  --receipt FILE   verify one file by this receipt
  --offline        check the proof only, and ask nothing
  --require-chain  the chain step is required: a block the lookup does not know fails the file
  --details        print each file's step report (shown anyway when one file is verified)
  --json           print the results as JSON, step reports included
  --profile P      the profile NOTARIUM_BASE_URL and NOTARIUM_API_KEY apply to when a service is
                   asked (default: the current one)

Exit code:
  0  every file verified
  1  any mismatch: a file changed, or a proof that fails
  2  any unreadable: a file or its receipt could not be read, or the receipt is not one (nothing
     was compared)
  3  any unknown, pending or partially verified: some step could not be checked (the output says
     which, and what that leaves unproven)`;

/** The batch's exit code: an unreadable file or receipt outranks a mismatch, which outranks unknown and pending. */
export function exitForResults(results: FileVerification[]): number {
  if (results.some((r) => r.status === 'unreadable')) return EXIT.ERROR;
  if (results.some((r) => r.status === 'mismatch')) return EXIT.MISMATCH;
  if (results.some((r) => r.status !== 'verified')) return EXIT.PENDING;
  return EXIT.OK;
}

export function verificationJson(r: FileVerification) {
  return {
    path: r.path,
    status: r.status,
    message: r.message,
    sha256: r.sha256 ?? null,
    source: r.source ?? null,
    receiptPath: r.receiptPath ?? null,
    txId: r.txId ?? null,
    batch: r.batch ?? null,
    outcome: r.report?.outcome ?? null,
    failedStep: r.report?.failedStep ?? null,
    proves: r.report?.proves ?? null,
    unproven: r.report?.unproven ?? [],
    network: r.report?.network ?? null,
    // The pages' messages (said) are not the CLI's: its JSON keeps the English sentences only.
    steps: (r.report?.steps ?? []).map(({ said: _said, ...step }) => step),
    error: r.error ? { code: r.error.code, message: r.error.message } : null,
  };
}

/** A proof bundle's own page or README.txt in --json: beside the files' results, with no status of a file's. */
export function bundleFileJson(b: BundleFile) {
  return {
    path: b.path,
    bundleFile: b.role,
    sha256: b.role === 'page' ? b.sha256 : null,
    published: b.role === 'page' ? b.published : null,
    asWritten: b.role === 'readme' ? b.asWritten : null,
    message: b.message,
  };
}

/** A bundle's file in the status column. */
const BUNDLE_WORDS: Record<BundleFile['role'], string> = { page: 'bundle page', readme: 'bundle readme' };

/**
 * Paths named that are not there at all: one sentence for them all, and nothing verified (as the
 * app refuses a call whose file is gone), rather than a result per path that names no file. What
 * is there but cannot be read is a file's result (unreadable).
 */
export async function refuseMissing(paths: readonly string[]): Promise<void> {
  const gone = async (path: string): Promise<boolean> =>
    lstat(path).then(
      () => false,
      (err: NodeJS.ErrnoException) => err.code === 'ENOENT' || err.code === 'ENOTDIR',
    );
  const missing = [];
  for (const path of paths) if (await gone(path)) missing.push(`"${visibleName(path)}"`);
  if (missing.length === 0) return;
  throw new NotariumError(
    'FILE_UNREADABLE',
    `There is no file or folder at ${missing.join(', ')}: check the path${missing.length === 1 ? '' : 's'}. Nothing was verified.`,
  );
}

export const VERIFY_OPTIONS = {
  ...COMMON_OPTIONS,
  receipt: { type: 'string' },
  offline: { type: 'boolean' },
  'require-chain': { type: 'boolean' },
  details: { type: 'boolean' },
} as const;

export async function verifyCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommand('verify', argv, VERIFY_OPTIONS, true);
  if (v.help) return help(io, VERIFY_HELP);
  const targets = requirePositionals(positionals, 1, 'notarium verify <files|folders…> (see --help)', true);
  if (v.receipt && targets.length !== 1) throw new UsageError('--receipt verifies one file: name exactly one file with it.');
  await refuseMissing([...targets, ...(v.receipt ? [v.receipt] : [])]);
  // The engine opens only when a file has no receipt at hand, or a service is asked.
  return withLazyNotary(
    io,
    async (ctx) => {
      let done = 0;
      // Each file as named from the path given for it (a folder's files: that folder's way).
      const shown = new Map<FileVerification | BundleFile, string>();
      const bundled: BundleFile[] = [];
      const results = v.receipt
        ? [await verifyFile(ctx, targets[0]!, { receipt: v.receipt, offline: v.offline, requireChain: v['require-chain'] })]
        : await verifyPaths(ctx, targets, {
            offline: v.offline,
            requireChain: v['require-chain'],
            onResult: (r, origin) => {
              shown.set(r, shownPath(r.path, targets[origin.index]!));
              io.progress(`[${++done}] ${r.status} ${shown.get(r)!}`);
            },
            onBundleFile: (file, origin) => {
              bundled.push(file);
              shown.set(file, shownPath(file.path, targets[origin.index]!));
            },
          });
      io.progress('');
      if (v.json) io.out(JSON.stringify([...results.map(verificationJson), ...bundled.map(bundleFileJson)], null, 2));
      else printResults(io, results, bundled, v.details ?? results.length === 1, (r) => shown.get(r) ?? shownPath(r.path, targets[0]!));
      // The files' and receipts' verdicts: the bundle's own page and README.txt are no files to verify.
      return exitForResults(results);
    },
    v.profile,
  );
}

/**
 * A file as the user named its path: under an absolute path given, absolute; under a relative
 * one, relative to the working folder (`../files/a.txt` stays so). --json keeps absolute paths.
 */
export function shownPath(path: string, given: string): string {
  return isAbsolute(given) ? path : relative(process.cwd(), path) || path;
}

/** A batch's file: its place in its batch (batch-view.ts), or only that it is one when the library was not asked. */
export function batchLine(batch: NonNullable<FileVerification['batch']>, txId: string | null): string {
  if (batch.id === null || batch.files === null || batch.position === null) return `one of a batch's files, in registration ${txId ?? '-'}`;
  return batchWords({ id: batch.id, files: batch.files, position: batch.position }, txId);
}

function printResults(
  io: CliIo,
  results: FileVerification[],
  bundled: readonly BundleFile[],
  details: boolean,
  shown: (r: FileVerification | BundleFile) => string,
): void {
  const width = Math.max(8, ...results.map((r) => statusWord(r).length), ...bundled.map((b) => BUNDLE_WORDS[b.role].length));
  for (const r of results) {
    io.out(`${statusWord(r).padEnd(width)}  ${visibleName(shown(r))}`);
    if (r.batch) io.out(`${' '.repeat(width)}  ${batchLine(r.batch, r.txId ?? null)}`);
    if (details && r.report) io.out(describeReport(r.report) + '\n');
    else {
      io.out(`${' '.repeat(width)}  ${visibleName(r.message)}`);
      for (const u of r.report?.unproven ?? []) io.out(`${' '.repeat(width)}  unproven: ${visibleName(u)}`);
    }
  }
  for (const b of bundled) {
    io.out(`${BUNDLE_WORDS[b.role].padEnd(width)}  ${visibleName(shown(b))}`);
    io.out(`${' '.repeat(width)}  ${b.message}`);
  }
  const counts = VERIFY_STATUSES.map((s) => `${results.filter((r) => r.status === s).length} ${s.replace('-', ' ')}`);
  io.out(`\n${counted(results.length, 'file')}: ${counts.join(', ')}`);
}
