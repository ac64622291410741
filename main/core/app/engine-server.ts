import { parseCall } from '../../../preload/contract.ts';
import { errorFromWire, wireError } from '../../../preload/bridge-client.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import type { AppService, ShellAbilities } from './app-service.ts';
import type { EnginePort, FromEngine, RemoteAbility, ToEngine } from './engine-protocol.ts';

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
  let nextId = 0;
  const asked = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  const ask =
    <T>(name: RemoteAbility) =>
    (...args: unknown[]): Promise<T> =>
      new Promise((resolve, reject) => {
        const id = ++nextId;
        asked.set(id, { resolve: resolve as (value: unknown) => void, reject });
        port.post({ type: 'ability', id, name, args });
      });
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
        void (async () => {
          try {
            if (closing) throw new NotariumError('CANCELLED', 'Notarium is closing.');
            const call = parseCall(message.method, message.args);
            const method = parts.service.api[call.method] as (...a: unknown[]) => Promise<unknown>;
            port.post({ type: 'result', id: message.id, ok: true, value: (await method.apply(parts.service.api, call.args)) ?? null });
          } catch (err) {
            port.post({ type: 'result', id: message.id, ok: false, error: wireError(err) });
          }
        })();
        break;
      case 'ability-result': {
        const waiting = asked.get(message.id);
        asked.delete(message.id);
        if (message.ok) waiting?.resolve(message.value);
        else waiting?.reject(errorFromWire(message.error));
        break;
      }
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
