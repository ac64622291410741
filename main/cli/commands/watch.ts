import { visibleName } from '../../../preload/visible-text.ts';
import { watchedFolderFields } from '../../core/app/views.ts';
import { errorData } from '../../core/errors/error-data.ts';
import type { Notary } from '../../core/notary.ts';
import type { WatchSettings } from '../../core/store/watched-folders.ts';
import {
  WatchedElsewhereError,
  type WatchedFolderView,
  type WatchFileEvent,
  type WatchFolderEvent,
  type WatchRoundEvent,
  type WatchProgress,
} from '../../core/watch/folder-watcher.ts';
import { EXIT } from '../exit-codes.ts';
import { errorText, shortHash, table } from '../format.ts';
import { help } from '../help.ts';
import { command } from '../invoked-as.ts';
import type { CliIo } from '../io.ts';
import { errorJson, recordJson } from '../json.ts';
import { choiceOption, COMMON_OPTIONS, numberOption, parseCommand, requirePositionals } from '../options.ts';
import { inBlock, isLive, type StoredRecord } from '../../core/store/record.ts';
import { shellQuote } from '../../core/text/shell-quote.ts';
import { counted } from '../../../verifier/counted.ts';
import { withNotary, withNotaryFor } from '../session.ts';
import { UsageError } from '../usage-error.ts';
import { WATCH_DEFAULTS } from '../../../preload/watch-defaults.ts';

export const WATCH_HELP = `Usage:
  notarium watch [folders…] [--recursive] [--include GLOB]… [--exclude GLOB]…
                 [--receipts beside|folder] [--stable S] [--once] [--json] [--profile P]
  notarium watch --list [--json]
  notarium watch --remove <folders…>
  notarium watch --pause|--resume <folders…>
  notarium watch --new-chain <folders…>

Watches folders and notarises their files, without a window (for servers and scripts): a new file
starts a document, a changed file becomes its next version, a renamed or copied file whose content
is already notarised is followed without registering it again, and a deleted file keeps its
records (a file back at the same path continues its document). A file is taken once it has stayed
unchanged for the quiet period. Hidden files and folders (.notarium/ among them), receipts and
temporary or partial files are never taken.

Folders named are remembered, in the same library as the app's, and watched; options given change
a remembered folder's settings. With no folder, every remembered folder is watched. At start each
folder is rescanned by size and modification time, so what changed while nothing watched is caught
up; unchanged files are neither hashed nor registered again. Run one watcher per data directory
(the app or this command). Stops on Ctrl+C or SIGTERM; exit code 0 (with --once: 1 when a file
could not be notarised).

  --recursive        take the files of subfolders too
  --include GLOB     take only matching files (repeatable); a glob without "/" matches file names
                     at any depth ("*.pdf"), one with "/" the path in the folder ("contracts/**")
  --exclude GLOB     never take matching files (repeatable)
  --receipts WHERE   beside: next to each file (default); folder: in the folder's .notarium/
  --stable S         seconds a file must stay unchanged before it is taken (default ${WATCH_DEFAULTS.stableSeconds})
  --once             catch up, wait until every file is taken, and exit; like a watch stopped, it
                     says which registrations are not in a block yet: their receipts are written
                     once they are, by the next watch, a status or wait of the file, or the app
  --list             list the remembered folders and their settings
  --remove           forget the folders named (their records stay in the library)
  --pause            stop watching the folders named until --resume (in the app too, across
                     restarts); --resume catches up on what changed meanwhile at the next watch,
                     or at once in a watch already running (it hears of either within 2 s)
  --new-chain        start a new chain for the folders named whose chain was finalised elsewhere
                     (another computer sharing this library, an earlier Notarium): they are
                     stopped until then, and a watch of them says so (with --once: exit 1)
  --json             events as JSON, one object per line (--list: an array)
  --profile P        the profile a folder added now notarises in (default: the current one)`;

export const WATCH_OPTIONS = {
  ...COMMON_OPTIONS,
  recursive: { type: 'boolean' },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  receipts: { type: 'string' },
  stable: { type: 'string' },
  once: { type: 'boolean' },
  list: { type: 'boolean' },
  remove: { type: 'boolean' },
  pause: { type: 'boolean' },
  resume: { type: 'boolean' },
  'new-chain': { type: 'boolean' },
} as const;

export async function watchCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v, positionals } = parseCommand('watch', argv, WATCH_OPTIONS, true);
  if (v.help) return help(io, WATCH_HELP);
  const stable = numberOption('stable', v.stable, 0, 3600, false);
  const settings: Partial<WatchSettings> = {
    ...(v.recursive ? { recursive: true } : {}),
    ...(v.include ? { include: v.include } : {}),
    ...(v.exclude ? { exclude: v.exclude } : {}),
    ...(v.receipts ? { receipts: choiceOption('receipts', v.receipts, ['beside', 'folder'] as const) } : {}),
    ...(stable === undefined ? {} : { stableMs: Math.round(stable * 1000) }),
  };
  const watching = Object.keys(settings).length > 0 || v.once === true || v.profile !== undefined;
  const modes = (['list', 'remove', 'pause', 'resume', 'new-chain'] as const).filter((m) => v[m]);
  if (modes.length > 1) throw new UsageError(`${modes.map((m) => `--${m}`).join(' and ')} do not go together.`);
  if (modes.length && watching) throw new UsageError(`--${modes[0]} takes no watch options. Run "notarium watch --help" for the options.`);
  if (v.list) {
    requirePositionals(positionals, 0, 'notarium watch --list [--json]');
    return withNotary(io, async (notary) => listFolders(io, await notary.watcher.list(), v.json ?? false));
  }
  if (v.remove) {
    const folders = requirePositionals(positionals, 1, 'notarium watch --remove <folders…>', true);
    return withNotary(io, async (notary) => {
      for (const folder of folders) {
        await notary.watcher.remove(folder);
        io.err(`No longer watching ${folder}; the records of its files stay in the library.`);
      }
      return EXIT.OK;
    });
  }
  if (v.pause || v.resume) {
    const folders = requirePositionals(positionals, 1, `notarium watch --${v.pause ? 'pause' : 'resume'} <folders…>`, true);
    return withNotary(io, async (notary) => {
      for (const folder of folders) {
        const changed = await (v.pause ? notary.watcher.pause(folder) : notary.watcher.resume(folder));
        io.err(v.pause ? `Paused ${visibleName(changed.path)} until "notarium watch --resume".` : `Resumed ${visibleName(changed.path)}.`);
      }
      return EXIT.OK;
    });
  }
  if (v['new-chain']) {
    const folders = requirePositionals(positionals, 1, 'notarium watch --new-chain <folders…>', true);
    return withNotary(io, async (notary) => {
      for (const folder of folders) {
        const changed = await notary.watcher.newChain(folder);
        io.err(`The next round of ${visibleName(changed.path)} starts a new chain; it is watched again by the app, or the next "${command(io.env, 'watch')}".`);
      }
      return EXIT.OK;
    });
  }
  return withNotaryFor(io, v.profile, (notary) =>
    watchFolders(io, notary, positionals, settings, { once: v.once ?? false, json: v.json ?? false, profile: v.profile }),
  );
}

function listFolders(io: CliIo, folders: WatchedFolderView[], json: boolean): number {
  if (json) {
    io.out(JSON.stringify(folders.map(folderJson), null, 2));
    return EXIT.OK;
  }
  if (folders.length === 0) {
    io.out(`No folder is watched. Add one with "${command(io.env, 'watch <folder>')}".`);
    return EXIT.OK;
  }
  const globs = (g: string[]) => (g.length ? g.join(' ') : '-');
  const rows = folders.map((f) => [
    f.path,
    f.paused ? 'paused' : 'watched',
    f.profile,
    f.recursive ? 'yes' : 'no',
    globs(f.include),
    globs(f.exclude),
    f.receipts,
    `${f.stableMs / 1000}s`,
  ]);
  io.out(table(['FOLDER', 'STATE', 'PROFILE', 'RECURSIVE', 'INCLUDE', 'EXCLUDE', 'RECEIPTS', 'STABLE'], rows));
  return EXIT.OK;
}

/** The app's view of a folder (views.ts), with whether it is paused: `watch --list --json` and the `ready` event. */
function folderJson(f: WatchedFolderView) {
  return { ...watchedFolderFields(f), paused: f.paused };
}

async function watchFolders(
  io: CliIo,
  notary: Notary,
  paths: string[],
  settings: Partial<WatchSettings>,
  options: { once: boolean; json: boolean; profile?: string },
): Promise<number> {
  const { watcher } = notary;
  const stopped = io.waitForStopSignal(); // listening before anything starts: a signal during the rescan stops too
  for (const path of paths) {
    const known = await watcher.get(path);
    if (known && options.profile && (await notary.library.profiles.require(options.profile)).name !== known.profile) {
      throw new UsageError(
        `"${visibleName(known.path)}" is watched in the profile "${known.profile}"; to change it, remove the folder and add it again with --profile.`,
      );
    }
    if (!known) await watcher.add(path, settings, options.profile);
    else if (Object.keys(settings).length) await watcher.update(path, settings);
  }
  const folders = paths.length ? paths : (await watcher.list()).map((f) => f.path);
  if (folders.length === 0) throw new UsageError('No folder is watched yet. Name one: notarium watch <folder> (see --help).');
  let failed = 0;
  const print = watchPrinter(io, options.json);
  watcher.events.on('file', (e) => {
    if (e.action === 'failed') failed++;
    print.file(e);
  });
  watcher.events.on('round', print.round);
  watcher.events.on('folder', print.folder);
  watcher.events.on('progress', print.progress);
  try {
    // Named folders only; with none named, every folder, those added meanwhile (in the app) too.
    await watcher.start(paths.length ? folders : undefined, { holder: notary.context.command('watch'), ifWatchedElsewhere: 'refuse' });
  } catch (err) {
    // The app watches every folder, the ones just added too: nothing is left undone, so not a failure.
    if (!(err instanceof WatchedElsewhereError && err.lease.everyFolder)) throw err;
    if (options.json) io.out(JSON.stringify({ event: 'watched-elsewhere', holder: err.lease.holder, message: err.message }));
    else io.err(err.message);
    return EXIT.OK;
  }
  notary.startPoller(); // receipts are written when registrations reach a block
  print.ready(
    (await Promise.all(folders.map((path) => watcher.get(path)))).map((f) => f!),
    options.once,
  );
  await (options.once ? watcher.whenIdle() : stopped);
  // A folder whose chain was finalised elsewhere took nothing: its files are not caught up (its folder event said why).
  const closed = (await Promise.all(folders.map((path) => watcher.get(path)))).flatMap((folder) => (folder?.chainClosed ? [folder.path] : []));
  await watcher.stop();
  io.progress('');
  if (!options.json) {
    io.err(
      !options.once
        ? 'Stopped.'
        : closed.length
          ? `Not caught up: ${counted(closed.length, 'folder')} ${closed.length === 1 ? 'is' : 'are'} stopped until a new chain is started ("${command(io.env, `watch --new-chain ${shellQuote(closed[0]!)}`)}").`
          : 'Caught up.',
    );
    const waiting = await notInBlock(notary, folders);
    if (waiting.length) io.err(laterReceiptsWords(waiting, io.env));
  }
  return options.once && (failed > 0 || closed.length > 0) ? EXIT.MISMATCH : EXIT.OK;
}

/** The registrations of the folders' files (those there now) that are not in a block yet, each once. */
/** A watched file whose registration (its own record, or its round's) is not in a block yet. */
interface FileNotInBlock {
  name: string;
  path: string | null;
  registration: StoredRecord;
}

async function notInBlock(notary: Notary, folders: string[]): Promise<FileNotInBlock[]> {
  const { watchedFolders, records, batches } = notary.library;
  // A folder removed meanwhile (in the app) is no longer this watch's.
  const files = (await Promise.all(folders.map((path) => notary.watcher.get(path)))).flatMap((folder) =>
    folder ? watchedFolders.files(folder.id).filter((f) => f.goneAt === null) : [],
  );
  return files.flatMap((f): FileNotInBlock[] => {
    // A round's file is a member of its batch: the round's registration is the one to be in a block.
    const member = f.memberId === null ? undefined : batches.member(f.memberId);
    const registration = member ? member.registration : f.recordId === null ? undefined : records.get(f.recordId);
    if (!registration || !isLive(registration) || inBlock(registration)) return [];
    return [member ? { name: member.member.name, path: member.member.path, registration } : { name: registration.name, path: registration.path, registration }];
  });
}

/**
 * Files a watch leaves with their registration not in a block yet: their receipts are not written,
 * and are written once they are, by the Notarium that then learns it (its poller, or a status check: notary.ts).
 */
function laterReceiptsWords(waiting: FileNotInBlock[], env: NodeJS.ProcessEnv): string {
  const one = waiting.length === 1 ? waiting[0]! : undefined;
  const file = one?.path ? visibleName(shellQuote(one.path)) : '<file>';
  const registrations = new Set(waiting.map((w) => w.registration.id)).size;
  const what = one
    ? `1 registration (${visibleName(one.name)}) is`
    : `${counted(registrations, 'registration')} of ${counted(waiting.length, 'file')} ${registrations === 1 ? 'is' : 'are'}`;
  return [
    `${what} not in a block yet, so ${one ? 'its receipt is' : 'their receipts are'} not written yet.`,
    `${one ? 'It is' : 'Each is'} written once in a block, by the Notarium that then checks ${one ? 'it' : 'them'}: the next "${command(env, 'watch')}", "${command(env, `status ${file}`)}" (or "${command(env, `wait ${file}`)}", which waits for it), or the app.`,
  ].join('\n');
}

/** Text for people (progress on the terminal's last line), or one JSON object per line. */
export function watchPrinter(io: CliIo, json: boolean) {
  const line = (value: object) => io.out(JSON.stringify(value));
  let last = '';
  return {
    /** `once`: it stops by itself once caught up, so Ctrl+C is not its way out. */
    ready: (folders: WatchedFolderView[], once = false): void => {
      if (json) return line({ event: 'ready', folders: folders.map(folderJson) });
      const s = folders.length === 1 ? '' : 's';
      io.out(once ? `Catching up on ${folders.length} folder${s}:` : `Watching ${folders.length} folder${s} (Ctrl+C to stop):`);
      for (const f of folders)
        io.out(
          `  ${visibleName(f.path)}${f.recursive ? ' (with subfolders)' : ''}, receipts ${f.receipts === 'folder' ? 'in .notarium/' : 'beside the files'}${f.paused ? ' — paused' : ''}`,
        );
    },
    file: (e: WatchFileEvent): void => {
      // An unexpected failure is INTERNAL, what happened said on stderr.
      const error = e.error && errorData(e.error, (detail) => io.err(`notarium watch: ${visibleName(detail)}`));
      if (json) {
        const { folder, path, relPath, action, record, round, note } = e;
        return line({
          event: 'file',
          folder,
          path,
          relPath,
          action,
          record: record && recordJson(record),
          round,
          error: error && errorJson(error),
          note: note ?? null,
        });
      }
      // A file waiting for its folder's next round has no registration yet: it says so.
      const detail = error
        ? errorText(error)
        : e.action === 'waiting'
          ? "for the folder's next round"
          : e.record
            ? `${e.round ? `round ${e.round.number} ` : e.record.version ? `v${e.record.version} ` : ''}${e.record.txId ? shortHash(e.record.txId) : e.record.state}`
            : '';
      io.out(`${e.action.padEnd(10)}  ${visibleName(e.relPath)}  ${visibleName(e.note ? `${detail}: ${e.note}` : detail)}`.trimEnd());
    },
    round: (e: WatchRoundEvent): void => {
      const error = e.error && errorData(e.error, (detail) => io.err(`notarium watch: ${visibleName(detail)}`));
      if (json) return line({ event: 'round', folder: e.path, round: e.round, record: recordJson(e.record), error: error && errorJson(error) });
      const files = e.round.files === 1 ? '1 file' : `${e.round.files} files`;
      const where = e.record.txId ? shortHash(e.record.txId) : e.record.state;
      io.out(`round ${e.round.number}  ${visibleName(e.path)}: ${files} in one registration, ${where}${error ? ` — ${errorText(error)}` : ''}`);
    },
    folder: (e: WatchFolderEvent): void => {
      if (json) return line({ event: 'folder', ...e });
      if (e.state === 'watching' && e.rescan) io.err(`${visibleName(e.path)}: ${e.rescan.unchanged} unchanged, ${e.rescan.changed} to check`);
      if (e.message) io.err(visibleName(e.message));
    },
    progress: (p: WatchProgress): void => {
      if (json) {
        // Only when files were taken or the watcher fell idle: not once per event-loop turn.
        const key = `${p.done}/${p.failed}/${p.idle}`;
        if (key === last) return;
        last = key;
        return line({ event: 'progress', ...p });
      }
      io.progress(p.idle ? '' : `${p.done} taken, ${p.failed} failed, ${p.active} in progress, ${p.queued + p.settling} waiting`);
    },
  };
}
