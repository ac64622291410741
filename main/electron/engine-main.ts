import { createAppService } from '../core/app/app-service.ts';
import type { FromEngine, ToEngine } from '../core/app/engine-protocol.ts';
import { serveEngine } from '../core/app/engine-server.ts';
import { Notary } from '../core/notary.ts';
import { parseEngineConfig } from './engine-config.ts';
import { pathOf } from './file-refs.ts';

/** The engine process: the notary and the app service, served to the main process over parentPort. */

interface ParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
if (!parentPort) throw new Error('The engine process must be started by the Notarium app (utilityProcess.fork).');
const config = parseEngineConfig(process.argv[2]);

serveEngine(
  {
    post: (message: FromEngine) => parentPort.postMessage(message),
    onMessage: (listener: (message: ToEngine) => void) => parentPort.on('message', (event) => listener(event.data as ToEngine)),
  },
  { shell: 'electron', resolveFile: pathOf, ...(config.verifyCommand ? { verifyCommand: config.verifyCommand } : {}) },
  (abilities) => {
    const notary = new Notary({ dataDir: config.dataDir, env: process.env });
    return { service: createAppService(notary, abilities), startBackground: () => notary.startBackground(), close: () => notary.close() };
  },
);
