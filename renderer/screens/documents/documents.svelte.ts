import type { DocumentView, HistoryView, NotariumBridge } from '../../../preload/contract.ts';
import { fileRefs, notarium, sentence, type FileRefs } from '../../lib/bridge.ts';
import { download, fromBase64 } from '../../lib/download.ts';
import { inBlock } from '../../../preload/record-states.ts';
import { t } from '../../lib/locale.svelte.ts';

/** Documents: the list, the selected one's history, versions and the "which version" question. */

/** What the user did last on the screen: its outcome (`answer` or `error`) is shown beside where they did it. */
export type DocumentAction = 'which' | 'add' | 'finalise' | 'export';

export class DocumentsState {
  list = $state<DocumentView[]>([]);
  /** What the list is filtered by (its names). */
  filter = $state('');
  loaded = $state(false);
  selectedId = $state<number | null>(null);
  history = $state<HistoryView | null>(null);
  loadingHistory = $state(false);
  busy = $state<string | null>(null);
  error = $state<string | null>(null);
  answer = $state<string | null>(null);
  /** Where `answer` and `error` belong; null: the screen's own (the list or a history that could not be read). */
  at = $state<DocumentAction | null>(null);
  #started = false;
  #timer: ReturnType<typeof setTimeout> | null = null;

  readonly #notarium: NotariumBridge;
  readonly #refs: FileRefs;

  /** The bridge and the file references: the page's own, or a test's fakes. */
  constructor(notarium: NotariumBridge, refs: FileRefs) {
    this.#notarium = notarium;
    this.#refs = refs;
  }

  start(): void {
    if (this.#started) {
      void this.reload();
      return;
    }
    this.#started = true;
    this.#notarium.on('record-updated', (r) => {
      const docId = r.documentId;
      if (docId === null) return;
      if (this.#timer !== null) return;
      this.#timer = setTimeout(() => {
        this.#timer = null;
        void this.reload();
        if (this.selectedId === docId) void this.#loadHistory(docId, true);
      }, 800);
    });
    // Written by another process (`notarium notarise --document`, `version add` beside the app).
    this.#notarium.on('library-changed', () => {
      void this.reload();
      if (this.selectedId !== null) void this.#loadHistory(this.selectedId, true);
    });
    void this.reload();
  }

  async reload(): Promise<void> {
    try {
      this.list = await this.#notarium.listDocuments();
    } catch (err) {
      this.at = null;
      this.error = sentence(err);
    } finally {
      this.loaded = true;
    }
  }

  async select(id: number): Promise<void> {
    this.selectedId = id;
    this.answer = this.error = null;
    this.history = null;
    await this.#loadHistory(id, false);
  }

  async #loadHistory(id: number, quiet: boolean): Promise<void> {
    if (!quiet) this.loadingHistory = true;
    try {
      const h = await this.#notarium.documentHistory(id);
      if (this.selectedId === id) this.history = h;
    } catch (err) {
      if (!quiet) {
        this.at = null;
        this.error = sentence(err);
      }
    } finally {
      this.loadingHistory = false;
    }
  }

  async #run(label: DocumentAction, fn: () => Promise<void>): Promise<void> {
    this.busy = label;
    this.at = label;
    this.error = this.answer = null;
    try {
      await fn();
    } catch (err) {
      this.error = sentence(err);
    } finally {
      this.busy = null;
    }
  }

  /** One file: a version is one file, and which of several dropped would be next is no one's guess. */
  addVersion(files: readonly File[]): Promise<void> {
    const id = this.selectedId;
    if (id === null) return Promise.resolve();
    return this.#run('add', async () => {
      if (files.length !== 1) throw new Error(t('documents.oneVersion', { count: files.length }));
      const file = files[0]!;
      const r = await this.#notarium.addVersion(id, await this.#refs.toRef(file));
      this.answer =
        r.state === 'queued'
          ? t('documents.queuedAs', {
              name: file.name,
              version: r.version ?? t('documents.next'),
              before: r.waitsFor?.version ?? t('documents.beforeIt'),
            })
          : t('documents.registeredAs', { name: file.name, version: r.version ?? t('documents.next') });
      await Promise.all([this.reload(), this.#loadHistory(id, true)]);
    });
  }

  finalise(): Promise<void> {
    const id = this.selectedId;
    if (id === null) return Promise.resolve();
    return this.#run('finalise', async () => {
      const final = await this.#notarium.finaliseDocument(id);
      this.answer = inBlock(final) ? t('documents.finalised') : t('documents.finalSent');
      await Promise.all([this.reload(), this.#loadHistory(id, true)]);
    });
  }

  /** Every version's receipt and the index, downloaded as one zip. */
  exportAll(): Promise<void> {
    const id = this.selectedId;
    if (id === null) return Promise.resolve();
    return this.#run('export', async () => {
      const { fileName, zipBase64, receipts } = await this.#notarium.exportDocument(id);
      download(fileName, fromBase64(zipBase64), 'application/zip');
      this.answer = t('documents.downloaded', { file: fileName, count: receipts });
    });
  }

  whichVersion(files: readonly File[]): Promise<void> {
    return this.#run('which', async () => {
      if (files.length !== 1) throw new Error(t('documents.oneToIdentify', { count: files.length }));
      const file = files[0]!;
      const found = await this.#notarium.whichVersion(await this.#refs.toRef(file));
      // Selecting the document clears the answer: it is given once that is done.
      if (found && found.document.id !== this.selectedId) await this.select(found.document.id);
      if (!found) this.answer = t('documents.notAVersion', { name: file.name });
      else if (found.version === null) this.answer = t('documents.versionUnknown', { name: file.name, document: found.document.name });
      else this.answer = t('documents.versionOf', { name: file.name, version: found.version, versions: found.versions, document: found.document.name });
    });
  }
}

export const documents = new DocumentsState(notarium, fileRefs);
