import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NotariumError } from '../../core/errors/notarium-error.ts';
import { SYSTEM_TIMERS, type Timers } from '../../core/poller/poller.ts';
import { startWebApp } from '../../web/web-app.ts';
import { launchElectron, findElectron } from '../electron-launch.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import type { CliIo } from '../io.ts';
import { openWithDefaultApp } from '../open-with-default-app.ts';
import { parseCommand } from '../options.ts';
import { withNotary } from '../session.ts';

export const APP_HELP = `Usage: notarium app [--web] [--no-open]

Opens Notarium on the current profile (the embedded sandbox on a fresh install): the desktop app
when Electron's binary is installed (node_modules/electron), otherwise the app in your browser: a
server on 127.0.0.1 only, opened once through a one-time link (the browser is given a private file
that holds it, so the link never appears in a command line other users can see). When no browser
can be opened (the opener fails: a server, no desktop), the link is printed here at once; if the app
has not opened within 15 seconds (a browser that cannot read the data directory, .html opened in an
editor), it is printed here too. A sign-in or explorer page it cannot open is printed here and shown
on the page, to open by hand.

  --web       the browser version, even where Electron is installed
  --no-open   the browser version, with its one-time link printed on a line of its own on stdout
              instead of opening the browser

NOTARIUM_NO_BROWSER=1 prints every link (sign-in too) instead of opening a browser.`;

const APP_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const RENDERER = join(APP_ROOT, 'dist', 'renderer');

/**
 * How long the browser has to open the launch file before the link is printed as well. A snap or
 * Flatpak browser cannot read the data directory's hidden folder, and where .html opens in an
 * editor nothing navigates: the opener starting says nothing about that.
 */
export const LAUNCH_GRACE_MS = 15_000;

/** What the command asks of the machine: replaced in tests by a stand-in opener and a manual clock. */
export interface AppMachine {
  open: (target: string) => Promise<boolean>;
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
}

const MACHINE: AppMachine = { open: (target) => openWithDefaultApp(target), timers: SYSTEM_TIMERS };

export const APP_OPTIONS = { web: { type: 'boolean' }, 'no-open': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

export async function appCommand(argv: string[], io: CliIo, machine: AppMachine = MACHINE): Promise<number> {
  const open = machine.open;
  const { values: v } = parseCommand('app', argv, APP_OPTIONS);
  if (v.help) return help(io, APP_HELP);
  if (!existsSync(join(RENDERER, 'index.html'))) {
    io.err('notarium app: the user interface is not built yet: run "npm run build" (npm start does it for you).');
    return EXIT.ERROR;
  }
  const electron = v.web || v['no-open'] ? null : findElectron(APP_ROOT);
  if (electron) {
    io.err(`Starting the desktop app (Electron ${electron.version})…`);
    return launchElectron({ appRoot: APP_ROOT, electron, env: io.env });
  }
  // Headless machines and tests: print links instead of starting a browser.
  const noBrowser = Boolean(io.env.NOTARIUM_NO_BROWSER);
  /** A page opened in the browser; where none can be, its address on the terminal and, through NO_BROWSER, on the page that asked. */
  const openPage = async (url: string, what: string): Promise<void> => {
    if (/^https?:\/\//.test(url) && !noBrowser && (await open(url))) return;
    io.err(`Open this address ${what}: ${url}`);
    throw new NotariumError('NO_BROWSER', `Notarium could not open a browser here: open this address ${what}: ${url}`);
  };
  return withNotary(io, async (notary) => {
    const app = await startWebApp(notary, {
      staticDir: RENDERER,
      log: (line) => io.err(line),
      openExternal: (url) => openPage(url, 'to sign in'),
      openExplorerPage: (url) => openPage(url, 'to see the transaction'),
      showInFolder: (path) => void open(dirname(path)),
    });
    let reminder: unknown;
    if (v['no-open'] || noBrowser || !(await open(await app.shell.launchFile()))) {
      io.err('Open this link in your browser (it works once):');
      io.out(app.shell.launchUrl);
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
