import type {
  AccountView,
  BatchView,
  DocumentView,
  HistoryView,
  ProfileView,
  ProofView,
  RecordView,
  StepView,
  VerificationView,
  WatchedFolderView,
} from '../../../preload/contract.ts';
import type { Said } from '../../../preload/i18n/said.ts';
import type { StoredDocument } from '../store/documents.ts';
import type { Profile } from '../store/profiles.ts';
import type { WatchedFolderView as EngineFolderView } from '../watch/folder-watcher.ts';
import { groupOf, inBlock, isLive, notSent, type StoredRecord } from '../store/record.ts';
import type { Records } from '../store/records.ts';
import { visibleName, visibleText } from '../../../preload/visible-text.ts';
import type { Account } from '../usecases/account.ts';
import { timeline, type DocumentHistory } from '../usecases/document-history.ts';
import { verifiedOnTestChain, type FileVerification } from '../usecases/verify.ts';
import { DEFAULT_TARGET_TYPE } from '../../../verifier/chain/merkle-proof.ts';
import { saltHidden } from '../../../verifier/protocol/salt-shown.ts';

/** What the page is shown of the engine's objects: plain data, no secrets, no update tokens. */

/** What a record's view reads of the library besides the record: its document's versions, its registration's submissions. */
export type RecordNeighbours = Pick<Records, 'ofDocument' | 'group'>;

/** `batch`: the batch it anchors, or the file's place in one (a file's view: `r` is its registration as the file, registrations.ts asFile). */
export function recordView(r: StoredRecord, profile: Profile | undefined, neighbours: RecordNeighbours, batch: BatchView | null = null): RecordView {
  return {
    id: r.id,
    profile: r.profile,
    kind: r.kind,
    state: r.state,
    name: r.name,
    path: r.path,
    size: r.size,
    sha256: r.sha256,
    // The page is never given the salt: it shows no proof (salt-shown.ts).
    encode: r.encode === null ? null : saltHidden(r.encode),
    txId: r.txId,
    prevTxId: r.prevTxId,
    documentId: r.documentId,
    version: r.version,
    confirmations: r.confirmations,
    targetConfirmations: profile?.targetConfirmations ?? null,
    blockHash: r.blockHash,
    blockTime: r.blockTime,
    network: r.network ?? profile?.network ?? null,
    receiptPath: r.receiptPath,
    proofOutcome: r.proofOutcome,
    lastError: r.lastError,
    receiptHeld: r.receiptHeld === null ? null : visibleText(r.receiptHeld),
    resubmits: r.resubmits,
    supersededBy: r.supersededBy,
    possibleDuplicate: r.possibleDuplicate,
    notSent: notSent(r),
    waitsFor: r.state === 'queued' ? waitsFor(r, neighbours) : null,
    sentAgain: r.state === 'superseded' ? null : sentAgain(r, neighbours),
    createdAt: r.createdAt,
    publishedAt: r.publishedAt,
    confirmedAt: r.confirmedAt,
    explorerLink: r.txId && profile?.explorerLinkUrl ? profile.explorerLinkUrl.replace('{txId}', r.txId) : null,
    published: r.publishedHex,
    proof: proofView(r.confirmation),
    batch,
  };
}

/** The version a queued one waits for: the live version just before it in its document. */
function waitsFor(r: StoredRecord, neighbours: RecordNeighbours): RecordView['waitsFor'] {
  if (r.documentId === null || r.version === null) return null;
  const before = neighbours
    .ofDocument(r.documentId)
    .filter((v) => v.id !== r.id && isLive(v) && v.version !== null && v.version < r.version!)
    .at(-1);
  return before ? { version: before.version!, txId: before.txId, state: before.state } : null;
}

/**
 * A registration sent again after it stayed out of a block (service-notes.md, Timing and
 * life-cycle rules: no guarantee a record is mined): when, and which submission is in a block.
 */
function sentAgain(r: StoredRecord, neighbours: RecordNeighbours): RecordView['sentAgain'] {
  const [first, again, ...more] = neighbours.group(groupOf(r));
  if (!first || !again) return null;
  const mined = [first, again, ...more].find(inBlock);
  return {
    afterSeconds: Math.max(0, Math.round((again.createdAt - (first.publishedAt ?? first.createdAt)) / 1000)),
    winner: mined === undefined ? null : mined.id === first.id ? 'first' : 'again',
    // A submission sent by Notarium has an idempotency key; one found on the chain (adopted) has none.
    how: again.idempotencyKey === null ? 'found-on-chain' : 'sent-again',
  };
}

/** The proof from the service's confirmation as stored (read defensively: it is the service's JSON). */
function proofView(confirmation: unknown): ProofView | null {
  const proof = (confirmation as { merkleProof?: unknown } | null)?.merkleProof as { index?: unknown; targetType?: unknown; nodes?: unknown } | undefined;
  if (!proof || typeof proof.index !== 'number' || !Array.isArray(proof.nodes)) return null;
  return {
    index: proof.index,
    targetType: typeof proof.targetType === 'string' ? proof.targetType : DEFAULT_TARGET_TYPE,
    nodes: proof.nodes.filter((n): n is string => typeof n === 'string'),
  };
}

export function profileView(p: Profile, facts: { current: boolean; apiKeySet: boolean }): ProfileView {
  return {
    name: p.name,
    kind: p.kind,
    baseUrl: p.baseUrl,
    authUrl: p.authUrl,
    envId: p.envId,
    authorizeUrl: p.authorizeUrl,
    clientId: p.clientId,
    explorerTxUrl: p.explorerTxUrl,
    explorerHeaderUrl: p.explorerHeaderUrl,
    explorerLinkUrl: p.explorerLinkUrl,
    explorerBlockUrl: p.explorerBlockUrl,
    network: p.network,
    networkSource: p.networkSource,
    networkDetectedFrom: p.networkDetectedFrom,
    targetConfirmations: p.targetConfirmations,
    expectedBlockSeconds: p.expectedBlockSeconds,
    resubmitAfterSeconds: p.resubmitAfterSeconds,
    idempotentWrites: p.idempotentWrites,
    current: facts.current,
    apiKeySet: facts.apiKeySet,
  };
}

/** An account: of the identity, what the page shows of a person (no tokens). */
export function accountView(a: Account): AccountView {
  if (a.state.status === 'signed-out')
    return { profile: a.profile, status: 'signed-out', available: a.available, ...(a.state.message ? { message: a.state.message } : {}) };
  const { subject, name, email, groups, expiresAt } = a.state.identity;
  return {
    profile: a.profile,
    status: 'signed-in',
    available: true,
    identity: { subject, groups, expiresAt, ...(name ? { name } : {}), ...(email ? { email } : {}) },
    claims: a.claims,
  };
}

/** A document as the page shows it; `records`: its registrations, whose final record says whether it is final yet. */
export function documentView(d: StoredDocument, versions: number, records: readonly StoredRecord[], watchedFolder: string | null): DocumentView {
  const finalised = d.finalisedAt !== null;
  // Finalised in the library as soon as its final record is sent; final on the chain only once that record is in a block.
  const finalising = finalised && records.some((r) => r.kind === 'linked-delete' && isLive(r) && !inBlock(r));
  return { id: d.id, profile: d.profile, name: d.name, headTxId: d.headTxId, finalised, finalising, versions, updatedAt: d.updatedAt, watchedFolder };
}

/** How many versions the library holds of a document: content versions that are, or may become, registrations (queued ones too). */
export const versionCount = (records: readonly StoredRecord[]): number => records.filter((v) => v.kind !== 'linked-delete' && isLive(v)).length;

/**
 * A document's timeline: the history as read (from the service or the library), then the library's
 * versions it cannot show yet, in version order: one sent but not in a block, which navigating may
 * not return (service-notes.md: an unmined record does not extend its chain), and queued ones,
 * which have no transaction at all (`records`: the document's registrations, each once, timeline in
 * document-history.ts).
 */
export function historyView(
  d: StoredDocument,
  history: DocumentHistory,
  records: readonly StoredRecord[],
  view: (r: StoredRecord) => RecordView,
  watchedFolder: string | null,
): HistoryView {
  const versions: HistoryView['versions'] = timeline(history, records).map((v) => ({ ...v, record: v.record ? view(v.record) : null }));
  return {
    document: documentView(d, versions.filter((v) => v.kind !== 'linked-delete').length, records, watchedFolder),
    source: history.source,
    finalised: history.finalised,
    versions,
  };
}

export { noVerifications } from '../../../preload/verify-statuses.ts';

/**
 * A verification for the page. Its sentences quote the receipt (labels, times, a service's words),
 * so invisible and reordering characters are shown as escapes (visible-text.ts): a bidirectional
 * override cannot reorder the caveats.
 */
export function verificationView(v: FileVerification, name: string): VerificationView {
  const text = (s: string | undefined) => (s === undefined ? undefined : visibleText(s));
  return {
    name,
    path: v.path,
    status: v.status,
    verifiedOnTestChain: verifiedOnTestChain(v),
    message: visibleText(v.message),
    outcome: v.report?.outcome ?? null,
    txId: v.txId ?? null,
    proves: v.report?.proves === undefined ? null : visibleText(v.report.proves),
    unproven: (v.report?.unproven ?? []).map(visibleText),
    network: v.report ? { ...v.report.network, label: visibleName(v.report.network.label) } : null,
    steps: (v.report?.steps ?? []).map((s): StepView => {
      const step: StepView = { ...s, detail: visibleText(s.detail) };
      if (s.said) step.said = visibleSaid(s.said);
      if (s.expected !== undefined) step.expected = text(s.expected);
      if (s.found !== undefined) step.found = text(s.found);
      return step;
    }),
    batch: v.batch ?? null,
    error: v.error ? { code: v.error.code, message: visibleText(v.error.message), ...(v.error.said ? { said: visibleSaid(v.error.said) } : {}) } : null,
    said: v.report
      ? {
          message: v.report.said.summary.map(visibleSaid),
          proves: (v.report.said.proves ?? []).map(visibleSaid),
          unproven: (v.report.said.unproven ?? []).map((point) => point.map(visibleSaid)),
        }
      : v.said
        ? { message: v.said.map(visibleSaid), proves: [], unproven: [] }
        : null,
  };
}

/** A sentence's parameters as its English shows them: they quote the receipt too. */
function visibleSaid(s: Said): Said {
  if (!s.params) return s;
  return { key: s.key, params: Object.fromEntries(Object.entries(s.params).map(([k, p]) => [k, typeof p === 'string' ? visibleText(p) : p])) };
}

/**
 * A watched folder and its settings as shown outside the engine (the quiet period in seconds), its
 * live state aside: the page's watched-folder view and `notarium watch --json`'s folder object.
 */
export function watchedFolderFields(f: EngineFolderView): Omit<WatchedFolderView, 'state' | 'message'> {
  const round = f.lastRound;
  return {
    waiting: f.waiting,
    lastRound: round && { number: round.number, files: round.files, recordId: round.record.id, state: round.record.state, txId: round.record.txId },
    chainClosed: f.chainClosed,
    path: f.path,
    profile: f.profile,
    recursive: f.recursive,
    include: f.include,
    exclude: f.exclude,
    receipts: f.receipts,
    stableSeconds: f.stableMs / 1000,
  };
}
