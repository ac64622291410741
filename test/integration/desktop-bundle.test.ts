import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { buildCli } from '../../scripts/build-cli.ts';
import { buildDesktop, type DesktopBuild } from '../../scripts/build-desktop.ts';
import { KEYCHAIN_SERVICE } from '../../main/core/secrets/accounts.ts';
import { KeychainSecretStore } from '../../main/core/secrets/keychain-secret-store.ts';
import { sentenceFor } from '../../main/core/errors/catalogue.ts';
import type { Translate } from '../../preload/i18n/message-types.ts';
import { translator } from '../../preload/i18n/translator.ts';
import { runCli } from '../support/cli.ts';
import { COMMAND_NAMES, HELP_ARGS, VERSION_ARGS } from '../../main/cli/command-names.ts';
import { spellingsOf } from '../../main/cli/names.ts';

// The Electron main process and preload as the desktop app loads them: bundled, then the main
// bundle run in plain Node against a stand-in `electron` module (test/support/fake-electron),
// with the real engine: SQLite, the hashing workers, the embedded sandbox.

const root = mkdtempSync(join(tmpdir(), 'notarium-desktop-'));
let built: DesktopBuild;

beforeAll(async () => {
  built = await buildDesktop(join(root, 'dist'));
  await buildCli(undefined, join(root, 'dist', 'cli')); // packaged with the app (dist/**)
  symlinkSync(resolve('node_modules'), join(root, 'node_modules')); // the app folder's packages
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const externals = (meta: DesktopBuild['metafiles']['main']) =>
  new Set(Object.values(meta.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));

describe('the desktop bundles', () => {
  it('the sandboxed preload is one CommonJS file that requires electron alone, without zod', () => {
    const code = readFileSync(built.preload, 'utf8');
    expect([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(['electron']);
    expect(Object.keys(built.metafiles.preload.inputs).some((f) => f.includes('node_modules/zod'))).toBe(false);
    expect(code).toContain('exposeInMainWorld');
  });

  it('the main bundle needs only Node built-ins, electron, and the packages the app ships', () => {
    const allowed = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'electron', ...Object.keys(packageJson.dependencies)]);
    const needed = [...externals(built.metafiles.main)].map((p) => (p.startsWith('@') ? p.split('/').slice(0, 2).join('/') : p.split('/')[0]!));
    expect(needed.filter((p) => !allowed.has(p))).toEqual([]);
    expect(needed).toContain('better-sqlite3');
  });

  it('reports every source it was made from, for the build cache of npm start: the copied hashing worker and its module too', () => {
    expect(built.inputs).toEqual(
      expect.arrayContaining([
        'main/electron/main.ts',
        'main/electron/engine-process.ts',
        'preload/electron-preload.ts',
        'main/core/hashing/hash-worker.js',
        'main/core/hashing/digest-file.js',
      ]),
    );
    // Beside the chunk that starts the worker, where it imports the read loop from.
    const poolChunk = Object.entries(built.metafiles.main.outputs).find(([, o]) => o.inputs['main/core/hashing/hash-pool.ts'])![0];
    for (const file of ['hash-worker.js', 'digest-file.js']) expect(existsSync(join(resolve(poolChunk, '..'), file))).toBe(true);
    expect(built.inputs.some((f) => f.startsWith('node_modules/'))).toBe(false); // packages stay external
  });
});

describe('the bundled main process, run against a stand-in electron', () => {
  it('serves the UI, answers its own page only, routes --verify, notarises with the redirected SQLite build, keeps secrets from the main process, and quits cleanly', async () => {
    const appRoot = root;
    mkdirSync(join(appRoot, 'dist', 'renderer'), { recursive: true });
    writeFileSync(join(appRoot, 'dist', 'renderer', 'index.html'), '<!doctype html><title>Notarium</title>');
    // What the launcher prepares for Electron: a copy of better-sqlite3 outside node_modules.
    const native = join(root, 'native', 'node_modules');
    mkdirSync(native, { recursive: true });
    cpSync(resolve('node_modules/better-sqlite3'), join(native, 'better-sqlite3'), {
      recursive: true,
      filter: (src) => !src.includes(`${'better-sqlite3'}/deps`),
    });
    for (const dep of ['bindings', 'file-uri-to-path']) symlinkSync(resolve('node_modules', dep), join(native, dep));
    const file = join(root, 'contract.txt');
    writeFileSync(file, 'signed\n');
    const reportPath = join(root, 'report.json');
    const stranger = join(root, 'stranger.pdf');
    writeFileSync(stranger, 'never notarised');
    const apiKey = `desktop-${randomBytes(8).toString('hex')}`;
    const child = spawn(process.execPath, ['--import', resolve('test/support/fake-electron/register.mjs'), built.main, '--verify', stranger], {
      env: {
        PATH: process.env.PATH,
        DISPLAY: ':0', // a desktop session's (the stand-in opens no connection to it)
        NOTARIUM_HOME: join(root, 'home'),
        NOTARIUM_ELECTRON_SQLITE: join(native, 'better-sqlite3', 'lib', 'index.js'),
        FAKE_ELECTRON_APP_ROOT: appRoot,
        FAKE_ELECTRON_REPORT: reportPath,
        FAKE_ELECTRON_ENGINE_REPORT: join(root, 'engine-report.json'),
        FAKE_ELECTRON_FILE: file,
        FAKE_ELECTRON_NET_LOG: join(root, 'net.log'),
        FAKE_ELECTRON_API_KEY: apiKey,
        // The keychain's session bus (npm test's private one: scripts/test.sh).
        DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect({ code, output }).toEqual({ code: 0, output: expect.any(String) });
    const report = JSON.parse(readFileSync(reportPath, 'utf8'));
    expect(report.errors).toEqual([]);
    expect(report.windows[0].webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: join(appRoot, 'dist', 'preload', 'electron-preload.cjs'),
    });
    expect(report.index).toMatchObject({
      status: 200,
      body: expect.stringContaining('<title>Notarium</title>'),
      csp: expect.stringContaining("default-src 'none'"),
    });
    expect(report.channels).toContain('notarium:certificatePdf');
    expect(report.appInfo).toMatchObject({ ok: true, value: { shell: 'electron', filePaths: true } });
    expect(report.chooseFolder).toEqual({ ok: true, value: null });
    // Electron 43 and later open a dialog given no defaultPath in Downloads: the app says where.
    expect(report.openDialogs).toEqual([{ startsIn: join('/', 'Documents') }]);
    // The sign-in page's fallback link (target=_blank) reaches the system browser; nothing opens a window.
    expect(report.windowOpen).toEqual({ signIn: { action: 'deny' }, elsewhere: { action: 'deny' } });
    expect(report.opened).toEqual(['https://id.example/authorize?response_type=code&state=s&code_challenge=c']);
    expect(report.foreign).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: sentenceFor('FORBIDDEN') } });
    expect(report.notarise.ok).toBe(true);
    expect(report.notariseDone.outcomes).toEqual([expect.objectContaining({ name: 'contract.txt', status: 'registered', error: null })]);
    // In a block: the engine's notice shown as a native notification, whose click opened that record.
    expect(report.notifications).toContainEqual({ title: '“contract.txt” is notarised', body: expect.stringMatching(/in a block/) });
    expect(report.openRecord).toEqual({ recordId: report.notariseDone.outcomes[0].record.id });
    // `--verify <path>` on the command line became a verify job the page was asked to open.
    expect(report.openVerify).toEqual([{ jobId: expect.any(String) }]);
    expect(report.verifyDone).toEqual({
      jobId: report.openVerify[0].jobId,
      counts: { verified: 0, 'partially-verified': 0, mismatch: 0, unknown: 1, pending: 0, unreadable: 0 },
    });
    expect(report.verifyResults).toEqual([expect.objectContaining({ name: 'stranger.pdf', status: 'unknown' })]);
    // The tray and the menu speak the system's language (the stand-in's is en-US) until the page
    // says it shows another (its choice in Settings); then at once, without a restart.
    const [en, fr] = [translator('en'), translator('fr')];
    const words = (t: Translate) => ({
      trayMenu: [t('desktop.open'), t('desktop.quit')],
      file: [t('desktop.file'), [t('desktop.notariseFiles'), t('desktop.notariseFolder'), t('desktop.verifyFiles'), t('desktop.verifyFolder'), 'quit']],
    });
    const shown = (r: { trayMenu: unknown; menu: unknown[] }) => ({ trayMenu: r.trayMenu, file: r.menu[0] });
    expect(shown(report.before)).toEqual(words(en));
    expect(report.before.tray).toMatch(/^Notarium — /);
    expect(report.setLanguage).toEqual({ ok: true, value: null });
    expect(shown(report.afterLanguage)).toEqual(words(fr));
    expect([fr('desktop.trayNothing'), fr('desktop.trayPending', { count: 1 })]).toContain(report.afterLanguage.tray);
    // The engine ran in its own utility process: the main process never loaded SQLite, and every
    // better-sqlite3 load in the engine came from the copy named by NOTARIUM_ELECTRON_SQLITE.
    expect(report.utilityProcesses).toEqual([{ modulePath: join(appRoot, 'dist', 'main', 'electron', 'engine.js'), serviceName: 'Notarium engine' }]);
    expect(report.sqlite).toEqual([]);
    const engine = JSON.parse(readFileSync(join(root, 'engine-report.json'), 'utf8')) as { sqlite: string[] };
    expect(engine.sqlite.length).toBeGreaterThan(0);
    expect(engine.sqlite.every((p) => p.startsWith(native))).toBe(true);
    // The engine's HTTP went through Electron's network stack (net.request), not Node's fetch.
    expect(readFileSync(join(root, 'net.log'), 'utf8')).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/records/m);
    // The API key Settings stored reached the keychain from the main process ("Notarium", as the
    // installed command): the stand-in refuses the engine's utility process ("Notarium Helper").
    expect(report.saveProfile).toMatchObject({ ok: true, value: { name: 'Keychain', apiKeySet: false } });
    expect(report.setApiKey).toEqual({ ok: true, value: { apiKeySet: true } });
    expect(report.listProfiles.value).toContainEqual(expect.objectContaining({ name: 'Keychain', apiKeySet: true }));
    expect(JSON.stringify(report) + output).not.toContain(apiKey); // not to the page, not in a log
    const { findCredentials } = await import('@napi-rs/keyring/keytar.js');
    const stored = (await findCredentials(KEYCHAIN_SERVICE)).filter((c) => c.password === apiKey);
    expect(stored.map((c) => c.account)).toEqual([expect.stringMatching(/^library:[^:]+:profile:Keychain:api-key$/)]);
    expect(await new KeychainSecretStore().delete(stored[0]!.account)).toBe(true);
  });
});

describe('the installed command: the Linux launcher in front of the packaged binary', () => {
  // The app's folder as electron-builder leaves it on Linux, the hooks applied: the launcher as
  // `notarium`, the binary as notarium-bin (here the stand-in, packaged: argv without the app).
  const folder = join(root, 'linux-unpacked');
  const launcher = join(folder, 'notarium');
  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    const binary = [
      '#!/bin/sh',
      `FAKE_ELECTRON_PACKAGED=1 FAKE_ELECTRON_APP_ROOT='${root}' exec '${process.execPath}' --import '${resolve('test/support/fake-electron/register.mjs')}' '${built.main}' "$@"`,
    ];
    writeFileSync(launcher, binary.join('\n') + '\n', { mode: 0o755 });
    // @ts-expect-error -- electron-builder's hooks are plain JavaScript, with no types
    const hooks = (await import('../../build/linux-launcher.mjs')) as { afterPack(c: unknown): Promise<void>; artifactBuildStarted(): Promise<void> };
    await hooks.afterPack({ electronPlatformName: 'linux', appOutDir: folder, packager: { executableName: 'notarium' } });
    await hooks.artifactBuildStarted();
  });

  it('lists the commands the CLI knows, in both spellings, and its help and version', () => {
    const words = /^words=' (.*) '$/m.exec(readFileSync('build/launcher/notarium', 'utf8'))![1]!.split(' ');
    const commands = COMMAND_NAMES.filter((c) => c !== 'app').flatMap(spellingsOf);
    expect(words.toSorted()).toEqual([...commands, ...HELP_ARGS, ...VERSION_ARGS].toSorted());
  });

  it("runs the CLI headless with no display, behind AppRun's --no-sandbox too, on its own session data with no GPU, in the app's data directory", () => {
    const home = join(root, 'user');
    const config = join(home, 'config');
    const reportPath = join(root, 'command-report.json');
    const processReport = join(root, 'process-report.json');
    // No NOTARIUM_HOME: the platform's folder for the app's data, as an installed app finds it.
    // No DISPLAY nor WAYLAND_DISPLAY (SSH, cron, systemd).
    const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: config };
    const run = (command: string, ...args: string[]) =>
      spawnSync(command, args, { env: { ...env, FAKE_ELECTRON_REPORT: reportPath, FAKE_ELECTRON_PROCESS_REPORT: processReport }, encoding: 'utf8' });
    const file = join(root, 'command.txt');
    writeFileSync(file, 'hashed by the app\n');
    const hashed = { status: 0, stdout: `${createHash('sha256').update('hashed by the app\n').digest('hex')}  ${file}\n`, stderr: '' };
    expect(run(launcher, 'hash', file)).toMatchObject(hashed);
    expect(JSON.parse(readFileSync(processReport, 'utf8'))).toEqual({ gpu: false, sessionData: expect.stringContaining('notarium-command-'), windows: 0 });
    expect(existsSync(JSON.parse(readFileSync(processReport, 'utf8')).sessionData)).toBe(false); // gone with the command
    expect(run(launcher, '--no-sandbox', 'hash', file)).toMatchObject(hashed); // the AppImage's AppRun
    expect(run(launcher, '--no-sandbox', 'HASH', file)).toMatchObject(hashed);
    // The binary alone, as the deb's /usr/bin/notarium was a link to it: no display, no command.
    expect(run(join(folder, 'notarium-bin'), 'hash', file)).toMatchObject({ status: 1, stderr: expect.stringMatching(/^Missing X server or \$DISPLAY/) });
    // Without a command it is the desktop app, which needs the display it does not have.
    expect(run(launcher, '--no-sandbox')).toMatchObject({ status: 1, stderr: expect.stringMatching(/^Missing X server/) });
    expect(run(launcher, '--version')).toMatchObject({ status: 0, stdout: `notarium ${packageJson.version}\n` });
    expect(run(launcher, 'verify')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^notarium verify: An argument is missing\. Usage: notarium verify/),
    });
    expect(run(launcher, 'notarize', '--help')).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage: notarium notarise/) });
    const added = run(launcher, 'profile', 'add', 'Shared', '--base-url', 'https://records.example', '--json');
    expect(added.status, added.stderr).toBe(0);
    expect(existsSync(join(config, 'Notarium'))).toBe(true);
    // No window was opened: the stand-in writes its report only when a window loads.
    expect(existsSync(reportPath)).toBe(false);
    // A command's HTTP goes through Electron's network stack (net.request: the system's proxy and
    // certificates), as the app's engine does, not Node's fetch.
    const netLog = join(root, 'command-net.log');
    const notarised = spawnSync(launcher, ['notarise', file, '--json'], {
      env: { ...env, NOTARIUM_HOME: join(root, 'command-home'), FAKE_ELECTRON_NET_LOG: netLog },
      encoding: 'utf8',
    });
    expect(notarised.status, notarised.stderr).toBe(0);
    expect(readFileSync(netLog, 'utf8')).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/records/m);
    return runCli(['profile', 'list', '--json'], { env }).then((r) => {
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toContainEqual(expect.objectContaining({ name: 'Shared', baseUrl: 'https://records.example' }));
    });
  });
});

describe("the stand-in's native notifications, as Electron 42 and later show them", () => {
  // A notification shown from a process on the stand-in: what it heard ('show' or 'failed').
  const outcome = (env: Record<string, string>) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        resolve('test/support/fake-electron/register.mjs'),
        '--input-type=module',
        '-e',
        `import { app, Notification } from 'electron';
        await app.whenReady();
        const n = new Notification({ title: 't', body: 'b' });
        const heard = new Promise((done) => { n.on('failed', (_e, error) => done('failed: ' + error)); n.on('show', () => done('show')); });
        n.show();
        console.log(await heard);
        process.exit(0);`,
      ],
      { env: { PATH: process.env.PATH, DISPLAY: ':0', ...env }, encoding: 'utf8' },
    ).stdout;

  it('an unsigned macOS build: failed, never shown; signed, or on Linux: shown', () => {
    expect(outcome({ FAKE_ELECTRON_PLATFORM: 'darwin' })).toBe('failed: Notifications are not allowed for this application\n');
    expect(outcome({ FAKE_ELECTRON_PLATFORM: 'darwin', FAKE_ELECTRON_SIGNED: '1' })).toBe('show\n');
    expect(outcome({ FAKE_ELECTRON_PLATFORM: 'linux' })).toBe('show\n');
  });
});
