import type { FileRef, NotariumBridge, NotariumEvents, VerificationView } from '../../../preload/contract.ts';
import { besideReceipt, isReceiptName } from '../../../verifier/receipt-name.ts';
import type { MessageKey } from '../../../preload/i18n/message-types.ts';
import { STEP_STATUS_MESSAGES, VERIFIED_ON_TEST_CHAIN_MESSAGE, VERIFY_STATUS_MESSAGES, type VerifyStatus } from '../../../preload/verify-statuses.ts';
import { fileRefs, notarium, sentence, type FileRefs } from '../../lib/bridge.ts';
import type { Tone } from '../../lib/format.ts';
import { t } from '../../lib/locale.svelte.ts';

/** Verify: results from verify-result events, for the jobs this page started (or was asked to open). */

export interface Row {
  key: number;
  /** The run it was last checked in (Run.id). */
  run: number;
  jobId: string;
  /** The file's place in its job's call (JobFile): names are no key, two files may share one. */
  index: number;
  inFolder: number | null;
  /** Which file this is across runs (sameFile), or null when the page cannot tell: a new run of it replaces this row. */
  file: string | null;
  result: VerificationView;
}

/** One drop's check (or one the shell opened here): its results are shown together, under its time. */
export interface Run {
  id: number;
  /** When it started, in ms since the epoch. */
  at: number;
}

/**
 * A dropped file's identity across runs: its path where the shell gives the page one (the desktop app),
 * which is also what the shell's own jobs' results name; else (an upload, whose path is a new copy's
 * each time) its name, size and modification time, which the same file dropped again keeps and another
 * file of that name rarely has.
 */
const sameFile = (f: File, ref: FileRef): string => (ref.kind === 'path' ? ref.path : JSON.stringify([f.name, f.size, f.lastModified]));

/**
 * Files with their receipts checked in one job at most: small enough that the first results come
 * soon, and that the next job's files upload while the jobs before are checked.
 */
const PAIRS_PER_JOB = 100;
/**
 * A drop's files the page has the web shell hold at once: it holds 1,000 dropped files
 * (upload-store.ts) until their job ends, and some room is left for another drop meanwhile.
 */
const FILES_HELD = 800;

/** Runs `flush` soon, once for however many results came meanwhile: the page's next frame by default. */
export type Later = (flush: () => void) => void;
const nextFrame: Later = (flush) => requestAnimationFrame(() => flush());

export class VerifyState {
  /** Replaced whole, never changed in place: a thousand results are not a thousand deep proxies. */
  rows = $state.raw<Row[]>([]);
  /** The runs that have rows (or are under way), oldest first. */
  runs = $state<Run[]>([]);
  /** What the results are filtered by (file names, statuses, messages). */
  filter = $state('');
  running = $state(0);
  error = $state<string | null>(null);
  offline = $state(false);
  /** Jobs under way that this page follows: its own, and those the shell opened here. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping no view reads (the rule reports any Set in an exported class)
  #jobs = new Set<string>();
  /** For this page's own jobs: the identity of the file at each index of the call. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping no view reads
  #files = new Map<string, string[]>();
  /** Who waits for a job of this page's to end. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping no view reads
  #ends = new Map<string, () => void>();
  /** Each followed job's run. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping no view reads
  #runOf = new Map<string, number>();
  /** Runs whose files are still being handed to the shell (uploaded): no job yet, no row yet, but shown. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping no view reads
  #opening = new Set<number>();
  #key = 0;
  #run = 0;
  readonly #now: () => number;
  readonly #later: Later;
  /** Results come one by one, a thousand a drop: they are shown together, once a frame, each row found through a map. */
  #waiting: NotariumEvents['verify-result'][] = [];
  #flushing = false;
  #started = false;

  readonly #notarium: NotariumBridge;
  readonly #refs: FileRefs;

  /** The bridge and the file references: the page's own, or a test's fakes. */
  constructor(notarium: NotariumBridge, refs: FileRefs, options: { now?: () => number; later?: Later } = {}) {
    this.#notarium = notarium;
    this.#refs = refs;
    this.#now = options.now ?? Date.now;
    this.#later = options.later ?? nextFrame;
  }

  start(onOpen: () => void): void {
    if (this.#started) return;
    this.#started = true;
    this.#notarium.on('verify-result', (e) => {
      if (this.#jobs.has(e.jobId)) this.#wait(e);
    });
    // Its results first: a job is over once all of them are shown.
    this.#notarium.on('verify-done', ({ jobId }) => {
      this.#flush();
      this.#end(jobId);
    });
    // The shell names its job before the job's first result.
    this.#notarium.on('open-verify', ({ jobId }) => {
      this.#follow(jobId, this.#newRun());
      onOpen();
    });
  }

  /** A new run, shown after the others (its header comes before its first result). */
  #newRun(): number {
    const run = { id: ++this.#run, at: this.#now() };
    this.runs = [...this.runs, run];
    return run.id;
  }

  #follow(jobId: string, run: number): void {
    this.#jobs.add(jobId);
    this.#runOf.set(jobId, run);
    this.running++;
  }

  #end(jobId: string): void {
    this.#ends.get(jobId)?.();
    this.#ends.delete(jobId);
    this.#files.delete(jobId);
    const run = this.#runOf.get(jobId);
    this.#runOf.delete(jobId);
    if (this.#jobs.delete(jobId)) this.running = Math.max(0, this.running - 1);
    // A run none of whose files stayed its own (each checked again since, say) is not shown once over.
    if (run !== undefined && ![...this.#runOf.values()].includes(run)) this.#dropEmptyRuns();
  }

  #dropEmptyRuns(): void {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup local to this call (eslint-plugin-svelte#1271)
    const live = new Set([...this.#runOf.values(), ...this.#opening]);
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup local to this call (eslint-plugin-svelte#1271)
    const shown = new Set(this.rows.map((r) => r.run));
    if (this.runs.some((r) => !live.has(r.id) && !shown.has(r.id))) this.runs = this.runs.filter((r) => live.has(r.id) || shown.has(r.id));
  }

  #wait(e: NotariumEvents['verify-result']): void {
    this.#waiting.push(e);
    if (this.#flushing) return;
    this.#flushing = true;
    this.#later(() => this.#flush());
  }

  /**
   * The results that came since the last frame. Each: the row of that file of that job if it has
   * one; else the row an earlier run left for the same file, which moves to this run (one line per
   * file: the newest check is what it is now); else a new row.
   */
  #flush(): void {
    this.#flushing = false;
    if (this.#waiting.length === 0) return;
    const results = this.#waiting;
    this.#waiting = [];
    const rows = this.rows.slice();
    const slot = (jobId: string, index: number, inFolder: number | null): string => `${jobId} ${index} ${inFolder}`;
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup local to this call (eslint-plugin-svelte#1271)
    const bySlot = new Map(rows.map((r, i) => [slot(r.jobId, r.index, r.inFolder), i]));
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup local to this call (eslint-plugin-svelte#1271)
    const byFile = new Map<string, number[]>();
    const place = (file: string, i: number): void => void (byFile.get(file)?.push(i) ?? byFile.set(file, [i]));
    rows.forEach((r, i) => r.file !== null && place(r.file, i));
    for (const { jobId, index, inFolder, result } of results) {
      const own = this.#files.get(jobId);
      const run = this.#runOf.get(jobId)!;
      const file = own ? (inFolder === null ? (own[index] ?? null) : null) : result.path;
      let at = bySlot.get(slot(jobId, index, inFolder)) ?? -1;
      if (at === -1 && file !== null) at = byFile.get(file)?.find((i) => rows[i]!.jobId !== jobId) ?? -1;
      if (at === -1) {
        at = rows.push({ key: ++this.#key, run, jobId, index, inFolder, file, result }) - 1;
        if (file !== null) place(file, at);
      } else {
        const was = rows[at]!;
        bySlot.delete(slot(was.jobId, was.index, was.inFolder)); // an earlier job's place, never this row's again
        rows[at] = { ...was, run, jobId, index, inFolder, file, result };
      }
      bySlot.set(slot(jobId, index, inFolder), at);
    }
    this.rows = rows;
  }

  /**
   * Starts one job under an id made here, so that none of its results comes before the page knows it;
   * `files` as in its call. `ended`: the job's end (in an object: an async function's promise would wait for it).
   */
  async #job(run: number, files: [File, FileRef][], start: (jobId: string) => Promise<null>): Promise<{ ended: Promise<void> }> {
    const jobId = crypto.randomUUID();
    this.#files.set(
      jobId,
      files.map(([f, ref]) => sameFile(f, ref)),
    );
    const ended = new Promise<void>((resolve) => this.#ends.set(jobId, resolve));
    this.#follow(jobId, run);
    try {
      await start(jobId);
    } catch (err) {
      this.#end(jobId);
      throw err;
    }
    return { ended };
  }

  async add(files: File[]): Promise<void> {
    this.error = null;
    // While its files upload, an earlier job's end must not take this run for an empty one.
    let run: number | undefined;
    try {
      // A receipt dropped with its file (`x.pdf` + `x.pdf.receipt.json`) is checked against that file.
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a lookup local to this call (eslint-plugin-svelte#1271)
      const receipts = new Map(files.filter((f) => isReceiptName(f.name)).map((f) => [besideReceipt(f.name), f]));
      const content = files.filter((f) => !isReceiptName(f.name));
      const orphanReceipts = [...receipts.entries()].filter(([name]) => !content.some((f) => f.name === name)).map(([, f]) => f);
      if (content.length === 0 && orphanReceipts.length === 0) {
        this.error = t('verify.noFile');
        return;
      }
      const opts = this.offline ? { offline: true } : {};
      run = this.#newRun();
      this.#opening.add(run);
      // A receipt alone: everything but the file digest is checked (the report says so).
      for (const r of orphanReceipts) {
        const ref = await this.#refs.toRef(r);
        await this.#job(run, [[r, ref]], (id) => this.#notarium.verifyReceipt(id, ref, opts));
      }
      const plain = content.filter((f) => !receipts.has(f.name));
      if (plain.length) {
        const refs = await this.#refs.toRefs(plain);
        await this.#job(
          run,
          plain.map((f, i) => [f, refs[i]!]),
          (id) => this.#notarium.verify(id, refs, opts),
        );
      }
      // Files with their receipts: a job for each PAIRS_PER_JOB, each file with its own, uploaded
      // while the jobs before are checked, as long as the shell holds at most FILES_HELD of them.
      const paired = content.filter((c) => receipts.has(c.name));
      const held: { files: number; ended: Promise<void> }[] = [];
      for (let from = 0; from < paired.length; from += PAIRS_PER_JOB) {
        const chunk = paired.slice(from, from + PAIRS_PER_JOB);
        while (held.length > 0 && held.reduce((n, j) => n + j.files, 2 * chunk.length) > FILES_HELD) await held.shift()!.ended;
        const refs = await this.#refs.toRefs([...chunk, ...chunk.map((f) => receipts.get(f.name)!)]);
        const [fileRefs, receiptRefs] = [refs.slice(0, chunk.length), refs.slice(chunk.length)];
        const { ended } = await this.#job(
          run,
          chunk.map((f, i) => [f, fileRefs[i]!]),
          (id) => this.#notarium.verify(id, fileRefs, { ...opts, receipts: receiptRefs }),
        );
        held.push({ files: refs.length, ended });
      }
    } catch (err) {
      this.error = sentence(err);
    } finally {
      if (run !== undefined) this.#opening.delete(run);
      this.#dropEmptyRuns();
    }
  }

  /** Every result, and the filter. */
  clear(): void {
    this.rows = [];
    this.filter = '';
    this.#dropEmptyRuns();
  }

  /** One run's results (its checks still under way keep coming under it). */
  clearRun(id: number): void {
    this.rows = this.rows.filter((r) => r.run !== id);
    this.#dropEmptyRuns();
  }
}

export const verifyState = new VerifyState(notarium, fileRefs);

type Result = Pick<VerificationView, 'status' | 'verifiedOnTestChain'>;
const TONE: Record<VerificationView['status'], Tone> = {
  verified: 'verified',
  'partially-verified': 'partial',
  mismatch: 'mismatch',
  unknown: 'unknown',
  pending: 'pending',
  unreadable: 'unreadable',
};
export const statusTone = (r: Result): Tone => (r.verifiedOnTestChain ? 'test' : TONE[r.status]);

/** Each status's count in the summary ("3 verified"); its badge's word is VERIFY_STATUS_MESSAGES'. */
const COUNT_KEYS = {
  verified: 'verify.counts.verified',
  'partially-verified': 'verify.counts.partiallyVerified',
  mismatch: 'verify.counts.mismatch',
  pending: 'verify.counts.pending',
  unknown: 'verify.counts.unknown',
  unreadable: 'verify.counts.unreadable',
} as const satisfies Record<VerifyStatus, MessageKey>;

/** A test chain's "verified" is its own badge: its proof of work proves nothing, and it never reads as a mainnet proof. */
export const statusWord = (r: Result): string => t(r.verifiedOnTestChain ? VERIFIED_ON_TEST_CHAIN_MESSAGE : VERIFY_STATUS_MESSAGES[r.status]);

/** How many results have a status, in words ("3 verified"), for the summary above them. */
export const statusCount = (status: VerifyStatus, count: number): string => t(COUNT_KEYS[status], { count });

/** A verification step's status in a word (one this page does not know, from a newer engine, as it is). */
export const stepWord = (status: string): string =>
  Object.hasOwn(STEP_STATUS_MESSAGES, status) ? t(STEP_STATUS_MESSAGES[status as keyof typeof STEP_STATUS_MESSAGES]) : status;

export function toCsv(rows: Row[]): string {
  const cell = (v: string | null | undefined): string => {
    const s = (v ?? '').replace(/^[=+\-@\t\r]/, "'$&"); // no formulas in spreadsheets
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const head = ['status', 'file', 'outcome', 'txId', 'message'].join(',');
  const lines = rows.map(({ result: r }) => [statusWord(r), r.name, r.outcome, r.txId, r.message].map(cell).join(','));
  return [head, ...lines].join('\r\n') + '\r\n';
}
