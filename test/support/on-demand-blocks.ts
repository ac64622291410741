import { expect } from 'vitest';
import { runCli, sandboxExplorerArgs } from './cli.ts';
import { startTestSandbox, type TestSandbox } from './sandbox-client.ts';
import { openApp, type RunningApp } from './web-app.ts';

export interface AppMiningOnDemand {
  app: RunningApp;
  sandbox: TestSandbox;
  close(): Promise<void>;
}

/**
 * The app on a service profile whose sandbox mines only when the test says so (POST
 * /__sandbox/mine): a registration waits for its block, and a version queued behind it stays
 * queued, until the test moves on; nothing races a clock. The profile is set up as a user would
 * with the CLI: checked every half second, two confirmations to settle, its key in the keychain,
 * and no resubmission while the test holds the blocks back unless it asks for one.
 */
export async function openAppMiningOnDemand(options: { resubmitAfterSeconds?: number } = {}): Promise<AppMiningOnDemand> {
  const sandbox = await startTestSandbox();
  const app = await openApp({
    setUp: async (home) => {
      const cli = (args: string[], input?: string) => runCli(args, { env: { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' }, input });
      const explorer = sandboxExplorerArgs(sandbox.baseUrl);
      const pace = ['--confirmations', '2', '--block-seconds', '0.5', '--resubmit-after', String(options.resubmitAfterSeconds ?? 3600)];
      const added = await cli(['profile', 'add', PROFILE, '--base-url', sandbox.baseUrl, '--network', 'sandbox', ...explorer, ...pace]);
      expect(added.code, added.stderr).toBe(0);
      const key = await cli(['key', 'set', '--profile', PROFILE], `${sandbox.apiKey}\n`);
      expect(key.code, key.stderr).toBe(0);
      expect((await cli(['profile', 'use', PROFILE])).code).toBe(0);
    },
  });
  return {
    app,
    sandbox,
    close: async () => {
      await app.close();
      await sandbox.stop();
    },
  };
}

const PROFILE = 'Chain';
