import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useAuthorizePage } from '../support/authorize-page.ts';
import { runCli, type CliRun } from '../support/cli.ts';

// login / whoami / logout as child processes, on the embedded sandbox's identity service; the
// refresh token goes to the real keychain (gnome-keyring under `npm test`).

const root = mkdtempSync(join(tmpdir(), 'notarium-login-'));
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '1', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: root });
afterAll(async () => {
  await cli('logout');
  rmSync(root, { recursive: true, force: true });
});

/** The sign-in URL `login --no-browser` prints on a line of its own, once it has. */
function signInUrl(run: CliRun): Promise<string> {
  return new Promise<string>((resolve) => {
    let out = '';
    run.child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('http://'));
      if (line) resolve(line);
    });
  });
}

describe('notarium login, whoami, logout', () => {
  it('login --no-browser prints the URL on a line of its own, and completes when the browser comes back', async () => {
    const run = cli('login', '--no-browser');
    const url = await signInUrl(run);
    expect(new URL(url).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const visit = await useAuthorizePage(url, { userName: 'grace' });
    expect(visit.callbackPage).toMatch(/You are signed in to Notarium\./);
    const done = await run;
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/Signed in as grace \(subject [0-9a-f-]+, groups: notarium-users\)/);
  });

  it('whoami shows the identity and the granted claims in a new process, without printing tokens', async () => {
    const r = await cli('whoami', '--json');
    expect(r.code).toBe(0);
    const who = JSON.parse(r.stdout);
    expect(who).toMatchObject({
      signedIn: true,
      identity: { name: 'grace', groups: ['notarium-users'] },
      grantedClaims: expect.arrayContaining(['records:write']),
    });
    expect(r.stdout).not.toMatch(/eyJ[A-Za-z0-9_-]+\./); // no JWT
  });

  it('login when signed in says as whom and signs in again; cancelled, the sign-in there stays', async () => {
    const run = cli('login', '--no-browser');
    const url = await signInUrl(run);
    await useAuthorizePage(url, { action: 'cancel' });
    const done = await run;
    expect(done.code).toBe(2);
    expect(done.stderr).toMatch(
      /^Signed in to the profile "Sandbox" as grace \(subject [0-9a-f-]+, groups: notarium-users\) already: signing in again; that sign-in stays until the new one is complete\.$/m,
    );
    expect(done.stderr).toMatch(/\[SIGN_IN_CANCELLED\]$/m);
    const who = await cli('whoami', '--json');
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout).identity.name).toBe('grace');
  });

  it('logout wipes the sign-in; whoami then says so with exit 3', async () => {
    expect((await cli('logout')).stdout).toMatch(/Signed out/);
    const r = await cli('whoami');
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/Not signed in/);
  });

  it('login gives up after its timeout with a sentence; NOTARIUM_NO_BROWSER prints the URL and says why', async () => {
    const r = await runCli(['login', '--timeout', '10'], { env: { ...env, NOTARIUM_NO_BROWSER: '1' }, cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\[SIGN_IN_TIMEOUT\]$/m);
    expect(r.stderr).toMatch(/NOTARIUM_NO_BROWSER is set, so no browser is opened: open this URL/);
    expect(r.stderr).not.toMatch(/already/); // signed out: nothing to say about a sign-in there
    expect(r.stderr).not.toMatch(/No browser could be opened/);
    expect(r.stdout).toMatch(/^http:\/\/.+$/m);
  });
});
