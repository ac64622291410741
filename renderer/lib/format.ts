import type { RecordState, RecordView, VerificationView } from '../../preload/contract.ts';

import { duration } from '../../preload/duration.ts';
import { importedPartial } from '../../preload/record-states.ts';
import { visibleName } from '../../preload/visible-text.ts';
import { locale } from './locale.svelte.ts';

/**
 * Spans of time said as the CLI says them; names and paths from outside shown with invisible and
 * reordering characters escaped (see visible-text.ts).
 */
export { duration, importedPartial, visibleName };

/** A size in the page's language's number format. */
export function bytes(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : locale.fmt.bytes(n);
}

/** A count in the page's language's number format ("1,234", "1 234", "1.234"). */
export const number = (n: number): string => locale.fmt.number(n);

/** A time of day in the page's language's format. */
export const timeOfDay = (ms: number | string): string => locale.fmt.timeOfDay(new Date(ms));

export function time(ms: number | string | null | undefined): string {
  if (ms === null || ms === undefined || ms === '') return '—';
  const d = new Date(ms);
  // Not a time: shown as given (a receipt's blockTimestamp can be any text), its invisible characters escaped.
  return Number.isNaN(d.getTime()) ? visibleName(String(ms)) : locale.fmt.dateTime(d);
}

/**
 * `partial`: partially verified, never verified; `test`: verified on a test chain, whose proof of
 * work proves nothing; `queued`: a version kept back until its predecessor's block, not yet sent;
 * `unreadable`: a file or receipt that could not be read, never to look like a mismatch.
 */
export type Tone = 'verified' | 'partial' | 'test' | 'pending' | 'queued' | 'paused' | 'mismatch' | 'unknown' | 'unreadable';

export const STATE_LABEL: Record<RecordState, string> = {
  // Not late and not failed: a version waits, by design, for its predecessor to be mined.
  queued: "Queued — waiting for the previous version's block",
  submitting: 'Submitting',
  published: 'Waiting for a block',
  confirmed: 'Confirming',
  settled: 'Settled',
  rejected: 'Rejected',
  failed: 'Failed',
  superseded: 'Superseded — not the registration',
};

export const STATE_TONE: Record<RecordState, Tone> = {
  queued: 'queued',
  submitting: 'pending',
  published: 'pending',
  confirmed: 'pending',
  settled: 'verified',
  rejected: 'mismatch',
  failed: 'mismatch',
  superseded: 'unknown',
};

/** A document's finalisation record (linked-delete), and a finalised document, in every screen's words. */
export const FINAL_LABEL = 'Final';
/** A finalised document whose final record is not in a block yet: closed to versions, not final on the chain. */
export const FINALISING_LABEL = 'Finalising';

/**
 * A record's place in its document, as a list row's tag: "v2" for a version (Documents says
 * "Version 2"), Final for the finalisation; null for a record of no document.
 */
export function documentTag(r: Pick<RecordView, 'kind' | 'version'>): { label: string; title: string } | null {
  if (r.kind === 'linked-delete') return { label: FINAL_LABEL, title: 'The record that closed its document to new versions' };
  if (r.version === null) return null;
  return { label: `v${r.version}`, title: `Version ${r.version} of its document` };
}

/** A record in a block, on its way to settled: its confirmations counted against its own profile's target. */
export function confirmationsText(r: Pick<RecordView, 'confirmations' | 'targetConfirmations'>): string {
  const { confirmations: n, targetConfirmations: target } = r;
  return target ? `${n} of ${target} confirmations` : `${n} confirmation${n === 1 ? '' : 's'}`;
}

export function stateText(r: Pick<RecordView, 'state' | 'confirmations' | 'targetConfirmations'>): string {
  if (r.state === 'confirmed') return confirmationsText(r);
  return STATE_LABEL[r.state];
}

/**
 * A registration whose send could not reach the service (RecordView.notSent): nothing sent yet and
 * nothing lost, so the queued look (an hourglass, a dotted edge), never a failure's red.
 */
export const NOT_SENT_BADGE: { tone: Tone; label: string } = { tone: 'queued', label: 'Not sent' };

/** What became of a registration that was not sent, and when the engine sends it (in-doubt.ts: never sent, so it is sent). */
export const NOT_SENT_NOTE =
  'Nothing was registered. Notarium sends it once it can reach the service: at its next start, at the next notarisation with this profile, or when another registration of this profile gets into a block.';

/**
 * A record's badge: its state, except for a record imported from a partially verified receipt,
 * whose state is only what that receipt claimed (it is never shown as settled), and one that was not sent.
 */
export function recordBadge(r: Pick<RecordView, 'state' | 'confirmations' | 'targetConfirmations' | 'proofOutcome' | 'notSent'>): {
  tone: Tone;
  label: string;
} {
  if (importedPartial(r) && r.state !== 'rejected' && r.state !== 'failed') return { tone: 'partial', label: 'Imported · partially verified' };
  if (r.notSent) return NOT_SENT_BADGE;
  return { tone: STATE_TONE[r.state], label: stateText(r) };
}

/** A verified file's place in its batch (VerificationView.batch): as the library knows it, or only that it is one of a batch's. */
export function batchLine(b: NonNullable<VerificationView['batch']>): string {
  if (b.id === null || b.files === null || b.position === null)
    return "One of a batch's files, anchored together by this transaction: its receipt proves it alone (this library does not know the batch).";
  return `File ${(b.position + 1).toLocaleString()} of ${b.files.toLocaleString()} anchored together by this transaction (batch ${b.id}, as this library knows it); its receipt proves it alone.`;
}
