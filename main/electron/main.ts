import { inspect } from 'node:util';
import { app, dialog } from 'electron';
import { errorData } from '../core/errors/error-data.ts';
import { launchArguments, runCommandLine } from './command-line.ts';
import { runDesktop } from './lifecycle.ts';
import { forkEngine } from './utility-engine.ts';

/**
 * The Electron entry: real dependencies in, everything else in lifecycle.ts (which the unit tests
 * drive with a mocked electron module and a fake service). The engine runs in a utility process
 * (utility-engine.ts), so this process only manages windows, menus and the OS; or, launched as
 * `notarium <command>`, it runs the command line (command-line.ts).
 */
const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

const commandLine = runCommandLine(launchArguments(process.argv, process.defaultApp === true));
const started = commandLine
  ? commandLine
  : runDesktop({
      argv: process.argv,
      cwd: process.cwd(),
      env: process.env,
      defaultApp: process.defaultApp === true,
      platform: process.platform,
      openEngine: forkEngine,
      log,
    });
started.catch((err: unknown) => {
  log(`Notarium could not start: ${inspect(err)}`);
  // Started from a file manager there is no terminal: the sentence in a dialog too.
  dialog.showErrorBox('Notarium could not start', errorData(err, () => {}).message);
  app.exit(1);
});
