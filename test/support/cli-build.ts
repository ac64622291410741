import { buildCli } from '../../scripts/build-cli.ts';

/**
 * Vitest global setup of the integration tests: the CLI is bundled once before any file runs, so
 * every `notarium` a test starts (test/support/cli.ts) runs the bundle, as users do, and not the
 * sources (bin/cli-entry.js chooses; test/integration/cli-bundle.test.ts checks it does here).
 */
export default async function buildCliBundle(): Promise<void> {
  await buildCli();
}
