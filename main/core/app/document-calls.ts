import type { DocumentView } from '../../../preload/contract.ts';
import type { StoredDocument } from '../store/documents.ts';
import { documentZip } from '../usecases/document-export.ts';
import { documentHistory } from '../usecases/document-history.ts';
import { addVersion, finaliseDocument, whichVersion } from '../usecases/documents.ts';
import type { CallDeps, Calls } from './call-deps.ts';
import { documentById, recordViewOf } from './library-items.ts';
import { shellFiles } from './shell-files.ts';
import { documentView, historyView, versionCount } from './views.ts';

/** Documents: a file's versions kept as a chain of linked records, its history, its export. */

type DocumentCalls = 'listDocuments' | 'documentHistory' | 'addVersion' | 'finaliseDocument' | 'exportDocument' | 'whichVersion';

export function documentCalls({ notary, ctx, abilities }: CallDeps): Calls<DocumentCalls> {
  const { library } = notary;
  const files = shellFiles(abilities);
  const folderOf = (d: StoredDocument): string | null => library.watchedFolders.byDocument(d.id)?.path ?? null;
  const view = (d: StoredDocument): DocumentView => {
    const records = library.records.ofDocument(d.id);
    return documentView(d, versionCount(records), records, folderOf(d));
  };
  return {
    listDocuments: async () => (await library.documents.list()).map(view),
    documentHistory: async (id) => {
      const d = await documentById(notary, id);
      const history = await documentHistory(ctx, d.headTxId ?? d.firstTxId ?? '', { profile: d.profile });
      const registrations = library.records.registrationsOf(d.id);
      const views = new Map(await Promise.all(registrations.map(async (r) => [r.id, await recordViewOf(notary, r)] as const)));
      return historyView(d, history, registrations, (r) => views.get(r.id)!, folderOf(d));
    },
    addVersion: async (id, file) =>
      files.using(file, async () => {
        const path = files.path(file);
        const name = files.name(file);
        const added = await addVersion(ctx, path, { documentId: (await documentById(notary, id)).id }, { describe: () => ({ name, path: files.kept(path) }) });
        return recordViewOf(notary, added);
      }),
    finaliseDocument: async (id) => recordViewOf(notary, await finaliseDocument(ctx, { documentId: (await documentById(notary, id)).id })),
    exportDocument: async (id) => {
      const { fileName, zip, receipts } = await documentZip(ctx, await documentById(notary, id));
      return { fileName, zipBase64: Buffer.from(zip).toString('base64'), receipts };
    },
    whichVersion: async (file) =>
      files.using(file, async () => {
        const found = await whichVersion(ctx, files.path(file));
        if (!found) return null;
        return { document: view(found.document), version: found.matches[0]?.version ?? null, versions: found.versions };
      }),
  };
}
