import { counted } from '../../../verifier/counted.ts';
import { basename } from 'node:path';
import { importedNeverMined, inBlock, type StoredRecord } from '../../core/store/record.ts';
import { notarise, type NotariseOutcome } from '../../core/usecases/notarise.ts';
import { stateWords } from '../describe.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import { shortHash, table } from '../format.ts';
import type { CliIo } from '../io.ts';
import { errorJson, recordJson } from '../json.ts';
import { COMMON_OPTIONS, numberOption, parseCommand, requirePositionals } from '../options.ts';
import { lookAgainWords } from '../look-again.ts';
import { stoppedWords, waitAll } from '../notarise-wait.ts';
import { withNotaryFor } from '../session.ts';
import type { Notary } from '../../core/notary.ts';
import { fileView } from '../batch-view.ts';
import { visibleName } from '../../../preload/visible-text.ts';

export const NOTARISE_HELP = `Usage: notarium notarise <files|folders…> [--separately] [--document] [--wait]
                         [--confirmations N] [--again] [--json] [--profile P]

Hashes each file locally (folders: their files, recursively) and registers a salted fingerprint of
it; the file never leaves the machine. Files notarised together are anchored as one batch: one
registration for all of them (up to 100,000 files a batch), and a receipt of its own for each file,
which verifies alone with its file. One file alone is registered on its own.
A file whose content is already registered in the profile is reported, not registered again.
Running the command again finishes what an interrupted run left.

  --separately       register each file on its own instead of as one batch
  --document         start a new document (a chain of versions) for each file (never batched)
  --wait             wait until each registration has the profile's target confirmations (on a
                     terminal, a line shows the confirmations and the next check)
  --confirmations N  with --wait: wait for N confirmations instead
  --again            register even content that is already registered
  --json             print the results as JSON

Exit code:
  0  registered
  1  refused or rejected by the service, or (with --wait) never mined and given up (the reason
     is printed)
  2  a file could not be read, or was not sent because the service could not be reached (nothing
     was registered: the next run sends it)
  3  sent but the answer was lost (in doubt: run the command again), or --wait stopped by Ctrl+C
     (the files stay registered: "notarium wait <file>" follows one and writes its receipt once
     it is in a block)`;

export const NOTARISE_OPTIONS = {
  ...COMMON_OPTIONS,
  separately: { type: 'boolean' },
  document: { type: 'boolean' },
  wait: { type: 'boolean' },
  confirmations: { type: 'string' },
  again: { type: 'boolean' },
} as const;

export async function notariseCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommand('notarise', argv, NOTARISE_OPTIONS, true);
  if (v.help) return help(io, NOTARISE_HELP);
  const files = requirePositionals(positionals, 1, 'notarium notarise <files…> (see --help)', true);
  const confirmations = numberOption('confirmations', v.confirmations, 1, 1000);
  return withNotaryFor(io, v.profile, async (notary) => {
    let done = 0;
    // The files the paths name (a folder's files counted one by one), known once they are listed.
    let total = files.length;
    const outcomes = await notarise(notary.context, files, {
      profile: v.profile,
      document: v.document,
      batch: !v.separately,
      again: v.again,
      onFiles: (count) => (total = count),
      onProgress: (p) => {
        if (p.phase === 'done' || p.phase === 'failed') done++;
        const pct = p.phase === 'hashing' && p.total ? ` ${Math.floor(((p.bytes ?? 0) / p.total) * 100)}%` : '';
        io.progress(`[${done}/${total}] ${p.phase} ${basename(p.path)}${pct}`);
      },
    });
    io.progress('');
    // Each file's registration (a batch's files share theirs), followed by --wait.
    const records = new Map<string, StoredRecord>();
    for (const o of outcomes) if (o.record) records.set(o.path, o.record);
    const wait = v.wait ? await waitAll(notary, io, outcomes, records, confirmations) : { stopped: false };
    print(io, notary, outcomes, records, v.json ?? false);
    const shown = filesOnce(notary, outcomes, records);
    if (wait.stopped) io.err(stoppedWords(shown, io.env));
    else if (!v.json) {
      // Without --wait: when to expect them in a block, and when to look again (as status says it).
      const lookAgain = shown[0] && lookAgainWords(await notary.library.profiles.require(shown[0].profile), shown, notary.context.now(), io.env);
      if (lookAgain) io.out(lookAgain);
    }
    const exit = exitForOutcomes(outcomes, shown);
    return wait.stopped && exit === EXIT.OK ? EXIT.PENDING : exit;
  });
}

/** 2 a file could not be read or sent (the service could not be reached), 1 the service refused or rejected one, 3 one is in doubt, else 0. */
function exitForOutcomes(outcomes: NotariseOutcome[], records: StoredRecord[]): number {
  if (outcomes.some((o) => (o.status === 'failed' && !o.record) || o.status === 'not-sent')) return EXIT.ERROR;
  if (records.some((r) => r.state === 'failed' || r.state === 'rejected')) return EXIT.MISMATCH;
  if (outcomes.some((o) => o.status === 'in-doubt')) return EXIT.PENDING;
  return EXIT.OK;
}

/**
 * Each registration once, as its file (the first of a batch's files stands for its batch: what to
 * look again at or wait for is any of them), for the words after the table and the exit code.
 */
function filesOnce(notary: Notary, outcomes: NotariseOutcome[], records: Map<string, StoredRecord>): StoredRecord[] {
  const once = new Map<number, StoredRecord>();
  for (const o of outcomes) {
    const record = records.get(o.path);
    if (record && !once.has(record.id)) once.set(record.id, fileView(notary.context, { record, ...(o.member ? { member: o.member } : {}) }).record);
  }
  return [...once.values()];
}

function print(io: CliIo, notary: Notary, outcomes: NotariseOutcome[], records: Map<string, StoredRecord>, json: boolean): void {
  if (json) {
    io.out(
      JSON.stringify(
        outcomes.map((o) => {
          const record = records.get(o.path);
          const view = record && fileView(notary.context, { record, ...(o.member ? { member: o.member } : {}) });
          return {
            path: o.path,
            status: o.status,
            record: view ? recordJson(view.record, undefined, view.batch) : null,
            error: 'error' in o ? errorJson(o.error) : null,
            // An imported receipt of this content that never stood for its registration (registrations.ts).
            importedEvidence: o.importedEvidence
              ? {
                  txId: o.importedEvidence.txId,
                  proofOutcome: o.importedEvidence.proofOutcome,
                  receiptPath: evidenceNow(notary, o.importedEvidence).receiptPath,
                }
              : null,
          };
        }),
        null,
        2,
      ),
    );
    return;
  }
  const rows = outcomes.map((o) => {
    const r = records.get(o.path);
    return [o.status, basename(o.path), shortHash(r?.txId), r ? stateWords(r) : '-'];
  });
  io.out(table(['RESULT', 'FILE', 'TXID', 'STATE'], rows));
  for (const line of batchLines(outcomes, records)) io.out(line);
  for (const line of reasons(outcomes, records)) io.out(line);
  for (const line of evidenceLines(notary, outcomes)) io.out(line);
}

/**
 * The imported evidence as the library holds it now: the file's own receipt, once written, takes
 * the plain name beside the file, and the imported receipt moves to its labelled name (receipts.ts).
 */
function evidenceNow(notary: Notary, evidence: StoredRecord): StoredRecord {
  return notary.library.records.get(evidence.id) ?? evidence;
}

/** Files registered although an imported receipt of their content was in the library: that receipt is evidence only, and where it went. */
function evidenceLines(notary: Notary, outcomes: NotariseOutcome[]): string[] {
  return outcomes.flatMap(({ importedEvidence: e, path, member }) => {
    if (!e) return [];
    const now = evidenceNow(notary, e).receiptPath;
    const moved = now && now !== e.receiptPath ? ` Its receipt was moved to ${visibleName(now)}, and the file's own takes its place.` : '';
    return [
      `${visibleName(member?.member.name ?? basename(path))}: an imported receipt of this content exists (txId ${e.txId ?? '-'}, ${evidenceState(e)} on ${visibleName(e.network ?? '?')}); it never stood for a registration, so the file was registered now.${moved}`,
    ];
  });
}

/** What imported evidence is now, in a word or three: what became of it, else what it proved when imported. */
function evidenceState(e: StoredRecord): string {
  if (e.state === 'rejected') return 'rejected';
  if (importedNeverMined(e)) return 'never in a block';
  return e.proofOutcome?.replace('-', ' ') ?? 'imported';
}

/** Under the table, each batch once: how many of the files it anchors, in one registration. */
function batchLines(outcomes: NotariseOutcome[], records: Map<string, StoredRecord>): string[] {
  // of: the batch's size; null for one known from its files' receipts (no receipt says it).
  const batches = new Map<number, { members: Set<number>; of: number | null; record: StoredRecord | undefined }>();
  for (const o of outcomes) {
    if (!o.member) continue;
    const seen = batches.get(o.member.batch.id);
    if (seen) seen.members.add(o.member.member.id);
    else
      batches.set(o.member.batch.id, {
        members: new Set([o.member.member.id]),
        of: o.member.batch.imported ? null : o.member.batch.files,
        record: records.get(o.path),
      });
  }
  return [...batches].map(([id, b]) => {
    const files = b.of === null ? `${counted(b.members.size, 'file')} of a batch known from its files' receipts` : `${b.of} files`;
    const here = b.of === null || b.members.size === b.of ? '' : ` (${b.members.size} of them named here)`;
    // After --wait (or for a batch registered before) the receipts are written already.
    const receipts = b.record && inBlock(b.record) ? 'each file has a receipt of its own' : 'each file gets a receipt of its own once it is in a block';
    return `Batch ${id}: ${files}${here} in one registration, ${b.record?.txId ?? 'not sent yet'}; ${receipts}.`;
  });
}

/** Names of files that share a reason: a few by name, more by their number (the table says which). */
const MAX_NAMED = 3;

/**
 * Why files did not get where they were going, below the table (a cell holds a state, not a
 * sentence): a send's failure, a registration that ended while waiting (given up, rejected), or the
 * warning of one that stands, as "status" says it. Files alike (a service that cannot be reached)
 * share one line.
 */
function reasons(outcomes: NotariseOutcome[], records: Map<string, StoredRecord>): string[] {
  const byReason = new Map<string, string[]>();
  for (const o of outcomes) {
    const r = records.get(o.path);
    // A registration that stands may carry a warning too (content read back differently, evidence an explorer did not give).
    const reason = 'error' in o ? o.error.message : (r?.lastError ?? null);
    if (reason) byReason.set(reason, [...(byReason.get(reason) ?? []), o.member?.member.name ?? r?.name ?? basename(o.path)]);
  }
  return [...byReason].map(([reason, names]) => {
    const who = names.length > MAX_NAMED ? `${names.length} files` : names.map(visibleName).join(', ');
    return `${who}: ${visibleName(reason)}`;
  });
}
