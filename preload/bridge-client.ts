import { CALL_NAMES, EVENT_NAMES, type CallName, type EventName } from './contract-names.ts';
import type { NotariumBridge } from './contract.ts';
import { errorFromData } from './protocol/messages.ts';

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
