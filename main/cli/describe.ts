import { receiptsName, recordName } from './record-name.ts';
import { visibleName } from '../../preload/visible-text.ts';
import { importedNeverMined, importedPartial, importedPending, inBlock, notSent, type StoredRecord } from '../core/store/record.ts';
import type { LifeCycleFacts } from '../core/usecases/life-cycle.ts';
import { shellQuote } from '../core/text/shell-quote.ts';
import { saltHidden } from '../../verifier/protocol/salt-shown.ts';
import type { ReceiptSummary } from '../../verifier/receipt-summary.ts';
import type { Step, VerificationReport } from '../../verifier/verify-receipt.ts';
import { verifiedOnTestChain, type FileVerification } from '../core/usecases/verify.ts';
import { counted } from '../../verifier/counted.ts';
import type { BatchFacts } from '../core/usecases/registrations.ts';
import type { ImportedService } from '../core/usecases/service-check.ts';
import { batchWords } from './batch-view.ts';
import { command } from './invoked-as.ts';

/** Human-readable descriptions shared by the commands. Each value from outside is one line: visibleName. */

const STATE_WORDS: Record<StoredRecord['state'], string> = {
  queued: "queued, waiting for the previous version's block",
  submitting: 'sent, answer not received',
  published: 'accepted, waiting for a block',
  confirmed: 'in a block',
  settled: 'settled',
  rejected: 'rejected',
  failed: 'failed',
  superseded: 'superseded (not the registration)',
};

/** A record's state in a few words (a table's cell); describeRecord adds what to do. */
export function stateWords(r: StoredRecord): string {
  const words = inBlock(r) ? `${STATE_WORDS[r.state]} (${counted(r.confirmations, 'confirmation')})` : notSent(r) ? 'not sent' : STATE_WORDS[r.state];
  // Imported evidence, at every state: what became of it is the receipt's word, or its service's
  // about someone's registration, never the library's own (a rejection's reason is its note).
  if (!importedPartial(r) && !importedPending(r)) return words;
  if (importedNeverMined(r))
    return "imported evidence, never in a block: no block took its pending receipt's registration, or none was tied to it, while it was followed, and it is no longer followed (not registered by this library)";
  if (r.state === 'rejected' || r.state === 'failed') return `imported evidence, ${words} (not registered by this library)`;
  if (importedPartial(r)) return `imported evidence, not verified: its partially verified receipt claims "${words}"`;
  return inBlock(r)
    ? 'imported evidence, not verified yet: its service shows it in a block, and its receipt has not yet verified fully with that evidence (not registered by this library)'
    : 'imported evidence, pending: its receipt was not in a block when issued, and no block is tied to it yet (not registered by this library)';
}

/** What to do about a record that is not where it is going yet, after its state on the first line. */
function nextStep(r: StoredRecord): string {
  if (r.state !== 'submitting') return '';
  return notSent(r) ? ': nothing was registered (run the command again to send it)' : ' (run the command again to finish)';
}

/**
 * `follow`: the command that follows a queued record, when the caller knows a better one than
 * `notarium wait <its file>` (a finalisation has no file of its own); none and no file: no line.
 * Commands are said as the user runs Notarium (`env`: invoked-as.ts).
 */
export function describeRecord(
  r: StoredRecord,
  env: NodeJS.ProcessEnv,
  life?: LifeCycleFacts,
  follow?: string,
  batch?: BatchFacts | null,
  service?: ImportedService | null,
): string {
  // A finalisation holds no file: it is the document's final record, after its last version.
  const final = r.kind === 'linked-delete';
  const lines = [
    `${recordName(r)}${final ? ' (final record)' : ''}: ${stateWords(r)}${nextStep(r)}`,
    `  txId:         ${r.txId ?? '-'}`,
    ...(final ? [] : [`  sha256:       ${r.sha256 ?? '-'}`, `  fingerprint:  ${fingerprintWords(r)}`]),
    // Imported from a receipt: the service it names, and whether a profile reaches it (not the profile it was filed under).
    service
      ? `  service:      ${visibleName(service.url)} (${service.profile ? `profile "${service.profile}"` : 'no profile reaches it'})`
      : `  profile:      ${r.profile}`,
  ];
  const follows = r.prevTxId ? ` (follows ${r.prevTxId})` : '';
  if (final) lines.push(`  final record: after version ${(r.version ?? 2) - 1}${follows}; no version can follow it`);
  else if (r.documentId !== null) lines.push(`  version:      ${r.version}${follows}`);
  if (batch) lines.push(`  batch:        ${batchWords(batch, r.txId, r.sha256 !== null)}`);
  if (r.blockHash) lines.push(`  block:        ${r.blockHash}${r.blockTime ? ` at ${visibleName(r.blockTime)}` : ''}`);
  if (r.receiptPath) lines.push(`  receipt:      ${visibleName(r.receiptPath)}`);
  // A receipt does not say when its registration was made; the library knows when it was imported.
  if (service) lines.push(`  imported:     ${new Date(r.createdAt).toISOString()} (when it was registered is not in the receipt)`);
  if (r.receiptHeld) lines.push(`  receipt held: ${visibleName(r.receiptHeld)}`);
  lines.push(...lifeCycleLines(r, env, life, follow ?? (r.path ? command(env, `wait ${shellQuote(r.path)}`) : undefined)));
  if (r.lastError) lines.push(`  note:         ${visibleName(r.lastError)}`);
  return lines.join('\n');
}

/** How the fingerprint is made, its salt written `<salt>` (salt-shown.ts), and what was published. */
function fingerprintWords(r: StoredRecord): string {
  const how = r.encode ? visibleName(saltHidden(r.encode)) : 'none';
  return r.publishedHex ? `${how} -> ${r.publishedHex}` : how;
}

/** Where a record stands in the life cycle of service-notes.md (queued, sent again, superseded, a possible copy). */
function lifeCycleLines(r: StoredRecord, env: NodeJS.ProcessEnv, life: LifeCycleFacts | undefined, follow: string | undefined): string[] {
  const lines: string[] = [];
  const version = (w: StoredRecord) => (w.kind === 'linked-create' ? 'version 1' : `version ${w.version}`);
  if (life?.waitsFor) {
    const w = life.waitsFor;
    lines.push(
      `  waits for:    ${version(w)} ${w.txId ? `(txId ${w.txId}) ` : ''}to be in a block: the service takes a version only after the one before it is mined`,
    );
    if (follow) lines.push(`  follow it:    ${follow} (the app and "${command(env, 'watch')}" send it too)`);
  }
  if (life?.resubmits) lines.push(`  resubmits:    ${life.resubmits.txId ?? '-'} (sent again: not in a block in time)`);
  if (life?.supersededBy) lines.push(`  superseded by: ${life.supersededBy.txId ?? `a later ${life.supersededBy.state} submission`}`);
  if (r.possibleDuplicate) {
    lines.push(
      '  duplicate:    its answer was lost and it was sent again (the service does not promise Idempotency-Key), so the service may hold a second, harmless registration of the same fingerprint; the library keeps this one',
    );
  }
  return lines;
}

/** A result's word, for the first column: a test chain's "verified" never reads as a plain one. */
export function statusWord(r: Pick<FileVerification, 'status' | 'report'>): string {
  if (verifiedOnTestChain(r)) return 'VERIFIED (TEST CHAIN)';
  return r.status === 'partially-verified' ? 'PARTIALLY VERIFIED' : r.status.toUpperCase();
}

const MARK: Record<Step['status'], string> = { pass: 'pass', fail: 'FAIL', skipped: 'skip', 'not-run': '-' };

/** How a command-line user has an online step asked, beside a step an offline verification skipped. */
const ONLINE_HINT = 'Asked online: verify without --offline, or receipt verify --online.';

/** The step report: one line per step (a failure's code after its sentence), expected vs found for a failure, then what is proven. */
export function describeReport(report: VerificationReport): string {
  const width = Math.max(...report.steps.map((s) => s.label.length));
  const lines = report.steps.map((s) => {
    const code = s.status === 'fail' && s.code ? ` [${s.code}]` : '';
    const hint = s.status === 'skipped' && s.code === 'offline' ? ` ${ONLINE_HINT}` : '';
    const line = `  ${MARK[s.status].padEnd(4)}  ${s.label.padEnd(width)}  ${visibleName(s.detail)}${hint}${code}`;
    const diff =
      s.status === 'fail' && (s.expected !== undefined || s.found !== undefined)
        ? `\n        expected: ${visibleName(s.expected ?? '-')}\n        found:    ${visibleName(s.found ?? '-')}`
        : '';
    return line + diff;
  });
  lines.push('', visibleName(report.summary));
  if (report.proves) lines.push(visibleName(report.proves));
  for (const u of report.unproven ?? []) lines.push(`  unproven: ${visibleName(u)}`);
  return lines.join('\n');
}

/** `receipt info`: what a receipt holds, one field a line; nothing here is checked (receipt verify does that). */
export function describeReceipt(s: ReceiptSummary, env: NodeJS.ProcessEnv): string {
  const r = s.registration;
  const kind = r.kind === 'record' ? 'a record' : r.kind === 'linked-delete' ? "a document's finalisation" : `version ${r.version ?? '?'} of a document`;
  const network = `${visibleName(s.network.label)}${!s.network.known ? ' (not a network Notarium knows: its proof of work cannot be judged)' : s.network.testChain ? ' (a test chain: its proof of work proves nothing)' : ''}`;
  const lines = [
    `${receiptsName(s.file.name)}: ${s.status === 'pending' ? `pending, not in a block when issued ("${command(env, 'receipt upgrade')}" completes it)` : 'in a block'}`,
    `  format:        ${visibleName(s.format)}, issued ${visibleName(s.issuedAt)}`,
    `  file:          ${visibleName(s.file.name)}, ${counted(s.file.size, 'byte')}`,
    `  sha256:        ${s.file.sha256}`,
    `  salt:          ${s.fingerprint.salted ? 'present (not shown: with it, the fingerprint on the chain can be tied to the file)' : 'none: the fingerprint on the chain can be tied to the file by its hash'}`,
    `  fingerprint:   ${visibleName(s.fingerprint.encode)} -> ${s.fingerprint.published}`,
    `  registration:  ${kind}, on ${visibleName(r.serviceUrl)}`,
    `  txId:          ${r.txId}`,
  ];
  if (r.follows) lines.push(`  follows:       ${r.follows} (the version before it)`);
  lines.push(`  network:       ${network}`);
  if (s.block) {
    lines.push(
      `  block:         ${s.block.hash}${s.block.timestamp ? ` at ${visibleName(s.block.timestamp)}` : ''}`,
      `  confirmations: ${s.block.confirmations} when issued`,
    );
  }
  const p = s.proofs;
  const proofs = [
    p.merklePath ? `Merkle path (${counted(p.merklePath.nodes, 'node')}, position ${p.merklePath.index}, to the ${p.merklePath.target})` : null,
    p.transaction ? 'raw transaction' : null,
    p.blockHeader ? 'block header' : null,
    p.batchPath !== null ? `batch path (${counted(p.batchPath, 'step')})` : null,
  ].filter((x) => x !== null);
  lines.push(`  proofs:        ${proofs.length ? proofs.join(', ') : 'none yet'}`);
  return lines.join('\n');
}
