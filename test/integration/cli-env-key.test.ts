import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

// NOTARIUM_API_KEY (and NOTARIUM_BASE_URL) override the profile a command uses: the one it names
// with --profile, not only the current one (a machine without a keychain, where a script
// names its profile). No Secret Service here: the session bus named does not exist.

const root = mkdtempSync(join(tmpdir(), 'notarium-env-key-'));
const home = join(root, 'home');
let sb: TestSandbox;
let other: TestSandbox;
const noKeychain = { NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '', DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(root, 'no-bus')}` };
const cli = (env: NodeJS.ProcessEnv, ...args: string[]) => runCli(args, { env: { ...noKeychain, ...env }, cwd: root });
/** Whether a service holds a record (its status answers 200 with its own key). */
const knows = async (service: TestSandbox, txId: string) => (await service.call(`/api/v1/records/${txId}/status`)).ok;

beforeAll(async () => {
  [sb, other] = await Promise.all([startTestSandbox({ blockInterval: 0.2 }), startTestSandbox({ blockInterval: 0.2, apiKey: `other-key-${process.pid}` })]);
  mkdirSync(home, { recursive: true });
  const added = await cli({}, 'profile', 'add', 'Service', '--base-url', sb.baseUrl, ...sandboxExplorerArgs(sb.baseUrl), '--network', 'regtest');
  expect(added.code, added.stderr).toBe(0);
  // The current profile stays the built-in Sandbox: the commands below name theirs.
  expect(JSON.parse((await cli({}, 'profile', 'list', '--json')).stdout).find((p: { current: boolean }) => p.current).name).toBe('Sandbox');
});
afterAll(async () => {
  await Promise.all([sb.stop(), other.stop()]);
  rmSync(root, { recursive: true, force: true });
});

describe('NOTARIUM_API_KEY with --profile, and no keychain', () => {
  it('is the key of the profile the command names: notarise --profile Service registers there', async () => {
    writeFileSync(join(root, 'a.txt'), 'a\n');
    const json = jsonCli((...args) => cli({ NOTARIUM_API_KEY: sb.apiKey }, ...args));
    const done = await json('notarise', 'a.txt', '--profile', 'Service');
    expect(done.code, done.stderr).toBe(0);
    expect(done.value[0]).toMatchObject({ status: 'registered', record: { profile: 'Service', state: 'published' } });
    expect(await knows(sb, done.value[0].record.txId)).toBe(true);
    // Asked of the service (with the key, no keychain touched): pending until its block, exit 3.
    const status = await json('status', 'a.txt', '--profile', 'Service');
    expect(status.code, status.stderr).toBe(3);
    expect(status.stderr).toBe('');
    expect(status.value).toMatchObject({ profile: 'Service', txId: done.value[0].record.txId });
  });

  it('NOTARIUM_BASE_URL with it sends the named profile to that address, with that key', async () => {
    writeFileSync(join(root, 'b.txt'), 'b\n');
    const done = await cli({ NOTARIUM_BASE_URL: other.baseUrl, NOTARIUM_API_KEY: other.apiKey }, 'notarise', 'b.txt', '--profile', 'Service', '--json');
    expect(done.code, done.stderr).toBe(0);
    const [outcome] = JSON.parse(done.stdout);
    expect(outcome).toMatchObject({ status: 'registered', record: { profile: 'Service' } });
    expect(await knows(other, outcome.record.txId)).toBe(true);
    expect(await knows(sb, outcome.record.txId)).toBe(false);
  });

  it('without it, the failure says both ways: a keychain, or the key in NOTARIUM_API_KEY', async () => {
    writeFileSync(join(root, 'c.txt'), 'c\n');
    const r = await cli({}, 'notarise', 'c.txt', '--profile', 'Service');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/The system keychain is not available, so the API key of profile "Service" cannot be read: unlock or install a keychain/);
    expect(r.stderr).toContain('Or give that key in the NOTARIUM_API_KEY environment variable, which needs no keychain.');
    expect(r.stderr).toMatch(/\[KEYCHAIN_UNAVAILABLE\]$/m);
  });
});
