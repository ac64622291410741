import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { electronSqlite, findElectron, launchElectron, USERNS_SWITCHES } from '../../main/cli/electron-launch.ts';
import { stubRebuild } from '../support/stub-rebuild.ts';

// How a clone starts the desktop app: Electron found where npm put it, SQLite compiled for it into
// dist/native once, the app started with that build named. The Electron binary is a stand-in
// script (it cannot be downloaded here), and so is the compiler (@electron/rebuild needs
// Electron's headers from the internet): the "compiled" module is the repository's own build.

const root = mkdtempSync(join(tmpdir(), 'notarium-launch-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let appRoot: string;
let n = 0;
beforeEach(() => {
  appRoot = join(root, `app-${++n}`);
  mkdirSync(join(appRoot, 'node_modules'), { recursive: true });
  symlinkSync(resolve('node_modules/better-sqlite3'), join(appRoot, 'node_modules', 'better-sqlite3'));
});

function installElectron(version: string, withBinary = true): string {
  const pkg = join(appRoot, 'node_modules', 'electron');
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'electron', version }));
  writeFileSync(join(pkg, 'path.txt'), 'electron');
  const record = join(appRoot, 'electron-ran.json');
  if (withBinary) {
    const script = `#!/bin/sh\nprintf '{"args":"%s","sqlite":"%s","runAsNode":"%s"}' "$*" "$NOTARIUM_ELECTRON_SQLITE" "$ELECTRON_RUN_AS_NODE" > '${record}'\nexit 7\n`;
    writeFileSync(join(pkg, 'dist', 'electron'), script);
    chmodSync(join(pkg, 'dist', 'electron'), 0o755);
  }
  return record;
}

function buildOutputs(): void {
  for (const file of ['dist/main/electron/main.js', 'dist/preload/electron-preload.cjs', 'dist/renderer/index.html']) {
    mkdirSync(dirname(join(appRoot, file)), { recursive: true });
    writeFileSync(join(appRoot, file), '');
  }
}

const { rebuild: fakeRebuild, requests: rebuilds, copiedNodeBuild } = stubRebuild();

describe('finding Electron', () => {
  it('finds the binary the npm package downloaded, with its version', () => {
    installElectron('45.4.1');
    expect(findElectron(appRoot)).toEqual({ binary: join(appRoot, 'node_modules', 'electron', 'dist', 'electron'), version: '45.4.1' });
  });

  it('answers null when the package is there but its binary is not (as on build machines)', () => {
    installElectron('45.4.1', false);
    expect(findElectron(appRoot)).toBeNull();
    expect(findElectron(join(root, 'nowhere'))).toBeNull();
  });
});

describe('SQLite for Electron', () => {
  it('is compiled once into dist/native from a copy without the Node build, then reused', async () => {
    rebuilds.length = 0;
    const entry = await electronSqlite(appRoot, '45.4.1', fakeRebuild);
    const dir = join(appRoot, 'dist', 'native', 'electron-45.4.1');
    expect(entry).toBe(join(dir, 'node_modules', 'better-sqlite3', 'lib', 'index.js'));
    expect(rebuilds).toEqual([{ buildPath: dir, electronVersion: '45.4.1', onlyModules: ['better-sqlite3'], force: true }]);
    expect(existsSync(join(dir, 'node_modules', 'better-sqlite3', 'src'))).toBe(true);
    expect(copiedNodeBuild()).toBe(false);
    // The repository's own build is untouched and still the Node one.
    expect(existsSync(resolve('node_modules/better-sqlite3/build/Release/better_sqlite3.node'))).toBe(true);
    await electronSqlite(appRoot, '45.4.1', fakeRebuild);
    expect(rebuilds).toHaveLength(1);
    // Another Electron gets its own build.
    await electronSqlite(appRoot, '46.0.0', fakeRebuild);
    expect(rebuilds.map((r) => r.electronVersion)).toEqual(['45.4.1', '46.0.0']);
  });

  it('a failed compilation says what to do instead', async () => {
    await expect(electronSqlite(appRoot, '45.4.1', async () => Promise.reject(new Error('no headers')))).rejects.toThrow(
      /could not be compiled for Electron 45\.4\.1 \(no headers\)\. Run "notarium app --web"/,
    );
    await expect(electronSqlite(appRoot, '45.4.1', async () => {})).rejects.toThrow(/was not compiled/);
  });
});

describe('launching', () => {
  it('starts Electron on the app folder with the SQLite build named, and answers its exit code', async () => {
    const record = installElectron('45.4.1');
    buildOutputs();
    const code = await launchElectron({
      appRoot,
      electron: findElectron(appRoot)!,
      env: { PATH: process.env.PATH, ELECTRON_RUN_AS_NODE: '1' },
      args: ['--verify', '/tmp/a b.pdf'],
      rebuild: fakeRebuild,
      usernsSwitches: USERNS_SWITCHES.map((s) => ({ ...s, path: join(appRoot, 'no-such-file') })), // as where nothing restricts them
    });
    expect(code).toBe(7);
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual({
      args: `${appRoot} --verify /tmp/a b.pdf`,
      sqlite: join(appRoot, 'dist', 'native', 'electron-45.4.1', 'node_modules', 'better-sqlite3', 'lib', 'index.js'),
      runAsNode: '',
    });
  });

  it('where user namespaces are closed (Ubuntu 23.10+ AppArmor, Debian sysctl) and chrome-sandbox is not setuid root, adds --no-sandbox and says why', async () => {
    const record = installElectron('45.4.1');
    buildOutputs();
    const restriction = join(appRoot, 'apparmor_restrict_unprivileged_userns');
    const clone = join(appRoot, 'unprivileged_userns_clone');
    const switches = [
      { ...USERNS_SWITCHES[0]!, path: restriction },
      { ...USERNS_SWITCHES[1]!, path: clone },
    ];
    const launch = async (restricted: string, cloneAllowed = '1\n'): Promise<{ args: string; said: string[] }> => {
      writeFileSync(restriction, restricted);
      writeFileSync(clone, cloneAllowed);
      const said: string[] = [];
      await launchElectron({
        appRoot,
        electron: findElectron(appRoot)!,
        env: {},
        rebuild: fakeRebuild,
        usernsSwitches: switches,
        say: (l) => said.push(l),
      });
      return { args: (JSON.parse(readFileSync(record, 'utf8')) as { args: string }).args, said };
    };
    const helper = join(appRoot, 'node_modules', 'electron', 'dist', 'chrome-sandbox');
    expect(await launch('1\n')).toEqual({
      args: `${appRoot} --no-sandbox`,
      said: [
        expect.stringMatching(
          new RegExp(`^AppArmor restricts unprivileged user namespaces here .* so Electron runs with --no-sandbox, .*sudo chmod 4755 ${helper}$`),
        ),
      ],
    });
    expect(await launch('0\n')).toEqual({ args: appRoot, said: [] });
    // A kernel without AppArmor's switch that allows no unprivileged user namespaces (Debian's sysctl).
    expect(await launch('0\n', '0\n')).toEqual({
      args: `${appRoot} --no-sandbox`,
      said: [
        expect.stringMatching(
          /^The kernel allows no unprivileged user namespaces here \(unprivileged_userns_clone is 0\) and this Electron's chrome-sandbox is not setuid root/,
        ),
      ],
    });
    writeFileSync(helper, '');
    chmodSync(helper, 0o755);
    expect((await launch('1\n')).args).toBe(`${appRoot} --no-sandbox`); // there, but not setuid
    chmodSync(helper, 0o4755); // root-owned (the tests run as root) and setuid: Chromium's sandbox works
    expect(await launch('1\n')).toEqual({ args: appRoot, said: [] });
  });

  it('refuses to start an app that is not built, and says how to build it', async () => {
    installElectron('45.4.1');
    await expect(launchElectron({ appRoot, electron: findElectron(appRoot)!, env: {}, rebuild: fakeRebuild })).rejects.toMatchObject({
      code: 'APP_UNAVAILABLE',
      message: expect.stringMatching(/not built yet \(dist\/main\/electron\/main\.js is missing\): run "npm run build"/),
    });
  });
});
