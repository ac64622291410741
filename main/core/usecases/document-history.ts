import { walkLinks } from '../api/link-walk.ts';
import type { StoredDocument } from '../store/documents.ts';
import { inBlock, isLive, type StoredRecord } from '../store/record.ts';
import type { NotaryContext } from './context.ts';
import { isTxId, resolveDocument } from './resolve-target.ts';

/** A document's history: its chain of linked records read from the service, or the library's view and why. */

export interface HistoryEntry {
  version: number;
  txId: string;
  kind: StoredRecord['kind'] | 'unknown';
  /** The library's record of this version, when it has one. */
  record: StoredRecord | null;
}

/** Where a history came from: the service's chain, or the library's records, with the reason in a sentence. */
export type HistorySource = { from: 'service'; reason: null } | { from: 'library'; reason: string };

export interface DocumentHistory {
  document: StoredDocument | null;
  versions: HistoryEntry[];
  source: HistorySource;
  finalised: boolean;
}

export const OFFLINE_REASON = 'The service was not asked (offline).';
const NOTHING_PUBLISHED = 'The document has no version on the service yet.';

/**
 * The whole chain from any entry point: navigated backward to its first record and forward to its
 * last on the service (versions added elsewhere appear too), matched with the library's records.
 * When the service cannot be read, a document known to the library is shown as the library knows
 * it, and the history says why.
 */
export async function documentHistory(ctx: NotaryContext, target: string, options: { profile?: string; offline?: boolean } = {}): Promise<DocumentHistory> {
  let document: StoredDocument | null = null;
  let entry: string;
  let profile = options.profile ?? (await ctx.library.profiles.currentName());
  if (isTxId(target) && !ctx.library.records.byTxId(target)) {
    entry = target.toLowerCase();
  } else {
    document = await resolveDocument(ctx, target, options.profile);
    profile = document.profile;
    entry = document.headTxId ?? document.firstTxId ?? '';
  }
  // Each registration once, however often it was sent (a given-up one was sent several times).
  const local = document ? ctx.library.records.registrationsOf(document.id) : [];
  const fromLibrary = (reason: string): DocumentHistory => ({
    document,
    versions: local.filter((r) => r.txId).map((r) => ({ version: r.version ?? 0, txId: r.txId!, kind: r.kind, record: r })),
    source: { from: 'library', reason },
    finalised: document?.finalisedAt != null,
  });
  if (options.offline) return fromLibrary(OFFLINE_REASON);
  if (!entry) return fromLibrary(NOTHING_PUBLISHED);
  let chain: string[];
  try {
    chain = await readChain(ctx, profile, entry);
  } catch (err) {
    if (document) return fromLibrary(err instanceof Error ? err.message : String(err));
    throw err;
  }
  const versions = chain.map((txId, i): HistoryEntry => {
    const record = ctx.library.records.byTxId(txId) ?? null;
    return { version: i + 1, txId, kind: record?.kind ?? 'unknown', record };
  });
  const last = versions.at(-1);
  return { document, versions, source: { from: 'service', reason: null }, finalised: last?.kind === 'linked-delete' || document?.finalisedAt != null };
}

/** A version as shown: the history's, or the library's own that the history does not hold (`notInHistory`). */
export interface TimelineEntry extends Omit<HistoryEntry, 'txId'> {
  txId: string | null;
  notInHistory: boolean;
}

/**
 * The history, then the library's registrations of the document it does not hold (`registrations`:
 * Records.registrationsOf): from the service, those still on their way (sent but not in a block,
 * or queued, with no txId); from the library, those it never sent (queued, or failed with the
 * version they waited for).
 */
export function timeline(history: DocumentHistory, registrations: readonly StoredRecord[]): TimelineEntry[] {
  const shown = new Set(history.versions.map((v) => v.txId));
  const theirs = history.source.from === 'service' ? (r: StoredRecord) => isLive(r) && !inBlock(r) : (r: StoredRecord) => r.txId === null;
  const waiting = registrations.filter((r) => !(r.txId !== null && shown.has(r.txId)) && theirs(r));
  return [
    ...history.versions.map((v) => ({ ...v, notInHistory: false })),
    ...waiting.map((r) => ({ version: r.version ?? 0, txId: r.txId, kind: r.kind, record: r, notInHistory: true })),
  ];
}

async function readChain(ctx: NotaryContext, profile: string, entry: string): Promise<string[]> {
  const { api } = await ctx.connections.forProfile(profile);
  const [earlier, later] = await Promise.all([walkLinks(api, entry, -1), walkLinks(api, entry, 1)]);
  return [...earlier.reverse(), entry, ...later];
}
