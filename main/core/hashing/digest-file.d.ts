export interface DigestFileOptions {
  /** Asked after each chunk; true stops the reading (the read under way is waited for) and the result is null. */
  stopped: () => boolean;
  /** The bytes hashed so far, at most once per `progressMs` (the result gives the final count). */
  onProgress: (bytes: number) => void;
  progressMs: number;
}

/**
 * SHA-256 of the open file `fd` from its current offset to its end, read through `buffers` (two of
 * one length, the chunk size; reusable from call to call), one read ahead of the digest. Whether
 * it returns or throws (a read's error, as the file system gave it), no read is left under way on
 * `fd`, which the caller then closes. Null when `stopped` said so.
 */
export function digestFile(fd: number, buffers: [Buffer, Buffer], options: DigestFileOptions): Promise<{ sha256: string; size: number } | null>;
