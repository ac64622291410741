import { resolve } from 'node:path';
import { STEP_LABELS } from '../../../verifier/verify-receipt.ts';
import { importReceipts, readReceiptFile, type ImportResult } from '../../core/usecases/receipts.ts';
import { exportReceipts, type ExportResult } from '../../core/usecases/document-export.ts';
import { exportProofBundle, type BundleResult } from '../../core/usecases/proof-bundle.ts';
import { verifyReceiptFile } from '../../core/usecases/verify.ts';
import { addedEvidenceWords, upgradeReceipts, type ReceiptUpgrade } from '../../core/usecases/receipt-upgrade.ts';
import { summariseReceipt } from '../../../verifier/receipt-summary.ts';
import { isNotariumError } from '../../core/errors/notarium-error.ts';
import { shellQuote } from '../../core/text/shell-quote.ts';
import { visibleName } from '../../../preload/visible-text.ts';
import { LANGUAGES } from '../../../preload/i18n/languages.ts';
import { describeReceipt, describeReport, statusWord } from '../describe.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import { command } from '../invoked-as.ts';
import type { CliIo } from '../io.ts';
import type { StoredRecord } from '../../core/store/record.ts';
import { errorJson, recordJson } from '../json.ts';
import { errorText } from '../format.ts';
import { choiceOption, COMMON_OPTIONS, parseSubcommand, requirePositionals, subcommandOf } from '../options.ts';
import { UsageError } from '../usage-error.ts';
import { withLazyNotary, withNotaryFor } from '../session.ts';
import { batchLine, exitForResults, refuseMissing, shownPath, verificationJson } from './verify.ts';
import { counted } from '../../../verifier/counted.ts';
import { isReceiptName } from '../../../verifier/receipt-name.ts';
import { asFile, batchFacts, batchOfReceipt } from '../../core/usecases/registrations.ts';

export const RECEIPT_HELP = `Usage:
  notarium receipt export <file|txId> [-o PATH] [--bundle [--lang en|fr|de]]
                                                  write the receipt (next to the file by default);
                                                  for a document: every version's, plus an index;
                                                  --bundle: and verify.html beside them, a page
                                                  that checks the file in any browser, offline,
                                                  and README.txt; prints the page's SHA-256, the
                                                  same in every bundle of this version (-o then
                                                  names the bundle's folder); --lang: README.txt's
                                                  language, English by default (the page speaks
                                                  its reader's)
  notarium receipt verify <receipt> [file] [--online]
                                                  verify offline and print the step report;
                                                  --online: also ask the block lookup whether the
                                                  block is on the best chain, and the service
                                                  (both required: a block the lookup does not
                                                  know fails the receipt)
  notarium receipt import <receipts…>             add receipts to the library (a receipt that
                                                  fails, as receipt verify --online would fail it,
                                                  or names an unknown network, is refused; a
                                                  partially verified one stays partially verified)
  notarium receipt certificate <file|txId> [--pdf] [--lang en|fr|de] [-o PATH]
                                                  write the printable certificate: an HTML page
                                                  that checks the file in any browser, offline
                                                  (next to the file by default; -o a file or a
                                                  folder); --pdf: printed to PDF by Chromium
                                                  (NOTARIUM_CHROMIUM names it); --lang: its
                                                  language, English by default
  notarium receipt info <receipt> [--json]        what a receipt holds, without checking it (the
                                                  salt is never shown)
  notarium receipt upgrade <receipts…> [--profile P] [--json]
                                                  complete pending receipts in place once their
                                                  registration is in a block; a complete one
                                                  gets the raw transaction or block header it
                                                  lacks (checked before it is written), or moves
                                                  with its registration to another block, else
                                                  is left unchanged
Exit code (upgrade): 0 every receipt complete, 3 one is still pending (run it again after a block),
2 one could not be read or completed.
Exit code (import): 0 imported or already held, 1 one disagrees with what the library holds for its
txId (at most one of the two is genuine), 2 one was refused or could not be read.`;

const EXPORT_OPTIONS = { ...COMMON_OPTIONS, output: { type: 'string', short: 'o' }, bundle: { type: 'boolean' }, lang: { type: 'string' } } as const;
const CERTIFICATE_OPTIONS = { ...COMMON_OPTIONS, output: { type: 'string', short: 'o' }, pdf: { type: 'boolean' }, lang: { type: 'string' } } as const;
const INFO_OPTIONS = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;
// No --profile: the receipt names its service, and --online asks the profile that reaches it.
const VERIFY_OPTIONS = { ...INFO_OPTIONS, online: { type: 'boolean' } } as const;

/** `receipt`'s subcommands and the options each takes (completion reads them too). */
export const RECEIPT_SUBCOMMANDS = {
  export: EXPORT_OPTIONS,
  verify: VERIFY_OPTIONS,
  import: COMMON_OPTIONS,
  info: INFO_OPTIONS,
  upgrade: COMMON_OPTIONS,
  certificate: CERTIFICATE_OPTIONS,
} as const;

/** What an imported receipt proved by itself, in words; pending: who follows it (commands as the user runs Notarium). */
function provenWords({ proof, record, serviceProfile }: ImportResult, env: NodeJS.ProcessEnv): string {
  const upgrade = `"${command(env, 'receipt upgrade')}" completes the receipt once it is in a block`;
  const chain = proof.testChain ? ` on ${proof.network}, a test chain whose proof of work proves nothing` : ` on ${proof.network}`;
  const mislabelled =
    proof.mislabelled &&
    `its network label (${proof.network}) is not the network of the profile that reaches its service ("${visibleName(serviceProfile ?? '')}", ${proof.mislabelled})`;
  if (proof.outcome === 'pending') {
    if (mislabelled) return `pending${chain}: not in a block yet, and ${mislabelled}, so the library does not follow it there: it stays imported evidence.`;
    if (serviceProfile !== null)
      return `pending${chain}: not in a block yet; the library follows it on its service (profile "${visibleName(serviceProfile)}"), and ${upgrade}.`;
    const url = visibleName(record.serviceUrl ?? '');
    return `pending${chain}: not in a block yet, and no profile reaches the service that made it (${url}), so nothing here asks it: add a profile for that service (${command(env, `profile add <name> --base-url ${visibleName(shellQuote(record.serviceUrl ?? ''))}`)}, and its key with ${command(env, 'key set --profile <name>')}), then ${upgrade}.`;
  }
  if (proof.outcome === 'verified') return `verified${chain} (the file itself is checked when it is verified).`;
  const labels = proof.skipped.filter((id) => id !== 'service').map((id) => STEP_LABELS[id].toLowerCase());
  const why = [
    ...(labels.length ? [`the receipt holds nothing to check the ${labels.join(' and ')} by`] : []),
    ...(proof.skipped.includes('service') ? ['the service that made it does not know this registration'] : []),
    ...(mislabelled ? [mislabelled] : []),
    ...(proof.unvouched && !proof.mislabelled && !proof.skipped.includes('service')
      ? ['no service of this library confirmed it, the only proof a test chain gives']
      : []),
  ];
  return `partially verified${chain}: ${why.join(', and ')}, so the library never reads it as verified; verify the file for what that leaves unproven.`;
}

/**
 * What the import did to the library: the receipt's own proof when it was taken (and what weaker
 * import it replaced), else what the library holds under its txId instead, never the receipt's word.
 */
function importWords(o: ImportResult & { path: string }, env: NodeJS.ProcessEnv): string {
  const proven = provenWords(o, env);
  // A receipt imported that verified fully stands for its content, but was not registered here: neither "its own" nor evidence.
  const held = (r: StoredRecord) =>
    r.proofOutcome === null
      ? 'its own registration'
      : r.proofOutcome === 'verified'
        ? 'a verified receipt it imported'
        : `imported evidence, ${r.proofOutcome.replace('-', ' ')}`;
  if (o.imported && o.replaced)
    return `${proven}\n  It replaces what the library held under txId ${o.replaced.txId ?? '-'} (${held(o.replaced)}), which proved less.`;
  if (o.imported || o.member) return proven;
  if (o.disagrees)
    return `The library holds txId ${o.record.txId ?? '-'} as ${held(o.record)}, for other content: two receipts for this txId disagree on what it registered, so at most one of them is genuine. The one held proved as much or more, so it is kept and this receipt is not imported; verify each file with its own receipt to see which holds. This receipt: ${proven}`;
  return `The library holds txId ${o.record.txId ?? '-'} as ${held(o.record)}; it is kept, and this receipt is not imported. This receipt: ${proven}`;
}

export async function receiptCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') return help(io, RECEIPT_HELP);
  const run = {
    export: exportCommand,
    verify: verifyReceiptCommand,
    import: importCommand,
    info: infoCommand,
    upgrade: upgradeCommand,
    certificate: certificateCommand,
  };
  return run[subcommandOf('receipt', sub, RECEIPT_SUBCOMMANDS)](rest, io);
}

async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseSubcommand('receipt', 'export', argv, RECEIPT_SUBCOMMANDS, true);
  if (v.help) return help(io, RECEIPT_HELP);
  const [target] = requirePositionals(positionals, 1, 'notarium receipt export <file|txId> [-o PATH] [--bundle [--lang en|fr|de]]');
  if (v.lang !== undefined && !v.bundle) throw new UsageError("--lang names the language of a proof bundle's README.txt: give it with --bundle.");
  const language = choiceOption('lang', v.lang, LANGUAGES) ?? 'en';
  return withNotaryFor(io, v.profile, async (notary) => {
    const options = { out: v.output, profile: v.profile };
    const result: ExportResult & Partial<Pick<BundleResult, 'verifier' | 'verifierSha256' | 'readme'>> = v.bundle
      ? await exportProofBundle(notary.context, target!, { ...options, language })
      : await exportReceipts(notary.context, target!, options);
    if (v.json) io.out(JSON.stringify(result, null, 2));
    else {
      for (const r of result.receipts) io.out(visibleName(r));
      // A receipt the library imported is handed on as it came, and said to be so.
      if (result.imported) io.out(`  ${visibleName(result.imported)}`);
      if (result.index) io.out(visibleName(result.index));
      if (result.verifier) io.out(visibleName(result.verifier));
      if (result.readme) io.out(visibleName(result.readme));
      // The page is the same in every bundle of this version: its receiver compares this figure (README.txt says how).
      if (result.verifierSha256)
        io.out(`verify.html SHA-256 ${result.verifierSha256}: the same in every bundle of this version; README.txt says how to check it`);
    }
    return EXIT.OK;
  });
}

async function certificateCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseSubcommand('receipt', 'certificate', argv, RECEIPT_SUBCOMMANDS, true);
  if (v.help) return help(io, RECEIPT_HELP);
  const [target] = requirePositionals(positionals, 1, 'notarium receipt certificate <file|txId> [--pdf] [--lang en|fr|de] [-o PATH]');
  // Loaded only here: the certificate's page, its words in three languages and the printer are for this subcommand alone.
  const { certificateCommand: write } = await import('./certificate.ts');
  return write(target!, v, io);
}

async function verifyReceiptCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseSubcommand('receipt', 'verify', argv, RECEIPT_SUBCOMMANDS, true);
  if (v.help) return help(io, RECEIPT_HELP);
  if (positionals.length < 1 || positionals.length > 2) requirePositionals(positionals, 1, 'notarium receipt verify <receipt> [file]');
  const [receipt, file] = positionals;
  await refuseMissing(positionals);
  const second = file === undefined ? undefined : await swapped(receipt!, file);
  if (second !== undefined) {
    throw new UsageError(
      `"${visibleName(receipt!)}" is not a receipt, but "${visibleName(file!)}" ${second === 'receipt' ? 'is' : 'is named as one'}: the receipt comes first, then the file. Run: notarium receipt verify ${visibleName(`${shellQuote(file!)} ${shellQuote(receipt!)}`)}`,
      'receipt verify',
    );
  }
  // The engine opens only if the service is asked (--online): a receipt verifies offline without the library.
  return withLazyNotary(io, async (ctx) => {
    const result = await verifyReceiptFile(ctx, receipt!, file, {
      offline: !v.online,
      requireService: v.online ?? false,
      requireChain: v.online ?? false,
    });
    if (v.json) io.out(JSON.stringify(verificationJson(result), null, 2));
    else {
      const batch = result.batch ? `\n  ${batchLine(result.batch, result.txId ?? null)}` : '';
      io.out(
        `${statusWord(result)}  ${visibleName(shownPath(result.path, file ?? receipt!))}${batch}\n${result.report ? describeReport(result.report) : visibleName(result.message)}`,
      );
    }
    return exitForResults([result]);
  });
}

async function importCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseSubcommand('receipt', 'import', argv, RECEIPT_SUBCOMMANDS, true);
  if (v.help) return help(io, RECEIPT_HELP);
  const receipts = requirePositionals(positionals, 1, 'notarium receipt import <receipts…>', true);
  return withNotaryFor(io, v.profile, async (notary) => {
    const outcomes = await importReceipts(notary.context, receipts, { profile: v.profile });
    if (v.json) {
      io.out(
        JSON.stringify(
          outcomes.map((o) =>
            'error' in o
              ? { path: o.path, imported: false, error: errorJson(o.error) }
              : {
                  path: o.path,
                  imported: o.imported,
                  ...o.proof,
                  replacedTxId: o.replaced?.txId ?? null,
                  disagrees: o.disagrees ?? false,
                  record: recordJson(asFile(o), undefined, batchFacts(notary.context, o)),
                },
          ),
          null,
          2,
        ),
      );
    } else {
      for (const o of outcomes) {
        if ('error' in o) io.err(`not imported  ${visibleName(errorText(o.error))}`);
        else
          io.out(
            `${o.imported ? 'imported' : o.disagrees ? 'not imported, disagrees' : 'already in the library'}  ${visibleName(o.path)}\n  ${importWords(o, io.env)}`,
          );
      }
    }
    // Two receipts of one txId for different content: at most one is genuine, which a script must not take for success.
    if (outcomes.some((o) => 'error' in o)) return EXIT.ERROR;
    return outcomes.some((o) => !('error' in o) && o.disagrees) ? EXIT.MISMATCH : EXIT.OK;
  });
}

/**
 * The file named where the receipt goes and the receipt where the file goes: the first is no
 * receipt (and not named as one), the second is one, or is named as one even if it does not read as
 * one (the order is said first; verified in that order, it is then said what is wrong with it).
 * Undefined when they do not look swapped.
 */
async function swapped(receipt: string, file: string): Promise<'receipt' | 'named' | undefined> {
  const isReceipt = (path: string) =>
    readReceiptFile(path).then(
      () => true,
      (err: unknown) => (isNotariumError(err, 'RECEIPT_INVALID') ? false : undefined),
    );
  if (isReceiptName(receipt) || (await isReceipt(receipt)) !== false) return undefined;
  const second = await isReceipt(file);
  return second === true ? 'receipt' : isReceiptName(file) ? 'named' : undefined;
}

async function infoCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseSubcommand('receipt', 'info', argv, RECEIPT_SUBCOMMANDS, true);
  if (v.help) return help(io, RECEIPT_HELP);
  const [path] = requirePositionals(positionals, 1, 'notarium receipt info <receipt> [--json]');
  const receipt = await readReceiptFile(resolve(path!));
  const summary = summariseReceipt(receipt);
  // A batch's file: its place in its batch, when this library registered it (the receipt alone does not
  // say). Best effort: info reads a receipt, and a library that cannot be opened leaves the place unknown.
  const unknown = { id: null, files: null, position: null };
  const batch = receipt.aggregation
    ? await withLazyNotary(io, async (ctx) => batchOfReceipt(await ctx.engine(), receipt) ?? unknown).catch(() => unknown)
    : null;
  if (v.json) io.out(JSON.stringify({ ...summary, batch }, null, 2));
  else io.out(describeReceipt(summary, io.env) + (batch ? `\n  batch:         ${batchLine(batch, receipt.registration.txId)}` : ''));
  return EXIT.OK;
}

async function upgradeCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseSubcommand('receipt', 'upgrade', argv, RECEIPT_SUBCOMMANDS, true);
  if (v.help) return help(io, RECEIPT_HELP);
  const receipts = requirePositionals(positionals, 1, 'notarium receipt upgrade <receipts…>', true);
  return withNotaryFor(io, v.profile, async (notary) => {
    const results = await upgradeReceipts(notary.context, notary.follower, receipts, { profile: v.profile });
    if (v.json) io.out(JSON.stringify(results.map(upgradeJson), null, 2));
    else {
      for (const r of results) {
        if (r.status === 'failed') io.err(upgradeWords(r, io.env));
        else io.out(upgradeWords(r, io.env));
      }
    }
    if (results.some((r) => r.status === 'failed')) return EXIT.ERROR;
    return results.some((r) => r.status === 'pending') ? EXIT.PENDING : EXIT.OK;
  });
}

function upgradeJson(r: ReceiptUpgrade) {
  return {
    path: r.path,
    status: r.status,
    // A complete receipt is not checked here ("receipt verify" does): it has no outcome, only its block.
    outcome: r.status === 'upgraded' ? r.outcome : null,
    blockHash: r.status === 'upgraded' || r.status === 'complete' ? r.blockHash : null,
    confirmations: r.status === 'upgraded' || r.status === 'complete' ? r.confirmations : null,
    blockTime: r.status === 'upgraded' || r.status === 'complete' ? r.blockTime : null,
    movedFrom: r.status === 'upgraded' ? (r.movedFrom ?? null) : null,
    added: r.status === 'upgraded' ? (r.added ?? []) : [],
    message: r.status === 'pending' ? r.message : null,
    error: r.status === 'failed' ? errorJson(r.error) : null,
  };
}

function upgradeWords(r: ReceiptUpgrade, env: NodeJS.ProcessEnv): string {
  const path = visibleName(r.path);
  switch (r.status) {
    case 'complete':
      return `complete  ${path}\n  already names its block: left unchanged. Block ${r.blockHash}, ${counted(r.confirmations, 'confirmation')} when issued.`;
    case 'upgraded':
      return `upgraded  ${path}\n  ${r.movedFrom ? `moved to block ${r.blockHash} (the old one, ${r.movedFrom}, left the best chain)` : r.added?.length ? `added ${addedEvidenceWords(r.added)} of block ${r.blockHash}` : 'completed with block ' + r.blockHash} (${counted(r.confirmations, 'confirmation')}); ${r.outcome === 'verified' ? 'it verifies offline now' : 'it verifies partially: the explorer did not give the transaction or the block header'} (check the file with "${command(env, 'receipt verify')}").`;
    case 'pending':
      return `pending   ${path}\n  ${visibleName(r.message)}`;
    case 'failed':
      return `not upgraded  ${path}\n  ${visibleName(errorText(r.error))}`;
  }
}
