export interface DigestFileOptions {
  /**
   * true: each chunk is read on this thread (readSync), then digested from this core's cache, and
   * the event loop turns between chunks; for a thread whose loop serves nothing a slow disk could
   * hold up (a worker, the `hash` command). A read on libuv's thread pool leaves the chunk in
   * another core's cache: more CPU, and more time unless a core is free (docs/evidence.md, Benchmarks).
   * false: reads on libuv's thread pool, for the engine's event loop, which a read must never block.
   */
  blocking: boolean;
  /** Asked after each chunk; true stops the reading, and the result is null. */
  stopped: () => boolean;
  /** The bytes hashed so far, at most once per `progressMs` (the result gives the final count). */
  onProgress: (bytes: number) => void;
  progressMs: number;
}

/**
 * SHA-256 of the open file `fd` from its current offset to its end, read chunk by chunk into
 * `buffer` (reusable from call to call; its length is the chunk size). A read's error rejects as
 * the file system gave it. Null when `stopped` said so.
 */
export function digestFile(fd: number, buffer: Buffer, options: DigestFileOptions): Promise<{ sha256: string; size: number } | null>;
