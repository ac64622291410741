import type { DocumentView, NotariumEvents, RecordState, RecordView } from '../../../preload/contract.ts';
import { RECORD_STATES } from '../../../preload/record-states.ts';
import { notarium, sentence, toRef } from '../../lib/bridge.ts';

/** Notarise: files in flight, driven by notarise-progress / notarise-done / record-updated. */

/**
 * Before its record exists a file goes through the job's phases (`waiting`: read, its turn not yet
 * come; `retrying`: a send failed transiently and is tried again; `submitted`: the service accepted
 * it); then it shows its record's state, `queued` among them (a version waiting for its
 * predecessor's block), which is why the job's own wait is not called that.
 */
export type ItemPhase = 'uploading' | 'waiting' | 'hashing' | 'submitting' | 'retrying' | 'submitted' | RecordState | 'in-doubt';

const FINISHED: readonly ItemPhase[] = ['settled', 'failed', 'rejected', 'superseded'];
/** Nothing more will happen to it. */
export const finished = (i: Item): boolean => FINISHED.includes(i.phase);

export interface Item {
  key: number;
  name: string;
  size: number;
  jobId: string | null;
  phase: ItemPhase;
  percent: number | null;
  recordId: number | null;
  confirmations: number;
  txId: string | null;
  error: string | null;
  note: string | null;
  /** While retrying: "the service is unavailable (attempt 3)". */
  retry: string | null;
}

type JobEvent = { kind: 'progress'; e: NotariumEvents['notarise-progress'] } | { kind: 'done'; e: NotariumEvents['notarise-done'] };

class NotariseState {
  items = $state<Item[]>([]);
  document = $state(false);
  /** The document each file added becomes the next version of, in the order given (null: none). */
  versionOf = $state<number | null>(null);
  /** The documents still open for versions, to choose from. */
  documents = $state<DocumentView[]>([]);
  busy = $state(0);
  error = $state<string | null>(null);
  #key = 0;
  #known = new Set<string>();
  /** Events that arrived before their call answered with the job id. */
  #early = new Map<string, JobEvent[]>();
  #started = false;
  /** Jobs started by the shell: their files become rows as their events arrive. */
  #adopted = new Set<string>();
  /**
   * The latest view of records not yet tied to a row: a row learns its record only when the whole
   * job is done, and a quick record may have settled by then (its outcome is the earlier snapshot).
   */
  #latest = new Map<number, RecordView>();

  /** Listens from the app's start, so jobs the shell starts (File ▸ Notarise…) are shown too. */
  start(onOpen: () => void): void {
    if (this.#started) return;
    this.#started = true;
    notarium.on('notarise-progress', (e) => this.#route({ kind: 'progress', e }));
    notarium.on('notarise-done', (e) => this.#route({ kind: 'done', e }));
    notarium.on('record-updated', (r) => this.#record(r));
    notarium.on('open-notarise', ({ jobId }) => {
      this.#adopted.add(jobId);
      this.#own(jobId);
      onOpen();
    });
  }

  async loadDocuments(): Promise<void> {
    try {
      this.documents = (await notarium.listDocuments()).filter((d) => !d.finalised);
    } catch (err) {
      this.error = sentence(err);
    }
    if (this.versionOf !== null && !this.documents.some((d) => d.id === this.versionOf)) this.versionOf = null;
  }

  async add(files: File[]): Promise<void> {
    this.error = null;
    const fresh: Item[] = files.map((f) => ({ key: ++this.#key, name: f.name, size: f.size, jobId: null, phase: 'uploading', percent: null, recordId: null, confirmations: 0, txId: null, error: null, note: null, retry: null }));
    this.items = [...fresh, ...this.items];
    const keys = fresh.map((i) => i.key);
    this.busy++;
    if (this.versionOf !== null) {
      await this.#addVersions(files, keys, this.versionOf).finally(() => this.busy--);
      return;
    }
    try {
      const refs = [];
      const sent: number[] = [];
      for (let i = 0; i < files.length; i++) {
        try {
          refs.push(await toRef(files[i]!));
          sent.push(keys[i]!);
          this.#patch(keys[i]!, { phase: 'waiting' });
        } catch (err) {
          this.#patch(keys[i]!, { phase: 'failed', error: sentence(err) });
        }
      }
      if (refs.length === 0) return;
      const { jobId } = await notarium.notarise(refs, { document: this.document });
      this.items = this.items.map((it) => (sent.includes(it.key) ? { ...it, jobId } : it));
      this.#own(jobId);
      if (this.document) void this.loadDocuments();
    } catch (err) {
      this.error = sentence(err);
      this.items = this.items.map((it) => (keys.includes(it.key) && !it.jobId && it.phase !== 'failed' ? { ...it, phase: 'failed', error: sentence(err) } : it));
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
        const ref = await toRef(files[i]!);
        this.#patch(key, { phase: 'hashing' });
        const answer = await notarium.addVersion(documentId, ref);
        const r = laterOf(answer, this.#latest.get(answer.id));
        this.#latest.delete(answer.id);
        this.#patch(key, { ...fromRecord(r), note: `version ${r.version ?? '?'} of ${name}` });
      } catch (err) {
        this.#patch(key, { phase: 'failed', error: sentence(err) });
      }
    }
    void this.loadDocuments();
  }

  /** Jobs still hashing or sending: cancelling stops them (a registration already sent stays in the library). */
  get cancellable(): string[] {
    return [...new Set(this.items.filter((i) => i.jobId && ['waiting', 'hashing', 'submitting', 'retrying'].includes(i.phase)).map((i) => i.jobId!))];
  }

  async cancel(): Promise<void> {
    await Promise.all(this.cancellable.map((id) => notarium.cancelJob(id).catch(() => null)));
  }

  clearFinished(): void {
    this.items = this.items.filter((i) => !finished(i));
  }

  #patch(key: number, patch: Partial<Item>): void {
    this.items = this.items.map((it) => (it.key === key ? { ...it, ...patch } : it));
  }

  #own(jobId: string): void {
    this.#known.add(jobId);
    for (const ev of this.#early.get(jobId) ?? []) this.#apply(ev);
    this.#early.delete(jobId);
  }

  /** The row of a file of a job the shell started, made on its first event. */
  #adopt(jobId: string, name: string, size: number): Item | undefined {
    if (!this.#adopted.has(jobId)) return undefined;
    const item: Item = { key: ++this.#key, name, size, jobId, phase: 'waiting', percent: null, recordId: null, confirmations: 0, txId: null, error: null, note: null, retry: null };
    this.items = [item, ...this.items];
    return item;
  }

  #route(ev: JobEvent): void {
    const id = ev.e.jobId;
    if (this.#known.has(id)) return this.#apply(ev);
    const list = this.#early.get(id) ?? [];
    list.push(ev);
    this.#early.set(id, list);
    setTimeout(() => this.#early.delete(id), 60_000); // not ours (another window's job)
  }

  #apply(ev: JobEvent): void {
    if (ev.kind === 'progress') {
      const p = ev.e;
      const item = this.items.find((i) => i.jobId === p.jobId && i.name === p.name && i.recordId === null && i.phase !== 'failed') ?? this.#adopt(p.jobId, p.name, p.total ?? 0);
      if (!item) return;
      if (p.phase === 'hashing') this.#patch(item.key, { phase: 'hashing', percent: p.total ? Math.min(100, Math.round(((p.bytes ?? 0) / p.total) * 100)) : null });
      else if (p.phase === 'submitting') this.#patch(item.key, { phase: 'submitting', percent: null });
      else if (p.phase === 'retrying') this.#patch(item.key, { phase: 'retrying', percent: null, retry: `${p.message ?? 'the service did not answer'} (attempt ${p.attempt ?? 2})` });
      else if (p.phase === 'done' && (item.phase === 'submitting' || item.phase === 'retrying')) this.#patch(item.key, { phase: 'submitted', retry: null });
      return;
    }
    for (const o of ev.e.outcomes) {
      const item = this.items.find((i) => i.jobId === ev.e.jobId && i.name === o.name && i.recordId === null && i.error === null) ?? this.#adopt(ev.e.jobId, o.name, o.record?.size ?? 0);
      if (!item) continue;
      if (o.error) {
        this.#patch(item.key, { phase: o.status === 'in-doubt' ? 'in-doubt' : 'failed', error: o.error.message, recordId: o.record?.id ?? null, retry: null });
      } else if (o.record) {
        const latest = this.#latest.get(o.record.id) ?? o.record;
        this.#latest.delete(o.record.id);
        this.#patch(item.key, { ...fromRecord(latest), note: o.status === 'already-registered' ? 'Already notarised earlier' : null });
      }
    }
  }

  /** Kept only while some row still waits for its record, and bounded (a large job, the watcher). */
  #remember(r: RecordView): void {
    this.#latest.delete(r.id);
    this.#latest.set(r.id, r);
    if (this.#latest.size > LATEST_KEPT) this.#latest.delete(this.#latest.keys().next().value!);
  }

  #record(r: RecordView): void {
    if (!this.items.some((i) => i.recordId === r.id)) {
      if (this.items.some((i) => i.recordId === null && i.phase !== 'failed')) this.#remember(r);
      return;
    }
    this.items = this.items.map((it) => (it.recordId === r.id ? { ...it, ...fromRecord(r) } : it));
  }
}

const LATEST_KEPT = 5_000;

/**
 * Of an answer and an event about the same record that crossed it, the one further on: the event
 * may have been sent after the answer was made. A record's states only move forward, in
 * RECORD_STATES' order (then by depth).
 */
function laterOf(a: RecordView, b: RecordView | undefined): RecordView {
  if (!b) return a;
  const rank = (r: RecordView) => RECORD_STATES.indexOf(r.state) * 1e6 + r.confirmations;
  return rank(b) > rank(a) ? b : a;
}

function fromRecord(r: RecordView): Partial<Item> {
  return { recordId: r.id, phase: r.state, retry: null, confirmations: r.confirmations, txId: r.txId, percent: null, error: r.state === 'failed' || r.state === 'rejected' ? (r.lastError ?? null) : null };
}

export const notariseState = new NotariseState();
