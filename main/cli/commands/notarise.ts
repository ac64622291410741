import { basename } from 'node:path';
import type { StoredRecord } from '../../core/store/record.ts';
import type { Notary } from '../../core/notary.ts';
import { checkGapMs, firstCheckAt } from '../../core/poller/schedule.ts';
import { shellQuote } from '../../core/text/shell-quote.ts';
import { duration } from '../../../preload/duration.ts';
import { notarise, type NotariseOutcome } from '../../core/usecases/notarise.ts';
import { stateWords } from '../describe.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import { shortHash, table } from '../format.ts';
import type { CliIo } from '../io.ts';
import { errorJson, recordJson } from '../json.ts';
import { COMMON_OPTIONS, numberOption, parseCommand, requirePositionals } from '../options.ts';
import { stoppedWords, waitAll } from '../notarise-wait.ts';
import { withNotary } from '../session.ts';
import { visibleName } from '../../../preload/visible-text.ts';

export const NOTARISE_HELP = `Usage: notarium notarise <files|folders…> [--document] [--wait] [--confirmations N] [--again] [--json] [--profile P]

Hashes each file locally (folders: their files, recursively) and registers a salted fingerprint of
it; the file never leaves the machine.
A file whose content is already registered in the profile is reported, not registered again.
Running the command again finishes what an interrupted run left.
Exit code: 0 registered, 1 refused or rejected by the service, or (with --wait) never mined and
given up (the reason is printed), 2 a file could not be read or sent, 3 sent but the answer was
lost (run the command again), or --wait stopped by Ctrl+C (the files stay registered: follow them
with "notarium wait <file>", which writes the receipt once in a block).

  --document         start a new document (a chain of versions) for each file
  --wait             wait until each registration has the profile's target confirmations (on a
                     terminal, a line shows the confirmations and the next check)
  --confirmations N  with --wait: wait for N confirmations instead
  --again            register even content that is already registered
  --json             print the results as JSON`;

export const NOTARISE_OPTIONS = {
  ...COMMON_OPTIONS,
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
  return withNotary(io, async (notary) => {
    let done = 0;
    // The files the paths name (a folder's files counted one by one), known once they are listed.
    let total = files.length;
    const outcomes = await notarise(notary.context, files, {
      profile: v.profile,
      document: v.document,
      again: v.again,
      onFiles: (count) => (total = count),
      onProgress: (p) => {
        if (p.phase === 'done' || p.phase === 'failed') done++;
        const pct = p.phase === 'hashing' && p.total ? ` ${Math.floor(((p.bytes ?? 0) / p.total) * 100)}%` : '';
        io.progress(`[${done}/${total}] ${p.phase} ${basename(p.path)}${pct}`);
      },
    });
    io.progress('');
    const records = new Map<string, StoredRecord>();
    for (const o of outcomes) if (o.record) records.set(o.path, o.record);
    const wait = v.wait ? await waitAll(notary, io, outcomes, records, confirmations) : { stopped: false };
    print(io, outcomes, records, v.json ?? false);
    if (wait.stopped) io.err(stoppedWords([...records.values()]));
    else {
      const lookAgain = v.json ? undefined : whenToLookAgain(notary, [...records.values()]);
      if (lookAgain) io.out(lookAgain);
    }
    const exit = exitForOutcomes(outcomes, [...records.values()]);
    return wait.stopped && exit === EXIT.OK ? EXIT.PENDING : exit;
  });
}

/** 2 a file could not be read or sent, 1 the service refused or rejected one, 3 one is in doubt, else 0. */
function exitForOutcomes(outcomes: NotariseOutcome[], records: StoredRecord[]): number {
  if (outcomes.some((o) => o.status === 'failed' && !o.record)) return EXIT.ERROR;
  if (records.some((r) => r.state === 'failed' || r.state === 'rejected')) return EXIT.MISMATCH;
  if (outcomes.some((o) => o.status === 'in-doubt')) return EXIT.PENDING;
  return EXIT.OK;
}

function print(io: CliIo, outcomes: NotariseOutcome[], records: Map<string, StoredRecord>, json: boolean): void {
  if (json) {
    io.out(
      JSON.stringify(
        outcomes.map((o) => ({
          path: o.path,
          status: o.status,
          record: records.has(o.path) ? recordJson(records.get(o.path)!) : null,
          error: o.status === 'failed' || o.status === 'in-doubt' ? errorJson(o.error) : null,
        })),
        null,
        2,
      ),
    );
    return;
  }
  // A failure's sentence goes under the table, one line each, so that the table stays a table.
  const reasons = new Set<string>();
  const rows = outcomes.map((o) => {
    const r = records.get(o.path);
    const state = r ? stateWords(r) : o.status === 'failed' ? 'not registered' : '';
    if (o.status !== 'failed' && o.status !== 'in-doubt') return [o.status, basename(o.path), shortHash(r?.txId), state];
    reasons.add(`${visibleName(basename(o.path))}: ${visibleName(o.error.message)}`);
    return [o.status, basename(o.path), shortHash(r?.txId), `${state} (why: below)`];
  });
  io.out(table(['RESULT', 'FILE', 'TXID', 'STATE'], rows));
  // A registration that ended while waiting (given up, rejected) says why, as "status" does.
  for (const r of records.values())
    if ((r.state === 'failed' || r.state === 'rejected') && r.lastError) reasons.add(`${visibleName(r.name)}: ${visibleName(r.lastError)}`);
  for (const reason of reasons) io.out(reason);
}

/**
 * Without --wait, for registrations still waiting for a block: when to expect them in a block and
 * settled (the profile's block time and target confirmations), and when to look again (the status
 * pace's first check: before it, status gives the library's answer).
 */
function whenToLookAgain(notary: Notary, records: StoredRecord[]): string | undefined {
  const waiting = records.filter((r) => r.state === 'published' && r.publishedAt !== null);
  if (waiting.length === 0) return undefined;
  const profile = notary.library.profiles.require(waiting[0]!.profile);
  const now = notary.context.now();
  const block = checkGapMs(profile);
  const firstLook = Math.max(...waiting.map((r) => firstCheckAt(profile, r.publishedAt!))) - now;
  const file = waiting.length === 1 && waiting[0]!.path ? visibleName(shellQuote(waiting[0]!.path)) : '<file>';
  const wait = `or wait for it with \`notarium wait ${file}\``;
  if (firstLook <= 0) return `It should be in a block by now: look with \`notarium status ${file}\`, ${wait}.`;
  const target = profile.targetConfirmations;
  return [
    `In a block within about ${duration(block / 1000)}, settled (${target} confirmation${target === 1 ? '' : 's'}) within about ${duration((target * block) / 1000)}.`,
    `Look again in about ${duration(firstLook / 1000)} with \`notarium status ${file}\` (the service is asked once per block time), ${wait}.`,
  ].join('\n');
}
