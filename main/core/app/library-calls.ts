import { NotariumError } from '../errors/notarium-error.ts';
import type { CallDeps, Calls } from './call-deps.ts';
import { recordById, recordViewOf } from './library-items.ts';

/** The Library: the registrations Notarium keeps, and where a record's file and transaction are. */

type LibraryCalls = 'queryRecords' | 'getRecord' | 'pendingCount' | 'showInFolder' | 'openExplorer';

export function libraryCalls({ notary, abilities }: CallDeps): Calls<LibraryCalls> {
  const { records } = notary.library;
  return {
    queryRecords: async (query) => {
      const { records: found, total } = records.query(query);
      return { records: found.map((r) => recordViewOf(notary, r)), total };
    },
    getRecord: async (id) => recordViewOf(notary, recordById(notary, id)),
    pendingCount: async () => records.pendingCount(),
    openExplorer: async (id) => {
      const link = recordViewOf(notary, recordById(notary, id)).explorerLink;
      if (!link) throw new NotariumError('NO_EXPLORER_PAGE', 'This profile names no explorer page: add one (a URL with {txId}) in its settings.');
      await abilities.openExplorerPage(link);
      return null;
    },
    showInFolder: async (id) => {
      const r = recordById(notary, id);
      if (!r.path) throw new NotariumError('LOCATION_UNKNOWN', 'Notarium does not know where this file is.');
      abilities.showInFolder(r.path);
      return null;
    },
  };
}
