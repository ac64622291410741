import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Worker, WorkerOptions } from 'node:worker_threads';
import { NotariumError } from '../errors/notarium-error.ts';
import { digestFile } from './digest-file.js';
import { fileUnreadable } from './file-unreadable.ts';

export interface HashResult {
  /** Lowercase hex SHA-256 of the whole file. */
  sha256: string;
  /** Bytes hashed (the file's size when it was read). */
  size: number;
}

export interface HashProgress {
  bytes: number;
  total: number;
}

export interface HashFileOptions {
  signal?: AbortSignal;
  /** Throttled to one call per `progressIntervalMs`, plus a final one with bytes === total. */
  onProgress?: (progress: HashProgress) => void;
}

export interface HashPoolOptions {
  /** Worker threads at most; started lazily. Defaults to os.availableParallelism(). */
  size?: number;
  /** Read buffer per worker, 64 KiB to 16 MiB; see HASH_CHUNK_SIZE. */
  chunkSize?: number;
  progressIntervalMs?: number;
  /** How long a cancelled worker may take to stop before it is replaced. */
  cancelGraceMs?: number;
  /** Where the worker comes from; a bundler may locate hash-worker.js itself. */
  createWorker?: (options: WorkerOptions) => Worker;
  /** Files smaller than this (bytes) are hashed on the calling thread; see HASH_HERE_BELOW. 0: every file in a worker. */
  hashHereBelow?: number;
  /**
   * The calling thread is one of the `size` hashers, for files of any size, one at a time; the
   * others go to size − 1 workers at most (hashHereBelow then does not apply). For a process whose
   * event loop serves nothing else, such as the `hash` command: one file starts no worker (what
   * that costs: HASH_HERE_BELOW), and its reads may block this thread, as a worker's do, so that
   * each chunk is digested from this core's cache (digest-file.js). Never for the engine, whose
   * event loop serves the app (DESIGN.md).
   */
  callingThreadHashes?: boolean;
}

/** The worker script; plain JavaScript so that no TypeScript loader is needed in the thread. */
export const HASH_WORKER_URL = new URL('./hash-worker.js', import.meta.url);

/**
 * Default read buffer: 256 KiB stays in a core's L2 cache while it is filled and digested; it was
 * the fastest size in bench/hash-files.ts (d) and, as a process, in bench/cli.ts (docs/evidence.md, Benchmarks).
 */
export const HASH_CHUNK_SIZE = 256 << 10;
const MIN_CHUNK = 64 << 10;
const MAX_CHUNK = 16 << 20;

/**
 * Files below 4 MiB are hashed on the calling thread: starting a worker costs about 30 ms of CPU
 * (a fresh V8 isolate), what hashing some 40 MiB costs here, so a command that hashes one small
 * file (verify, status) would mostly pay for the thread. Below 4 MiB the reads stay asynchronous
 * and the digest holds the event loop a few milliseconds at most, one chunk at a time; larger
 * files, and many files at once, go to the workers and hash in parallel off the event loop.
 */
export const HASH_HERE_BELOW = 4 << 20;
// O_NONBLOCK so that opening a FIFO fails fast instead of waiting for a writer, as the worker does.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

interface Job {
  id: number;
  path: string;
  options: HashFileOptions;
  settled: boolean;
  /** Found too large for the calling thread: a worker's. */
  forWorker: boolean;
  lastBytes: number;
  resolve: (result: HashResult) => void;
  reject: (err: unknown) => void;
  detach: () => void;
}

interface Slot {
  worker: Worker;
  cancelFlag: Int32Array;
  /** Job the worker is on, even after that job was cancelled and until the worker says so. */
  job: Job | null;
  grace: NodeJS.Timeout | undefined;
  crash: unknown;
}

type Reply =
  | { type: 'progress'; id: number; bytes: number; total: number }
  | { type: 'done'; id: number; sha256: string; size: number }
  | { type: 'error'; id: number; code: string; message: string }
  | { type: 'cancelled'; id: number };

/**
 * SHA-256 of files: small ones on the calling thread (HASH_HERE_BELOW), the others in worker
 * threads, so hashing never holds the main event loop for long (unless callingThreadHashes says
 * the process has nothing else to do). Every file is read through the same path (digest-file.js),
 * in fixed buffers (constant memory whatever the file size); files beyond the pool size wait in a
 * queue. Idle workers do not keep the process alive.
 */
export class HashPool {
  readonly size: number;
  readonly #chunkSize: number;
  readonly #progressMs: number;
  readonly #graceMs: number;
  readonly #createWorker: (options: WorkerOptions) => Worker;
  readonly #hereBelow: number;
  /** Whether reads may block the calling thread (callingThreadHashes). */
  readonly #hereBlocks: boolean;
  /** Files the calling thread hashes at once, and workers at most. */
  readonly #hereAtOnce: number;
  readonly #workers: number;
  readonly #slots = new Set<Slot>();
  readonly #queue: Job[] = [];
  /** Jobs being opened or hashed on this thread. */
  readonly #here = new Set<Job>();
  #nextId = 1;
  #closed = false;

  constructor(options: HashPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? availableParallelism()));
    const chunk = Math.floor(options.chunkSize ?? HASH_CHUNK_SIZE);
    this.#chunkSize = Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, chunk));
    this.#progressMs = options.progressIntervalMs ?? 100;
    this.#graceMs = options.cancelGraceMs ?? 2000;
    // node:worker_threads loaded with the first worker: a process that hashes only small files never loads it.
    this.#createWorker = options.createWorker ?? ((o) => new (process.getBuiltinModule('node:worker_threads').Worker)(HASH_WORKER_URL, o));
    // Engine: at most `size` small files open here at once (past that, many files hash faster in
    // parallel anyway), beside `size` workers. callingThreadHashes: this thread is one of `size`.
    const shares = options.callingThreadHashes === true;
    this.#hereBelow = shares ? Infinity : (options.hashHereBelow ?? HASH_HERE_BELOW);
    this.#hereBlocks = shares;
    this.#hereAtOnce = shares ? 1 : this.#hereBelow > 0 ? this.size : 0;
    this.#workers = shares ? this.size - 1 : this.size;
  }

  hashFile(path: string, options: HashFileOptions = {}): Promise<HashResult> {
    if (this.#closed) return Promise.reject(new Error('HashPool.hashFile called after close().'));
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(cancelled(signal));
    this.#nextId = (this.#nextId % 0x7fffffff) + 1; // ids go through an Int32Array: stay positive
    return new Promise<HashResult>((resolvePromise, rejectPromise) => {
      const job: Job = {
        id: this.#nextId,
        path,
        options,
        settled: false,
        forWorker: false,
        lastBytes: -1,
        resolve: (result) => settle(() => resolvePromise(result)),
        reject: (err) => settle(() => rejectPromise(err)),
        detach: () => undefined,
      };
      const settle = (fn: () => void): void => {
        if (job.settled) return;
        job.settled = true;
        job.detach();
        fn();
      };
      if (signal) {
        const onAbort = (): void => this.#cancel(job, cancelled(signal));
        signal.addEventListener('abort', onAbort, { once: true });
        job.detach = () => signal.removeEventListener('abort', onAbort);
      }
      this.#queue.push(job);
      this.#pump();
    });
  }

  /** Rejects queued and running jobs with CANCELLED and stops every worker. */
  async close(): Promise<void> {
    this.#closed = true;
    const err = new NotariumError('CANCELLED', 'Hashing was stopped because the hashing pool was closed.');
    for (const job of [...this.#queue.splice(0), ...this.#here]) job.reject(err);
    const exits: Promise<unknown>[] = [];
    for (const slot of this.#slots) {
      slot.job?.reject(err);
      clearTimeout(slot.grace);
      exits.push(slot.worker.terminate());
    }
    this.#slots.clear();
    await Promise.all(exits);
  }

  /** Gives queued files to the calling thread while it has room (it starts no thread), then to the workers. */
  #pump(): void {
    while (this.#queue.length > 0 && !this.#closed) {
      const here = this.#here.size < this.#hereAtOnce ? this.#queue.findIndex((job) => !job.forWorker) : -1;
      if (here >= 0) {
        void this.#hashHere(this.#queue.splice(here, 1)[0]!);
        continue;
      }
      let slot = [...this.#slots].find((s) => s.job === null);
      if (!slot) {
        if (this.#slots.size >= this.#workers) return;
        try {
          slot = this.#spawn();
        } catch (err) {
          this.#queue.shift()!.reject(err); // e.g. a bundle without hash-worker.js
          continue;
        }
      }
      const job = this.#queue.shift()!;
      slot.job = job;
      slot.worker.ref(); // a running job keeps the process alive; an idle worker does not
      slot.worker.postMessage({ id: job.id, path: resolve(job.path), chunkSize: this.#chunkSize, progressMs: this.#progressMs });
    }
  }

  /**
   * Hashes a file on the calling thread as a worker would (same checks, errors and progress); one
   * found at hashHereBelow or over goes back to the queue, for a worker.
   */
  async #hashHere(job: Job): Promise<void> {
    this.#here.add(job);
    let handle: FileHandle | undefined;
    try {
      handle = await open(resolve(job.path), OPEN_FLAGS);
      const stat = await handle.stat();
      if (!stat.isFile()) throw Object.assign(new Error('not a regular file'), { code: stat.isDirectory() ? 'EISDIR' : 'ENOTREG' });
      if (stat.size >= this.#hereBelow) {
        job.forWorker = true;
        if (!job.settled) this.#queue.push(job); // settled: cancelled, or the pool closed, meanwhile
        return;
      }
      const result = await digestFile(handle.fd, Buffer.allocUnsafe(Math.min(this.#chunkSize, Math.max(stat.size, MIN_CHUNK))), {
        blocking: this.#hereBlocks,
        stopped: () => job.settled, // cancelled, or the pool closed
        progressMs: this.#progressMs,
        onProgress: (bytes) => this.#progress(job, bytes, Math.max(stat.size, bytes)),
      });
      if (result && this.#progress(job, result.size, result.size)) job.resolve(result);
    } catch (err) {
      const { code, message } = err as NodeJS.ErrnoException;
      job.reject(fileUnreadable(job.path, String(code ?? 'EUNKNOWN'), message, err));
    } finally {
      this.#here.delete(job);
      this.#pump();
      await handle?.close();
    }
  }

  #spawn(): Slot {
    const shared = new SharedArrayBuffer(4);
    // execArgv []: the worker needs no loader, and some parent flags (--input-type) break it.
    const worker = this.#createWorker({ workerData: { cancelFlag: shared }, execArgv: [] });
    const slot: Slot = { worker, cancelFlag: new Int32Array(shared), job: null, grace: undefined, crash: undefined };
    worker.unref();
    worker.on('message', (reply: Reply) => this.#onReply(slot, reply));
    worker.on('error', (err) => (slot.crash = err));
    worker.on('exit', () => this.#onExit(slot));
    this.#slots.add(slot);
    return slot;
  }

  #onReply(slot: Slot, reply: Reply): void {
    const job = slot.job;
    if (!job || reply.id !== job.id) return;
    if (reply.type === 'progress') {
      this.#progress(job, reply.bytes, reply.total);
      return;
    }
    this.#release(slot);
    if (reply.type === 'done') {
      if (this.#progress(job, reply.size, reply.size)) job.resolve({ sha256: reply.sha256, size: reply.size });
    } else if (reply.type === 'error') {
      job.reject(fileUnreadable(job.path, reply.code, reply.message));
    }
    // 'cancelled': the job was rejected when its signal fired; the worker is free again.
  }

  /** Reports progress unless it repeats the last report; false when the callback threw. */
  #progress(job: Job, bytes: number, total: number): boolean {
    if (job.settled || !job.options.onProgress || bytes === job.lastBytes) return !job.settled;
    job.lastBytes = bytes;
    try {
      job.options.onProgress({ bytes, total });
      return true;
    } catch (err) {
      this.#cancel(job, err);
      return false;
    }
  }

  /** Rejects at once; a running worker stops at its next chunk, or is replaced if it does not. */
  #cancel(job: Job, reason: unknown): void {
    job.reject(reason);
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      return;
    }
    const slot = [...this.#slots].find((s) => s.job === job);
    if (!slot) return;
    Atomics.store(slot.cancelFlag, 0, job.id);
    slot.worker.unref();
    slot.grace = setTimeout(() => void slot.worker.terminate(), this.#graceMs);
    slot.grace.unref();
  }

  #release(slot: Slot): void {
    slot.job = null;
    clearTimeout(slot.grace);
    slot.grace = undefined;
    slot.worker.unref();
    this.#pump();
  }

  #onExit(slot: Slot): void {
    if (!this.#slots.delete(slot)) return; // close() already accounted for it
    clearTimeout(slot.grace);
    const job = slot.job;
    if (job && !job.settled) job.reject(fileUnreadable(job.path, 'EWORKER', undefined, slot.crash));
    this.#pump();
  }
}

function cancelled(signal: AbortSignal): NotariumError {
  return new NotariumError('CANCELLED', undefined, { cause: signal.reason });
}

let shared: HashPool | undefined;

/** Hashes with one process-wide pool, created on first use; it never keeps the process alive. */
export function hashFile(path: string, options?: HashFileOptions): Promise<HashResult> {
  shared ??= new HashPool();
  return shared.hashFile(path, options);
}
