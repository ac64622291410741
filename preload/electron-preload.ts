// The sandboxed preload runs inside Electron (bundled, never loaded by Node), so it alone in
// preload/ imports 'electron' at run time (eslint.config.js allows it).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { exposedBridge, type ExposedBridge } from './bridge-client.ts';
import { listenerHub } from './protocol/event-listeners.ts';
import { CALL_CHANNEL_PREFIX, EVENT_CHANNEL } from './protocol/ipc-channels.ts';

/**
 * Exposes `window.notarium` to the isolated page: the contract's calls over IPC, answering data
 * (the page makes a failure an Error again: bridgeFromExposed), and its events. The page never
 * gets ipcRenderer, an IpcRendererEvent, or any channel it could name itself.
 */
export function createElectronBridge(): ExposedBridge {
  // One IPC listener fans out to the page's listeners (no listener-count warnings, one place to filter).
  const hub = listenerHub((err) => reportError(err));
  ipcRenderer.on(EVENT_CHANNEL, (_ipc: unknown, name: unknown, payload: unknown) => {
    if (typeof name === 'string') hub.deliver(name, payload);
  });
  return exposedBridge({ invoke: (name, args) => ipcRenderer.invoke(CALL_CHANNEL_PREFIX + name, ...args), listen: hub.listen }, (file: File) =>
    webUtils.getPathForFile(file),
  );
}

contextBridge.exposeInMainWorld('notarium', createElectronBridge());
