import { CALL_NAMES } from '../../../preload/contract-names.ts';
import type { EventName, NotariumApi, NotariumEvents } from '../../../preload/contract.ts';
import { errorFromWire, type WireError } from '../../../preload/bridge-client.ts';
import type { AppService, ShellAbilities } from './app-service.ts';
import { fanOut } from './fan-out.ts';
import type { EnginePort, FromEngine, RemoteAbility, ToEngine } from './engine-protocol.ts';
import { answerOf, Requests } from './requests.ts';

/**
 * The main process's side of the engine process: an AppService whose calls and events go over the
 * channel, and the shell abilities the engine asks for, done here. If the engine process dies,
 * every waiting call fails with a sentence instead of hanging.
 */

export interface RemoteEngine {
  service: AppService;
  startBackground(): void;
  /** Asks the engine to finish its work and close; settles when it has (or has exited). */
  close(): Promise<void>;
}

type Emit = <E extends EventName>(event: E, payload: NotariumEvents[E]) => void;

const ENGINE_GONE: WireError = { code: 'INTERNAL', message: "Notarium's engine stopped unexpectedly: quit Notarium and open it again." };

export function connectEngine(port: EnginePort<FromEngine, ToEngine>, abilities: Pick<ShellAbilities, RemoteAbility>): RemoteEngine {
  const pending = new Requests();
  const listeners = new Set<Emit>();
  let gone: WireError | null = null;
  let closed: (() => void) | null = null;
  const closedPromise = new Promise<void>((resolve) => (closed = resolve));

  const fail = (why: WireError): void => {
    gone ??= why;
    pending.failAll(gone);
    closed?.();
  };

  const answerAbility = async (id: number, name: RemoteAbility, args: unknown[]): Promise<void> => {
    const fn = abilities[name] as (...a: unknown[]) => unknown;
    port.post({ type: 'ability-result', id, ...(await answerOf(() => fn(...args))) });
  };

  port.onMessage((message) => {
    switch (message.type) {
      case 'result':
        pending.settle(message.id, message);
        break;
      case 'event':
        fanOut(listeners, message.event as EventName, message.payload as never);
        break;
      case 'ability':
        void answerAbility(message.id, message.name, message.args);
        break;
      case 'closed':
        closed?.();
        break;
      case 'failed':
        fail(message.error);
        break;
      case 'ready':
        break;
    }
  });
  port.onExit?.(() => fail(ENGINE_GONE));

  const call = (method: string, args: unknown[]): Promise<unknown> => {
    if (gone) return Promise.reject(errorFromWire(gone));
    return pending.send((id) => port.post({ type: 'call', id, method, args }));
  };
  const api = Object.fromEntries(CALL_NAMES.map((name) => [name, (...args: unknown[]) => call(name, args)])) as unknown as NotariumApi;

  return {
    service: {
      api,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      close: async () => listeners.clear(),
    },
    startBackground: () => port.post({ type: 'start-background' }),
    close: async () => {
      if (!gone) port.post({ type: 'close' });
      await closedPromise;
    },
  };
}
