import { homedir } from 'node:os';
import type { NotariumEvents, WatchedFolderView, WatchSettingsView } from '../../../preload/contract.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { completeFolder, requireFullPath } from '../fs/folder-completion.ts';
import type { StoredRecord } from '../store/record.ts';
import type { WatchSettings } from '../store/watched-folders.ts';
import {
  chainClosedSentence,
  type WatchedFolderView as EngineFolder,
  type WatchFileEvent,
  type WatchFolderEvent,
  type WatchRoundEvent,
} from '../watch/folder-watcher.ts';
import type { CallDeps, LiveCalls } from './call-deps.ts';
import { toldInOrder } from './told-in-order.ts';
import { watchedFolderFields } from './views.ts';

/** The contract's watched-folder calls and events over the engine's folder watcher, and the folder picker (or completion) they use. */

type WatchCalls =
  | 'listWatchedFolders'
  | 'chooseFolder'
  | 'completeFolder'
  | 'addWatchedFolder'
  | 'updateWatchedFolder'
  | 'removeWatchedFolder'
  | 'pauseWatchedFolder'
  | 'resumeWatchedFolder'
  | 'startNewWatchedChain'
  | 'watchProgress';

function settingsOf(view: Partial<WatchSettingsView>): Partial<WatchSettings> {
  const { stableSeconds, ...rest } = view;
  return stableSeconds === undefined ? rest : { ...rest, stableMs: Math.round(stableSeconds * 1000) };
}

export function watchCalls({ notary, abilities, emit, errorData }: CallDeps): LiveCalls<WatchCalls> {
  const { watcher } = notary;
  // What went wrong with a folder is said once, in an event; the list repeats it until it changes.
  const messages = new Map<string, string | null>();
  const view = (f: EngineFolder, state: WatchedFolderView['state'] = f.state): WatchedFolderView => ({
    ...watchedFolderFields(f),
    state,
    // A chain finalised elsewhere is said whether or not this page heard the event that said it.
    message: messages.get(f.path) ?? (f.chainClosed ? chainClosedSentence(f, notary.context) : null),
  });
  const current = async (path: string): Promise<WatchedFolderView> => {
    const found = await watcher.get(path);
    if (!found) throw new NotariumError('NOT_IN_LIBRARY', `${path} is not a watched folder.`);
    return view(found);
  };
  // A folder's view is read from the library asynchronously: its events go out in the order told.
  const events = toldInOrder((err) => void errorData(err));

  const onFolder = (e: WatchFolderEvent): void =>
    events.tell(async () => {
      messages.set(e.path, e.message);
      const found = await watcher.get(e.path);
      if (found) emit('watch-folder', view(found, e.state));
    });
  const onFile = (e: WatchFileEvent): void =>
    events.tell(() =>
      emit('watch-file', {
        folder: e.folder,
        path: e.path,
        relPath: e.relPath,
        action: e.action,
        recordId: e.record?.id ?? null,
        state: e.record?.state ?? null,
        round: e.round && { number: e.round.number, files: e.round.files },
        error: e.error && errorData(e.error),
      }),
    );
  // A round sent, or the watcher idle: the folders' waiting counts and latest rounds have changed.
  const onRound = (e: WatchRoundEvent): void =>
    events.tell(async () => {
      const found = await watcher.get(e.path);
      if (found) emit('watch-folder', view(found));
    });
  const onProgress = (p: NotariumEvents['watch-progress']): void =>
    events.tell(async () => {
      emit('watch-progress', { ...p });
      if (p.idle) for (const f of await watcher.list()) emit('watch-folder', view(f));
    });
  // A round's registration moved on (sent, in a block, settled): its folder's line says so at once, as the Library's rows do.
  const onRecord = (r: StoredRecord): void =>
    events.tell(async () => {
      const folder = r.documentId === null ? undefined : notary.library.watchedFolders.byDocument(r.documentId);
      const found = folder && (await watcher.get(folder.path));
      if (found) emit('watch-folder', view(found));
    });
  notary.events.on('record-updated', onRecord);
  watcher.events.on('folder', onFolder);
  watcher.events.on('file', onFile);
  watcher.events.on('round', onRound);
  watcher.events.on('progress', onProgress);

  return {
    api: {
      listWatchedFolders: async () => (await watcher.list()).map((f) => view(f)),
      chooseFolder: async () => {
        if (!abilities.chooseFolder) throw new NotariumError('NOT_IN_THIS_SHELL', "The browser cannot tell Notarium a folder's path: type it instead.");
        return abilities.chooseFolder();
      },
      completeFolder: (typed) => completeFolder(typed, { home: homedir(), uid: process.getuid?.() }),
      addWatchedFolder: async (path, settings) => {
        requireFullPath(path, homedir());
        return current((await watcher.add(path, settingsOf(settings))).path);
      },
      updateWatchedFolder: async (path, changes) => current((await watcher.update(path, settingsOf(changes))).path),
      removeWatchedFolder: async (path) => {
        await watcher.remove(path);
        messages.delete(path);
        return null;
      },
      pauseWatchedFolder: async (path) => current((await watcher.pause(path)).path),
      resumeWatchedFolder: async (path) => current((await watcher.resume(path)).path),
      startNewWatchedChain: async (path) => current((await watcher.newChain(path)).path),
      watchProgress: async () => ({ ...watcher.progress() }),
    },
    dispose: () => {
      void events.stop();
      notary.events.off('record-updated', onRecord);
      watcher.events.off('folder', onFolder);
      watcher.events.off('file', onFile);
      watcher.events.off('round', onRound);
      watcher.events.off('progress', onProgress);
    },
  };
}
