import type { ItemRef, RecordView } from '../../../preload/contract.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import type { Notary } from '../notary.ts';
import type { StoredDocument } from '../store/documents.ts';
import type { Profile } from '../store/profiles.ts';
import type { StoredRecord } from '../store/record.ts';
import { asFile, batchFacts, type Registration } from '../usecases/registrations.ts';
import { recordView } from './views.ts';

/** The library's records and documents as the calls name them (by id) and show them (views.ts, with what only the engine knows). */

export function recordById(notary: Notary, id: number): StoredRecord {
  const r = notary.library.records.get(id);
  if (!r) throw new NotariumError('NOT_IN_LIBRARY', 'The library has no such registration.');
  return r;
}

/** A file of the Library as a call names it (ItemRef): a registration's record, or one file of a batch with its registration. */
export function itemById(notary: Notary, item: ItemRef): Registration {
  if (typeof item === 'number') return { record: recordById(notary, item) };
  const member = notary.library.batches.member(item.member);
  if (!member) throw new NotariumError('NOT_IN_LIBRARY', 'The library has no such file of a batch.');
  return { record: member.registration, member };
}

export async function documentById(notary: Notary, id: number): Promise<StoredDocument> {
  const d = await notary.library.documents.get(id);
  if (!d) throw new NotariumError('NOT_IN_LIBRARY', 'The library has no such document.');
  return d;
}

/** A profile with the sandbox's explorer page filled in once its address is known. */
export async function profileOf(notary: Notary, name: string): Promise<Profile | undefined> {
  const p = await notary.library.profiles.get(name);
  return p && { ...p, explorerLinkUrl: notary.connections.explorerLink(p) };
}

/** A registration as the page sees it, with the batch it anchors, if any. */
export async function recordViewOf(notary: Notary, r: StoredRecord): Promise<RecordView> {
  return itemView(notary, { record: r });
}

/** A file of the Library as the page sees it: a batch's file as itself with its registration's state (asFile) and its place. */
export async function itemView(notary: Notary, found: Registration): Promise<RecordView> {
  const r = asFile(found);
  const profile = await profileOf(notary, r.profile);
  const batch = batchFacts(notary, found);
  return recordView(r, profile, notary.library.records, batch && { ...batch, member: found.member?.member.id ?? null });
}
