import type { DocumentView, ProofView, RecordView, StepView, VerificationView } from '../../../preload/contract.ts';
import type { StoredDocument } from '../store/documents.ts';
import type { Profile } from '../store/profiles.ts';
import type { StoredRecord } from '../store/records.ts';
import { visibleName, visibleText } from '../../../preload/visible-text.ts';
import { verifiedOnTestChain, type FileVerification } from '../usecases/verify.ts';

/** What the page is shown of the engine's objects: plain data, no secrets, no update tokens. */

export function recordView(r: StoredRecord, profile: Profile | undefined): RecordView {
  return {
    id: r.id,
    profile: r.profile,
    kind: r.kind,
    state: r.state,
    name: r.name,
    path: r.path,
    size: r.size,
    sha256: r.sha256,
    encode: r.encode,
    txId: r.txId,
    prevTxId: r.prevTxId,
    documentId: r.documentId,
    version: r.version,
    confirmations: r.confirmations,
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
    createdAt: r.createdAt,
    publishedAt: r.publishedAt,
    confirmedAt: r.confirmedAt,
    explorerLink: r.txId && profile?.explorerLinkUrl ? profile.explorerLinkUrl.replace('{txId}', r.txId) : null,
    published: r.publishedHex,
    proof: proofView(r.confirmation),
  };
}

/** The proof from the service's confirmation as stored (read defensively: it is the service's JSON). */
function proofView(confirmation: unknown): ProofView | null {
  const proof = (confirmation as { merkleProof?: unknown } | null)?.merkleProof as { index?: unknown; targetType?: unknown; nodes?: unknown } | undefined;
  if (!proof || typeof proof.index !== 'number' || !Array.isArray(proof.nodes)) return null;
  return {
    index: proof.index,
    targetType: typeof proof.targetType === 'string' ? proof.targetType : 'header',
    nodes: proof.nodes.filter((n): n is string => typeof n === 'string'),
  };
}

export function documentView(d: StoredDocument, versions: number): DocumentView {
  return { id: d.id, profile: d.profile, name: d.name, headTxId: d.headTxId, finalised: d.finalisedAt !== null, versions, updatedAt: d.updatedAt };
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
      if (s.expected !== undefined) step.expected = text(s.expected);
      if (s.found !== undefined) step.found = text(s.found);
      return step;
    }),
  };
}
