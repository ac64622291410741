import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { basename, join } from 'node:path';
import { byteSize } from '../../preload/byte-size.ts';
import { BATCH_FILES, BATCH_HEAD_BYTES, readBatchHead, type BatchEntry } from '../../preload/upload-batch.ts';
import { visibleName } from '../../preload/visible-text.ts';
import { NotariumError } from '../core/errors/notarium-error.ts';
import type { HashResult } from '../core/hashing/hash-pool.ts';

/**
 * Files dropped on the page in the web shell: streamed into the shell's private folder, several to a
 * request, hashed on the way in (the core takes the digest instead of reading the file again), kept
 * only while the work that named them runs, and bounded — one file's size, and the count and bytes
 * held at once — so a page cannot fill the disk. Refusals are sentences the page shows where the file was dropped.
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
  /** Files in one request. */
  batchFiles: number;
}

const GiB = 1024 ** 3;

/**
 * A single file up to 2 GiB (a long video, a disk image is past what a browser should copy: the
 * desktop app and the CLI read files where they are); 4 GiB and 1,000 files at once, enough to
 * batch-verify a large folder in one drop; as many files in one request as the page sends.
 */
export const UPLOAD_LIMITS: UploadLimits = { fileBytes: 2 * GiB, totalBytes: 4 * GiB, count: 1000, batchFiles: BATCH_FILES };

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
   * Streams one request's files (preload/upload-batch.ts: a head naming each file and its size, then
   * their bytes) each to a new file, hashed on the way in. The head is checked against the limits
   * before a byte of content is read; a body that stops short of what its head says, or goes past
   * it, deletes every file of the request: a request is taken whole or not at all.
   */
  async receive(req: IncomingMessage): Promise<Upload[]> {
    await this.#retryUndeleted();
    const body = new BodyReader(req);
    const { files, rest } = await this.#head(req, body);
    this.#admit(files);
    const reserved = files.map((f) => ({ ...f, id: randomUUID(), created: false }));
    const received: Upload[] = [];
    let left = rest;
    try {
      for (const file of reserved) {
        const path = join(this.#dir, file.id);
        const handle = await open(path, 'wx', 0o600);
        file.created = true;
        const hash = createHash('sha256');
        try {
          for (let due = file.size; due > 0;) {
            if (left.length === 0) left = (await body.next()) ?? interrupted(files);
            const piece = left.subarray(0, due);
            left = left.subarray(piece.length);
            hash.update(piece);
            await writeAll(handle, piece);
            due -= piece.length;
          }
        } finally {
          await handle.close();
        }
        received.push({ id: file.id, name: file.name, path, size: file.size, sha256: hash.digest('hex') });
      }
      if (left.length > 0 || (await body.next()) !== null) throw malformed('it holds more bytes than its files');
    } catch (err) {
      // Every file of the request goes; those not begun were only counted.
      for (const file of reserved.filter((f) => !f.created)) {
        this.#count--;
        this.#bytes -= file.size;
      }
      await Promise.all(reserved.filter((f) => f.created).map((f) => this.#delete(f.id, { path: join(this.#dir, f.id), size: f.size })));
      throw err;
    }
    for (const upload of received) this.#held.set(upload.id, upload);
    return received;
  }

  /** The request's head, read and checked, and the bytes that came after it. */
  async #head(req: IncomingMessage, body: BodyReader): Promise<{ files: BatchEntry[]; rest: Buffer }> {
    let buffered = Buffer.alloc(0);
    let newline: number;
    while ((newline = buffered.indexOf(0x0a)) === -1 && buffered.length <= BATCH_HEAD_BYTES) {
      const chunk = await body.next();
      if (chunk === null) throw malformed(buffered.length === 0 ? 'it is empty' : 'its list of files has no end');
      buffered = Buffer.concat([buffered, chunk]);
    }
    if (newline === -1 || newline >= BATCH_HEAD_BYTES) {
      throw new UploadRefused(
        413,
        'UPLOAD_REFUSED',
        `The page sent a list of dropped files longer than Notarium reads at once (${byteSize(BATCH_HEAD_BYTES)}): reload the page, then drop fewer files at a time.`,
      );
    }
    const files = readBatchHead(buffered.subarray(0, newline).toString('utf8'));
    if (!Array.isArray(files)) throw malformed(files.refused);
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) !== newline + 1 + files.reduce((n, f) => n + f.size, 0))
      throw malformed('its length is not the sum of its files');
    return { files, rest: buffered.subarray(newline + 1) };
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

  /** Counts the request's files as held, or throws when they would pass a limit. */
  #admit(files: readonly BatchEntry[]): void {
    const { fileBytes, totalBytes, count, batchFiles } = this.#limits;
    const what = these(files);
    if (files.length > batchFiles) {
      throw new UploadRefused(
        413,
        'UPLOAD_REFUSED',
        `The page sent ${files.length} dropped files in one request, and Notarium takes up to ${batchFiles} at a time: reload the page, then drop them again.`,
      );
    }
    if (this.#count + files.length > count) {
      throw new UploadRefused(
        429,
        'UPLOAD_REFUSED',
        `Notarium already holds ${this.#count} dropped files for work in progress, and holds ${count} at most: wait until it is done, then drop ${what} again.`,
      );
    }
    const large = files.find((f) => f.size > fileBytes);
    if (large) {
      throw new UploadRefused(
        413,
        'UPLOAD_REFUSED',
        `${quote(large.name)} is too large for the browser version of Notarium, which takes files of up to ${byteSize(fileBytes)}: use the desktop app or the notarium command, which read files where they are.`,
      );
    }
    const bytes = files.reduce((n, f) => n + f.size, 0);
    if (this.#bytes + bytes > totalBytes) {
      throw new UploadRefused(
        413,
        'UPLOAD_REFUSED',
        `Notarium already holds ${byteSize(this.#bytes)} of dropped files for work in progress, and ${what} would take it past ${byteSize(totalBytes)}: wait until that is done, then drop ${files.length === 1 ? 'it' : 'them'} again.`,
      );
    }
    this.#count += files.length;
    this.#bytes += bytes;
  }
}

/** A request's chunks one at a time; null at its end. A request cut off reads as an interrupted upload. */
class BodyReader {
  readonly #chunks: AsyncIterator<Buffer>;
  constructor(req: IncomingMessage) {
    this.#chunks = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }
  async next(): Promise<Buffer | null> {
    const read = await this.#chunks.next().catch(() => ({ done: true as const, value: undefined }));
    return read.done ? null : read.value;
  }
}

/** Writes the whole buffer (one write may take part of it). */
async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let at = 0; at < bytes.length;) at += (await handle.write(bytes, at)).bytesWritten;
}

/** A body that does not say what it carries: a page of ours never sends one. */
const malformed = (why: string): UploadRefused =>
  new UploadRefused(400, 'UPLOAD_FAILED', `Notarium could not read the dropped files the page sent (${why}): reload the page, then drop them again.`);

const interrupted = (files: readonly BatchEntry[]): never => {
  throw new UploadRefused(400, 'UPLOAD_FAILED', `The upload of ${these(files)} was interrupted: drop ${files.length === 1 ? 'it' : 'them'} again.`);
};

/** The request's files in a sentence: the one file's name, or the first's and how many more. */
const these = (files: readonly BatchEntry[]): string =>
  files.length === 1 ? quote(files[0]!.name) : `${quote(files[0]!.name)} and ${files.length - 1} other files`;

const quote = (name: string): string => `"${visibleName(name.length > 80 ? `${name.slice(0, 79)}…` : name)}"`;
