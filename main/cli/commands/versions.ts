import { basename } from 'node:path';
import { visibleName } from '../../../preload/visible-text.ts';
import { documentHistory } from '../../core/usecases/document-history.ts';
import { addVersion, finaliseDocument, whichVersion } from '../../core/usecases/documents.ts';
import { describeRecord, stateWords } from '../describe.ts';
import { EXIT } from '../exit-codes.ts';
import { shortHash, table } from '../format.ts';
import { help } from '../help.ts';
import type { CliIo } from '../io.ts';
import { recordJson } from '../json.ts';
import { COMMON_OPTIONS, parseCommand, requirePositionals } from '../options.ts';
import { UsageError } from '../usage-error.ts';
import { withNotary } from '../session.ts';
import { exitFor } from './status.ts';

export const VERSIONS_HELP = `Usage: notarium versions <file|txId> [--offline] [--json]

Shows a document's versions, read from the service from any version (and the library's records).
When the service cannot be read (or with --offline), the library's versions are shown, and the
output says why.`;

export const VERSION_HELP = `Usage:
  notarium version add <file> --of <file|txId>   register <file> as the next version of a document
  notarium version finalise <file|txId>         close the document: no version can follow
  notarium version which <file> [--of <file|txId>]
                                                which version of a document <file> is`;

export async function versionsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommand('versions', argv, { ...COMMON_OPTIONS, offline: { type: 'boolean' } }, true);
  if (v.help) return help(io, VERSIONS_HELP);
  const [target] = requirePositionals(positionals, 1, 'notarium versions <file|txId>');
  return withNotary(io, async (notary) => {
    const history = await documentHistory(notary.context, target!, { profile: v.profile, offline: v.offline });
    if (v.json) {
      io.out(
        JSON.stringify(
          {
            document: history.document ? { name: history.document.name, firstTxId: history.document.firstTxId, headTxId: history.document.headTxId } : null,
            source: history.source,
            online: history.source.from === 'service',
            finalised: history.finalised,
            versions: history.versions.map((e) => ({ version: e.version, txId: e.txId, kind: e.kind, record: e.record ? recordJson(e.record) : null })),
          },
          null,
          2,
        ),
      );
      return EXIT.OK;
    }
    const name = history.document?.name ?? 'document';
    const { source } = history;
    io.out(`${visibleName(name)}: ${history.versions.length} record${history.versions.length === 1 ? '' : 's'}${history.finalised ? ', finalised' : ''}, ${source.from === 'service' ? 'read from the service' : 'from the library'}`);
    if (source.from === 'library') io.out(`Not read from the service: ${source.reason}`);
    const rows = history.versions.map((e) => [
      String(e.version),
      e.kind === 'linked-delete' ? '(finalised)' : (e.record?.name ?? '(not in this library)'),
      shortHash(e.txId),
      e.record ? stateWords(e.record) : e.kind,
    ]);
    io.out(table(['VERSION', 'FILE', 'TXID', 'STATE'], rows));
    return EXIT.OK;
  });
}

export async function versionCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === undefined || sub === '--help' || sub === '-h') return help(io, VERSION_HELP);
  const { values: v, positionals } = parseCommand(`version ${sub}`, rest, { ...COMMON_OPTIONS, of: { type: 'string' } }, true);
  if (v.help) return help(io, VERSION_HELP);
  return withNotary(io, async (notary) => {
    switch (sub) {
      case 'add': {
        const [file] = requirePositionals(positionals, 1, 'notarium version add <file> --of <file|txId>');
        if (!v.of) throw new UsageError('notarium version add: name the document with --of <file|txId> (any of its versions).');
        const record = await addVersion(notary.context, file!, v.of, { profile: v.profile });
        io.out(v.json ? JSON.stringify(recordJson(record), null, 2) : `Version ${record.version} registered.\n${describeRecord(record)}`);
        return exitFor(record) === EXIT.MISMATCH ? EXIT.ERROR : EXIT.OK;
      }
      case 'finalise': {
        const [target] = requirePositionals(positionals, 1, 'notarium version finalise <file|txId>');
        const record = await finaliseDocument(notary.context, target!, { profile: v.profile });
        io.out(v.json ? JSON.stringify(recordJson(record), null, 2) : `Finalised: no version can follow (txId ${record.txId}).`);
        return EXIT.OK;
      }
      case 'which': {
        const [file] = requirePositionals(positionals, 1, 'notarium version which <file> [--of <file|txId>]');
        const found = await whichVersion(notary.context, file!, v.of, { profile: v.profile });
        if (v.json) {
          io.out(JSON.stringify(found ? { document: found.document.name, versions: found.versions, matches: found.matches.map(recordJson) } : null, null, 2));
        } else if (!found || found.matches.length === 0) {
          io.out(found ? `${visibleName(basename(file!))} is none of the ${found.versions} versions of "${visibleName(found.document.name)}".` : `${visibleName(basename(file!))} is not a version of any document in the library.`);
        } else {
          io.out(found.matches.map((m) => `${visibleName(basename(file!))} is version ${m.version} of ${found.versions} of "${visibleName(found.document.name)}" (txId ${m.txId}).`).join('\n'));
        }
        return found && found.matches.length > 0 ? EXIT.OK : EXIT.PENDING;
      }
      default:
        io.err(`notarium version: unknown subcommand "${sub}".\n\n${VERSION_HELP}`);
        return EXIT.ERROR;
    }
  });
}
