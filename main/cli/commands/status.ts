import type { Notary } from '../../core/notary.ts';
import { FOLLOWED_STATES, importedPartial, importedPending, inBlock, type StoredRecord } from '../../core/store/record.ts';
import { lifeCycleOf } from '../../core/usecases/life-cycle.ts';
import { currentStatus, waitForRecord, type CurrentStatus } from '../../core/usecases/follow.ts';
import type { Registration } from '../../core/usecases/registrations.ts';
import { resolveRegistration } from '../../core/usecases/resolve-target.ts';
import { importedService } from '../../core/usecases/service-check.ts';
import { fileView } from '../batch-view.ts';
import { describeRecord, stateWords } from '../describe.ts';
import { recordName } from '../record-name.ts';
import { EXIT } from '../exit-codes.ts';
import { lookAgainWords } from '../look-again.ts';
import { help } from '../help.ts';
import type { CliIo } from '../io.ts';
import { recordJson } from '../json.ts';
import { COMMON_OPTIONS, numberOption, parseCommand, requirePositionals } from '../options.ts';
import { withNotaryFor } from '../session.ts';

export const STATUS_HELP = `Usage: notarium status <file|txId> [--offline] [--json] [--profile P]

Shows a registration, asking the service for news unless --offline. Of a document version queued
until the version before it is in a block, the version before it is asked, and the queued one is
sent when its turn has come. The service allows one status request per registration per block time
(the profile's --block-seconds): within it, the library answers and says when the service was
asked and when it will be asked next.
Exit code: 0 in a block, 3 not yet in a block (or queued, or imported evidence not verified fully:
its block is only claimed), 1 rejected or failed (an import whose evidence disagrees with the chain
too).`;

export const WAIT_HELP = `Usage: notarium wait <file|txId> [--confirmations N] [--timeout SECONDS] [--json] [--profile P]

Waits until the registration has N confirmations (default: the profile's target).
Exit code: 0 reached, 1 rejected or failed, 3 timed out.`;

/** 0 in a block, 3 still pending (or imported evidence, whose block is only claimed), 1 when the registration did not make it. */
export function exitFor(record: StoredRecord): number {
  if (inBlock(record)) return importedPartial(record) || importedPending(record) ? EXIT.PENDING : EXIT.OK;
  if (record.state === 'rejected' || record.state === 'failed') return EXIT.MISMATCH;
  return EXIT.PENDING;
}

/** A registration found for a file (a batch's file: as itself, with its place in the batch). */
function show(io: CliIo, notary: Notary, found: Registration, json: boolean): void {
  const life = lifeCycleOf(notary.context, found.record);
  const { record, batch } = fileView(notary.context, found);
  io.out(json ? JSON.stringify(recordJson(record, life, batch), null, 2) : describeRecord(record, io.env, life, undefined, batch));
}

/**
 * A status, and for one on its way to its target depth, when to expect it there and to look again,
 * as notarise says it. When the library answered because the service was asked less than a block
 * time ago: says when, and when next.
 */
async function showStatus(io: CliIo, notary: Notary, status: CurrentStatus, json: boolean): Promise<void> {
  const life = lifeCycleOf(notary.context, status.record);
  const { record, batch } = fileView(notary.context, status);
  const service = await importedService(notary.context, status.record);
  if (json) return io.out(JSON.stringify({ ...recordJson(record, life, batch), source: status.source, ...(service && { service }) }, null, 2));
  const lines = [describeRecord(record, io.env, life, undefined, batch, service)];
  if (status.source === 'library' && record.lastCheckedAt !== null && FOLLOWED_STATES.includes(record.state)) {
    lines.push(
      `  checked:      ${new Date(record.lastCheckedAt).toISOString()}, less than a block time ago: this is the library's answer (the service allows one status request per registration per block time)`,
      `  next check:   ${record.nextCheckAt === null ? '-' : new Date(record.nextCheckAt).toISOString()}`,
    );
  }
  const lookAgain = lookAgainWords(await notary.library.profiles.require(record.profile), [record], notary.context.now(), io.env);
  if (lookAgain) lines.push(lookAgain);
  io.out(lines.join('\n'));
}

export const STATUS_OPTIONS = { ...COMMON_OPTIONS, offline: { type: 'boolean' } } as const;
export const WAIT_OPTIONS = { ...COMMON_OPTIONS, confirmations: { type: 'string' }, timeout: { type: 'string' } } as const;

export async function statusCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommand('status', argv, STATUS_OPTIONS, true);
  if (v.help) return help(io, STATUS_HELP);
  const [target] = requirePositionals(positionals, 1, 'notarium status <file|txId>');
  return withNotaryFor(io, v.profile, async (notary) => {
    const status = await currentStatus(notary.context, notary.follower, target!, { profile: v.profile, offline: v.offline });
    await showStatus(io, notary, status, v.json ?? false);
    return exitFor(status.record);
  });
}

export async function waitCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommand('wait', argv, WAIT_OPTIONS, true);
  if (v.help) return help(io, WAIT_HELP);
  const [target] = requirePositionals(positionals, 1, 'notarium wait <file|txId>');
  const confirmations = numberOption('confirmations', v.confirmations, 1, 1000);
  const timeout = numberOption('timeout', v.timeout, 1, 7 * 86_400);
  return withNotaryFor(io, v.profile, async (notary) => {
    notary.startPoller();
    const signal = timeout ? AbortSignal.timeout(timeout * 1000) : undefined;
    let record: StoredRecord;
    const found = await resolveRegistration(notary.context, target!, v.profile);
    try {
      record = await waitForRecord(notary.context, notary.follower, found.record, {
        confirmations,
        signal,
        onUpdate: (r) => io.progress(`${recordName(r)}: ${stateWords(r)}`),
      });
    } catch (err) {
      if (!signal?.aborted) throw err;
      io.progress('');
      io.err(`Still waiting after ${timeout} s.`);
      return EXIT.PENDING;
    }
    io.progress('');
    // Its receipt on disk, whichever engine saw the block first (the app may be writing it still).
    record = await notary.ensureReceipts(record);
    // A batch's file as it is now: its receipt may have been written meanwhile.
    const member = found.member && notary.library.batches.member(found.member.member.id)!;
    show(io, notary, { record, ...(member ? { member } : {}) }, v.json ?? false);
    return exitFor(record);
  });
}
