import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliInTerminal, sandboxExplorerArgs } from '../support/cli.ts';
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
    const added = await cli([
      'profile',
      'add',
      profile,
      '--base-url',
      sb.baseUrl,
      ...sandboxExplorerArgs(sb.baseUrl),
      '--network',
      'regtest',
      '--confirmations',
      '2',
      '--block-seconds',
      '0.5',
      '--resubmit-after',
      '900',
    ]);
    expect(added.code).toBe(0);
    expect((await cli(['profile', 'use', profile])).code).toBe(0);
    const list = await cli(['profile', 'list', '--json']);
    expect(JSON.parse(list.stdout).find((p: { name: string }) => p.name === profile)).toMatchObject({
      current: true,
      baseUrl: sb.baseUrl,
      targetConfirmations: 2,
      resubmitAfterSeconds: 900,
    });
    const tooSoon = await cli(['profile', 'add', profile, '--resubmit-after', '0']);
    expect(tooSoon.code).toBe(2);
    expect(tooSoon.stderr).toMatch(/resubmit-after/);
    writeFileSync(join(root, 'x.txt'), 'x\n');
    const noKey = await cli(['notarise', 'x.txt']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/\[NO_API_KEY\]$/m);
  });

  it('without a keychain, key set says so and gives the other way: the key in NOTARIUM_API_KEY', async () => {
    const noBus = await runCli(['key', 'set', '--profile', profile], {
      env: { ...env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(root, 'no-such-bus')}` },
      cwd: root,
      input: `${sb.apiKey}\n`,
    });
    expect(noBus.code).toBe(2);
    expect(noBus.stderr).toMatch(/The system keychain is not available.*give the key to each command in the NOTARIUM_API_KEY environment variable instead/);
    expect(noBus.stderr).not.toContain(sb.apiKey);
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

describe("profile remove takes the profile's secrets with it", () => {
  const gone = `Gone ${process.pid}`;
  const add = () => cli(['profile', 'add', gone, '--base-url', sb.baseUrl, ...sandboxExplorerArgs(sb.baseUrl), '--network', 'regtest']);

  it('deletes its API key from the keychain and says so: the profile added again under that name has none', async () => {
    expect((await add()).code).toBe(0);
    expect((await cli(['key', 'set', '--profile', gone], sb.apiKey)).code).toBe(0);
    const removed = await cli(['profile', 'remove', gone, '--yes']);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe(`Profile "${gone}" removed, and its API key deleted from the system keychain.\n`);
    expect((await add()).stdout).toContain(`Set its API key with: notarium key set --profile "${gone}"`);
    writeFileSync(join(root, 'g.txt'), 'g\n');
    const noKey = await cli(['notarise', 'g.txt', '--profile', gone]);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/\[NO_API_KEY\]$/m);
    expect((await cli(['profile', 'remove', gone, '--yes'])).stdout).toMatch(/removed; the system keychain held no API key or sign-in for it\./);
  });

  it('a keychain that cannot answer: the profile is removed, and what is left in the keychain is said, with how to delete it', async () => {
    expect((await add()).code).toBe(0);
    expect((await cli(['key', 'set', '--profile', gone], sb.apiKey)).code).toBe(0);
    // No Secret Service on this bus: the keychain cannot answer.
    const removed = await runCli(['profile', 'remove', gone, '--yes'], {
      env: { ...env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(root, 'no-bus')}` },
      cwd: root,
    });
    expect(removed.code).toBe(2);
    expect(removed.stdout).toBe(`Profile "${gone}" removed.\n`);
    expect(removed.stderr).toMatch(/keychain/);
    expect(removed.stderr).toContain(
      `add the profile again and remove it ("notarium profile add '${gone}' --base-url URL", then "notarium profile remove '${gone}'")`,
    );
    expect(removed.stderr).toMatch(
      new RegExp(`delete the entries of service "notarium" named "library:[^:"]+:profile:${gone}:api-key" and "library:[^:"]+:profile:${gone}:refresh-token"`),
    );
    expect(JSON.parse((await cli(['profile', 'list', '--json'])).stdout).some((p: { name: string }) => p.name === gone)).toBe(false);
    // The key was indeed left behind: removing the profile added again under that name deletes it.
    expect((await add()).code).toBe(0);
    expect((await cli(['profile', 'remove', gone, '--yes'])).stdout).toMatch(/its API key deleted/);
  });

  const listed = async (name: string) => JSON.parse((await cli(['profile', 'list', '--json'])).stdout).some((p: { name: string }) => p.name === name);

  it('asks first on a terminal: "n" keeps it, "y" removes it; a script (no terminal) is refused without --yes, saying so', async () => {
    expect((await add()).code).toBe(0);
    const script = await cli(['profile', 'remove', gone]);
    expect(script.code).toBe(2);
    expect(script.stderr).toBe(
      `notarium profile remove: Removing the profile "${gone}" deletes its API key and sign-in from the system keychain, so it asks first, and no one can answer here (standard input is not a terminal): add --yes to remove it.\n`,
    );
    expect(await listed(gone)).toBe(true);

    const declined = await runCliInTerminal(['profile', 'remove', gone], { env, cwd: root, input: 'n\n' });
    expect(declined.screen).toContain(
      `Removing the profile "${gone}" deletes its API key and sign-in from the system keychain; adding it again means entering the key and signing in again. Remove it? [y/N]`,
    );
    expect(declined.screen).toContain(`The profile "${gone}" was not removed.`);
    expect(declined.code).toBe(1);
    expect(await listed(gone)).toBe(true);

    const confirmed = await runCliInTerminal(['profile', 'remove', gone], { env, cwd: root, input: 'y\n' });
    expect(confirmed.screen).toContain(`Profile "${gone}" removed`);
    expect(confirmed.code).toBe(0);
    expect(await listed(gone)).toBe(false);
  });

  it('a profile its registrations keep is refused before anything is asked, counted in the singular for one, saying only what is so', async () => {
    const kept = `Kept ${process.pid}`;
    expect((await cli(['profile', 'add', kept, '--base-url', sb.baseUrl, ...sandboxExplorerArgs(sb.baseUrl), '--network', 'regtest'])).code).toBe(0);
    expect((await cli(['key', 'set', '--profile', kept], sb.apiKey)).code).toBe(0);
    writeFileSync(join(root, 'kept.txt'), `kept ${Math.random()}\n`);
    expect((await cli(['notarise', 'kept.txt', '--profile', kept])).code).toBe(0);
    const refused = await runCliInTerminal(['profile', 'remove', kept], { env, cwd: root, input: 'y\n' });
    expect(refused.code).toBe(2);
    expect(refused.screen).toContain(
      `notarium profile remove: The profile "${kept}" cannot be removed: 1 record in the library was made with it, and its status and verification go to its service. [PROFILE_IN_USE]`,
    );
    expect(refused.screen).not.toContain('[y/N]');
    expect(await listed(kept)).toBe(true);
    await cli(['key', 'delete', '--profile', kept]);
  });
});

describe('the key stays with the address it was entered for', () => {
  const named = `Moved ${process.pid}`;
  /** A service that records the headers of every request it gets and answers a write with a txId. */
  const seen: { method: string; url: string; apiKey: string | undefined }[] = [];
  let elsewhere: Server;
  let elsewhereUrl: string;

  beforeAll(async () => {
    elsewhere = createServer((req, res) => {
      seen.push({ method: req.method!, url: req.url!, apiKey: req.headers['x-api-key'] as string | undefined });
      req.resume();
      // A write is answered with a txId; a read finds nothing yet, as for a registration still publishing
      // (so the check of the published bytes after a write proves nothing either way).
      if (req.method === 'GET')
        res.writeHead(404, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ title: 'Content not found', status: 404 }));
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ txId: 'ef'.repeat(32) }));
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await cli(['key', 'delete', '--profile', named]);
    await new Promise((resolve) => elsewhere.close(resolve));
  });

  it('a profile given a new --base-url sends its stored key nowhere: the next write to the new server carries no x-api-key, and the user is told why', async () => {
    expect((await cli(['profile', 'add', named, '--base-url', sb.baseUrl])).code).toBe(0);
    expect((await cli(['key', 'set', '--profile', named], sb.apiKey)).stdout).toContain(`it is sent only to ${sb.baseUrl}`);
    writeFileSync(join(root, 'm1.txt'), 'm1\n');
    expect(JSON.parse((await cli(['notarise', 'm1.txt', '--profile', named, '--json'])).stdout)[0].status).toBe('registered');

    const moved = await cli(['profile', 'add', named, '--base-url', elsewhereUrl]);
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain(`an API key stored for it was entered for ${sb.baseUrl} and will not be sent to ${elsewhereUrl}`);
    const listed = JSON.parse((await cli(['profile', 'list', '--json'])).stdout).find((p: { name: string }) => p.name === named);
    expect(listed).toMatchObject({ baseUrl: elsewhereUrl, apiKeyUrl: sb.baseUrl });

    writeFileSync(join(root, 'm2.txt'), 'm2\n');
    const refused = await cli(['notarise', 'm2.txt', '--profile', named]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('[NO_API_KEY]');
    // The sentence is the behaviour here: where the key was entered, and what to do.
    expect(refused.stderr).toContain(
      `The API key stored for the profile "${named}" was entered for ${sb.baseUrl}, so Notarium does not send it to ${elsewhereUrl}: enter the key for ${elsewhereUrl} with "notarium key set --profile '${named}'"`, // quoted: the name has a space
    );
    expect(seen.filter((r) => r.apiKey !== undefined)).toEqual([]);
    expect(refused.stdout + refused.stderr).not.toContain(sb.apiKey);
  });

  it('NOTARIUM_BASE_URL does not receive the stored key either', async () => {
    const back = await cli(['profile', 'add', named, '--base-url', sb.baseUrl]); // back where the key was entered
    expect(back.code).toBe(0);
    expect(back.stdout).toContain(`Profile "${named}" saved. The API key stored for it was entered for this address, so it is sent there.`);
    expect((await cli(['profile', 'use', named])).code).toBe(0);
    writeFileSync(join(root, 'm3.txt'), 'm3\n');
    const overridden = await runCli(['notarise', 'm3.txt'], { env: { ...env, NOTARIUM_BASE_URL: elsewhereUrl }, cwd: root });
    expect(overridden.code).toBe(2);
    expect(overridden.stderr).toContain('[NO_API_KEY]');
    expect(overridden.stderr).toContain(
      `and NOTARIUM_BASE_URL sends this profile's requests to ${elsewhereUrl}, where Notarium does not send it: give that service's key in NOTARIUM_API_KEY`,
    );
    expect(seen.filter((r) => r.apiKey !== undefined)).toEqual([]);
  });

  it('entering the key for the new address binds it there', async () => {
    expect((await cli(['profile', 'add', named, '--base-url', elsewhereUrl])).code).toBe(0);
    expect((await cli(['key', 'set', '--profile', named], 'key-for-elsewhere')).code).toBe(0);
    const sent = await cli(['notarise', 'm2.txt', '--profile', named, '--json']);
    expect(JSON.parse(sent.stdout)[0].status).toBe('registered');
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.apiKey)).toEqual(['key-for-elsewhere']);
    expect(seen.some((r) => r.apiKey === sb.apiKey)).toBe(false);
    expect((await cli(['profile', 'use', 'Sandbox'])).code).toBe(0);
  });
});
