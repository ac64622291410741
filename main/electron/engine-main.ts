import { net } from 'electron';
import { createAppService } from '../core/app/app-service.ts';
import type { FromEngine, ToEngine } from '../core/app/engine-protocol.ts';
import { serveEngine } from '../core/app/engine-server.ts';
import { Notary } from '../core/notary.ts';
import { parseEngineConfig } from './engine-config.ts';
import { pathOf } from './file-refs.ts';
import { netRequestFetch } from './net-request-fetch.ts';

/**
 * The engine process: the notary and the app service, served to the main process over parentPort.
 * Its HTTP goes through Electron's network stack (net.request, as a fetch: net-request-fetch.ts; the
 * system's proxy settings and certificate store, which Node's fetch ignores; and with the
 * nodeOptions fuse off no NODE_EXTRA_CA_CERTS either), while the CLI keeps Node's: the fetch is
 * passed in, not chosen inside. Its keychain is the main process's (core/app/engine-keychain.ts).
 */

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
  (abilities, keychain) => {
    const notary = new Notary({ dataDir: config.dataDir, env: process.env, secrets: keychain, transport: { fetch: netRequestFetch(net) } });
    return { service: createAppService(notary, abilities), startBackground: () => notary.startBackground(), close: () => notary.close() };
  },
);
