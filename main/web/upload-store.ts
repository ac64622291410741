import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteSize } from '../../preload/byte-size.ts';
import { visibleName } from '../../preload/visible-text.ts';
import { NotariumError } from '../core/errors/notarium-error.ts';
import type { HashResult } from '../core/hashing/hash-pool.ts';

/**
 * Files dropped on the page in the web shell: streamed into the shell's private folder, hashed on
 * the way in (the core takes the digest instead of reading the file again), kept only while the
 * work that named them runs, and bounded — one file's size, and the count and bytes held at once —
 * so a page cannot fill the disk. Refusals are sentences the page shows where the file was dropped.
 */

export interface Upload extends HashResult {
  id: string;
  name: string;
  path: string;
}

export interface UploadLimits {
  /** The largest file taken. */
  fileBytes: number;
  /** Bytes held at once (uploads being received included). */
  totalBytes: number;
  /** Files held at once (uploads being received included). */
  count: number;
}

const GiB = 1024 ** 3;

/**
 * A single file up to 2 GiB (a long video, a disk image is past what a browser should copy: the
 * desktop app and the CLI read files where they are); 4 GiB and 1,000 files at once, enough to
 * batch-verify a large folder in one drop.
 */
export const UPLOAD_LIMITS: UploadLimits = { fileBytes: 2 * GiB, totalBytes: 4 * GiB, count: 1000 };

/** A refused upload: the HTTP status, and the catalogue's code with the sentence for the page. */
export class UploadRefused extends NotariumError {
  constructor(
    readonly status: number,
    code: 'UPLOAD_REFUSED' | 'UPLOAD_FAILED',
    message: string,
  ) {
    super(code, message);
  }
}

export class UploadStore {
  readonly #dir: string;
  readonly #limits: UploadLimits;
  readonly #log: (line: string) => void;
  readonly #held = new Map<string, Upload>();
  /**
   * Files done with that could not be deleted yet (a virus scanner holding one, a folder made
   * read-only): still on disk, so still counted against the limits, and tried again at each upload
   * and release.
   */
  readonly #undeleted = new Map<string, { path: string; size: number }>();
  /** A try of the files not deleted yet, under way. */
  #retrying: Promise<void> | undefined;
  /** Bytes and files held, those still arriving and those not deleted yet included. */
  #bytes = 0;
  #count = 0;

  private constructor(dir: string, limits: UploadLimits, log: (line: string) => void) {
    this.#dir = dir;
    this.#limits = limits;
    this.#log = log;
  }

  static async open(dir: string, limits: UploadLimits = UPLOAD_LIMITS, log: (line: string) => void = () => undefined): Promise<UploadStore> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return new UploadStore(dir, limits, log);
  }

  /**
   * Streams one request body to a new file. A declared length past a limit is refused before a byte
   * is read; a body that grows past it while arriving is cut off and its file deleted.
   */
  async receive(req: IncomingMessage, name: string): Promise<Upload> {
    await this.#retryUndeleted();
    const declared = Number(req.headers['content-length'] ?? 0);
    this.#admitFile(name, Number.isFinite(declared) ? declared : 0);
    const id = randomUUID();
    const path = join(this.#dir, id);
    const hash = createHash('sha256');
    let size = 0;
    this.#count++;
    const meter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        try {
          this.#admitBytes(name, size, chunk.length);
        } catch (err) {
          return done(err as Error);
        }
        size += chunk.length;
        this.#bytes += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    // The request is piped, not part of the pipeline: a refusal must leave it open for the answer.
    const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    const interrupted = (): void => {
      if (!req.complete) meter.destroy(new UploadRefused(400, 'UPLOAD_FAILED', `The upload of ${quote(name)} was interrupted: drop it again.`));
    };
    req.once('close', interrupted);
    req.pipe(meter);
    try {
      await pipeline(meter, file);
    } catch (err) {
      req.unpipe(meter);
      await this.#delete(id, { path, size });
      throw err;
    } finally {
      req.off('close', interrupted);
    }
    const upload: Upload = { id, name, path, size, sha256: hash.digest('hex') };
    this.#held.set(id, upload);
    return upload;
  }

  get(id: string): Upload | undefined {
    return this.#held.get(id);
  }

  /** The digest taken on the way in, for a file that is one of ours. */
  digestOf(path: string): HashResult | undefined {
    const upload = this.#held.get(basename(path));
    return upload?.path === path ? { sha256: upload.sha256, size: upload.size } : undefined;
  }

  /**
   * Done with: the id is forgotten and the file deleted. Never rejects (callers fire and forget it):
   * a file that cannot be deleted is logged, stays counted, and is tried again later.
   */
  async release(id: string): Promise<void> {
    await this.#retryUndeleted();
    const upload = this.#held.get(id);
    if (!upload) return;
    this.#held.delete(id);
    await this.#delete(id, upload);
  }

  /**
   * Deletes one file done with; only a file that is gone stops counting. Its own alone: a drop's
   * thousand releases each deleting every file released meanwhile was a million `rm` calls.
   */
  async #delete(id: string, file: { path: string; size: number }): Promise<void> {
    try {
      await rm(file.path, { force: true });
    } catch (err) {
      this.#undeleted.set(id, file);
      const code = (err as NodeJS.ErrnoException).code ?? 'an unknown error';
      return this.#log(
        `A dropped file Notarium is done with could not be deleted (${code}): it is tried again at the next upload, and counts against the limits until then.`,
      );
    }
    this.#count--;
    this.#bytes -= file.size;
  }

  /** The files that could not be deleted before, tried again: one try at a time, which whoever asks meanwhile waits for. */
  #retryUndeleted(): Promise<void> {
    if (this.#undeleted.size === 0) return this.#retrying ?? Promise.resolve();
    this.#retrying ??= (async () => {
      const tries = [...this.#undeleted];
      this.#undeleted.clear();
      await Promise.all(tries.map(([id, file]) => this.#delete(id, file)));
    })().finally(() => (this.#retrying = undefined));
    return this.#retrying;
  }

  async releaseAll(): Promise<void> {
    await Promise.all([...this.#held.keys()].map((id) => this.release(id)));
  }

  /** Throws when one more file, of `declared` bytes, would pass a limit. */
  #admitFile(name: string, declared: number): void {
    if (this.#count >= this.#limits.count) {
      throw new UploadRefused(
        429,
        'UPLOAD_REFUSED',
        `Notarium already holds ${this.#limits.count} dropped files for work in progress: wait until it is done, then drop ${quote(name)} again.`,
      );
    }
    this.#admitBytes(name, 0, declared);
  }

  /** Throws when `more` bytes of a file already `sofar` long would pass a limit. */
  #admitBytes(name: string, sofar: number, more: number): void {
    const { fileBytes, totalBytes } = this.#limits;
    if (sofar + more > fileBytes) {
      throw new UploadRefused(
        413,
        'UPLOAD_REFUSED',
        `${quote(name)} is too large for the browser version of Notarium, which takes files of up to ${byteSize(fileBytes)}: use the desktop app or the notarium command, which read files where they are.`,
      );
    }
    if (this.#bytes + more > totalBytes) {
      throw new UploadRefused(
        413,
        'UPLOAD_REFUSED',
        `Notarium already holds ${byteSize(this.#bytes)} of dropped files for work in progress, and ${quote(name)} would take it past ${byteSize(totalBytes)}: wait until that is done, then drop it again.`,
      );
    }
  }
}

const quote = (name: string): string => `"${visibleName(name.length > 80 ? `${name.slice(0, 79)}…` : name)}"`;
