import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appCommand } from '../../main/cli/commands/app.ts';
import { RETRY_AFTER_MS, STALL_LIMIT_MS } from '../../main/cli/electron-install.ts';
import { findElectron, sandboxUnavailable, type Rebuild } from '../../main/cli/electron-launch.ts';
import type { CliIo } from '../../main/cli/io.ts';
import { zipArchive } from '../../main/core/archive/zip-archive.ts';
import { closedPort } from '../support/closed-port.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { stubRebuild } from '../support/stub-rebuild.ts';

// `notarium app` in a clone without Electron's binary (Electron 45's package downloads none at
// install): Electron's own downloader and installer against a mirror on 127.0.0.1, then either the
// binary started or, where it cannot be had, one sentence and the web shell. The binary served is
// a stand-in script; SQLite's compilation for Electron is stubbed (it needs Electron's headers).

const VERSION = (JSON.parse(readFileSync(resolve('node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const ZIP = `electron-v${VERSION}-${process.platform}-${process.arch}.zip`;
const root = mkdtempSync(join(tmpdir(), 'notarium-electron-get-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** What the mirror serves, by path; a path mapped to 'hang' is answered never. */
const served = new Map<string, Buffer | 'hang'>();
const requested: string[] = [];
let mirror: Server;
let mirrorUrl: string;
beforeAll(async () => {
  mirror = createServer((req, res) => {
    requested.push(req.url!);
    const body = served.get(req.url!);
    if (body === 'hang') return;
    if (!body) return void res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((done) => mirror.listen(0, '127.0.0.1', done));
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as { port: number }).port}/`;
});
afterAll(() => {
  mirror.closeAllConnections();
  mirror.close();
});

let n = 0;
/** A clone: the repository's packages, but an `electron` package of its own with no binary yet. */
function clone(): string {
  const appRoot = join(root, `app-${++n}`);
  const modules = join(appRoot, 'node_modules');
  mkdirSync(join(modules, 'electron'), { recursive: true });
  for (const name of readdirSync(resolve('node_modules'))) {
    if (name !== 'electron' && !name.startsWith('.')) symlinkSync(resolve('node_modules', name), join(modules, name));
  }
  for (const file of ['package.json', 'install.js', 'checksums.json']) copyFileSync(resolve('node_modules/electron', file), join(modules, 'electron', file));
  for (const file of ['dist/main/electron/main.js', 'dist/preload/electron-preload.cjs', 'dist/renderer/index.html']) {
    mkdirSync(dirname(join(appRoot, file)), { recursive: true });
    writeFileSync(join(appRoot, file), file.endsWith('.html') ? '<!doctype html><title>Notarium</title><div id="app"></div>' : '');
  }
  return appRoot;
}

/** An Electron release archive whose binary is a script that writes down its arguments. */
function standInRelease(record: string): Buffer {
  const script = `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\nexit 3\n`;
  return Buffer.from(zipArchive([{ name: 'electron', data: script, mode: 0o755 }], new Date('2026-01-01T00:00:00Z')));
}

/** `notarium app` in this process against `appRoot`, with the mirror named as users name theirs. */
function run(
  appRoot: string,
  {
    env = {},
    args = [],
    mirror = mirrorUrl,
    rebuild = stubRebuild().rebuild,
    now,
  }: { env?: Record<string, string>; args?: string[]; mirror?: string; rebuild?: Rebuild; now?: number } = {},
) {
  vi.stubEnv('ELECTRON_MIRROR', mirror); // @electron/get reads process.env itself
  const lines: string[] = [];
  const opened: string[] = [];
  let stop = (): void => undefined;
  const stopped = new Promise<void>((done) => (stop = done));
  const clock = new ManualClock(now);
  const home = join(appRoot, 'home');
  const io: CliIo = {
    out: (line) => lines.push(`stdout: ${line}`),
    err: (line) => lines.push(line),
    // Run as `notarium app` (not `npm start`, not through npx) unless a test says otherwise.
    env: {
      ...process.env,
      NOTARIUM_HOME: home,
      HOME: home,
      electron_config_cache: join(appRoot, 'electron-cache'),
      npm_lifecycle_event: '',
      npm_command: '',
      ...env,
    },
    errIsTTY: false,
    progress: () => undefined,
    progressWidth: () => 79,
    readStdin: () => Promise.resolve(''),
    interactive: false,
    ask: () => Promise.reject(new Error('No terminal here.')),
    waitForStopSignal: () => stopped,
  };
  const exit = appCommand(args, io, { open: (target) => (opened.push(target), Promise.resolve(true)), timers: clock, appRoot, rebuild });
  return { lines, opened, exit, stop, clock };
}

/** Waits for the web shell, then quits it as Ctrl+C would; answers what was said. */
async function webShellRan(r: ReturnType<typeof run>): Promise<string[]> {
  await expect.poll(() => r.lines.some((l) => l.startsWith('Press Ctrl+C')), { timeout: 60_000 }).toBe(true);
  r.stop();
  expect(await r.exit).toBe(0);
  expect(r.opened).toEqual([expect.stringMatching(/launch-[\w-]{22}\.html$/)]);
  return r.lines;
}

/** A download that failed now: when it is tried again, and how to try at once (as `notarium app` was run). */
const TRIED_AGAIN = 'The download is tried again in 24 hours; to try now: NOTARIUM_ELECTRON_DOWNLOAD=1 notarium app';

const LINK_AT_ONCE = /^Notarium is opening in your browser; if it does not, open this link \(it works once\): http:\/\/127\.0\.0\.1:\d+\/#launch=[\w-]{43}$/;

/** The web shell instead of the desktop app: first the one sentence why, then its link at once. */
async function fellBack(r: ReturnType<typeof run>): Promise<string> {
  const lines = await webShellRan(r);
  const said = lines.filter((l) => l.startsWith('Electron '));
  expect(said).toHaveLength(1);
  expect(lines.filter((l) => LINK_AT_ONCE.test(l))).toHaveLength(1);
  return said[0]!;
}

describe('notarium app without Electron', () => {
  it('downloads the release from the mirror, checks it against the published checksums, installs it and starts it on the app', async () => {
    const appRoot = clone();
    const record = join(appRoot, 'started-with.txt');
    const release = standInRelease(record);
    served.set(`/v${VERSION}/${ZIP}`, release);
    served.set(`/v${VERSION}/SHASUMS256.txt`, Buffer.from(`${createHash('sha256').update(release).digest('hex')} *${ZIP}\n`));
    const r = run(appRoot, { env: { electron_use_remote_checksums: '1' } });
    expect(await r.exit).toBe(3); // the stand-in's exit code
    // On a machine without unprivileged user namespaces (Ubuntu 23.10+'s AppArmor), --no-sandbox too (said).
    const noSandbox = sandboxUnavailable(findElectron(appRoot)!);
    expect(readFileSync(record, 'utf8').split('\n').filter(Boolean)).toEqual(noSandbox ? [appRoot, '--no-sandbox'] : [appRoot]);
    expect(r.lines.filter((l) => noSandbox === null || !l.startsWith(noSandbox))).toEqual([
      `Downloading Electron ${VERSION} for the desktop app (once; ELECTRON_MIRROR names another server)…`,
      `Electron ${VERSION} is installed (node_modules/electron).`,
      `Starting the desktop app (Electron ${VERSION})…`,
    ]);
    // Electron's installer put it where the npm package looks for it.
    expect(readFileSync(join(appRoot, 'node_modules', 'electron', 'path.txt'), 'utf8')).toEqual(process.platform === 'linux' ? 'electron' : expect.any(String));
    expect(requested).toContain(`/v${VERSION}/SHASUMS256.txt`);
  });

  it('an Electron that cannot be given its SQLite (no compiler, no headers) is not started: why, then the web shell', async () => {
    const appRoot = clone();
    const release = standInRelease(join(appRoot, 'never.txt'));
    served.set(`/v${VERSION}/${ZIP}`, release);
    served.set(`/v${VERSION}/SHASUMS256.txt`, Buffer.from(`${createHash('sha256').update(release).digest('hex')} *${ZIP}\n`));
    const r = run(appRoot, { env: { electron_use_remote_checksums: '1' }, rebuild: () => Promise.reject(new Error('gyp: no C++ compiler')) });
    const lines = await webShellRan(r);
    expect(lines).toContain(
      `SQLite could not be compiled for Electron ${VERSION} (gyp: no C++ compiler). Run "notarium app --web" to use the app in the browser instead. Notarium opens in your browser now.`,
    );
    expect(lines.filter((l) => LINK_AT_ONCE.test(l))).toHaveLength(1);
    expect(readdirSync(appRoot)).not.toContain('never.txt');
  });

  it('a release that fails its checksum is not installed: the reason in one sentence, then the web shell with its link', async () => {
    const appRoot = clone();
    served.set(`/v${VERSION}/${ZIP}`, standInRelease(join(appRoot, 'never.txt'))); // not the release Electron's checksums.json names
    expect(await fellBack(run(appRoot))).toBe(
      `Electron could not be downloaded (the file downloaded does not match its published SHA-256 checksum), so Notarium opens in your browser instead. ${TRIED_AGAIN}`,
    );
    expect(readdirSync(join(appRoot, 'node_modules', 'electron'))).not.toContain('dist');
  });

  it('a mirror that refuses the connection, or answers 404, is said so', async () => {
    const refused = run(clone(), { mirror: `http://127.0.0.1:${await closedPort()}/` });
    expect(await fellBack(refused)).toMatch(/^Electron could not be downloaded \(the network said ECONNREFUSED\), so Notarium opens/);
    served.delete(`/v${VERSION}/${ZIP}`);
    expect(await fellBack(run(clone()))).toMatch(/^Electron could not be downloaded \(127\.0\.0\.1:\d+ answered 404\), so Notarium opens/);
  });

  it('a download that stalls is given up after the limit', async () => {
    served.set(`/v${VERSION}/${ZIP}`, 'hang');
    const before = requested.length;
    const r = run(clone());
    await expect.poll(() => requested.slice(before), { timeout: 60_000 }).toEqual([`/v${VERSION}/${ZIP}`]); // a bound load cannot reach
    await r.clock.advance(STALL_LIMIT_MS - 1);
    expect(r.lines.some((l) => l.startsWith('Electron could not'))).toBe(false);
    await r.clock.advance(1);
    expect(await fellBack(r)).toBe(
      `Electron could not be downloaded (nothing arrived for ${STALL_LIMIT_MS / 1000} seconds), so Notarium opens in your browser instead. ${TRIED_AGAIN}`,
    );
  });

  it('a failed download is remembered for a day: a start meanwhile says so without trying, NOTARIUM_ELECTRON_DOWNLOAD=1 tries at once, a success forgets it', async () => {
    const appRoot = clone();
    const memory = join(appRoot, 'node_modules', 'electron', '.notarium-download-failed.json');
    served.delete(`/v${VERSION}/${ZIP}`);
    const start = 1_800_000_000_000;
    const asked = () => requested.filter((path) => path === `/v${VERSION}/${ZIP}`).length;
    const before = asked();
    expect(await fellBack(run(appRoot, { now: start }))).toMatch(
      /^Electron could not be downloaded \(127\.0\.0\.1:\d+ answered 404\), so Notarium opens in your browser instead\. The download is tried again in 24 hours; to try now: NOTARIUM_ELECTRON_DOWNLOAD=1 notarium app$/,
    );
    expect(asked()).toBe(before + 1);
    expect(existsSync(memory)).toBe(true);

    // Three hours later, from npm start: not tried, and said so, with how to try now as it was started.
    const later = run(appRoot, { now: start + 3 * 3600_000, env: { npm_lifecycle_event: 'start' } });
    expect(await fellBack(later)).toMatch(
      /^Electron is not installed: its download failed 3 hours ago \(127\.0\.0\.1:\d+ answered 404\), and is not tried at every start, so Notarium opens in your browser instead\. The download is tried again in 21 hours; to try now: NOTARIUM_ELECTRON_DOWNLOAD=1 npm start$/,
    );
    expect(later.lines.some((l) => l.startsWith('Downloading'))).toBe(false);
    expect(asked()).toBe(before + 1);

    // Asked for: tried at once, saying it failed before.
    const forced = run(appRoot, { now: start + 3 * 3600_000, env: { NOTARIUM_ELECTRON_DOWNLOAD: '1' } });
    await fellBack(forced);
    expect(forced.lines).toContainEqual(
      expect.stringMatching(
        /^Downloading Electron [\d.]+ for the desktop app again \(it failed 3 hours ago: 127\.0\.0\.1:\d+ answered 404; ELECTRON_MIRROR names another server\)…$/,
      ),
    );
    expect(asked()).toBe(before + 2);

    // A day after the last failure: tried again by itself, and this time it is there.
    const release = standInRelease(join(appRoot, 'started-with.txt'));
    served.set(`/v${VERSION}/${ZIP}`, release);
    served.set(`/v${VERSION}/SHASUMS256.txt`, Buffer.from(`${createHash('sha256').update(release).digest('hex')} *${ZIP}\n`));
    const dayLater = run(appRoot, { now: start + 3 * 3600_000 + RETRY_AFTER_MS, env: { electron_use_remote_checksums: '1' } });
    expect(await dayLater.exit).toBe(3); // the stand-in's exit code
    expect(dayLater.lines).toContain(`Electron ${VERSION} is installed (node_modules/electron).`);
    expect(existsSync(memory)).toBe(false);
  });

  it('ELECTRON_SKIP_BINARY_DOWNLOAD skips the download; --web skips Electron altogether', async () => {
    const before = requested.length;
    expect(await fellBack(run(clone(), { env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } }))).toBe(
      'Electron is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so Notarium opens in your browser instead.',
    );
    const lines = await webShellRan(run(clone(), { args: ['--web'] }));
    expect(lines.filter((l) => l.startsWith('Electron') || LINK_AT_ONCE.test(l))).toEqual([]);
    expect(requested.slice(before)).toEqual([]);
  });
});
