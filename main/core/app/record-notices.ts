import { dirname } from 'node:path';
import type { NoticeView, RecordState, RecordView } from '../../../preload/contract.ts';
import type { ShellAbilities } from './shell-abilities.ts';

/**
 * The one place that decides which registrations deserve a notification, and its words: an
 * outcome reached (in a block, settled, failed, rejected). Only transitions this session saw count
 * (a known earlier state, then a different one), so a record touched for another reason never
 * notifies twice; a batch arriving together becomes one notice per outcome instead of hundreds.
 * The app service sends each notice as an event; each shell shows it its own way (Electron: a
 * native notification; the web shell's page: the browser's Notification API).
 */

export type Outcome = NoticeView['outcome'];
const OUTCOMES: ReadonlySet<RecordState> = new Set<Outcome>(['confirmed', 'settled', 'failed', 'rejected']);

/** The outcome a change of state reports, or null when it is not news. */
export function outcomeOf(before: RecordState | undefined, record: Pick<RecordView, 'state'>): Outcome | null {
  if (before === undefined || before === record.state || !OUTCOMES.has(record.state)) return null;
  return record.state as Outcome;
}

type Shell = ShellAbilities['shell'];

/**
 * Where the receipts of registrations in a block are, as a sentence's end: written beside their
 * files (or in a watched folder's .notarium/), or only in the Library — the web shell's files are
 * uploads, and no receipt is written beside an upload; there it is downloaded from the Library.
 */
export function receiptPlaceWords(records: readonly Pick<RecordView, 'path' | 'receiptPath'>[], shell: Shell): string {
  const many = records.length > 1;
  const written = records.every((r) => r.receiptPath !== null && r.path !== null);
  if (written && records.every((r) => dirname(r.receiptPath!) === dirname(r.path!)))
    return many ? 'each receipt is saved beside its file' : 'the receipt is saved beside the file';
  if (written) return many ? 'each receipt is saved with its file' : "the receipt is saved in the file's folder";
  const receipt = many ? 'their receipts are' : 'the receipt is';
  return shell === 'web' ? `${receipt} in the Library, to download` : `${receipt} in the Library`;
}

/** The words for one outcome of one or more records, and which record a click opens. */
export function noticeFor(outcome: Outcome, records: readonly RecordView[], shell: Shell): NoticeView {
  const n = records.length;
  const one = n === 1 ? `“${records[0]!.name}”` : null;
  const about = { outcome, recordId: n === 1 ? records[0]!.id : null, tag: `notarium-${outcome}-${records.map((r) => r.id).join('-')}` };
  switch (outcome) {
    case 'confirmed':
      return {
        ...about,
        title: one ? `${one} is notarised` : `${n} files are notarised`,
        body: `${one ? 'Its registration is' : 'Their registrations are'} in a block; ${receiptPlaceWords(records, shell)}.`,
      };
    case 'settled':
      return { ...about, title: one ? `${one} is settled` : `${n} files are settled`, body: 'The registration has the confirmations its profile asks for.' };
    case 'failed':
      return {
        ...about,
        title: one ? `${one} could not be notarised` : `${n} files could not be notarised`,
        body: (one && records[0]!.lastError) || 'Open Notarium to see why.',
      };
    case 'rejected':
      return {
        ...about,
        title: one ? `${one} was rejected` : `${n} registrations were rejected`,
        body: 'The service did not keep the registration. Open Notarium to notarise again.',
      };
  }
}

export interface NotifierOptions {
  show(notice: NoticeView): void;
  /** The shell the notices are shown in: where a receipt is depends on it. */
  shell: Shell;
  /** Outcomes arriving within this many ms are shown together (default 1500). */
  coalesceMs?: number;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
}

const MAX_TRACKED = 50_000;

export class Notifier {
  private readonly states = new Map<number, RecordState>();
  private readonly waiting = new Map<Outcome, RecordView[]>();
  private timer: unknown = null;

  constructor(private readonly options: NotifierOptions) {}

  /** The states known at start (pending records), so their first change this session counts. */
  seed(records: readonly Pick<RecordView, 'id' | 'state'>[]): void {
    for (const record of records) if (!this.states.has(record.id)) this.remember(record);
  }

  update(record: RecordView): void {
    const outcome = outcomeOf(this.states.get(record.id), record);
    this.remember(record);
    if (!outcome) return;
    const list = this.waiting.get(outcome) ?? [];
    list.push(record);
    this.waiting.set(outcome, list);
    if (this.timer === null) this.timer = (this.options.setTimer ?? setTimeout)(() => this.flush(), this.options.coalesceMs ?? 1500);
  }

  flush(): void {
    this.timer = null;
    const waiting = [...this.waiting];
    this.waiting.clear();
    for (const [outcome, records] of waiting) this.options.show(noticeFor(outcome, records, this.options.shell));
  }

  /** Nothing more is shown (the service closes). */
  dispose(): void {
    if (this.timer !== null) (this.options.clearTimer ?? ((t) => clearTimeout(t as NodeJS.Timeout)))(this.timer);
    this.timer = null;
    this.waiting.clear();
  }

  private remember(record: Pick<RecordView, 'id' | 'state'>): void {
    this.states.delete(record.id); // re-insert: the map's order is recency, the oldest go first
    this.states.set(record.id, record.state);
    if (this.states.size > MAX_TRACKED) this.states.delete(this.states.keys().next().value!);
  }
}
