import type { RecordState, RecordView } from '../../preload/contract.ts';

/** Names and paths from outside, shown with invisible and reordering characters escaped (see visible-text.ts). */
export { visibleName } from '../../preload/visible-text.ts';

export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function time(ms: number | string | null | undefined): string {
  if (ms === null || ms === undefined || ms === '') return '—';
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(ms) : dateFmt.format(d);
}

export function short(hash: string | null | undefined, n = 10): string {
  if (!hash) return '—';
  return hash.length > n * 2 + 1 ? `${hash.slice(0, n)}…${hash.slice(-n)}` : hash;
}

/** `partial`: partially verified, never verified; `test`: verified on a test chain, whose proof of work proves nothing. */
export type Tone = 'verified' | 'partial' | 'test' | 'pending' | 'mismatch' | 'unknown';

export const STATE_LABEL: Record<RecordState, string> = {
  hashing: 'Hashing',
  submitting: 'Submitting',
  published: 'Waiting for a block',
  confirmed: 'Confirming',
  settled: 'Settled',
  rejected: 'Rejected',
  failed: 'Failed',
};

export const STATE_TONE: Record<RecordState, Tone> = {
  hashing: 'pending',
  submitting: 'pending',
  published: 'pending',
  confirmed: 'pending',
  settled: 'verified',
  rejected: 'mismatch',
  failed: 'mismatch',
};

export function stateText(r: Pick<RecordView, 'state' | 'confirmations'>): string {
  if (r.state === 'confirmed') return `${r.confirmations} confirmation${r.confirmations === 1 ? '' : 's'}`;
  return STATE_LABEL[r.state];
}
