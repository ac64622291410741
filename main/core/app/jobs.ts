import type { FileRef } from '../../../preload/contract.ts';
import type { ErrorData } from '../../../preload/protocol/messages.ts';
import { NotariumError } from '../errors/notarium-error.ts';

/**
 * Jobs that report through events under the id their caller made (the page knows it before the
 * first event): a job call answers at once. The files a job names are released when it ends. A job
 * that fails as a whole still ends: `ended` reports the error as the job's last events (its page
 * would otherwise wait for them for good).
 */
export class Jobs {
  readonly #running = new Map<string, AbortController>();

  constructor(
    private readonly shell: {
      release(files: readonly (FileRef | undefined)[]): void;
      /** A job failed as a whole (a file that could not be resolved, the service unreachable). */
      failed(error: ErrorData): void;
      /** What of a failure the page may see (error-data.ts: an unexpected one is INTERNAL, its detail logged). */
      errorData(err: unknown): ErrorData;
    },
  ) {}

  start(jobId: string, files: readonly (FileRef | undefined)[], run: (signal: AbortSignal) => Promise<void>, ended: (error: ErrorData) => void): null {
    if (this.#running.has(jobId)) {
      this.shell.release(files);
      throw new NotariumError('JOB_ID_IN_USE', 'A job with this id is already running: make a new id (a random UUID) for each job.');
    }
    const controller = new AbortController();
    this.#running.set(jobId, controller);
    void run(controller.signal)
      .catch((err: unknown) => {
        const error = this.shell.errorData(err);
        this.shell.failed(error);
        ended(error);
      })
      .finally(() => {
        this.#running.delete(jobId);
        this.shell.release(files);
      });
    return null;
  }

  /** Stops a job; an id no job has (any more) is no error. */
  cancel(jobId: string): void {
    this.#running.get(jobId)?.abort();
  }

  cancelAll(): void {
    for (const controller of this.#running.values()) controller.abort();
  }
}
