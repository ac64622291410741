import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notary } from '../../main/core/notary.ts';
import { closedPort } from '../support/closed-port.ts';
import { jsonCli, runCli, sandboxExplorerArgs } from '../support/cli.ts';
import { MemorySecretStore } from '../support/memory-secret-store.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';
import { headlessAppService } from '../support/app-service.ts';

// A registration is sent only to the service it was made for: one made while
// NOTARIUM_BASE_URL pointed the profile at a service that could not be reached is not sent to the
// profile's own service later, by the next run or by the app's "Send now": refused, with the
// service it was made for and what to do; a run pointing the profile there again sends it.

const root = mkdtempSync(join(tmpdir(), 'notarium-made-for-'));
const home = join(root, 'home');
let own: TestSandbox;
let elsewhere: string;
let port: number;
const env = (extra: NodeJS.ProcessEnv = {}) => ({ NOTARIUM_HOME: home, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: own.apiKey, ...extra });
const cli = (extra: NodeJS.ProcessEnv, ...args: string[]) => runCli(args, { env: env(extra), cwd: root });
const countOn = async (service: TestSandbox) => (await service.json<{ txIds: string[] }>('/__sandbox/records')).txIds.length;

beforeAll(async () => {
  own = await startTestSandbox();
  port = await closedPort();
  elsewhere = `http://127.0.0.1:${port}`;
  mkdirSync(home, { recursive: true });
  const added = await cli({}, 'profile', 'add', 'Own', '--base-url', own.baseUrl, '--network', 'sandbox', ...sandboxExplorerArgs(own.baseUrl));
  expect(added.code, added.stderr).toBe(0);
  expect((await cli({}, 'profile', 'use', 'Own')).code).toBe(0);
});
afterAll(async () => {
  await own.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('a registration not sent under NOTARIUM_BASE_URL', () => {
  it('is not sent to the profile\'s own service by the next run, nor by the app\'s "Send now"; pointed there again, it is sent there', async () => {
    writeFileSync(join(root, 'lease.txt'), 'the lease\n');
    const first = await cli({ NOTARIUM_BASE_URL: elsewhere, NOTARIUM_API_KEY: 'elsewhere-key' }, 'notarise', 'lease.txt');
    expect(first.code, first.stdout + first.stderr).toBe(2);
    expect(first.stdout).toMatch(/^not-sent +lease\.txt/m);
    const before = await countOn(own);

    // The next run, on the profile's own service: refused, said, nothing sent; still not sent (exit 2).
    const next = await jsonCli((...args) => cli({}, ...args))('notarise', 'lease.txt');
    expect(next.code).toBe(2);
    const sentence = `"lease.txt" was made for the service at ${elsewhere} (NOTARIUM_BASE_URL, when it was notarised), and the profile "Own" now sends to ${own.baseUrl}: it goes only where it was made for, so it was not sent.`;
    expect(next.value).toMatchObject([{ status: 'not-sent', error: { code: 'SERVICE_CHANGED', message: expect.stringContaining(sentence) } }]);
    expect(next.value[0].error.message).toContain(`NOTARIUM_BASE_URL=${elsewhere} and the key in NOTARIUM_API_KEY`);
    expect(await countOn(own)).toBe(before);

    // The app, on the same library without the override: "Send now" is refused with the same sentence.
    const notary = new Notary({ dataDir: home, secrets: new MemorySecretStore(), env: { NOTARIUM_API_KEY: own.apiKey } });
    const app = headlessAppService(notary);
    try {
      const record = notary.library.records.bySha256(next.value[0].record.sha256, 'Own')[0]!;
      await expect(app.api.sendNow(record.id)).rejects.toMatchObject({ code: 'SERVICE_CHANGED', message: expect.stringContaining(sentence) });
      // The record says why it is still not sent.
      expect((await app.api.getRecord(record.id)).lastError).toContain(sentence);
      expect(await countOn(own)).toBe(before);
    } finally {
      await app.close();
      await notary.close();
    }

    // The service it was made for comes up, and a run points the profile there with its key: sent there.
    const there = await startTestSandbox({ port, apiKey: 'elsewhere-key' });
    try {
      const sent = await jsonCli((...args) => cli({ NOTARIUM_BASE_URL: elsewhere, NOTARIUM_API_KEY: 'elsewhere-key' }, ...args))('notarise', 'lease.txt');
      expect(sent.code, JSON.stringify(sent.value)).toBe(0);
      expect(sent.value).toMatchObject([{ status: 'resumed', record: { state: 'published' } }]);
      expect(await countOn(there)).toBe(1);
      expect(await countOn(own)).toBe(before);
    } finally {
      await there.stop();
    }
  });

  it('on the built-in Sandbox profile: made for an override, it is not sent to the embedded sandbox', async () => {
    const library = join(root, 'sandbox-home');
    mkdirSync(library);
    const run = (extra: NodeJS.ProcessEnv, ...args: string[]) =>
      runCli(args, { env: { NOTARIUM_HOME: library, NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '', ...extra }, cwd: root });
    writeFileSync(join(root, 'deed.txt'), 'the deed\n');
    expect((await run({ NOTARIUM_BASE_URL: elsewhere, NOTARIUM_API_KEY: 'elsewhere-key' }, 'notarise', 'deed.txt')).code).toBe(2);
    const next = await run({}, 'notarise', 'deed.txt', '--json');
    expect(next.code).toBe(2);
    expect(JSON.parse(next.stdout)).toMatchObject([
      {
        status: 'not-sent',
        error: {
          code: 'SERVICE_CHANGED',
          message: expect.stringContaining(
            `"deed.txt" was made for the service at ${elsewhere} (NOTARIUM_BASE_URL, when it was notarised), and the profile "Sandbox" now sends to http://127.0.0.1:`,
          ),
        },
      },
    ]);
  });
});
