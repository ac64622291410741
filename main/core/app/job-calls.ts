import type { JobFile } from '../../../preload/contract.ts';
import type { ErrorData } from '../../../preload/protocol/messages.ts';
import type { MemberOfBatch } from '../store/batches.ts';
import type { StoredRecord } from '../store/record.ts';
import { AlreadyARecord, notarise } from '../usecases/notarise.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import type { FileOrigin } from '../usecases/files-in.ts';
import { verifyFile, verifyPaths, verifyReceiptFile, verifyWithReceipts, type FileVerification } from '../usecases/verify.ts';
import type { CallDeps, LiveCalls } from './call-deps.ts';
import { Jobs } from './jobs.ts';
import { itemView, recordViewOf } from './library-items.ts';
import { receiptPlaceWords } from './record-notices.ts';
import { inBlock } from '../../../preload/record-states.ts';
import { shellFiles } from './shell-files.ts';
import { noVerifications, verificationView } from './views.ts';

/**
 * Notarise and Verify: jobs named by their caller, reporting per file (by its index in the call)
 * through events. A call's files are resolved before its job starts (one no longer there refuses
 * the call), and a job that fails as a whole ends with the error on each file it had not reported.
 */

type JobCalls = 'notarise' | 'verify' | 'verifyReceipt' | 'cancelJob';

export function jobCalls({ notary, ctx, abilities, emit, errorData }: CallDeps): LiveCalls<JobCalls> {
  const files = shellFiles(abilities);
  const jobs = new Jobs({ release: files.release, failed: (error) => emit('background-error', { recordId: null, error }), errorData });

  /** Verify's events for a job: results counted, and the files without one given the job's error at its end. */
  function verifyReport(jobId: string, named: readonly { path: string; name: string }[]) {
    const counts = noVerifications();
    const reported = new Set<number>();
    const report = (result: FileVerification, name: string, origin: JobFile): void => {
      counts[result.status]++;
      reported.add(origin.index);
      emit('verify-result', { jobId, ...origin, result: verificationView(result, name) });
    };
    return {
      report,
      done: () => emit('verify-done', { jobId, counts }),
      failed: (error: ErrorData) => {
        named.forEach(({ path, name }, index) => {
          if (!reported.has(index)) report({ path, status: 'unknown', message: error.message, error }, name, { index, inFolder: null });
        });
        emit('verify-done', { jobId, counts });
      },
    };
  }

  return {
    api: {
      notarise: async (jobId, refs, options) => {
        const { paths, nameOf } = files.named(refs);
        return jobs.start(
          jobId,
          refs,
          async (signal) => {
            const outcomes = await notarise(ctx, paths, {
              document: options.document,
              // The files of one call are one batch, as the CLI's (notarise-batch.ts decides: a lone new file is registered on its own).
              batch: !options.separately,
              again: options.again,
              signal,
              describe: (path) => ({ name: nameOf(path), path: files.kept(path) }),
              onProgress: ({ path, ...p }) => emit('notarise-progress', { jobId, name: nameOf(path), ...p }),
            });
            notary.startPoller();
            // Each record as the library holds it now, not as its file's work left it: a page learns
            // a file's record here, and only the record's later changes reach it as record-updated.
            // A batch's file is shown as the Library shows it: itself, with its registration's state.
            const now = (r: StoredRecord): StoredRecord => notary.library.records.get(r.id) ?? r;
            const fileView = (r: StoredRecord, m?: MemberOfBatch) =>
              itemView(notary, { record: now(r), ...(m ? { member: notary.library.batches.member(m.member.id) ?? m } : {}) });
            const shown = await Promise.all(
              outcomes.map(async (o) => {
                const file = { index: o.index, inFolder: o.inFolder, name: nameOf(o.path) };
                // Not a failure: a document was asked of content registered as a record. The page names
                // the record and offers, as a button, what the CLI's sentence gives as a command.
                if ('error' in o && o.error instanceof AlreadyARecord) {
                  const record = await recordViewOf(notary, now(o.error.record));
                  // Said only of a receipt there is (in a block), where it is in this shell (an upload has none beside it).
                  const receipt = inBlock(record) ? `; ${receiptPlaceWords([record], abilities.shell)}` : '';
                  return {
                    ...file,
                    status: 'already-a-record',
                    record,
                    error: { code: o.error.code, message: `${o.error.why} The record stays as it is${receipt}.` },
                  };
                }
                return {
                  ...file,
                  status: o.status,
                  record: o.record ? await fileView(o.record, o.member) : null,
                  error: 'error' in o ? { code: o.error.code, message: o.error.message, ...(o.error.said ? { said: o.error.said } : {}) } : null,
                };
              }),
            );
            emit('notarise-done', { jobId, outcomes: shown });
          },
          (error) =>
            emit('notarise-done', {
              jobId,
              outcomes: paths.map((path, index) => ({ index, inFolder: null, name: nameOf(path), status: 'failed', record: null, error })),
            }),
        );
      },
      verify: async (jobId, refs, options) => {
        if (options.receipts && options.receipts.length !== refs.length)
          throw new NotariumError('INVALID_ARGUMENT', `Give one receipt for each file: ${refs.length} files, ${options.receipts.length} receipts.`);
        const { paths, nameOf } = files.named(refs);
        const receipt = options.receipt && { path: files.path(options.receipt), name: files.name(options.receipt) };
        const receipts = options.receipts && files.named(options.receipts);
        const job = verifyReport(
          jobId,
          paths.map((path) => ({ path, name: nameOf(path) })),
        );
        const named = (path: string): string => (path === receipt?.path ? receipt.name : receipts ? receipts.nameOf(path) : nameOf(path));
        return jobs.start(
          jobId,
          [...refs, options.receipt, ...(options.receipts ?? [])],
          async (signal) => {
            const opts = { offline: options.offline, signal, nameOf: named };
            const onResult = (r: FileVerification, origin: FileOrigin): void => job.report(r, nameOf(r.path), origin);
            if (receipt) job.report(await verifyFile(ctx, paths[0]!, { ...opts, receipt: receipt.path }), nameOf(paths[0]!), { index: 0, inFolder: null });
            else if (receipts)
              await verifyWithReceipts(
                ctx,
                paths.map((file, i) => ({ file, receipt: receipts.paths[i]! })),
                { ...opts, onResult },
              );
            else await verifyPaths(ctx, paths, { ...opts, onResult });
            job.done();
          },
          job.failed,
        );
      },
      verifyReceipt: async (jobId, receipt, options) => {
        const path = files.path(receipt);
        const name = files.name(receipt);
        const job = verifyReport(jobId, [{ path, name }]);
        return jobs.start(
          jobId,
          [receipt],
          async (signal) => {
            job.report(await verifyReceiptFile(ctx, path, undefined, { offline: options.offline, signal, nameOf: () => name }), name, {
              index: 0,
              inFolder: null,
            });
            job.done();
          },
          job.failed,
        );
      },
      cancelJob: async (jobId) => {
        jobs.cancel(jobId);
        return null;
      },
    },
    dispose: () => jobs.cancelAll(),
  };
}
