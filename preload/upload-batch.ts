/**
 * Dropped files go to the web shell several to a request (POST /upload): one request per file cost
 * the page and the shell more than the files themselves once a drop has hundreds. The body is a
 * head, then the files' bytes one after another:
 *
 *     [{"name":"a.pdf","size":1234},{"name":"a.pdf.receipt.json","size":3456}]\n<1234 bytes><3456 bytes>
 *
 * The head is one line of JSON (JSON text never holds a raw newline), so the shell knows every name
 * and size, and can refuse the whole request against its limits, before it reads a byte of content.
 * The page writes it (web-bridge.ts), the shell reads it (main/web/upload-store.ts).
 */

export interface BatchEntry {
  name: string;
  size: number;
}

/** Files in one request at most: the shell refuses more, the page splits a drop to stay within it. */
export const BATCH_FILES = 250;
/** The page starts a new request past this many bytes (a larger file goes alone). */
export const BATCH_BYTES = 64 * 1024 * 1024;
/** Names are cut to this length (file systems take 255). */
export const NAME_CHARS = 255;
/** The head's length at most: BATCH_FILES names of NAME_CHARS, each escaped to six bytes at worst. */
export const BATCH_HEAD_BYTES = 512 * 1024;

/** The head of a request carrying these files. */
export function batchHead(files: readonly BatchEntry[]): string {
  return JSON.stringify(files.map(({ name, size }) => ({ name: name.slice(0, NAME_CHARS), size }))) + '\n';
}

/** The files of a head (its line without the newline), or why it is not one. */
export function readBatchHead(line: string): BatchEntry[] | { refused: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { refused: 'its list of files is not JSON' };
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return { refused: 'it names no file' };
  const files: BatchEntry[] = [];
  for (const entry of parsed as unknown[]) {
    const { name, size } = (entry ?? {}) as { name?: unknown; size?: unknown };
    if (typeof name !== 'string' || typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)
      return { refused: 'a file in its list has no name or no size' };
    // The shell's copy is named by an id; the name is only shown, and never a path.
    files.push({ name: name.replace(/[/\\]/g, '_').slice(0, NAME_CHARS) || 'upload', size });
  }
  return files;
}

/**
 * Sizes read in one step of inBatches: the first read of a dropped file's size looks at the file on
 * disk, a millisecond and more on a busy machine, and a thousand read at once held the page (its
 * clicks, its frames) for more than a second.
 */
export const SIZES_PER_STEP = 25;

/**
 * A call's files in requests of at most BATCH_FILES files and BATCH_BYTES bytes (a larger file
 * alone), in their order; their sizes read SIZES_PER_STEP at a time, the page given its turn
 * (`pause`) between steps.
 */
export async function inBatches<F extends { size: number }>(files: readonly F[], pause: () => Promise<void> = pageTurn): Promise<F[][]> {
  const batches: F[][] = [];
  let bytes = 0;
  for (const [i, file] of files.entries()) {
    if (i > 0 && i % SIZES_PER_STEP === 0) await pause();
    const size = file.size;
    const last = batches.at(-1);
    if (last && last.length < BATCH_FILES && bytes + size <= BATCH_BYTES) {
      last.push(file);
      bytes += size;
    } else {
      batches.push([file]);
      bytes = size;
    }
  }
  return batches;
}

/**
 * The page's turn: its pending input and frames run, then this resolves. Not a timer, which a
 * hidden tab runs once a second at most (a long drop would then take minutes).
 */
function pageTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
