import type { Answer, WireError } from '../../../preload/bridge-client.ts';

/**
 * The messages between the desktop app's main process and its engine process (where the library,
 * hashing, polling, watching and the embedded sandbox run, off the UI's main thread). Plain
 * structured-clone data both ways; failures cross as `{ code, message }` only.
 */

/** The shell abilities the engine asks the main process for (they need windows, dialogs, the OS shell). */
export type RemoteAbility = 'openExternal' | 'openExplorerPage' | 'showInFolder' | 'printPdf' | 'chooseFolder';

export type ToEngine =
  | { type: 'call'; id: number; method: string; args: unknown[] }
  | ({ type: 'ability-result'; id: number } & Answer)
  | { type: 'start-background' }
  | { type: 'close' };

export type FromEngine =
  | { type: 'ready' }
  /** The engine could not open (a locked or newer library, say): why, for the user. */
  | { type: 'failed'; error: WireError }
  | ({ type: 'result'; id: number } & Answer)
  | { type: 'event'; event: string; payload: unknown }
  | { type: 'ability'; id: number; name: RemoteAbility; args: unknown[] }
  | { type: 'closed' };

/** One end of the channel: Electron's utilityProcess / parentPort, or a forked Node child in tests. */
export interface EnginePort<In, Out> {
  post(message: Out): void;
  onMessage(listener: (message: In) => void): void;
  /** The other side is gone (the engine process exited); the main process's side only. */
  onExit?(listener: (code: number | null) => void): void;
}
