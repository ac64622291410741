import type { AnswerMessage, CallMessage, ErrorData, EventMessage } from '../../../preload/protocol/messages.ts';

/**
 * The messages between the desktop app's main process and its engine process (where the library,
 * hashing, polling, watching and the embedded sandbox run, off the UI's main thread): the
 * protocol's calls, answers and events (preload/protocol/) both ways — the main process calls the
 * app service, the engine calls the shell abilities only the main process has — and the engine's
 * life-cycle messages. Plain structured-clone data; failures cross as `{ code, message }` only.
 */

/** The shell abilities the engine asks the main process for (they need windows, dialogs, the OS shell). */
export const REMOTE_ABILITIES = ['openExternal', 'openExplorerPage', 'showInFolder', 'printPdf', 'chooseFolder'] as const;
export type RemoteAbility = (typeof REMOTE_ABILITIES)[number];

/** The keychain's calls (a SecretStore's get, set and delete), which the engine asks of the main process too (engine-keychain.ts says why). */
export const KEYCHAIN_CALLS = ['keychainGet', 'keychainSet', 'keychainDelete'] as const;
export type KeychainCall = (typeof KEYCHAIN_CALLS)[number];

export type ToEngine =
  /** A call of the app service, or the answer to an ability the engine asked for. */
  CallMessage | AnswerMessage | { type: 'start-background' } | { type: 'close' };

export type FromEngine =
  | { type: 'ready' }
  /** The engine could not open (a locked or newer library, say): why, for the user. */
  | { type: 'failed'; error: ErrorData }
  /** The answer to a call, an event of the service, or an ability or keychain call asked of the main process. */
  | AnswerMessage
  | EventMessage
  | CallMessage
  | { type: 'closed' };

/** One end of the channel: Electron's utilityProcess / parentPort, or a forked Node child in tests. */
export interface EnginePort<In, Out> {
  post(message: Out): void;
  onMessage(listener: (message: In) => void): void;
  /** The other side is gone (the engine process exited); the main process's side only. */
  onExit?(listener: (code: number | null) => void): void;
}
