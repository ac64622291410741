// The sandboxed preload runs inside Electron (bundled, never loaded by Node), so it alone in
// preload/ imports 'electron' at run time (eslint.config.js allows it).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildBridge, CALL_CHANNEL_PREFIX, EVENT_CHANNEL, unwrapAnswer } from './bridge-client.ts';
import type { ElectronBridge } from './contract.ts';

/**
 * Exposes `window.notarium` to the isolated page: the contract's calls over IPC and its events.
 * The page never gets ipcRenderer, an IpcRendererEvent, or any channel it could name itself.
 */
export function createElectronBridge(): ElectronBridge {
  // One IPC listener fans out to the page's listeners (no listener-count warnings, one place to filter).
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  ipcRenderer.on(EVENT_CHANNEL, (_ipc: unknown, name: unknown, payload: unknown) => {
    if (typeof name !== 'string') return;
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        listener(payload);
      } catch (err) {
        console.error(err); // one failing listener must not starve the others
      }
    }
  });
  const bridge = buildBridge({
    invoke: async (name, args) => unwrapAnswer(await ipcRenderer.invoke(CALL_CHANNEL_PREFIX + name, ...args)),
    listen: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      // A wrapper per subscription, so the same function subscribed twice unsubscribes once each.
      const entry = (payload: unknown): void => listener(payload);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
  });
  return Object.assign(bridge, { pathForFile: (file: File) => webUtils.getPathForFile(file) });
}

contextBridge.exposeInMainWorld('notarium', createElectronBridge());
