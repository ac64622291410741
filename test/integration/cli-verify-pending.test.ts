import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli, sandboxProfileArgs } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

/**
 * `verify FILE` with no receipt beside it, of a registration the library last knew as pending: a
 * command runs no poller, so the library alone would say "not in a block" of a record mined since.
 * Online, verify asks the service first; offline, it says when the service was last asked.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-verify-pending-'));
const work = join(root, 'work');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
let sb: TestSandbox;
const cli = (...args: string[]) => runCli(args, { env: { ...env, NOTARIUM_API_KEY: sb.apiKey }, cwd: work });
const json = jsonCli(cli);

beforeAll(async () => {
  // Blocks only when the test mines one.
  sb = await startTestSandbox({ blockInterval: 0 });
  mkdirSync(env.NOTARIUM_HOME, { recursive: true });
  mkdirSync(work, { recursive: true });
});
afterAll(async () => {
  await sb.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('verify of a file the library knows only as pending', () => {
  it('offline says it was not in a block when last asked and how to ask now; online asks the service and verifies it once mined', async () => {
    expect((await cli('profile', 'add', 'Service', ...sandboxProfileArgs(sb.baseUrl))).code).toBe(0);
    expect((await cli('profile', 'use', 'Service')).code).toBe(0);
    writeFileSync(join(work, 'minutes.txt'), 'minutes of the meeting\n');
    expect((await cli('notarise', 'minutes.txt')).code).toBe(0);

    const pending = await json('verify', 'minutes.txt', '--offline');
    expect(pending.code).toBe(3);
    expect(pending.value[0]).toMatchObject({ status: 'pending', source: 'library' });
    expect(pending.value[0].message).toMatch(/^Registered \([0-9a-f]{64}\) but not in a block; "notarium status \S*minutes\.txt" asks the service now\.$/);

    await sb.mine(1);
    // The library still says pending: nothing has asked the service since the block.
    expect((await json('verify', 'minutes.txt', '--offline')).value[0].status).toBe('pending');

    const online = await json('verify', 'minutes.txt');
    expect(online.value[0]).toMatchObject({ status: 'verified', source: 'library' });
    expect(online.code).toBe(0);
  });

  it('--profile names the profile the environment’s key is for: the service check of another profile’s file passes with it', async () => {
    expect((await cli('profile', 'add', 'Elsewhere', ...sandboxProfileArgs(sb.baseUrl))).code).toBe(0);
    writeFileSync(join(work, 'deed.txt'), 'a deed of another profile\n');
    expect((await cli('notarise', 'deed.txt', '--profile', 'Elsewhere')).code).toBe(0);
    await sb.mine(1);
    expect((await cli('wait', 'deed.txt', '--profile', 'Elsewhere')).code).toBe(0);
    const service = (r: { value: { steps: { id: string; status: string }[] }[] }) => r.value[0]!.steps.find((s) => s.id === 'service');
    // The key in the environment is the current profile's: "Elsewhere" has none in the keychain.
    expect(service(await json('verify', 'deed.txt'))).toMatchObject({ status: 'skipped' });
    const named = await json('verify', 'deed.txt', '--profile', 'Elsewhere');
    expect(named.code).toBe(0);
    expect(service(named)).toMatchObject({ status: 'pass' });
  });
});
