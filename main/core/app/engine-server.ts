import { wireError } from '../../../preload/bridge-client.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import type { AppService, ShellAbilities } from './app-service.ts';
import { callService } from './call-service.ts';
import type { EnginePort, FromEngine, RemoteAbility, ToEngine } from './engine-protocol.ts';
import { answerOf, Requests } from './requests.ts';

/**
 * The engine process's side: the app service over the engine, answering the main process's calls
 * and sending it every event. What only the main process can do (open the browser, show a folder,
 * print to PDF, pick a folder) is asked of it over the same channel.
 */

export interface EngineParts {
  service: AppService;
  startBackground(): void;
  close(): Promise<void>;
}

/** The abilities the engine process has itself: naming files, and facts the main process passed in. */
export type LocalAbilities = Omit<ShellAbilities, RemoteAbility>;

export function serveEngine(port: EnginePort<ToEngine, FromEngine>, local: LocalAbilities, open: (abilities: ShellAbilities) => EngineParts): void {
  const asked = new Requests();
  const ask =
    <T>(name: RemoteAbility) =>
    (...args: unknown[]): Promise<T> =>
      asked.send((id) => port.post({ type: 'ability', id, name, args })) as Promise<T>;
  const abilities: ShellAbilities = {
    ...local,
    openExternal: ask<void>('openExternal'),
    openExplorerPage: ask<void>('openExplorerPage'),
    showInFolder: (path) => void ask<void>('showInFolder')(path).catch(() => {}),
    printPdf: ask<Uint8Array>('printPdf'),
    chooseFolder: ask<string | null>('chooseFolder'),
  };
  let parts: EngineParts;
  try {
    parts = open(abilities);
  } catch (err) {
    port.post({ type: 'failed', error: wireError(err) });
    return;
  }
  parts.service.subscribe((event, payload) => port.post({ type: 'event', event, payload }));
  let closing: Promise<void> | null = null;

  port.onMessage((message) => {
    switch (message.type) {
      case 'call':
        void answerOf(() => {
          if (closing) throw new NotariumError('CANCELLED', 'Notarium is closing.');
          return callService(parts.service, message.method, message.args);
        }).then((answer) => port.post({ type: 'result', id: message.id, ...answer }));
        break;
      case 'ability-result':
        asked.settle(message.id, message);
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
