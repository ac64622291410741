import type { VerificationView } from '../../../preload/contract.ts';
import { besideReceipt, isReceiptName } from '../../../preload/notarium-files.ts';
import { notarium, sentence, toRef, toRefs } from '../../lib/bridge.ts';
import type { Tone } from '../../lib/format.ts';

/** Verify: results from verify-result events, for the jobs this page started (or was asked to open). */

export interface Row {
  key: number;
  jobId: string;
  result: VerificationView;
}

class VerifyState {
  rows = $state<Row[]>([]);
  running = $state(0);
  error = $state<string | null>(null);
  offline = $state(false);
  #jobs = new Set<string>();
  #early = new Map<string, VerificationView[]>();
  #key = 0;
  #started = false;

  start(onOpen: () => void): void {
    if (this.#started) return;
    this.#started = true;
    notarium.on('verify-result', ({ jobId, result }) => {
      if (this.#jobs.has(jobId)) this.#push(jobId, result);
      else this.#early.set(jobId, [...(this.#early.get(jobId) ?? []), result]);
    });
    notarium.on('verify-done', ({ jobId }) => {
      if (this.#jobs.delete(jobId)) this.running = Math.max(0, this.running - 1);
      else setTimeout(() => this.#early.delete(jobId), 5_000);
    });
    notarium.on('open-verify', ({ jobId }) => {
      this.#own(jobId);
      onOpen();
    });
  }

  #own(jobId: string): void {
    this.#jobs.add(jobId);
    this.running++;
    for (const r of this.#early.get(jobId) ?? []) this.#push(jobId, r);
    this.#early.delete(jobId);
  }

  #push(jobId: string, result: VerificationView): void {
    this.rows = [...this.rows, { key: ++this.#key, jobId, result }];
  }

  async add(files: File[]): Promise<void> {
    this.error = null;
    try {
      // A receipt dropped with its file (`x.pdf` + `x.pdf.receipt.json`) is checked against that file.
      const receipts = new Map(files.filter((f) => isReceiptName(f.name)).map((f) => [besideReceipt(f.name), f]));
      const content = files.filter((f) => !isReceiptName(f.name));
      const orphanReceipts = [...receipts.entries()].filter(([name]) => !content.some((f) => f.name === name)).map(([, f]) => f);
      if (content.length === 0 && orphanReceipts.length === 0) {
        this.error = 'There was no file to verify.';
        return;
      }
      const opts = this.offline ? { offline: true } : {};
      // A receipt alone: everything but the file digest is checked (the report says so).
      for (const r of orphanReceipts) this.#own((await notarium.verifyReceipt(await toRef(r), opts)).jobId);
      const plain = content.filter((f) => !receipts.has(f.name));
      if (plain.length) this.#own((await notarium.verify(await toRefs(plain), opts)).jobId);
      for (const f of content.filter((c) => receipts.has(c.name))) {
        const [file, receipt] = await toRefs([f, receipts.get(f.name)!]);
        this.#own((await notarium.verify([file!], { ...opts, receipt })).jobId);
      }
    } catch (err) {
      this.error = sentence(err);
    }
  }

  clear(): void {
    this.rows = [];
  }
}

export const verifyState = new VerifyState();

type Result = Pick<VerificationView, 'status' | 'verifiedOnTestChain'>;
const STATUS: Record<VerificationView['status'], { word: string; tone: Tone }> = {
  verified: { word: 'Verified', tone: 'verified' },
  'partially-verified': { word: 'Partially verified', tone: 'partial' },
  mismatch: { word: 'Mismatch', tone: 'mismatch' },
  unknown: { word: 'Unknown', tone: 'unknown' },
  pending: { word: 'Pending', tone: 'pending' },
};
/** A test chain's "verified" is its own badge: its proof of work proves nothing, and it never reads as a mainnet proof. */
export const statusWord = (r: Result): string => (r.verifiedOnTestChain ? 'Verified · test chain' : STATUS[r.status].word);
export const statusTone = (r: Result): Tone => (r.verifiedOnTestChain ? 'test' : STATUS[r.status].tone);

export function toCsv(rows: Row[]): string {
  const cell = (v: string | null | undefined): string => {
    const s = (v ?? '').replace(/^[=+\-@\t\r]/, "'$&"); // no formulas in spreadsheets
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const head = ['status', 'file', 'outcome', 'txId', 'message'].join(',');
  const lines = rows.map(({ result: r }) => [statusWord(r), r.name, r.outcome, r.txId, r.message].map(cell).join(','));
  return [head, ...lines].join('\r\n') + '\r\n';
}
