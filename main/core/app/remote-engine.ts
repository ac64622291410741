import { CALL_NAMES } from '../../../preload/contract-names.ts';
import type { EventName, NotariumApi, NotariumEvents } from '../../../preload/contract.ts';
import { dispatch } from '../../../preload/protocol/dispatcher.ts';
import { errorFromData, type ErrorData } from '../../../preload/protocol/messages.ts';
import { PendingCalls } from '../../../preload/protocol/pending-calls.ts';
import { errorData } from '../errors/error-data.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { AppService } from './app-service.ts';
import type { ShellAbilities } from './shell-abilities.ts';
import { answerKeychainCall, isKeychainCall } from './engine-keychain.ts';
import { REMOTE_ABILITIES, type EnginePort, type FromEngine, type RemoteAbility, type ToEngine } from './engine-protocol.ts';
import { fanOut } from './fan-out.ts';

/**
 * The main process's side of the engine process: an AppService whose calls and events go over the
 * channel, and the shell abilities and keychain calls the engine asks for, done here. If the engine
 * process dies, every waiting call fails with a sentence instead of hanging.
 */

export interface RemoteEngine {
  service: AppService;
  startBackground(): void;
  /** Asks the engine to finish its work and close; settles when it has (or has exited). */
  close(): Promise<void>;
}

/** What the engine may ask of the main process: the shell's abilities, and the keychain (engine-keychain.ts). */
export type MainProcessAbilities = Pick<ShellAbilities, RemoteAbility> & { keychain: SecretStore };

type Emit = <E extends EventName>(event: E, payload: NotariumEvents[E]) => void;

const ENGINE_GONE: ErrorData = { code: 'INTERNAL', message: "Notarium's engine stopped unexpectedly: quit Notarium and open it again." };

export function connectEngine(
  port: EnginePort<FromEngine, ToEngine>,
  abilities: MainProcessAbilities,
  /** Where internal failures of the abilities are told in full (the engine gets the catalogue's sentence). */
  log: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): RemoteEngine {
  const pending = new PendingCalls();
  const listeners = new Set<Emit>();
  let gone: ErrorData | null = null;
  let closed: (() => void) | null = null;
  const closedPromise = new Promise<void>((resolve) => (closed = resolve));

  const fail = (why: ErrorData): void => {
    gone ??= why;
    pending.failAll(gone);
    closed?.();
  };

  // The abilities and keychain calls the engine may ask for, and no other name.
  const abilityCalls = {
    run: (name: string, args: unknown[]) => {
      if (isKeychainCall(name)) return answerKeychainCall(abilities.keychain, name, args);
      if (!(REMOTE_ABILITIES as readonly string[]).includes(name)) throw new NotariumError('BAD_CALL', `There is no ability named "${name.slice(0, 64)}".`);
      return (abilities[name as RemoteAbility] as (...a: unknown[]) => unknown)(...args);
    },
    errorData: (err: unknown, name: string) => errorData(err, (detail) => log(`The engine's request ${name} failed: ${detail}`)),
  };

  port.onMessage((message) => {
    switch (message.type) {
      case 'answer':
        pending.settle(message);
        break;
      case 'event':
        fanOut(listeners, message.event as EventName, message.payload as never);
        break;
      case 'call':
        void dispatch(message, abilityCalls).then((answer) => port.post(answer));
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
    if (gone) return Promise.reject(errorFromData(gone));
    return pending.call(method, args, (message) => port.post(message));
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
