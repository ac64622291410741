import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isNotariumError } from '../../main/core/errors/notarium-error.ts';
import { apiKeyAccount, refreshTokenAccount } from '../../main/core/secrets/accounts.ts';
import { KeychainSecretStore } from '../../main/core/secrets/keychain-secret-store.ts';
import { resolveApiKey, setApiKey } from '../../main/core/secrets/api-key.ts';
import { Library } from '../../main/core/store/library.ts';
import { INNER_WAIT_MS } from '../support/hang-limit.ts';

// The real Secret Service: `npm test` runs vitest inside dbus-run-session with an unlocked
// gnome-keyring (scripts/test.sh). Profiles are unique per run and removed afterwards.

const ROOT = resolve(import.meta.dirname, '../..');
const run = `test-${process.pid}-${randomBytes(4).toString('hex')}`;
const profileA = `${run}-a`;
const profileB = `${run}-b`;
const store = new KeychainSecretStore();
const hasBus = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);

afterAll(async () => {
  if (!hasBus) return;
  for (const p of [profileA, profileB]) {
    await store.delete(apiKeyAccount(p));
    await store.delete(refreshTokenAccount(p));
  }
});

describe('KeychainSecretStore on gnome-keyring (run through npm test)', () => {
  const account = apiKeyAccount(profileA);

  // Never skipped in silence: without the private session bus, the run fails here, saying why.
  it('runs inside the private D-Bus session of npm test (scripts/test.sh)', () => {
    expect(hasBus, 'no D-Bus session: run the keychain tests through scripts/test.sh (npm test)').toBe(true);
  });

  it('set, get, overwrite, delete', async () => {
    expect(await store.get(account)).toBeNull();
    await store.set(account, 'first-key');
    expect(await store.get(account)).toBe('first-key');
    await store.set(account, 'second-key');
    expect(await store.get(account)).toBe('second-key');
    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('unicode and long secrets come back byte for byte', async () => {
    const secrets = ['clé-🔑-鍵-ключ-e\u0301', 'ey' + randomBytes(3000).toString('base64url'), ' leading and trailing spaces '];
    for (const secret of secrets) {
      await store.set(account, secret);
      expect(await store.get(account)).toBe(secret);
    }
    await store.delete(account);
  });

  it('profiles and kinds are isolated', async () => {
    await store.set(apiKeyAccount(profileA), 'key-a');
    await store.set(apiKeyAccount(profileB), 'key-b');
    await store.set(refreshTokenAccount(profileA), 'refresh-a');
    expect(await store.get(apiKeyAccount(profileA))).toBe('key-a');
    expect(await store.get(apiKeyAccount(profileB))).toBe('key-b');
    expect(await store.get(refreshTokenAccount(profileA))).toBe('refresh-a');
    expect(await store.get(refreshTokenAccount(profileB))).toBeNull();
    expect(await store.delete(apiKeyAccount(profileA))).toBe(true);
    expect(await store.get(apiKeyAccount(profileB))).toBe('key-b');
    expect(await store.get(refreshTokenAccount(profileA))).toBe('refresh-a');
  });

  it('resolveApiKey reads the keychain for the URL the key was set for, and the variable overrides it', async () => {
    const library = Library.open(':memory:');
    await library.profiles.save({ name: profileB, baseUrl: 'https://records.example.com' });
    await setApiKey(library.profiles, store, profileB, 'key-b');
    const profile = await library.profiles.require(profileB);
    expect(await resolveApiKey(profile, 'https://records.example.com', { store, env: {} })).toBe('key-b');
    expect(await resolveApiKey(profile, 'https://records.example.com', { store, env: { NOTARIUM_API_KEY: 'env-key' } })).toBe('env-key');
    await expect(resolveApiKey(profile, 'https://elsewhere.example', { store, env: {} })).rejects.toSatisfy((e) => isNotariumError(e, 'NO_API_KEY'));
    await store.delete(apiKeyAccount(profileB));
    await expect(resolveApiKey(profile, 'https://records.example.com', { store, env: {} })).rejects.toSatisfy((e) => isNotariumError(e, 'NO_API_KEY'));
    library.close();
  });
});

/** Runs the three operations in a child process and prints what each gave, as JSON lines. */
const CHILD = `
  const { KeychainSecretStore } = await import('./main/core/secrets/keychain-secret-store.ts');
  const store = new KeychainSecretStore();
  const account = process.env.ACCOUNT, secret = process.env.SECRET;
  if (process.env.STORE_FIRST) {
    await store.set(account, secret);
    const { execFileSync } = await import('node:child_process');
    execFileSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.secrets', '/org/freedesktop/secrets',
      'org.freedesktop.Secret.Service.Lock', 'array:objpath:/org/freedesktop/secrets/collection/login'], { stdio: 'ignore' });
  }
  for (const [op, call] of [['set', () => store.set(account, secret)], ['get', () => store.get(account)], ['delete', () => store.delete(account)]]) {
    try {
      console.log(JSON.stringify({ op, value: await call() }));
    } catch (err) {
      console.log(JSON.stringify({ op, code: err.code, message: err.message, cause: String(err.cause), stack: err.stack }));
    }
  }
`;

interface Outcome {
  op: string;
  code?: string;
  message?: string;
  cause?: string;
  value?: unknown;
}

function expectUnavailable(stdout: string, stderr: string, secret: string): void {
  const outcomes = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Outcome);
  expect(outcomes.map((o) => o.op)).toEqual(['set', 'get', 'delete']);
  for (const o of outcomes) {
    expect(o.code).toBe('KEYCHAIN_UNAVAILABLE');
    expect(o.message).toMatch(/^The system keychain is not available, so the API key of profile "[^"]+" cannot be \w+: unlock or install a keychain/);
  }
  expect(stdout + stderr).not.toContain(secret);
}

describe('KEYCHAIN_UNAVAILABLE, never a plaintext fallback', () => {
  // Only Linux reaches its keychain over D-Bus.
  it.skipIf(process.platform !== 'linux')('when there is no Secret Service on the bus', () => {
    const secret = `no-bus-secret-${randomBytes(8).toString('hex')}`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: INNER_WAIT_MS,
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(tmpdir(), `no-such-bus-${run}`)}`, ACCOUNT: apiKeyAccount(profileA), SECRET: secret },
    });
    expect(r.status).toBe(0);
    expectUnavailable(r.stdout, r.stderr, secret);
  });

  // A private bus and keyring in a scratch home: the secret is stored, the keyring locked, and with
  // no one to answer the unlock prompt every call must fail rather than fall back.
  const canLock =
    process.platform === 'linux' &&
    spawnSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon && command -v dbus-send']).status === 0;
  // The tools are checked by scripts/test.sh: a missing one fails the run here, never skips it.
  it('when the keyring is locked', () => {
    expect(canLock, 'the locked-keyring test needs dbus-run-session, gnome-keyring-daemon and dbus-send (apt-get install dbus gnome-keyring dbus-bin)').toBe(
      true,
    );
    const home = mkdtempSync(join(tmpdir(), 'notarium-locked-keyring-'));
    try {
      mkdirSync(join(home, 'run'), { mode: 0o700 });
      const secret = `locked-secret-${randomBytes(8).toString('hex')}`;
      const script = `echo -n scratch-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$NODE" --import tsx --input-type=module -e "$CHILD"`;
      const r = spawnSync('dbus-run-session', ['--', 'sh', '-c', script], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: INNER_WAIT_MS,
        env: {
          ...process.env,
          HOME: home,
          XDG_DATA_HOME: join(home, 'data'),
          XDG_RUNTIME_DIR: join(home, 'run'),
          XDG_CACHE_HOME: join(home, 'cache'),
          XDG_CONFIG_HOME: join(home, 'config'),
          NODE: process.execPath,
          CHILD,
          STORE_FIRST: '1',
          ACCOUNT: apiKeyAccount('locked'),
          SECRET: secret,
        },
      });
      expect(r.status).toBe(0);
      expectUnavailable(r.stdout, r.stderr, secret);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
