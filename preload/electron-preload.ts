// The sandboxed preload runs inside Electron (bundled, never loaded by Node), so it alone in
// preload/ imports 'electron' at run time (eslint.config.js allows it).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildBridge } from './bridge-client.ts';
import type { ElectronBridge } from './contract.ts';
import { listenerHub } from './protocol/event-listeners.ts';
import { CALL_CHANNEL_PREFIX, EVENT_CHANNEL } from './protocol/ipc-channels.ts';
import { readAnswer, unwrapAnswer } from './protocol/messages.ts';

/**
 * Exposes `window.notarium` to the isolated page: the contract's calls over IPC and its events.
 * The page never gets ipcRenderer, an IpcRendererEvent, or any channel it could name itself.
 */
export function createElectronBridge(): ElectronBridge {
  // One IPC listener fans out to the page's listeners (no listener-count warnings, one place to filter).
  const hub = listenerHub((err) => reportError(err));
  ipcRenderer.on(EVENT_CHANNEL, (_ipc: unknown, name: unknown, payload: unknown) => {
    if (typeof name === 'string') hub.deliver(name, payload);
  });
  const bridge = buildBridge({
    invoke: async (name, args) => unwrapAnswer(readAnswer(await ipcRenderer.invoke(CALL_CHANNEL_PREFIX + name, ...args))),
    listen: hub.listen,
  });
  return Object.assign(bridge, { pathForFile: (file: File) => webUtils.getPathForFile(file) });
}

contextBridge.exposeInMainWorld('notarium', createElectronBridge());
