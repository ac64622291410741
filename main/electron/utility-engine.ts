import { join } from 'node:path';
import { app, utilityProcess } from 'electron';
import { connectEngine, type RemoteEngine } from '../core/app/remote-engine.ts';
import type { FromEngine, ToEngine } from '../core/app/engine-protocol.ts';
import { KeychainSecretStore } from '../core/secrets/keychain-secret-store.ts';
import type { EngineConfig } from './engine-config.ts';
import { engineSqliteEnv } from './engine-sqlite.ts';
import type { DesktopAbilities } from './shell-abilities.ts';

/**
 * The engine (library, hashing, poller, watcher, embedded sandbox) in an Electron utility process:
 * nothing it does, however heavy, holds up the windows. This process answers what the engine asks
 * of the shell (dialogs, the browser, printing), and makes its keychain calls, from this process's
 * code identity (core/app/engine-keychain.ts).
 */

export function forkEngine(dataDir: string, abilities: DesktopAbilities): RemoteEngine {
  const config: EngineConfig = { dataDir, ...(abilities.verifyCommand ? { verifyCommand: [...abilities.verifyCommand] } : {}) };
  const env = engineSqliteEnv({ isPackaged: app.isPackaged, appRoot: app.getAppPath(), electronVersion: process.versions.electron ?? '', env: process.env });
  const child = utilityProcess.fork(join(app.getAppPath(), 'dist', 'main', 'electron', 'engine.js'), [JSON.stringify(config)], {
    serviceName: 'Notarium engine',
    env,
    stdio: 'inherit',
  });
  const engine = connectEngine(
    {
      post: (message: ToEngine) => child.postMessage(message),
      onMessage: (listener: (message: FromEngine) => void) => child.on('message', (message: unknown) => listener(message as FromEngine)),
      onExit: (listener) => child.on('exit', (code: number) => listener(code)),
    },
    { ...abilities, keychain: new KeychainSecretStore() },
  );
  return {
    ...engine,
    close: async () => {
      await engine.close();
      child.kill();
    },
  };
}
