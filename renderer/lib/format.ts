import type { RecordState, RecordView, VerificationView } from '../../preload/contract.ts';

import { duration } from '../../preload/duration.ts';
import { importedNeverMined, importedPartial, importedPending } from '../../preload/record-states.ts';
import { visibleName } from '../../preload/visible-text.ts';
import { locale, t } from './locale.svelte.ts';

/**
 * Spans of time said as the CLI says them; names and paths from outside shown with invisible and
 * reordering characters escaped (see visible-text.ts).
 */
export { duration, importedPartial, importedPending, visibleName };

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

/** Each state's words in the page's language (getters: read where they are shown, they follow a change of language). */
export const STATE_LABEL: Readonly<Record<RecordState, string>> = {
  // Not late and not failed: a version waits, by design, for its predecessor to be mined.
  get queued() {
    return t('records.queued');
  },
  get submitting() {
    return t('records.submitting');
  },
  get published() {
    return t('records.published');
  },
  get confirmed() {
    return t('records.confirmed');
  },
  get settled() {
    return t('records.settled');
  },
  get rejected() {
    return t('records.rejected');
  },
  get failed() {
    return t('records.failed');
  },
  get superseded() {
    return t('records.superseded');
  },
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

/**
 * A record's place in its document, as a list row's tag: "v2" for a version (Documents says
 * "Version 2"), Final for the finalisation; null for a record of no document.
 */
export function documentTag(r: Pick<RecordView, 'kind' | 'version'>): { label: string; title: string } | null {
  if (r.kind === 'linked-delete') return { label: t('records.final'), title: t('records.finalTitle') };
  if (r.version === null) return null;
  return { label: t('records.versionTag', { version: r.version }), title: t('records.versionTitle', { version: r.version }) };
}

/** A record in a block, on its way to settled: its confirmations counted against its own profile's target. */
export function confirmationsText(r: Pick<RecordView, 'confirmations' | 'targetConfirmations'>): string {
  const { confirmations: n, targetConfirmations: target } = r;
  return target ? t('records.confirmationsOf', { count: n, target }) : t('records.confirmations', { count: n });
}

export function stateText(r: Pick<RecordView, 'state' | 'confirmations' | 'targetConfirmations'>): string {
  if (r.state === 'confirmed') return confirmationsText(r);
  return STATE_LABEL[r.state];
}

/**
 * A registration whose send could not reach the service (RecordView.notSent): nothing sent yet and
 * nothing lost, so the queued look (an hourglass, a dotted edge), never a failure's red.
 */
export const NOT_SENT_BADGE: { readonly tone: Tone; readonly label: string } = {
  tone: 'queued',
  get label() {
    return t('records.notSent');
  },
};

/**
 * A record's badge: its state, except for a record imported from a partially verified receipt,
 * whose state is only what that receipt claimed (it is never shown as settled), one imported from a
 * pending receipt (never shown as the library's own on its way, nor as settled, nor as its own
 * failure once no longer followed), an import rejected (never a rejection of the library's own),
 * and one that was not sent.
 */
export function recordBadge(r: Pick<RecordView, 'state' | 'confirmations' | 'targetConfirmations' | 'proofOutcome' | 'notSent'>): {
  tone: Tone;
  label: string;
} {
  const imported = importedPartial(r) || importedPending(r);
  // Someone else's registration that no block took while it was followed: evidence that came to nothing, not a failure of the library's.
  if (importedNeverMined(r)) return { tone: 'unknown', label: t('records.importedNeverMined') };
  if (imported && (r.state === 'rejected' || r.state === 'failed')) return { tone: STATE_TONE[r.state], label: t('records.importedRejected') };
  // A pending import its service shows in a block, not yet verified fully: imported evidence that proved part of its claim.
  if (importedPartial(r) || (imported && (r.state === 'confirmed' || r.state === 'settled'))) return { tone: 'partial', label: t('records.importedPartial') };
  if (importedPending(r)) return { tone: 'partial', label: t('records.importedPending') };
  if (r.notSent) return { tone: NOT_SENT_BADGE.tone, label: NOT_SENT_BADGE.label };
  return { tone: STATE_TONE[r.state], label: stateText(r) };
}

/** A verified file's place in its batch (VerificationView.batch): as the library knows it, or only that it is one of a batch's. */
export function batchLine(b: NonNullable<VerificationView['batch']>): string {
  if (b.id === null || b.files === null || b.position === null) return t('records.batchUnknown');
  return t('records.batchKnown', { position: number(b.position + 1), files: number(b.files), batch: b.id });
}
