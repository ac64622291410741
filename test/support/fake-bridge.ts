import { CALLS, type CallName, type EventName, type FileRef, type NotariumBridge, type NotariumEvents } from '../../preload/contract.ts';
import type { ConnectionListener, ConnectionState } from '../../preload/web-bridge.ts';
import type { FileRefs } from '../../renderer/lib/bridge.ts';
import { noVerifications } from '../../preload/verify-statuses.ts';

/**
 * The page's bridge in memory, for the renderer's state classes: the job calls checked against the
 * contract's schemas and kept as jobs, events sent by the test (or by a hook while a call is under
 * way, before it answers), file references made from File objects, and the transport's news
 * (the web bridge's onConnection) sent by the test. A call it does not implement fails, naming itself.
 */

export interface FakeJob {
  call: 'notarise' | 'verify' | 'verifyReceipt';
  jobId: string;
  refs: FileRef[];
  options: Record<string, unknown>;
}

type Listener = (payload: never) => void;

export class FakeBridge {
  /** Jobs started, in order; a job leaves `running` when cancelled. */
  readonly jobs: FakeJob[] = [];
  readonly running = new Set<string>();
  readonly cancelled: string[] = [];
  /** Runs while a job call is under way, before it answers (a fast core's events come first). */
  whileStarting: ((job: FakeJob) => void) | null = null;
  /** Refuses the next job call with this error, as the core refuses bad arguments. */
  refuseNext: Error | null = null;
  /** Other calls the test answers itself (the Library's queries, say). */
  readonly answers = new Map<CallName, (...args: never[]) => Promise<unknown>>();
  readonly #listeners = new Map<EventName, Set<Listener>>();
  readonly #names = new Map<string, string>();
  readonly #connection = new Set<ConnectionListener>();
  #uploads = 0;

  readonly bridge: NotariumBridge = new Proxy({} as NotariumBridge, {
    get: (_target, key: string) => {
      if (key === 'on') return this.#on;
      if (key === 'notarise' || key === 'verify' || key === 'verifyReceipt') return (...args: unknown[]) => this.#start(key, args);
      if (key === 'cancelJob') return async (jobId: string) => this.#cancel(jobId);
      const answer = this.answers.get(key as CallName);
      if (answer) return answer;
      if (key === 'listDocuments') return async () => [];
      return async () => {
        throw new Error(`The fake bridge does not implement ${key}.`);
      };
    },
  });

  /** Uploads, as the web shell makes them; the name of each is kept for the test to read. */
  readonly refs: FileRefs = {
    toRef: async (file) => this.#upload(file),
    toRefs: async (files) => files.map((f) => this.#upload(f)),
  };

  readonly onConnection = (listener: ConnectionListener): (() => void) => {
    this.#connection.add(listener);
    return () => this.#connection.delete(listener);
  };

  /** The connection to the shell moves to `state` (with the shell's sentence, when it ended). */
  connect(state: ConnectionState, sentence?: string): void {
    for (const listener of [...this.#connection]) listener(state, sentence);
  }

  emit<E extends EventName>(event: E, payload: NotariumEvents[E]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) (listener as (p: NotariumEvents[E]) => void)(payload);
  }

  /** The name of the file a reference was made from. */
  nameOf(ref: FileRef): string {
    return ref.kind === 'upload' ? this.#names.get(ref.uploadId)! : ref.path;
  }

  lastJob(): FakeJob {
    const job = this.jobs.at(-1);
    if (!job) throw new Error('No job was started.');
    return job;
  }

  #on = <E extends EventName>(event: E, listener: (payload: NotariumEvents[E]) => void): (() => void) => {
    const set = this.#listeners.get(event) ?? new Set();
    set.add(listener);
    this.#listeners.set(event, set);
    return () => set.delete(listener);
  };

  #upload(file: File): FileRef {
    const uploadId = `00000000-0000-4000-8000-${String(++this.#uploads).padStart(12, '0')}`;
    this.#names.set(uploadId, file.name);
    return { kind: 'upload', uploadId };
  }

  async #start(call: FakeJob['call'], args: unknown[]): Promise<null> {
    const parsed = CALLS[call as CallName].safeParse(args);
    if (!parsed.success) throw new Error(`The call ${call} was refused: ${parsed.error.issues[0]!.message}`);
    if (this.refuseNext) {
      const err = this.refuseNext;
      this.refuseNext = null;
      throw err;
    }
    const [jobId, files, options] = parsed.data as [string, FileRef | FileRef[], Record<string, unknown>];
    if (this.running.has(jobId)) throw new Error('A job with this id is already running.');
    const job: FakeJob = { call, jobId, refs: Array.isArray(files) ? files : [files], options };
    this.jobs.push(job);
    this.running.add(jobId);
    this.whileStarting?.(job);
    return null;
  }

  /** As the core does: the job stops, and its files not yet done are reported failed. */
  #cancel(jobId: string): null {
    this.cancelled.push(jobId);
    const job = this.jobs.find((j) => j.jobId === jobId);
    if (!job || !this.running.delete(jobId)) return null;
    if (job.call === 'notarise') {
      const error = { code: 'CANCELLED', message: 'The job was cancelled.' };
      this.emit('notarise-done', {
        jobId,
        outcomes: job.refs.map((ref, index) => ({ index, inFolder: null, name: this.nameOf(ref), status: 'failed', record: null, error })),
      });
    } else {
      this.emit('verify-done', { jobId, counts: noVerifications() });
    }
    return null;
  }
}
