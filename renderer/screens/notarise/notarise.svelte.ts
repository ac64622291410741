import { SvelteSet } from 'svelte/reactivity';
import type { DocumentView, JobFile, NotariumBridge, NotariumEvents, RecordState, RecordView } from '../../../preload/contract.ts';
import { anchorsBatch, isBatchFile } from '../../../preload/library-item.ts';
import { inBlock } from '../../../preload/record-states.ts';
import { fileRefs, notarium, sentence, type FileRefs } from '../../lib/bridge.ts';
import { errorText } from '../../lib/engine-text.ts';
import { pageKept, type Kept } from '../../lib/kept.ts';
import { t } from '../../lib/locale.svelte.ts';

/**
 * Notarise: files in flight, driven by notarise-progress / notarise-done / record-updated. The files
 * of one drop are one batch (docs/design/batches-and-rounds.md): anchored by one registration, which the screen shows
 * once with the drop's files under it (`group`), unless "Register each file separately" is chosen.
 */

/**
 * Before its record exists a file goes through the job's phases (`waiting`: read, its turn not yet
 * come; `retrying`: a send failed transiently and is tried again; `submitted`: the service accepted
 * it); then it shows its record's state, `queued` among them (a version waiting for its
 * predecessor's block), which is why the job's own wait is not called that. `not-sent`: the service
 * could not be reached, nothing was registered, and the engine sends it later (RecordView.notSent).
 */
export type ItemPhase =
  'uploading' | 'waiting' | 'hashing' | 'submitting' | 'retrying' | 'submitted' | RecordState | 'in-doubt' | 'not-sent' | 'already-a-record';

/** `already-a-record`: a document was asked of content registered as a record; none was started, and the person may start one (registerAgainAsDocument). */
const FINISHED: readonly ItemPhase[] = ['settled', 'failed', 'rejected', 'superseded', 'already-a-record'];
/** Nothing more will happen to it. */
export const finished = (i: Item): boolean => FINISHED.includes(i.phase);

/**
 * The session's files in words: how many are in a block (their receipts written, as their rows
 * say), and how many of those settled; failures apart. Counting only settled files as done said
 * "0 of 6 finished" beside rows whose receipts were ready.
 */
export function sessionSummary(items: readonly Pick<Item, 'phase'>[]): string {
  const count = (...phases: ItemPhase[]) => items.filter((i) => phases.includes(i.phase)).length;
  const inBlock = count('confirmed', 'settled');
  const settled = count('settled');
  const failed = count('failed', 'rejected');
  return [
    t(inBlock ? 'notarise.inBlockReady' : 'notarise.inBlock', { inBlock, total: items.length }),
    inBlock > settled ? t('notarise.settled', { count: settled }) : null,
    failed ? t('notarise.failed', { count: failed }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export interface Item {
  key: number;
  name: string;
  size: number;
  /**
   * The file in its job (null: a version added on its own): the job's id, made by the page or the
   * shell, and the file's place in the call (JobFile). Names are no key: two files may share one.
   */
  jobId: string | null;
  index: number | null;
  inFolder: number | null;
  phase: ItemPhase;
  percent: number | null;
  recordId: number | null;
  /** Its record's profile, and that profile's target confirmations, which it is counted against. */
  profile: string | null;
  confirmations: number;
  targetConfirmations: number | null;
  txId: string | null;
  error: string | null;
  note: string | null;
  /** While retrying: "the service is unavailable (attempt 3)". */
  retry: string | null;
  /** The drop it came in, when its files are anchored together (its job's id); null: a file on its own. */
  group: string | null;
  /** A batch's file: its place in the batch its registration (`recordId`) anchors, and its own receipt once written. */
  batch: { id: number; member: number; position: number; files: number } | null;
  receiptPath: string | null;
  /** Its content was registered before this drop (its registration is an earlier one's). */
  earlier: boolean;
}

const row = (key: number, name: string, size: number, at: Partial<Item> = {}): Item => ({
  key,
  name,
  size,
  jobId: null,
  index: null,
  inFolder: null,
  phase: 'waiting',
  percent: null,
  recordId: null,
  profile: null,
  confirmations: 0,
  targetConfirmations: null,
  txId: null,
  error: null,
  note: null,
  retry: null,
  group: null,
  batch: null,
  receiptPath: null,
  earlier: false,
  ...at,
});

/** Where the choice to register each file on its own is kept (lib/kept.ts). */
const SEPARATELY_KEY = 'notarium.notarise-separately';

/** Phases in which cancelling the job still stops the file. */
const CANCELLABLE: readonly ItemPhase[] = ['waiting', 'hashing', 'submitting', 'retrying'];

export class NotariseState {
  items = $state<Item[]>([]);
  document = $state(false);
  /** The document each file added becomes the next version of, in the order given (null: none). */
  versionOf = $state<number | null>(null);
  /** The documents still open for versions, to choose from. */
  documents = $state<DocumentView[]>([]);
  busy = $state(0);
  error = $state<string | null>(null);
  #separately = $state(false);
  #key = 0;
  #started = false;
  /** Jobs under way that this page follows (its own, and those the shell opened here), until done. */
  #running = new SvelteSet<string>();
  /** The files dropped to start documents, by row, while their rows may yet offer to register them again as documents. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- kept for a button's press, never shown
  readonly #documentFiles = new Map<number, File>();

  readonly #notarium: NotariumBridge;
  readonly #refs: FileRefs;
  readonly #kept: Kept;

  /** The bridge, the file references and where preferences are kept: the page's own, or a test's fakes. */
  constructor(notarium: NotariumBridge, refs: FileRefs, kept: Kept = pageKept) {
    this.#notarium = notarium;
    this.#refs = refs;
    this.#kept = kept;
    this.#separately = kept.read(SEPARATELY_KEY) === 'true';
  }

  /** "Register each file separately": a registration per file instead of one for the drop; kept for next time. */
  get separately(): boolean {
    return this.#separately;
  }

  set separately(value: boolean) {
    this.#separately = value;
    this.#kept.write(SEPARATELY_KEY, value ? 'true' : null);
  }

  /** Listens from the app's start, so jobs the shell starts (File ▸ Notarise…) are shown too. */
  start(onOpen: () => void): void {
    if (this.#started) return;
    this.#started = true;
    this.#notarium.on('notarise-progress', (e) => this.#progress(e));
    this.#notarium.on('notarise-done', (e) => this.#done(e));
    this.#notarium.on('record-updated', (r) => this.#record(r));
    // The shell names its job before the job's first event: its files become rows as they come.
    this.#notarium.on('open-notarise', ({ jobId }) => {
      this.#running.add(jobId);
      onOpen();
    });
  }

  async loadDocuments(): Promise<void> {
    try {
      // A watched folder's chain takes versions only from its folder (its rounds).
      this.documents = (await this.#notarium.listDocuments()).filter((d) => !d.finalised && !d.watchedFolder);
    } catch (err) {
      this.error = sentence(err);
    }
    if (this.versionOf !== null && !this.documents.some((d) => d.id === this.versionOf)) this.versionOf = null;
  }

  async add(files: File[]): Promise<void> {
    this.error = null;
    const fresh = files.map((f) => row(++this.#key, f.name, f.size, { phase: 'uploading' }));
    this.items = [...fresh, ...this.items];
    const keys = fresh.map((i) => i.key);
    this.busy++;
    if (this.versionOf !== null) {
      await this.#addVersions(files, keys, this.versionOf).finally(() => this.busy--);
      return;
    }
    // Named here, so that every event of the job finds its row, however early it comes.
    const jobId = crypto.randomUUID();
    // Anchored together (documents never are): the drop's rows are shown under its one registration.
    const together = !this.separately && !this.document && files.length > 1;
    if (together) this.items = this.items.map((it) => (keys.includes(it.key) ? { ...it, group: jobId } : it));
    try {
      if (this.document) files.forEach((f, i) => this.#documentFiles.set(keys[i]!, f));
      const refs = [];
      for (let i = 0; i < files.length; i++) {
        try {
          refs.push(await this.#refs.toRef(files[i]!));
          this.#patch(keys[i]!, { phase: 'waiting', jobId, index: refs.length - 1 });
        } catch (err) {
          this.#patch(keys[i]!, { phase: 'failed', error: sentence(err) });
        }
      }
      if (refs.length === 0) return;
      // Followed from now on: a cancel sent after this call reaches the core after it.
      this.#running.add(jobId);
      await this.#notarium.notarise(jobId, refs, { document: this.document, ...(this.separately ? { separately: true } : {}) });
      if (this.document) void this.loadDocuments();
    } catch (err) {
      this.#running.delete(jobId);
      this.error = sentence(err);
      this.items = this.items.map((it) => (keys.includes(it.key) && it.phase !== 'failed' ? { ...it, phase: 'failed', error: sentence(err) } : it));
    } finally {
      this.busy--;
    }
  }

  /**
   * Each file as the document's next version, one after the other so their order is the versions'
   * order. The core answers at once: sent, or queued while the version before is not in a block.
   */
  async #addVersions(files: File[], keys: number[], documentId: number): Promise<void> {
    const name = this.documents.find((d) => d.id === documentId)?.name ?? 'the document';
    for (let i = 0; i < files.length; i++) {
      const key = keys[i]!;
      try {
        const ref = await this.#refs.toRef(files[i]!);
        this.#patch(key, { phase: 'hashing' });
        const r = await this.#notarium.addVersion(documentId, ref);
        this.#patch(key, { ...fromRecord(r), note: t('notarise.versionNote', { version: r.version ?? '?', name }) });
      } catch (err) {
        this.#patch(key, { phase: 'failed', error: sentence(err) });
      }
    }
    void this.loadDocuments();
  }

  /**
   * A file refused as a document because its content is registered as a record: registered again,
   * as the first version of a new document (notarise with `again`, the CLI's --document --again).
   * The row becomes that registration's.
   */
  async registerAgainAsDocument(item: Item): Promise<void> {
    const file = this.#documentFiles.get(item.key);
    if (!file) return;
    const jobId = crypto.randomUUID();
    this.#patch(item.key, { phase: 'uploading', jobId, index: 0, inFolder: null, error: null, note: null });
    this.busy++;
    try {
      const ref = await this.#refs.toRef(file);
      this.#patch(item.key, { phase: 'waiting' });
      this.#running.add(jobId);
      await this.#notarium.notarise(jobId, [ref], { document: true, again: true });
      void this.loadDocuments();
    } catch (err) {
      this.#running.delete(jobId);
      this.#patch(item.key, { phase: 'failed', error: sentence(err) });
    } finally {
      this.busy--;
    }
  }

  /** Jobs still hashing or sending: cancelling stops them (a registration already sent stays in the library). */
  get cancellable(): string[] {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a de-duplication local to this call (eslint-plugin-svelte#1271)
    return [...new Set(this.items.filter((i) => i.jobId && this.#running.has(i.jobId) && CANCELLABLE.includes(i.phase)).map((i) => i.jobId!))];
  }

  async cancel(): Promise<void> {
    await Promise.all(this.cancellable.map((id) => this.#notarium.cancelJob(id).catch(() => null)));
  }

  clearFinished(): void {
    for (const i of this.items) if (finished(i)) this.#documentFiles.delete(i.key);
    this.items = this.items.filter((i) => !finished(i));
  }

  #patch(key: number, patch: Partial<Item>): void {
    this.items = this.items.map((it) => (it.key === key ? { ...it, ...patch } : it));
  }

  /**
   * The row of a file of a job this page follows; a file that has none yet (a job the shell
   * started, a file found in a folder) gets one. Other jobs (another window's) are not ours.
   */
  #rowOf(jobId: string, file: JobFile, name: string, size: number): Item | undefined {
    const same = (i: Item) => i.jobId === jobId && i.index === file.index && i.inFolder === file.inFolder;
    const found = this.items.find(same);
    if (found || !this.#running.has(jobId)) return found;
    const item = row(++this.#key, name, size, { jobId, ...file });
    this.items = [item, ...this.items];
    return item;
  }

  #progress(p: NotariumEvents['notarise-progress']): void {
    const item = this.#rowOf(p.jobId, p, p.name, p.total ?? 0);
    if (!item) return;
    if (p.phase === 'hashing')
      this.#patch(item.key, { phase: 'hashing', percent: p.total ? Math.min(100, Math.round(((p.bytes ?? 0) / p.total) * 100)) : null });
    else if (p.phase === 'submitting') this.#patch(item.key, { phase: 'submitting', percent: null });
    else if (p.phase === 'retrying')
      this.#patch(item.key, {
        phase: 'retrying',
        percent: null,
        retry: t('notarise.retryNote', { message: p.message ?? t('notarise.noAnswer'), attempt: p.attempt ?? 2 }),
      });
    else if (p.phase === 'done' && (item.phase === 'submitting' || item.phase === 'retrying')) this.#patch(item.key, { phase: 'submitted', retry: null });
  }

  #done(e: NotariumEvents['notarise-done']): void {
    for (const o of e.outcomes) {
      const item = this.#rowOf(e.jobId, o, o.name, o.record?.size ?? 0);
      if (!item) continue;
      // A batch's file (this drop's batch, or one an earlier notarisation made): its place and receipt.
      if (o.record && isBatchFile(o.record)) this.#patch(item.key, { batch: batchOf(o.record), receiptPath: o.record.receiptPath });
      // Only a refusal's row keeps its file, for "Register again as a document".
      if (o.status !== 'already-a-record') this.#documentFiles.delete(item.key);
      if (o.status === 'already-a-record') {
        // Not a failure, and not this row's record: the sentence names the record it already is.
        this.#patch(item.key, { phase: 'already-a-record', error: o.error ? errorText(o.error) : null, retry: null, percent: null });
      } else if (o.status === 'not-sent' && o.record) {
        this.#patch(item.key, fromRecord(o.record));
      } else if (o.error) {
        this.#patch(item.key, {
          phase: o.status === 'in-doubt' ? 'in-doubt' : 'failed',
          error: errorText(o.error),
          recordId: o.record?.id ?? null,
          profile: o.record?.profile ?? null,
          retry: null,
        });
      } else if (o.record) {
        const earlier = o.status === 'already-registered';
        this.#patch(item.key, { ...fromRecord(o.record), earlier, note: earlier ? t('notarise.earlier') : null });
      }
    }
    this.#running.delete(e.jobId);
  }

  /**
   * A row learns its record from the job's end (or the version's answer), which gives the record
   * as it is then; only its later changes come here, so an event about a record no row holds yet
   * is older news than that, and is let go.
   */
  #record(r: RecordView): void {
    if (!this.items.some((i) => i.recordId === r.id)) return;
    this.items = this.items.map((it) => (it.recordId === r.id ? { ...it, ...fromRecord(r) } : it));
    // Its files' receipts are written once it is in a block, before this news is sent: read where they went.
    if (anchorsBatch(r) && inBlock(r)) void this.#receiptsOf(r.batch!.id);
  }

  /** Where the receipts of this batch's files on this screen were written (the Library's rows of the batch, a page at a time). */
  async #receiptsOf(batch: number): Promise<void> {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- local to one call, never shown
    const wanted = new Set(this.items.filter((i) => i.batch?.id === batch && i.receiptPath === null).map((i) => i.batch!.member));
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- local to one call, never shown
    const found = new Map<number, string | null>();
    for (let offset = 0; wanted.size > found.size; offset += RECEIPT_PAGE) {
      let page: RecordView[];
      try {
        page = (await this.#notarium.queryRecords({ batch, limit: RECEIPT_PAGE, offset, sort: 'created', direction: 'asc' })).records;
      } catch {
        return; // the Library says it too; the rows keep what they knew
      }
      for (const f of page) if (f.batch?.member != null && wanted.has(f.batch.member)) found.set(f.batch.member, f.receiptPath);
      if (page.length < RECEIPT_PAGE) break;
    }
    this.items = this.items.map((it) => (it.batch && found.get(it.batch.member) ? { ...it, receiptPath: found.get(it.batch.member)! } : it));
  }
}

const RECEIPT_PAGE = 1000;

const batchOf = (r: RecordView & { batch: { position: number; member: number; files: number } }): Item['batch'] => ({
  id: r.batch.id,
  member: r.batch.member,
  position: r.batch.position,
  files: r.batch.files,
});

function fromRecord(r: RecordView): Partial<Item> {
  return {
    recordId: r.id,
    profile: r.profile,
    phase: r.notSent ? 'not-sent' : r.state,
    retry: null,
    confirmations: r.confirmations,
    targetConfirmations: r.targetConfirmations,
    txId: r.txId,
    percent: null,
    // Not sent: why the service could not be reached, as the record keeps it.
    error: r.state === 'failed' || r.state === 'rejected' || r.notSent ? (r.lastError ?? null) : null,
  };
}

export const notariseState = new NotariseState(notarium, fileRefs);

/** A drop's files anchored together, shown under their one registration; or a file on its own. */
export type Entry = { kind: 'file'; item: Item } | { kind: 'drop'; key: string; items: Item[]; registration: Item | null };

/**
 * The rows as shown: each drop of files anchored together once, where its newest row is, with its
 * files under it and the registration they share (a row of it that this drop registered; none
 * while it is being prepared, or when only one file of it was new and was registered on its own).
 */
export function entries(items: readonly Item[]): Entry[] {
  const out: Entry[] = [];
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- local to one call, never shown
  const drops = new Map<string, Extract<Entry, { kind: 'drop' }>>();
  for (const item of items) {
    if (item.group === null) {
      out.push({ kind: 'file', item });
      continue;
    }
    let drop = drops.get(item.group);
    if (!drop) {
      drop = { kind: 'drop', key: item.group, items: [], registration: null };
      drops.set(item.group, drop);
      out.push(drop);
    }
    drop.items.push(item);
    if (!drop.registration && item.batch && !item.earlier) drop.registration = item;
  }
  return out;
}
