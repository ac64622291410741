import type { RecordView } from '../../../preload/contract.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import type { Notary } from '../notary.ts';
import type { StoredDocument } from '../store/documents.ts';
import type { Profile } from '../store/profiles.ts';
import type { StoredRecord } from '../store/record.ts';
import { recordView } from './views.ts';

/** The library's records and documents as the calls name them (by id) and show them (views.ts, with what only the engine knows). */

export function recordById(notary: Notary, id: number): StoredRecord {
  const r = notary.library.records.get(id);
  if (!r) throw new NotariumError('NOT_IN_LIBRARY', 'The library has no such registration.');
  return r;
}

export function documentById(notary: Notary, id: number): StoredDocument {
  const d = notary.library.documents.get(id);
  if (!d) throw new NotariumError('NOT_IN_LIBRARY', 'The library has no such document.');
  return d;
}

/** A profile with the sandbox's explorer page filled in once its address is known. */
export function profileOf(notary: Notary, name: string): Profile | undefined {
  const p = notary.library.profiles.get(name);
  return p && { ...p, explorerLinkUrl: notary.connections.explorerLink(p) };
}

export function recordViewOf(notary: Notary, r: StoredRecord): RecordView {
  return recordView(r, profileOf(notary, r.profile), notary.library.records);
}
