import { STEP_LABELS } from '../../core/receipts/verify/verify-receipt.ts';
import { importReceipts, type ImportedProof } from '../../core/usecases/receipts.ts';
import { exportReceipts } from '../../core/usecases/document-export.ts';
import { verifyReceiptFile } from '../../core/usecases/verify.ts';
import { visibleName } from '../../../preload/visible-text.ts';
import { describeReport, statusWord } from '../describe.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import type { CliIo } from '../io.ts';
import { recordJson } from '../json.ts';
import { COMMON_OPTIONS, parseCommand, requirePositionals } from '../options.ts';
import { withNotary } from '../session.ts';
import { exitForResults, verificationJson } from './verify.ts';

export const RECEIPT_HELP = `Usage:
  notarium receipt export <file|txId> [-o PATH]   write the receipt (next to the file by default);
                                                  for a document: every version's, plus an index
  notarium receipt verify <receipt> [file] [--online]
                                                  verify offline and print the step report
  notarium receipt import <receipts…>             add receipts to the library (a receipt that
                                                  fails, or names an unknown network, is refused;
                                                  a partially verified one stays partially verified)`;

/** What an imported receipt proved by itself, in words. */
function provenWords(proof: ImportedProof): string {
  const chain = proof.testChain ? ` on ${proof.network}, a test chain whose proof of work proves nothing` : ` on ${proof.network}`;
  if (proof.outcome === 'pending') return `pending${chain}: not in a block yet; the library follows it where a profile reaches its service.`;
  if (proof.outcome === 'verified') return `verified${chain} (the file itself is checked when it is verified).`;
  const labels = proof.skipped.filter((id) => id !== 'service').map((id) => STEP_LABELS[id].toLowerCase());
  const why = [
    ...(labels.length ? [`the receipt holds nothing to check the ${labels.join(' and ')} by`] : []),
    ...(proof.skipped.includes('service') ? ['the service that made it does not know this registration'] : []),
  ];
  return `partially verified${chain}: ${why.join(', and ')}, so the library never reads it as verified; verify the file for what that leaves unproven.`;
}

export async function receiptCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'export') return exportCommand(rest, io);
  if (sub === 'verify') return verifyReceiptCommand(rest, io);
  if (sub === 'import') return importCommand(rest, io);
  if (sub === undefined || sub === '--help' || sub === '-h') return help(io, RECEIPT_HELP);
  io.err(`notarium receipt: unknown subcommand "${sub}".\n\n${RECEIPT_HELP}`);
  return EXIT.ERROR;
}

async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommand('receipt export', argv, { ...COMMON_OPTIONS, output: { type: 'string', short: 'o' } }, true);
  if (v.help) return help(io, RECEIPT_HELP);
  const [target] = requirePositionals(positionals, 1, 'notarium receipt export <file|txId> [-o PATH]');
  return withNotary(io, async (notary) => {
    const result = await exportReceipts(notary.context, target!, { out: v.output, profile: v.profile });
    if (v.json) io.out(JSON.stringify(result, null, 2));
    else {
      for (const r of result.receipts) io.out(visibleName(r));
      if (result.index) io.out(visibleName(result.index));
    }
    return EXIT.OK;
  });
}

async function verifyReceiptCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommand('receipt verify', argv, { ...COMMON_OPTIONS, online: { type: 'boolean' } }, true);
  if (v.help) return help(io, RECEIPT_HELP);
  if (positionals.length < 1 || positionals.length > 2) requirePositionals(positionals, 1, 'notarium receipt verify <receipt> [file]');
  const [receipt, file] = positionals;
  return withNotary(io, async (notary) => {
    const result = await verifyReceiptFile(notary.context, receipt!, file, { offline: !v.online, requireService: v.online ?? false });
    if (v.json) io.out(JSON.stringify(verificationJson(result), null, 2));
    else io.out(`${statusWord(result)}  ${visibleName(result.path)}\n${result.report ? describeReport(result.report) : visibleName(result.message)}`);
    return exitForResults([result]);
  });
}

async function importCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommand('receipt import', argv, COMMON_OPTIONS, true);
  if (v.help) return help(io, RECEIPT_HELP);
  const receipts = requirePositionals(positionals, 1, 'notarium receipt import <receipts…>', true);
  return withNotary(io, async (notary) => {
    const outcomes = await importReceipts(notary.context, receipts, { profile: v.profile });
    if (v.json) {
      io.out(
        JSON.stringify(
          outcomes.map((o) =>
            'error' in o
              ? { path: o.path, imported: false, error: o.error.message }
              : { path: o.path, imported: o.imported, ...o.proof, record: recordJson(o.record) },
          ),
          null,
          2,
        ),
      );
    } else {
      for (const o of outcomes) {
        if ('error' in o) io.err(`not imported  ${visibleName(o.error.message)}`);
        else io.out(`${o.imported ? 'imported' : 'already in the library'}  ${visibleName(o.path)}\n  ${provenWords(o.proof)}`);
      }
    }
    return outcomes.some((o) => 'error' in o) ? EXIT.ERROR : EXIT.OK;
  });
}
