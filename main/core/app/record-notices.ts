import { dirname } from 'node:path';
import type { NoticeView, RecordState, RecordView } from '../../../preload/contract.ts';
import type { Translate } from '../../../preload/i18n/message-types.ts';
import { translator } from '../../../preload/i18n/translator.ts';
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
 * Where the receipts of registrations in a block are: written beside their files (`beside`), or
 * elsewhere in their folders (a watched folder's .notarium/), or only in the Library — the web
 * shell's files are uploads, and no receipt is written beside an upload; there it is downloaded
 * from the Library.
 */
export function receiptPlace(records: readonly Pick<RecordView, 'path' | 'receiptPath'>[], shell: Shell): 'beside' | 'folder' | 'library' | 'download' {
  const written = records.every((r) => r.receiptPath !== null && r.path !== null);
  if (written && records.every((r) => dirname(r.receiptPath!) === dirname(r.path!))) return 'beside';
  if (written) return 'folder';
  return shell === 'web' ? 'download' : 'library';
}

/** The same, as an English sentence's end, for the engine's own sentences (an already-a-record's message). */
export function receiptPlaceWords(records: readonly Pick<RecordView, 'path' | 'receiptPath'>[], shell: Shell): string {
  const many = records.length > 1;
  const receipt = many ? 'their receipts are' : 'the receipt is';
  return {
    beside: many ? 'each receipt is saved beside its file' : 'the receipt is saved beside the file',
    folder: many ? 'each receipt is saved with its file' : "the receipt is saved in the file's folder",
    library: `${receipt} in the Library`,
    download: `${receipt} in the Library, to download`,
  }[receiptPlace(records, shell)];
}

const IN_BLOCK = {
  beside: ['notices.besideOne', 'notices.besideMany'],
  folder: ['notices.folderOne', 'notices.folderMany'],
  library: ['notices.libraryOne', 'notices.libraryMany'],
  download: ['notices.downloadOne', 'notices.downloadMany'],
} as const;

/**
 * The words for one outcome of one or more records, in the language the page shows (`t`: English
 * until a page has said), and which record a click opens.
 */
export function noticeFor(outcome: Outcome, records: readonly RecordView[], shell: Shell, t: Translate = translator('en')): NoticeView {
  const count = records.length;
  const name = count === 1 ? records[0]!.name : null;
  const about = { outcome, recordId: count === 1 ? records[0]!.id : null, tag: `notarium-${outcome}-${records.map((r) => r.id).join('-')}` };
  switch (outcome) {
    case 'confirmed':
      return {
        ...about,
        title: name ? t('notices.confirmedOne', { name }) : t('notices.confirmed', { count }),
        body: t(IN_BLOCK[receiptPlace(records, shell)][name ? 0 : 1]),
      };
    case 'settled':
      return { ...about, title: name ? t('notices.settledOne', { name }) : t('notices.settled', { count }), body: t('notices.settledBody') };
    case 'failed':
      return {
        ...about,
        title: name ? t('notices.failedOne', { name }) : t('notices.failed', { count }),
        body: (name && records[0]!.lastError) || t('notices.failedBody'),
      };
    case 'rejected':
      return { ...about, title: name ? t('notices.rejectedOne', { name }) : t('notices.rejected', { count }), body: t('notices.rejectedBody') };
  }
}

export interface NotifierOptions {
  show(notice: NoticeView): void;
  /** The shell the notices are shown in: where a receipt is depends on it. */
  shell: Shell;
  /** Outcomes arriving within this many ms are shown together (default 1500). */
  coalesceMs?: number;
  /** The words of the moment (the language the page shows); English when not given. */
  words?: () => Translate;
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
    for (const [outcome, records] of waiting) this.options.show(noticeFor(outcome, records, this.options.shell, this.options.words?.()));
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
