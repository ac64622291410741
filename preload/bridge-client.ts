import { CALL_NAMES, EVENT_NAMES, type CallName, type EventName } from './contract-names.ts';
import type { ElectronBridge, NotariumBridge } from './contract.ts';
import { errorFromData, readAnswer, unwrapAnswer, type Answer } from './protocol/messages.ts';

/**
 * The page-side half of the contract, built from the call names alone so no call needs its own
 * line: a transport (Electron IPC, the web shell's WebSocket) carries `invoke` and `listen` in
 * the protocol's messages (protocol/). Portable (no Node, no DOM, no Electron): it runs in the
 * sandboxed preload and in the page.
 */

export interface BridgeTransport {
  invoke(name: CallName, args: unknown[]): Promise<unknown>;
  /** Delivers the payloads of one event to `listener` until the returned function is called. */
  listen(event: EventName, listener: (payload: unknown) => void): () => void;
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name);
}

/** `window.notarium` from the contract's names: every call, and `on` for the contract's events only. */
export function buildBridge(transport: BridgeTransport): NotariumBridge {
  const bridge: Record<string, unknown> = {};
  for (const name of CALL_NAMES) {
    bridge[name] = (...args: unknown[]) => transport.invoke(name, args);
  }
  bridge.on = (event: unknown, listener: unknown) => {
    if (!isEventName(event)) throw errorFromData({ code: 'BAD_CALL', message: `There is no event named "${String(event).slice(0, 64)}".` });
    if (typeof listener !== 'function') throw errorFromData({ code: 'BAD_CALL', message: 'The listener must be a function.' });
    return transport.listen(event, (payload) => (listener as (payload: unknown) => void)(payload));
  };
  return bridge as NotariumBridge;
}

/**
 * What the Electron preload exposes as `window.notarium`: every call answering its Answer as data,
 * since contextBridge copies an Error with its message alone (electron/electron#25596: `.code`
 * would never reach the page); `on`; and pathForFile. The page turns it into the contract's
 * bridge with bridgeFromExposed.
 */
export type ExposedBridge = Record<CallName, (...args: unknown[]) => Promise<Answer>> & {
  on(event: unknown, listener: unknown): () => void;
  pathForFile(file: File): string;
};

/** The preload's side: each call sent on `invoke`, its answer (checked) returned as data, never thrown. */
export function exposedBridge(transport: BridgeTransport, pathForFile: (file: File) => string): ExposedBridge {
  const exposed: Record<string, unknown> = {};
  for (const name of CALL_NAMES) {
    exposed[name] = async (...args: unknown[]) => readAnswer(await transport.invoke(name, args));
  }
  const checked = buildBridge(transport); // `on`, refusing what the contract does not name
  exposed.on = (event: unknown, listener: unknown) => checked.on(event as EventName, listener as (payload: unknown) => void);
  exposed.pathForFile = pathForFile;
  return exposed as ExposedBridge;
}

/** The page's side of the preload's `window.notarium`: the contract's bridge, each failure an Error with `.code` again. */
export function bridgeFromExposed(exposed: ExposedBridge): ElectronBridge {
  const bridge = buildBridge({
    invoke: async (name, args) => unwrapAnswer(readAnswer(await exposed[name](...args))),
    listen: (event, listener) => exposed.on(event, listener),
  });
  return Object.assign(bridge, { pathForFile: (file: File) => exposed.pathForFile(file) });
}
