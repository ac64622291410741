import { visibleName } from '../../../preload/visible-text.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { notSent } from '../store/record.ts';
import { settleInDoubt } from '../usecases/in-doubt.ts';
import { removeNotSent } from '../usecases/remove-not-sent.ts';
import { importedService } from '../usecases/service-check.ts';
import { NotSent } from '../usecases/submit.ts';
import type { CallDeps, Calls } from './call-deps.ts';
import { asFile } from '../usecases/registrations.ts';
import { itemById, itemView, recordById, recordViewOf } from './library-items.ts';

/**
 * The Library: the files Notarium registered (a registration of a file, or a batch's file with the
 * registration it follows), and where a file and its transaction are.
 */

type LibraryCalls = 'queryRecords' | 'getRecord' | 'recordService' | 'pendingCount' | 'sendNow' | 'removeNotSent' | 'showInFolder' | 'openExplorer';

export function libraryCalls({ notary, ctx, abilities, emit }: CallDeps): Calls<LibraryCalls> {
  const { records, batches } = notary.library;
  return {
    queryRecords: async (query) => {
      const { files, total, capped } = batches.files(query);
      return { records: await Promise.all(files.map(async (f) => itemView(notary, f))), total, ...(capped ? { capped } : {}) };
    },
    getRecord: async (item) => itemView(notary, itemById(notary, item)),
    recordService: async (id) => importedService(ctx, recordById(notary, id)),
    pendingCount: async () => records.pendingCount(),
    // What the engine does with it at its next start (in-doubt.ts: never sent, so it is sent), now.
    sendNow: async (id) => {
      const r = recordById(notary, id);
      if (!notSent(r))
        throw new NotariumError(
          'INVALID_ARGUMENT',
          `"${visibleName(r.name)}" is not waiting to be sent: only a registration that could not reach the service is.`,
        );
      await settleInDoubt(ctx, r).catch((err: unknown) => {
        // Still unreachable: why, alone; the record says again what happens next (NotSent's "next run" is the CLI's word).
        throw err instanceof NotSent ? err.cause : err;
      });
      notary.startPoller();
      return recordViewOf(notary, recordById(notary, id));
    },
    // At the person's word (the Library asks first): it counts as pending no more, and keeps its profile no more.
    removeNotSent: async (id) => {
      removeNotSent(ctx, id);
      emit('pending-count', records.pendingCount());
      return null;
    },
    openExplorer: async (id) => {
      // The web shell has none: its page is in a browser already, and links to the page itself.
      if (!abilities.openExplorerPage)
        throw new NotariumError('NOT_IN_THIS_SHELL', "In the browser, Notarium opens no other browser: follow the record's Explorer link instead.");
      const link = (await recordViewOf(notary, recordById(notary, id))).explorerLink;
      if (!link) throw new NotariumError('NO_EXPLORER_PAGE', 'This profile names no explorer page: add one (a URL with {txId}) in its settings.');
      await abilities.openExplorerPage(link);
      return null;
    },
    showInFolder: async (item) => {
      const r = asFile(itemById(notary, item));
      if (!r.path) throw new NotariumError('LOCATION_UNKNOWN', 'Notarium does not know where this file is.');
      abilities.showInFolder(r.path);
      return null;
    },
  };
}
