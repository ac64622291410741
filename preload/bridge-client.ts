import { CALL_NAMES, EVENT_NAMES, type CallName, type EventName } from './contract-names.ts';
import type { NotariumBridge } from './contract.ts';

/**
 * The page-side half of the contract, built from the call names alone so no call needs its own
 * line: a transport (Electron IPC, the web shell's WebSocket) carries `invoke` and `listen`, and
 * answers come back as a plain envelope so that only a code and a sentence ever cross.
 * Portable (no Node, no DOM, no Electron): it runs in the sandboxed preload and in the page.
 */

/** Channels on Electron IPC: one per call (`notarium:<name>`) and one for every event. */
export const CALL_CHANNEL_PREFIX = 'notarium:';
export const EVENT_CHANNEL = 'notarium:event';

export interface WireError {
  code: string;
  message: string;
}

/** What a call answers. Electron's invoke would carry only a rejection's message, so failures are values too. */
export type Answer = { ok: true; value: unknown } | { ok: false; error: WireError };

/** Only the code and the sentence of a failure: never the stack, the cause or other fields. */
export function wireError(err: unknown): WireError {
  const e = err as { code?: unknown; message?: unknown } | null | undefined;
  return {
    code: typeof e?.code === 'string' ? e.code : 'INTERNAL',
    message: typeof e?.message === 'string' && e.message ? e.message : 'Something went wrong.',
  };
}

/** The page's Error for a failure that crossed: `.code` and `.message`, nothing else. */
export function errorFromWire(error: WireError): Error & { code: string } {
  return Object.assign(new Error(error.message), { code: error.code });
}

/** Turns an answer into the call's result or a thrown Error with `.code`; a malformed answer is an error too. */
export function unwrapAnswer(answer: unknown): unknown {
  const a = answer as Partial<{ ok: boolean; value: unknown; error: unknown }> | null;
  if (a && a.ok === true) return a.value;
  if (a && a.ok === false) throw errorFromWire(wireError(a.error));
  throw errorFromWire({ code: 'INTERNAL', message: 'The app answered with something the page does not understand.' });
}

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
    if (!isEventName(event)) throw errorFromWire({ code: 'USAGE', message: `There is no event named "${String(event).slice(0, 64)}".` });
    if (typeof listener !== 'function') throw errorFromWire({ code: 'USAGE', message: 'The listener must be a function.' });
    return transport.listen(event, (payload) => (listener as (payload: unknown) => void)(payload));
  };
  return bridge as NotariumBridge;
}

/**
 * The page's event listeners behind one transport listener: `listen` subscribes (a wrapper per
 * subscription, so the same function subscribed twice unsubscribes once each), `deliver` fans an
 * event out — one failing listener does not starve the others.
 */
export function listenerHub(): { listen: BridgeTransport['listen']; deliver(event: string, payload: unknown): void } {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    listen: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const entry = (payload: unknown): void => listener(payload);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    deliver: (event, payload) => {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload);
        } catch (err) {
          console.error(err);
        }
      }
    },
  };
}
