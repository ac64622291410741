import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// A service profile whose API key lives in the real keychain (gnome-keyring under `npm test`),
// against a standalone sandbox standing in for a real service.

const root = mkdtempSync(join(tmpdir(), 'notarium-profile-'));
const home = join(root, 'home');
const env = { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (args: string[], input?: string) => runCli(args, { env, cwd: root, input });
const profile = `Service ${process.pid}`;
let sb: TestSandbox;

beforeAll(async () => {
  sb = await startTestSandbox({ blockInterval: 0.2, apiKey: `distinctive-key-${process.pid}-xyz` });
  mkdirSync(home, { recursive: true });
});
afterAll(async () => {
  await cli(['key', 'delete', '--profile', profile]);
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('a service profile with its key in the keychain', () => {
  it('is added, chosen, and refuses to work until it has a key', async () => {
    const added = await cli(['profile', 'add', profile, '--base-url', sb.baseUrl, '--explorer-tx-url', `${sb.baseUrl}/explorer/tx/{txId}/hex`, '--explorer-header-url', `${sb.baseUrl}/explorer/block/{blockHash}/header`, '--network', 'regtest', '--confirmations', '2', '--block-seconds', '0.5']);
    expect(added.code).toBe(0);
    expect((await cli(['profile', 'use', profile])).code).toBe(0);
    const list = await cli(['profile', 'list', '--json']);
    expect(JSON.parse(list.stdout).find((p: { name: string }) => p.name === profile)).toMatchObject({ current: true, baseUrl: sb.baseUrl, targetConfirmations: 2 });
    writeFileSync(join(root, 'x.txt'), 'x\n');
    const noKey = await cli(['notarise', 'x.txt']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/has no API key: set one with "notarium key set"/);
  });

  it('stores the key from stdin in the keychain, never in a file, and uses it', async () => {
    const set = await cli(['key', 'set', '--profile', profile], `${sb.apiKey}\n`);
    expect(set.code).toBe(0);
    expect(set.stdout + set.stderr).not.toContain(sb.apiKey);
    const done = await cli(['notarise', 'x.txt', '--wait', '--json']);
    expect(done.code).toBe(0);
    const [outcome] = JSON.parse(done.stdout);
    expect(outcome.record).toMatchObject({ state: 'settled', profile });
    expect(done.stdout + done.stderr).not.toContain(sb.apiKey);
    const receipt = JSON.parse(readFileSync(join(root, 'x.txt.receipt.json'), 'utf8'));
    expect(receipt.network).toBe('regtest');
    expect(JSON.stringify(receipt)).not.toContain(sb.apiKey);
    for (const file of readdirSync(home)) {
      const path = join(home, file);
      try {
        expect(readFileSync(path).includes(Buffer.from(sb.apiKey))).toBe(false);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EISDIR') throw err;
      }
    }
  });

  it('a wrong key is refused with a sentence, and NOTARIUM_API_KEY overrides the keychain', async () => {
    await cli(['key', 'set', '--profile', profile], 'wrong-key');
    writeFileSync(join(root, 'y.txt'), 'y\n');
    const refused = await cli(['notarise', 'y.txt']);
    expect(refused.code).toBe(1); // refused by the service
    expect(refused.stdout).toMatch(/refused the API key/);
    const overridden = await runCli(['notarise', 'y.txt', '--json'], { env: { ...env, NOTARIUM_API_KEY: sb.apiKey }, cwd: root });
    expect(JSON.parse(overridden.stdout)[0].status).toBe('registered');
    expect((await cli(['key', 'delete', '--profile', profile])).stdout).toMatch(/removed/);
  });
});
