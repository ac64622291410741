import type { DocumentView, HistoryView } from '../../../preload/contract.ts';
import { notarium, sentence, toRef } from '../../lib/bridge.ts';
import { download, fromBase64 } from '../../lib/download.ts';

/** Documents: the list, the selected one's history, versions and the "which version" question. */

class DocumentsState {
  list = $state<DocumentView[]>([]);
  loaded = $state(false);
  selectedId = $state<number | null>(null);
  history = $state<HistoryView | null>(null);
  loadingHistory = $state(false);
  busy = $state<string | null>(null);
  error = $state<string | null>(null);
  answer = $state<string | null>(null);
  /** What the last export downloaded: shown beside its button, where the person looks. */
  downloaded = $state<string | null>(null);
  #started = false;
  #timer: ReturnType<typeof setTimeout> | null = null;

  start(): void {
    if (this.#started) {
      void this.reload();
      return;
    }
    this.#started = true;
    notarium.on('record-updated', (r) => {
      const docId = r.documentId;
      if (docId === null) return;
      if (this.#timer !== null) return;
      this.#timer = setTimeout(() => {
        this.#timer = null;
        void this.reload();
        if (this.selectedId === docId) void this.#loadHistory(docId, true);
      }, 800);
    });
    void this.reload();
  }

  async reload(): Promise<void> {
    try {
      this.list = await notarium.listDocuments();
    } catch (err) {
      this.error = sentence(err);
    } finally {
      this.loaded = true;
    }
  }

  async select(id: number): Promise<void> {
    this.selectedId = id;
    this.answer = this.downloaded = null;
    this.history = null;
    await this.#loadHistory(id, false);
  }

  async #loadHistory(id: number, quiet: boolean): Promise<void> {
    if (!quiet) this.loadingHistory = true;
    try {
      const h = await notarium.documentHistory(id);
      if (this.selectedId === id) this.history = h;
    } catch (err) {
      if (!quiet) this.error = sentence(err);
    } finally {
      this.loadingHistory = false;
    }
  }

  async #run(label: string, fn: () => Promise<void>): Promise<void> {
    this.busy = label;
    this.error = null;
    try {
      await fn();
    } catch (err) {
      this.error = sentence(err);
    } finally {
      this.busy = null;
    }
  }

  addVersion(file: File): Promise<void> {
    const id = this.selectedId;
    if (id === null) return Promise.resolve();
    return this.#run('add', async () => {
      const r = await notarium.addVersion(id, await toRef(file));
      this.answer =
        r.state === 'queued'
          ? `${file.name} is queued as version ${r.version ?? 'next'}: it is sent as soon as version ${r.waitsFor?.version ?? 'before it'} is in a block.`
          : `${file.name} is registered as version ${r.version ?? 'next'}.`;
      await Promise.all([this.reload(), this.#loadHistory(id, true)]);
    });
  }

  finalise(): Promise<void> {
    const id = this.selectedId;
    if (id === null) return Promise.resolve();
    return this.#run('finalise', async () => {
      await notarium.finaliseDocument(id);
      this.answer = 'The document is finalised: no version can follow.';
      await Promise.all([this.reload(), this.#loadHistory(id, true)]);
    });
  }

  /** Every version's receipt and the index, downloaded as one zip. */
  exportAll(): Promise<void> {
    const id = this.selectedId;
    if (id === null) return Promise.resolve();
    this.downloaded = null;
    return this.#run('export', async () => {
      const { fileName, zipBase64, receipts } = await notarium.exportDocument(id);
      download(fileName, fromBase64(zipBase64), 'application/zip');
      this.downloaded = `${fileName} was downloaded: ${receipts} receipt${receipts === 1 ? '' : 's'} and the index of versions.`;
    });
  }

  whichVersion(file: File): Promise<void> {
    return this.#run('which', async () => {
      const found = await notarium.whichVersion(await toRef(file));
      if (!found) this.answer = `${file.name} is not a version of any document in the library.`;
      else if (found.version === null) this.answer = `${file.name} belongs to "${found.document.name}", but its version could not be told.`;
      else this.answer = `${file.name} is version ${found.version} of ${found.versions} of "${found.document.name}".`;
      if (found && found.document.id !== this.selectedId) await this.select(found.document.id);
    });
  }
}

export const documents = new DocumentsState();
