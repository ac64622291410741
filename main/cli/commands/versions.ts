import { basename } from 'node:path';
import { visibleName } from '../../../preload/visible-text.ts';
import type { Notary } from '../../core/notary.ts';
import type { StoredRecord } from '../../core/store/record.ts';
import { shellQuote } from '../../core/text/shell-quote.ts';
import { documentHistory, timeline } from '../../core/usecases/document-history.ts';
import { addVersion, finaliseDocument, whichVersion } from '../../core/usecases/documents.ts';
import { waitForRecord } from '../../core/usecases/follow.ts';
import { errorData } from '../../core/errors/error-data.ts';
import { isInDoubt } from '../../core/usecases/submit.ts';
import { lifeCycleOf } from '../../core/usecases/life-cycle.ts';
import { describeRecord, stateWords } from '../describe.ts';
import { recordName } from '../record-name.ts';
import { EXIT } from '../exit-codes.ts';
import { errorText, shortHash, table } from '../format.ts';
import { help } from '../help.ts';
import { command } from '../invoked-as.ts';
import type { CliIo } from '../io.ts';
import { recordJson } from '../json.ts';
import { COMMON_OPTIONS, numberOption, parseCommand, parseSubcommand, requirePositionals, subcommandOf } from '../options.ts';
import { UsageError } from '../usage-error.ts';
import { withNotaryFor } from '../session.ts';
import { exitFor } from './status.ts';
import { counted } from '../../../verifier/counted.ts';
import { refuseWatchedFinalise, watchedFileHistory, watchedFileVersion, type WatchedFileHistory, type WatchedVersion } from '../../core/watch/file-history.ts';

/**
 * --wait: the poller runs (it sends a queued version when its predecessor is in a block) until the
 * version is deep enough; then its receipt is on disk, whichever engine saw the block first.
 */
async function waitForVersion(notary: Notary, io: CliIo, record: StoredRecord, confirmations?: number): Promise<StoredRecord> {
  notary.startPoller();
  const reached = await waitForRecord(notary.context, notary.follower, record, {
    confirmations,
    onUpdate: (r) => io.progress(`version ${r.version}: ${stateWords(r)}`),
  });
  io.progress('');
  return notary.ensureReceipts(reached);
}

export const VERSIONS_HELP = `Usage: notarium versions <file|txId> [--offline] [--json]

Shows a document's versions, read from the service from any version (and the library's records).
When the service cannot be read (or with --offline), the library's versions are shown, and the
output says why.`;

export const VERSION_HELP = `Usage:
  notarium version add <file> --of <file|txId> [--wait]
                                                register <file> as the next version of a document
  notarium version finalise <file|txId> [--wait] close the document: no version can follow
  notarium version which <file> [--of <file|txId>]
                                                which version of a document <file> is

--of names the document by any of its versions (a file or a txId), or by the file its latest
version was registered from, even after that file was edited in place.

The service takes a version only once the version before it is in a block. Until then the new
version is queued in the library ("waiting for the previous version's block") and the command
returns at once; it is sent as soon as the block comes, by whichever Notarium runs then: the app,
"notarium watch", "notarium wait", "notarium status" of it, or the next "notarium notarise".

Exit code (add, finalise): 0 registered or queued, 2 a file could not be read, the service refused
it, or it failed, 3 sent but its answer was lost, or the version before it is in that state (run
the command again).

  --wait             wait until it is in a block with the profile's target confirmations
  --confirmations N  with --wait: wait for N confirmations instead`;

export const VERSIONS_OPTIONS = { ...COMMON_OPTIONS, offline: { type: 'boolean' } } as const;
const WAIT_OPTIONS = { wait: { type: 'boolean' }, confirmations: { type: 'string' } } as const;
/** `version`'s subcommands and the options each takes (a finalisation names its document itself: no --of). */
export const VERSION_SUBCOMMANDS = {
  add: { ...COMMON_OPTIONS, of: { type: 'string' }, ...WAIT_OPTIONS },
  finalise: { ...COMMON_OPTIONS, ...WAIT_OPTIONS },
  which: { ...COMMON_OPTIONS, of: { type: 'string' } },
} as const;

export async function versionsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommand('versions', argv, VERSIONS_OPTIONS, true);
  if (v.help) return help(io, VERSIONS_HELP);
  const [target] = requirePositionals(positionals, 1, 'notarium versions <file|txId>');
  return withNotaryFor(io, v.profile, async (notary) => {
    // A watched file in rounds: its history is read from its folder's rounds (docs/design/batches-and-rounds.md, rounds).
    const watched = watchedFileHistory(notary.context, target!);
    if (watched?.versions.some((e) => e.round !== null)) return printWatchedHistory(io, watched, v.json ?? false);
    const history = await documentHistory(notary.context, target!, { profile: v.profile, offline: v.offline });
    const versions = timeline(history, history.document ? notary.library.records.registrationsOf(history.document.id) : []);
    if (v.json) {
      io.out(
        JSON.stringify(
          {
            document: history.document ? { name: history.document.name, firstTxId: history.document.firstTxId, headTxId: history.document.headTxId } : null,
            source: history.source,
            online: history.source.from === 'service',
            finalised: history.finalised,
            versions: versions.map((e) => ({
              version: e.version,
              txId: e.txId,
              kind: e.kind,
              notInHistory: e.notInHistory,
              record: e.record ? recordJson(e.record) : null,
            })),
          },
          null,
          2,
        ),
      );
      return EXIT.OK;
    }
    const name = history.document?.name ?? 'document';
    const { source } = history;
    // Where each came from: the history as read, and the library's own it does not hold.
    const own = versions.length - history.versions.length;
    const more = own === 0 ? '' : ` (${own} ${source.from === 'service' ? 'only in this library: not in a block yet' : 'never sent'})`;
    io.out(
      `${visibleName(name)}: ${counted(versions.length, 'version')}${history.finalised ? ', finalised' : ''}, ${source.from === 'service' ? 'read from the service' : 'from the library'}${more}`,
    );
    if (source.from === 'library') io.out(`Not read from the service: ${source.reason}`);
    const rows = versions.map((e) => [
      String(e.version),
      e.kind === 'linked-delete' ? (e.notInHistory ? '(finalisation)' : '(finalised)') : e.record ? recordName(e.record) : '(not in this library)',
      shortHash(e.txId),
      `${e.record ? stateWords(e.record) : e.kind}${e.notInHistory && source.from === 'service' ? ' (this library only)' : ''}`,
    ]);
    io.out(table(['VERSION', 'FILE', 'TXID', 'STATE'], rows));
    return EXIT.OK;
  });
}

export async function versionCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') return help(io, VERSION_HELP);
  const name = subcommandOf('version', sub, VERSION_SUBCOMMANDS);
  const { values: v, positionals } = parseSubcommand('version', name, rest, VERSION_SUBCOMMANDS, true);
  if (v.help) return help(io, VERSION_HELP);
  const confirmations = numberOption('confirmations', v.confirmations, 1, 1000);
  return withNotaryFor(io, v.profile, (notary) =>
    inDoubtExit(io, `version ${name}`, async () => {
      const settle = (record: StoredRecord) => (v.wait ? waitForVersion(notary, io, record, confirmations) : Promise.resolve(record));
      // --wait on a write in doubt: the sentence said without --wait, then what is waited for (each once).
      let said = '';
      const onWaiting = (sentence: string) => {
        if (sentence === said) return;
        said = sentence;
        io.progress('');
        io.err(`notarium version ${name}: ${errorText({ code: 'WRITE_IN_DOUBT', message: sentence })}`);
        io.err(
          `notarium version ${name}: waiting: the chain is looked at once per block time of the profile until it shows this write (Ctrl+C stops waiting; the write stays in doubt).`,
        );
      };
      switch (name) {
        case 'add': {
          const [file] = requirePositionals(positionals, 1, 'notarium version add <file> --of <file|txId>');
          if (!v.of)
            throw new UsageError('Name the document with --of <file|txId> (any of its versions, or the file its latest version came from).', 'version add');
          const record = await settle(await addVersion(notary.context, file!, v.of, { profile: v.profile, waitForChain: v.wait, onWaiting }));
          const words =
            record.state === 'queued' ? `Version ${record.version} queued: waiting for the previous version's block.` : `Version ${record.version} registered.`;
          io.out(
            v.json
              ? JSON.stringify(recordJson(record, lifeCycleOf(notary.context, record)), null, 2)
              : `${words}\n${describeRecord(record, io.env, lifeCycleOf(notary.context, record))}`,
          );
          return exitFor(record) === EXIT.MISMATCH ? EXIT.ERROR : EXIT.OK;
        }
        case 'finalise': {
          const [target] = requirePositionals(positionals, 1, 'notarium version finalise <file|txId>');
          refuseWatchedFinalise(notary.context, target!);
          const started = notary.context.now();
          const record = await settle(await finaliseDocument(notary.context, target!, { profile: v.profile, waitForChain: v.wait, onWaiting }));
          const life = lifeCycleOf(notary.context, record);
          if (v.json) io.out(JSON.stringify(recordJson(record, life), null, 2));
          else {
            const follow = record.state === 'queued' ? command(io.env, `version finalise ${shellQuote(target!)} --wait`) : undefined;
            // Run again: the final record was there before (with --wait, what was waited for is said plainly).
            io.out(`${finalisedWords(record, record.createdAt < started && !v.wait)}\n${describeRecord(record, io.env, life, follow)}`);
          }
          return exitFor(record) === EXIT.MISMATCH ? EXIT.ERROR : EXIT.OK;
        }
        case 'which': {
          const [file] = requirePositionals(positionals, 1, 'notarium version which <file> [--of <file|txId>]');
          const watched = v.of === undefined && (await watchedFileVersion(notary.context, file!));
          if (watched && watched.history.versions.some((e) => e.round !== null)) return printWatchedVersion(io, file!, watched, v.json ?? false);
          const found = await whichVersion(notary.context, file!, v.of, { profile: v.profile });
          if (v.json) {
            io.out(
              JSON.stringify(
                found ? { document: found.document.name, versions: found.versions, matches: found.matches.map((m) => recordJson(m)) } : null,
                null,
                2,
              ),
            );
          } else if (!found || found.matches.length === 0) {
            io.out(
              found
                ? `${visibleName(basename(file!))} is none of the ${counted(found.versions, 'version')} of "${visibleName(found.document.name)}".`
                : `${visibleName(basename(file!))} is not a version of any document in the library.`,
            );
          } else {
            const where = (m: StoredRecord) => (m.state === 'queued' ? "queued: waiting for the previous version's block" : `txId ${m.txId}`);
            io.out(
              found.matches
                .map(
                  (m) => `${visibleName(basename(file!))} is version ${m.version} of ${found.versions} of "${visibleName(found.document.name)}" (${where(m)}).`,
                )
                .join('\n'),
            );
          }
          return found && found.matches.length > 0 ? EXIT.OK : EXIT.PENDING;
        }
      }
    }),
  );
}

/**
 * What `version finalise` did, in words: the document, where its final record stands, and that no
 * version can be added any more; `before`: the final record was there before this command (run again).
 */
function finalisedWords(record: StoredRecord, before: boolean): string {
  const document = `"${visibleName(record.name)}"`;
  const closed = 'No version can be added to it any more.';
  if (record.state === 'queued') {
    const waits = `its final record is queued in the library until version ${(record.version ?? 2) - 1} is in a block, and is sent then`;
    return `${document} ${before ? 'is already being finalised' : 'will be finalised'}: ${waits}. ${closed}`;
  }
  return `${document} is ${before ? 'already ' : ''}finalised: its final record, txId ${record.txId}, is ${stateWords(record)}. ${closed}`;
}

/** A write left in doubt (or refused behind one) ends as notarise's does: its sentence, exit 3. */
async function inDoubtExit(io: CliIo, command: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (err) {
    if (!isInDoubt(err)) throw err;
    io.progress('');
    io.err(`notarium ${command}: ${errorText(errorData(err, (detail) => io.err(`notarium ${command}: ${detail}`)))}`);
    return EXIT.PENDING;
  }
}

/** A watched file's history: the rounds of its folder's chain where its content changed, after its document's versions from before rounds. */
function printWatchedHistory(io: CliIo, history: WatchedFileHistory, json: boolean): number {
  if (json) {
    io.out(
      JSON.stringify(
        { watched: { folder: history.folder.path, relPath: history.relPath }, waiting: history.waiting, versions: history.versions.map(versionJson) },
        null,
        2,
      ),
    );
    return EXIT.OK;
  }
  const rounds = history.versions.filter((e) => e.round !== null).length;
  io.out(
    `${visibleName(history.relPath)} in the watched folder ${visibleName(history.folder.path)}: ${counted(history.versions.length, 'version')}, ` +
      `${rounds === history.versions.length ? 'each' : `${rounds}`} in a round of the folder's chain, from the library${history.waiting ? "; its current content waits for the folder's next round" : ''}`,
  );
  const rows = history.versions.map((e) => [
    String(e.version),
    e.round === null ? '(its document)' : `round ${e.round}${e.member ? ` (${counted(e.member.batch.files, 'file')})` : ''}`,
    shortHash(e.registration.txId),
    stateWords(e.registration),
  ]);
  io.out(table(['VERSION', 'IN', 'TXID', 'STATE'], rows));
  return EXIT.OK;
}

/** Which versions of its watched history a file is. */
function printWatchedVersion(io: CliIo, file: string, found: { history: WatchedFileHistory; matches: WatchedVersion[] }, json: boolean): number {
  const { history, matches } = found;
  const name = visibleName(basename(file));
  if (json)
    io.out(
      JSON.stringify(
        { watched: { folder: history.folder.path, relPath: history.relPath }, versions: history.versions.length, matches: matches.map(versionJson) },
        null,
        2,
      ),
    );
  else if (matches.length === 0)
    io.out(
      `${name} is none of the ${counted(history.versions.length, 'version')} of ${visibleName(history.relPath)} in the watched folder${history.waiting ? ": its content waits for the folder's next round" : ''}.`,
    );
  else
    io.out(
      matches
        .map(
          (m) =>
            `${name} is version ${m.version} of ${history.versions.length} of ${visibleName(history.relPath)} in the watched folder (${m.round === null ? 'its document' : `round ${m.round}`}, txId ${m.registration.txId}).`,
        )
        .join('\n'),
    );
  return matches.length > 0 ? EXIT.OK : EXIT.PENDING;
}

function versionJson(e: WatchedVersion) {
  return {
    version: e.version,
    round: e.round,
    sha256: e.sha256,
    record: recordJson(e.registration),
    batch: e.member ? { id: e.member.batch.id, files: e.member.batch.files, position: e.member.member.position } : null,
  };
}
