import type { MessageKey } from '../../../preload/i18n/message-types.ts';
import type { ItemRef, NotariumBridge, RecordState, RecordView } from '../../../preload/contract.ts';
import { anchorsBatch, itemKey, itemOf } from '../../../preload/library-item.ts';
import { groupOf, isLive, PENDING_STATES } from '../../../preload/record-states.ts';
import { notarium, sentence } from '../../lib/bridge.ts';
import { SvelteMap } from 'svelte/reactivity';

/**
 * Library: a window onto every file registered (a registration of a file, or one file of a batch:
 * library-item.ts), fetched in pages as the list scrolls (the list renders only the rows in view).
 * record-updated patches loaded rows; a new record, or news of a batch's registration (its files
 * are the rows), reloads the window, and so does library-changed (another process wrote to the
 * library). The list may be narrowed to one batch's files (`batch`).
 */

export const PAGE = 200;

export type Filter = 'all' | 'pending' | 'queued' | 'settled' | 'problems';
export type Sort = 'created' | 'name' | 'state' | 'confirmations';

/** The state filter's choices, in the order shown, each with its words' key. */
export const FILTERS = [
  ['all', 'library.filterAll'],
  ['pending', 'library.filterPending'],
  ['queued', 'library.filterQueued'],
  ['settled', 'library.filterSettled'],
  ['problems', 'library.filterProblems'],
] as const satisfies readonly (readonly [Filter, MessageKey])[];

/** The orders the list can be sorted in, each with its words' key. */
export const SORTS = [
  ['created', 'library.sortDate'],
  ['name', 'library.sortName'],
  ['state', 'library.sortState'],
  ['confirmations', 'common.confirmations'],
] as const satisfies readonly (readonly [Sort, MessageKey])[];

// Superseded rows are never a registration of the file: the library's query leaves them out.
const FILTER_STATES: Record<Filter, RecordState[] | undefined> = {
  all: undefined,
  pending: [...PENDING_STATES],
  queued: ['queued'],
  settled: ['settled'],
  problems: ['failed', 'rejected'],
};

/** Filters of the library's own registrations alone: Pending counts as the sidebar does, never imported evidence. */
const OWN_ONLY: Record<Filter, boolean> = { all: false, pending: true, queued: false, settled: false, problems: false };

export class LibraryState {
  search = $state('');
  filter = $state<Filter>('all');
  sort = $state<Sort>('created');
  direction = $state<'asc' | 'desc'>('desc');
  total = $state(0);
  /** A search that finds many is counted only so far: more than `total` rows match, and scrolling towards the end counts further. */
  capped = $state(false);
  loaded = $state(false);
  error = $state<string | null>(null);
  /** The selected row's key (library-item.ts itemKey). */
  selectedKey = $state<string | null>(null);
  selected = $state<RecordView | null>(null);
  /** Only this batch's files are listed (its registration's txId, for the words saying so). */
  batch = $state<{ id: number; files: number | null; txId: string | null } | null>(null);
  /** Pages by index; a page being fetched is present as null. */
  readonly pages = new SvelteMap<number, RecordView[] | null>();
  /**
   * Each record's latest news (record-updated) since the window was last read: an answer to a read
   * may have left the core before news that came first, and the news is never older than what the
   * core wrote before sending it, so the news wins over the answer.
   */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- consulted when an answer comes, never shown
  readonly #news = new Map<number, RecordView>();
  #generation = 0;
  #started = false;
  #reloadTimer: ReturnType<typeof setTimeout> | null = null;
  #searchTimer: ReturnType<typeof setTimeout> | null = null;
  readonly #notarium: NotariumBridge;

  /** The bridge: the page's own, or a test's fake. */
  constructor(notarium: NotariumBridge) {
    this.#notarium = notarium;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#notarium.on('record-updated', (r) => this.#updated(r));
    // Written by another process (a command beside the app): new rows, rows moved on, rows removed.
    this.#notarium.on('library-changed', () => void this.#elsewhere());
    void this.reload();
  }

  async #elsewhere(): Promise<void> {
    await this.reload();
    await this.#refreshSelected();
  }

  /** The selection read again (news elsewhere, or of its batch's registration); gone: unselected. */
  async #refreshSelected(): Promise<void> {
    const shown = this.selected;
    const key = this.selectedKey;
    if (!shown || key === null) return;
    try {
      const fresh = await this.#notarium.getRecord(itemOf(shown));
      if (this.selectedKey === key) this.selected = (key.startsWith('r') && this.#news.get(fresh.id)) || fresh;
    } catch {
      if (this.selectedKey === key) void this.select(null); // removed elsewhere
    }
  }

  row(index: number): RecordView | undefined {
    return this.pages.get(Math.floor(index / PAGE))?.[index % PAGE];
  }

  /** Makes sure the rows [from, to) are loaded. */
  ensure(from: number, to: number): void {
    const last = Math.min(Math.ceil(Math.min(to, this.total) / PAGE), Math.ceil(this.total / PAGE));
    for (let p = Math.max(0, Math.floor(from / PAGE)); p < last; p++) if (!this.pages.has(p)) void this.#fetch(p);
  }

  async #fetch(page: number): Promise<void> {
    const gen = this.#generation;
    this.pages.set(page, null);
    try {
      const answer = await this.#notarium.queryRecords(this.#query(page * PAGE));
      if (gen !== this.#generation) return;
      this.#counted(answer);
      this.pages.set(page, this.#newest(answer.records));
      this.error = null;
      this.#followListed(answer.records);
    } catch (err) {
      if (gen !== this.#generation) return;
      this.pages.delete(page);
      this.error = sentence(err);
    }
  }

  #query(offset: number) {
    const states = FILTER_STATES[this.filter];
    const search = this.search.trim();
    return {
      limit: PAGE,
      offset,
      sort: this.sort,
      direction: this.direction,
      ...(states ? { states } : {}),
      ...(OWN_ONLY[this.filter] ? { own: true } : {}),
      ...(search ? { search } : {}),
      ...(this.batch ? { batch: this.batch.id } : {}),
    };
  }

  async reload(): Promise<void> {
    const gen = ++this.#generation;
    this.#news.clear();
    try {
      const { records, total, capped } = await this.#notarium.queryRecords(this.#query(0));
      if (gen !== this.#generation) return;
      this.total = total;
      this.capped = capped === true;
      this.pages.clear();
      this.pages.set(0, this.#newest(records));
      this.error = null;
      this.#followListed(records);
    } catch (err) {
      if (gen === this.#generation) this.error = sentence(err);
    } finally {
      if (gen === this.#generation) this.loaded = true;
    }
  }

  /**
   * The count a later page brings: an exact one is the list's size; a capped one (a page further
   * on counts further) never shortens a capped list, so a page read again above the view leaves
   * the list under it as long as it was.
   */
  #counted({ total, capped }: { total: number; capped?: true }): void {
    this.total = capped === true && this.capped ? Math.max(this.total, total) : total;
    this.capped = capped === true;
  }

  searchChanged(): void {
    if (this.#searchTimer) clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => void this.reload(), 250);
  }

  /** Lists only the files of this row's batch (null: every file again). */
  showBatch(r: RecordView | null): void {
    this.batch = r?.batch ? { id: r.batch.id, files: r.batch.files, txId: r.txId } : null;
    void this.reload();
  }

  /** Selects a row (its view, or how calls name it). */
  async select(item: RecordView | ItemRef | null): Promise<void> {
    const ref = item === null || typeof item === 'number' || 'member' in item ? item : itemOf(item);
    const key = ref === null ? null : typeof ref === 'number' ? `r${ref}` : `m${ref.member}`;
    this.selectedKey = key;
    this.selected = null;
    if (ref === null) return;
    const known = this.#find(key!);
    if (known) this.selected = known;
    try {
      const fresh = await this.#notarium.getRecord(ref);
      if (this.selectedKey !== key) return;
      // A batch's registration (a notification's) is no row: its files are, listed for it.
      if (anchorsBatch(fresh)) {
        this.selectedKey = null;
        this.showBatch(fresh);
      } else if (fresh.state === 'superseded' && fresh.supersededBy !== null) {
        // A row clicked just as a block made another submission the registration (its row not yet
        // read again): the details show the registration, as #followRegistration makes them.
        await this.select(fresh.supersededBy);
      } else this.selected = fresh;
    } catch (err) {
      this.error = sentence(err);
    }
  }

  /** Removes a record never sent (the details asked first): it leaves the list and the details. */
  async removeNotSent(id: number): Promise<void> {
    await this.#notarium.removeNotSent(id);
    if (this.selected?.id === id) void this.select(null);
    await this.reload();
  }

  #find(key: string): RecordView | undefined {
    for (const page of this.pages.values()) {
      const r = page?.find((x) => itemKey(x) === key);
      if (r) return r;
    }
    return undefined;
  }

  /** A row as the latest news has it: a registration's news is its own row's (a batch's files are read again instead). */
  #newest(records: readonly RecordView[]): RecordView[] {
    return records.map((r) => (r.batch?.member == null && this.#news.get(r.id)) || r);
  }

  #updated(r: RecordView): void {
    // A batch's registration: its files are the rows (and maybe the selection), each itself with the registration's state.
    if (anchorsBatch(r)) {
      const shown = this.selected;
      if (shown && groupOf(shown) === groupOf(r)) void this.#refreshSelected();
      return this.#reloadSoon();
    }
    this.#news.set(r.id, r);
    if (this.selectedKey === `r${r.id}`) this.selected = r;
    this.#followRegistration(r);
    // A row that no longer belongs in the list (superseded: never a registration; or out of the
    // filter's states now) is not patched but dropped, by reloading the window.
    const states = FILTER_STATES[this.filter];
    if (r.state === 'superseded' || (states && !states.includes(r.state))) return this.#reloadSoon();
    let found = false;
    for (const [p, page] of this.pages) {
      const i = page?.findIndex((x) => itemKey(x) === itemKey(r)) ?? -1;
      if (page && i >= 0) {
        found = true;
        const copy = page.slice();
        copy[i] = r;
        this.pages.set(p, copy);
      }
    }
    if (!found) this.#reloadSoon(); // a record the window has not seen (new, or now matching the filter)
  }

  /**
   * The details show a registration, not one submission of it: when it is sent again (or found on
   * the chain) the newer submission takes the selection's place, as it takes the row's; when a
   * block makes another submission the registration, that one does.
   */
  #followRegistration(r: RecordView): void {
    const shown = this.selected;
    if (!shown) return;
    if (r.id === shown.id && r.state === 'superseded' && r.supersededBy !== null) void this.select(r.supersededBy);
    else this.#followListed([r]);
  }

  /**
   * The selection follows a newer live submission of its registration among these rows: one just
   * made, or one a reloaded window shows in place of the row that was clicked (the registration was
   * sent again while it was clicked).
   */
  #followListed(rows: readonly RecordView[]): void {
    const shown = this.selected;
    if (!shown) return;
    // A batch's file follows its registration in the core: its row is the same file whichever submission that is.
    if (shown.batch?.member != null) return;
    const newer = rows.find((r) => r.id > shown.id && isLive(r) && groupOf(r) === groupOf(shown));
    if (newer) {
      this.selectedKey = itemKey(newer);
      this.selected = newer;
    }
  }

  /** Reloads the window, at most twice a second. */
  #reloadSoon(): void {
    if (this.#reloadTimer !== null) return;
    this.#reloadTimer = setTimeout(() => {
      this.#reloadTimer = null;
      void this.reload();
    }, 500);
  }
}

export const library = new LibraryState(notarium);
