import type { JobFile } from '../../../preload/contract.ts';
import { notarise } from '../usecases/notarise.ts';
import { verifyFile, verifyPaths, verifyReceiptFile, type FileVerification } from '../usecases/verify.ts';
import type { CallDeps, LiveCalls } from './call-deps.ts';
import { Jobs } from './jobs.ts';
import { recordViewOf } from './library-items.ts';
import { shellFiles } from './shell-files.ts';
import { noVerifications, verificationView } from './views.ts';

/** Notarise and Verify: jobs named by their caller, reporting per file (by its index in the call) through events. */

type JobCalls = 'notarise' | 'verify' | 'verifyReceipt' | 'cancelJob';

export function jobCalls({ notary, ctx, abilities, emit }: CallDeps): LiveCalls<JobCalls> {
  const files = shellFiles(abilities);
  const jobs = new Jobs({ release: files.release, failed: (message) => emit('background-error', { recordId: null, message }) });
  return {
    api: {
      notarise: async (jobId, refs, options) =>
        jobs.start(jobId, refs, async (signal) => {
          const { paths, nameOf } = files.named(refs);
          const outcomes = await notarise(ctx, paths, {
            document: options.document,
            signal,
            describe: (path) => ({ name: nameOf(path), path: files.kept(path) }),
            onProgress: ({ path, ...p }) => emit('notarise-progress', { jobId, name: nameOf(path), ...p }),
          });
          notary.startPoller();
          emit('notarise-done', {
            jobId,
            outcomes: outcomes.map((o) => ({
              index: o.index,
              inFolder: o.inFolder,
              name: nameOf(o.path),
              status: o.status,
              record: o.record ? recordViewOf(notary, o.record) : null,
              error: o.status === 'failed' || o.status === 'in-doubt' ? { code: o.error.code, message: o.error.message } : null,
            })),
          });
        }),
      verify: async (jobId, refs, options) =>
        jobs.start(jobId, [...refs, options.receipt], async (signal) => {
          const counts = noVerifications();
          const report = (result: FileVerification, name: string, origin: JobFile) => {
            counts[result.status]++;
            emit('verify-result', { jobId, ...origin, result: verificationView(result, name) });
          };
          if (options.receipt) {
            const file = refs[0]!;
            report(await verifyFile(ctx, files.path(file), { receipt: files.path(options.receipt), offline: options.offline, signal }), files.name(file), {
              index: 0,
              inFolder: null,
            });
          } else {
            const { paths, nameOf } = files.named(refs);
            await verifyPaths(ctx, paths, { offline: options.offline, signal, onResult: (r, origin) => report(r, nameOf(r.path), origin) });
          }
          emit('verify-done', { jobId, counts });
        }),
      verifyReceipt: async (jobId, receipt, options) =>
        jobs.start(jobId, [receipt], async (signal) => {
          const result = await verifyReceiptFile(ctx, files.path(receipt), undefined, { offline: options.offline, signal });
          emit('verify-result', { jobId, index: 0, inFolder: null, result: verificationView(result, files.name(receipt)) });
          emit('verify-done', { jobId, counts: { ...noVerifications(), [result.status]: 1 } });
        }),
      cancelJob: async (jobId) => {
        jobs.cancel(jobId);
        return null;
      },
    },
    dispose: () => jobs.cancelAll(),
  };
}
