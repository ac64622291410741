import { said } from '../../../preload/i18n/said.ts';
import { withServiceCheck, type ServiceCheck, type VerificationReport } from '../../../verifier/verify-receipt.ts';
import { networkOf } from '../../../verifier/protocol/networks.ts';
import type { StoredRecord } from '../store/record.ts';
import type { ReceiptV1 } from '../../../verifier/receipt-v1.ts';
import type { NotaryContext } from './context.ts';

/**
 * What the library says of imported evidence it holds, in one place: verify, the certificate, a
 * receipt's export and a proof bundle read no stronger than the library's own verdict.
 */

/** Held as imported evidence that did not verify fully (partially verified, or pending when imported): its verdict is capped. */
export function heldAsEvidence(record: Pick<StoredRecord, 'proofOutcome'>): boolean {
  return record.proofOutcome === 'partially-verified' || record.proofOutcome === 'pending';
}

/** Why imported evidence is held as less than verified, whatever its evidence checks to by itself. */
export function whyHeldAsEvidence(record: Pick<StoredRecord, 'proofOutcome'>, testChain: boolean): string {
  if (record.proofOutcome === 'pending') return "it was pending when it was imported, and its service's evidence has not verified it fully since";
  return testChain
    ? 'on a test chain anyone can mine a header, and no service of the library confirmed its txId'
    : 'its receipt lacked evidence to check all it claims';
}

/** How the library's note of evidence that disagrees with the chain begins (receipts.ts refuseEvidence). */
export const DISAGREES_WITH_CHAIN = 'Its receipt disagrees with the chain';

/**
 * An import its service has since disproved (rejected: the service did not know its registration,
 * or the registration's evidence disagrees with the receipt), as the service step's failure, in the
 * library's words; null for any other record. Whatever its receipt checks to by itself (a pending
 * one reads pending), the library knows better.
 */
function disprovedImport(record: Pick<StoredRecord, 'proofOutcome' | 'state' | 'lastError'>): ServiceCheck | null {
  if (record.proofOutcome === null || record.state !== 'rejected') return null;
  const note = record.lastError ?? 'its service rejected it.';
  return {
    status: 'fail',
    code: note.startsWith(DISAGREES_WITH_CHAIN) ? 'service-mismatch' : 'unknown-to-maker',
    detail: `The library holds this registration as an imported receipt its service has since disproved (Notarium did not register it). ${note}`,
  };
}

/**
 * The library's record of this very receipt (its txId and published fingerprint) when it imported
 * it and holds it as less than verified, or its service has since disproved it: heldAsImported then
 * caps the receipt file's verdict as it caps the library's.
 */
export function heldImportOf(ctx: Pick<NotaryContext, 'library'>, receipt: ReceiptV1): StoredRecord | undefined {
  const record = ctx.library.records.byTxId(receipt.registration.txId);
  const same = record?.publishedHex?.toLowerCase() === receipt.fingerprint.published.toLowerCase();
  return record && same && (disprovedImport(record) || heldAsEvidence(record)) ? record : undefined;
}

/**
 * The library's word is never stronger than what it holds: an import kept as partially verified
 * (evidence lacking, or a test chain's receipt no service of the library vouched for), or pending,
 * reads partially verified from the library too, whatever its stored evidence checks to by itself
 * (a self-mined test-chain header over a transaction of anyone's making checks every step).
 */
export function heldAsImported(report: VerificationReport, record: Pick<StoredRecord, 'proofOutcome' | 'state' | 'lastError'>): VerificationReport {
  const disproved = disprovedImport(record);
  if (disproved) return withServiceCheck(report, disproved);
  if (report.outcome !== 'verified' || !heldAsEvidence(record)) return report;
  const why = whyHeldAsEvidence(record, report.network.testChain);
  const pending = record.proofOutcome === 'pending';
  // The summary says already when it was pending: its reason in brackets is only what has not happened since.
  const since = pending ? "its service's evidence has not verified it fully since" : why;
  const keys = heldSaid(record, report.network.testChain);
  return {
    ...report,
    outcome: 'partially-verified',
    summary: `Partially verified, not verified: the library holds this registration as an imported receipt that was ${pending ? 'pending' : 'only partially verified'} when it was imported (${since}; Notarium did not register it). Every check of the evidence it holds passed.`,
    unproven: [...(report.unproven ?? []), `That the registration is the one its imported receipt claims: ${why}.`],
    said: {
      ...report.said,
      summary: [said(keys.summary)],
      unproven: [...(report.said.unproven ?? []), [said(keys.unproven)]],
    },
  };
}

/** heldAsImported's sentences, as the page says them (preload/i18n/messages/engine). */
function heldSaid(record: Pick<StoredRecord, 'proofOutcome'>, testChain: boolean) {
  if (record.proofOutcome === 'pending') return { summary: 'verdicts.importedPendingHeld', unproven: 'verdicts.unprovenImportedPending' } as const;
  return testChain
    ? ({ summary: 'verdicts.importedPartialTestChain', unproven: 'verdicts.unprovenImportedTestChain' } as const)
    : ({ summary: 'verdicts.importedPartial', unproven: 'verdicts.unprovenImported' } as const);
}

/**
 * For what the library hands on (a proof bundle's README): a receipt of imported evidence is the
 * importer's, not one this library issued, and the library's verdict on it. Null for any other.
 */
export function importedEvidenceWords(
  record: Pick<StoredRecord, 'proofOutcome' | 'network' | 'state' | 'lastError'>,
  receiptName: string,
  by: 'bundle' | 'export' = 'bundle',
): string | null {
  const who = by === 'bundle' ? 'the library that wrote this bundle' : 'this library';
  const claims = by === 'bundle' ? 'the page or its claims say' : 'its claims say';
  const disproved = disprovedImport(record);
  if (disproved)
    return `${receiptName} is imported evidence: ${who} imported it and did not issue or register it. Its service has since disproved it, so it does not verify, whatever ${claims}. ${record.lastError ?? ''}`.trimEnd();
  if (!heldAsEvidence(record)) return null;
  const why = whyHeldAsEvidence(record, networkOf(record.network)?.testChain ?? false);
  return `${receiptName} is imported evidence: ${who} imported it and did not issue or register it. It holds it as partially verified at best (${why}), whatever ${claims}.`;
}
