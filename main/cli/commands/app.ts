import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NotariumError } from '../../core/errors/notarium-error.ts';
import { SYSTEM_TIMERS, type Timers } from '../../core/poller/poller.ts';
import { startWebApp } from '../../web/web-app.ts';
import { DOWNLOAD_NOW_ENV, ElectronDownloadFailed, installElectron } from '../electron-install.ts';
import { launchElectron, findElectron, type ElectronRuntime, type Rebuild } from '../electron-launch.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import { command } from '../invoked-as.ts';
import { duration } from '../../../preload/duration.ts';
import type { CliIo } from '../io.ts';
import { openWithDefaultApp } from '../open-with-default-app.ts';
import { parseCommand } from '../options.ts';
import { withNotary } from '../session.ts';

export const APP_HELP = `Usage: notarium app [--web] [--no-open]

Opens Notarium on the current profile (the embedded sandbox on a fresh install): the desktop app,
with Electron's binary downloaded into node_modules/electron the first time (Electron's own
installer: ELECTRON_MIRROR and its other settings apply; ELECTRON_SKIP_BINARY_DOWNLOAD=1 skips it).

Where Electron cannot be downloaded (offline, refused, stalled, a checksum that does not match) or
started (SQLite not compiled for it), the reason is said and the app opens in your browser instead
(a download that failed is tried again after a day; NOTARIUM_ELECTRON_DOWNLOAD=1 tries at once).
The browser version is a server on 127.0.0.1 only, opened once through a one-time link (the browser
is given a private file that holds it, so the link never appears in a command line other users can
see). When no browser can be opened (the opener fails: a server, no desktop), the link is printed
here at once; if the app has not opened within 15 seconds (a browser that cannot read the data
directory, .html opened in an editor), it is printed here too. A transaction's explorer page and
the identity portal's sign-in page open in new tabs of the browser the app is in.

  --web       the browser version, even where Electron is installed
  --no-open   the browser version, with its one-time link printed on a line of its own on stdout
              instead of opening the browser

NOTARIUM_NO_BROWSER=1 prints the link instead of opening a browser.`;

const APP_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * How long the browser has to open the launch file before the link is printed as well. A snap or
 * Flatpak browser cannot read the data directory's hidden folder, and where .html opens in an
 * editor nothing navigates: the opener starting says nothing about that.
 */
export const LAUNCH_GRACE_MS = 15_000;

/** What the command asks of the machine: replaced in tests by a stand-in opener, a manual clock, another clone. */
export interface AppMachine {
  open: (target: string) => Promise<boolean>;
  timers: Pick<Timers, 'now' | 'setTimeout' | 'clearTimeout'>;
  /** The clone the app runs from (its dist/ and node_modules/electron): this one by default. */
  appRoot?: string;
  /** How SQLite is compiled for Electron (by default @electron/rebuild). */
  rebuild?: Rebuild;
}

const MACHINE: AppMachine = { open: (target) => openWithDefaultApp(target), timers: SYSTEM_TIMERS };

export const APP_OPTIONS = { web: { type: 'boolean' }, 'no-open': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

export async function appCommand(argv: string[], io: CliIo, machine: AppMachine = MACHINE): Promise<number> {
  const open = machine.open;
  const { values: v } = parseCommand('app', argv, APP_OPTIONS);
  if (v.help) return help(io, APP_HELP);
  const appRoot = machine.appRoot ?? APP_ROOT;
  const renderer = join(appRoot, 'dist', 'renderer');
  if (!existsSync(join(renderer, 'index.html'))) {
    io.err('notarium app: The user interface is not built yet: run "npm run build" (npm start does it for you).');
    return EXIT.ERROR;
  }
  /** Why the browser opens where the desktop app was expected; null when the browser was asked for. */
  let instead: string | null = null;
  if (!v.web && !v['no-open']) {
    const desktop = await desktopRuntime(io, appRoot, machine.timers);
    if ('electron' in desktop) {
      io.err(`Starting the desktop app (Electron ${desktop.electron.version})…`);
      try {
        return await launchElectron({
          appRoot,
          electron: desktop.electron,
          env: io.env,
          say: (line) => io.err(line),
          ...(machine.rebuild ? { rebuild: machine.rebuild } : {}),
        });
      } catch (err) {
        // Electron never started (SQLite not compiled for it, a binary that cannot run): the browser instead.
        if (!(err instanceof NotariumError) || err.code !== 'APP_UNAVAILABLE') throw err;
        instead = `${err.message} Notarium opens in your browser now.`;
      }
    } else instead = desktop.instead;
    io.err(instead);
  }
  // Headless machines and tests: print the link instead of starting a browser.
  const noBrowser = Boolean(io.env.NOTARIUM_NO_BROWSER);
  return withNotary(io, async (notary) => {
    const app = await startWebApp(notary, {
      staticDir: renderer,
      log: (line) => io.err(line),
      showInFolder: (path) => void open(dirname(path)),
    });
    let reminder: unknown;
    if (v['no-open'] || noBrowser || !(await open(await app.shell.launchFile()))) {
      io.err('Open this link in your browser (it works once):');
      io.out(app.shell.launchUrl);
    } else if (instead !== null) {
      // The browser instead of the window they expected: the link at once, not after the grace period.
      io.err(`Notarium is opening in your browser; if it does not, open this link (it works once): ${app.shell.launchUrl}`);
    } else {
      io.err(`Notarium is opening in your browser (${app.shell.origin}).`);
      // On the user's own terminal only, and only while the link is still unused.
      reminder = machine.timers.setTimeout(() => io.err(`If Notarium did not open in your browser, open this link: ${app.shell.launchUrl}`), LAUNCH_GRACE_MS);
      void app.shell.launched.then(() => machine.timers.clearTimeout(reminder));
    }
    io.err('Press Ctrl+C to quit.');
    await io.waitForStopSignal();
    if (reminder !== undefined) machine.timers.clearTimeout(reminder);
    await app.close();
    return EXIT.OK;
  });
}

/**
 * Electron's binary, downloaded first when the clone has none; or, where that cannot be, the
 * sentence that says why the browser opens instead.
 */
async function desktopRuntime(io: CliIo, appRoot: string, timers: AppMachine['timers']): Promise<{ electron: ElectronRuntime } | { instead: string }> {
  const found = findElectron(appRoot);
  if (found) return { electron: found };
  if (io.env.ELECTRON_SKIP_BINARY_DOWNLOAD)
    return { instead: 'Electron is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so Notarium opens in your browser instead.' };
  try {
    return { electron: await installElectron({ appRoot, env: io.env, progress: (line) => io.progress(line), say: (line) => io.err(line), timers }) };
  } catch (err) {
    if (!(err instanceof ElectronDownloadFailed)) throw err;
    return { instead: notDownloadedWords(err, io.env, timers.now()) };
  }
}

/**
 * Why the browser opens: the download failed now, or failed less than a day ago and was not tried
 * (electron-install.ts); when it is tried again, and how to try at once, as the app was started.
 */
function notDownloadedWords(err: ElectronDownloadFailed, env: NodeJS.ProcessEnv, now: number): string {
  const why =
    err.failedAt === null
      ? `Electron could not be downloaded (${err.message})`
      : `Electron is not installed: its download failed ${duration((now - err.failedAt) / 1000)} ago (${err.message}), and is not tried at every start`;
  if (err.retryAt === null) return `${why}, so Notarium opens in your browser instead; it tries again the next time it starts.`;
  const startedAs = env.npm_lifecycle_event === 'start' ? 'npm start' : command(env, 'app');
  return `${why}, so Notarium opens in your browser instead. The download is tried again in ${duration((err.retryAt - now) / 1000)}; to try now: ${DOWNLOAD_NOW_ENV}=1 ${startedAs}`;
}
