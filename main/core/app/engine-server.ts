import { dispatch } from '../../../preload/protocol/dispatcher.ts';
import { PendingCalls } from '../../../preload/protocol/pending-calls.ts';
import { errorData } from '../errors/error-data.ts';
import type { AppService } from './app-service.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { ShellAbilities } from './shell-abilities.ts';
import { callService } from './call-service.ts';
import { keychainThroughMain } from './engine-keychain.ts';
import type { EnginePort, FromEngine, RemoteAbility, ToEngine } from './engine-protocol.ts';

/**
 * The engine process's side: the app service over the engine, answering the main process's calls
 * and sending it every event. What only the main process can do (open the browser, show a folder,
 * print to PDF, pick a folder) is asked of it over the same channel, and so is every keychain call
 * (engine-keychain.ts: one code identity reaches the keychain).
 */

export interface EngineParts {
  service: AppService;
  startBackground(): void;
  close(): Promise<void>;
}

/** The abilities the engine process has itself: naming files, and facts the main process passed in. */
export type LocalAbilities = Omit<ShellAbilities, RemoteAbility>;

export function serveEngine(
  port: EnginePort<ToEngine, FromEngine>,
  local: LocalAbilities,
  /** `keychain` is the main process's, for the notary's secrets. */
  open: (abilities: ShellAbilities, keychain: SecretStore) => EngineParts,
  /** Where internal failures are told in full (the main process and the page get the catalogue's sentence). */
  log: (line: string) => void = (line) => process.stderr.write(line + '\n'),
): void {
  const asked = new PendingCalls();
  const post = (message: FromEngine): void => port.post(message);
  const ask =
    <T>(name: RemoteAbility) =>
    (...args: unknown[]): Promise<T> =>
      asked.call(name, args, post) as Promise<T>;
  const abilities: ShellAbilities = {
    log,
    ...local,
    openExternal: ask<void>('openExternal'),
    openExplorerPage: ask<void>('openExplorerPage'),
    showInFolder: (path) => void ask<void>('showInFolder')(path).catch(() => {}),
    printPdf: ask<Uint8Array>('printPdf'),
    chooseFolder: ask<string | null>('chooseFolder'),
  };
  let parts: EngineParts;
  try {
    parts = open(
      abilities,
      keychainThroughMain((call, args) => asked.call(call, args, post)),
    );
  } catch (err) {
    port.post({ type: 'failed', error: errorData(err, (detail) => log(`Notarium's engine could not open: ${detail}`)) });
    return;
  }
  parts.service.subscribe((event, payload) => port.post({ type: 'event', event, payload }));
  let closing: Promise<void> | null = null;
  const calls = {
    // Once closing, the app service itself refuses calls (CLOSING).
    run: (method: string, args: unknown[]) => callService(parts.service, method, args),
    errorData: (err: unknown, method: string) => errorData(err, (detail) => log(`The call ${method} failed: ${detail}`)),
  };

  port.onMessage((message) => {
    switch (message.type) {
      case 'call':
        void dispatch(message, calls).then((answer) => port.post(answer));
        break;
      case 'answer':
        asked.settle(message);
        break;
      case 'start-background':
        parts.startBackground();
        break;
      case 'close':
        closing ??= (async () => {
          await parts.service.close();
          await parts.close();
          port.post({ type: 'closed' });
        })();
        break;
    }
  });
  port.post({ type: 'ready' });
}
