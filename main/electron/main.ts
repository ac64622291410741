import { app } from 'electron';
import { runDesktop } from './lifecycle.ts';
import { forkEngine } from './utility-engine.ts';

/**
 * The Electron entry: real dependencies in, everything else in lifecycle.ts (which the unit tests
 * drive with a mocked electron module and a fake service). The engine runs in a utility process
 * (utility-engine.ts), so this process only manages windows, menus and the OS.
 */
runDesktop({
  argv: process.argv,
  cwd: process.cwd(),
  env: process.env,
  defaultApp: process.defaultApp === true,
  platform: process.platform,
  openEngine: forkEngine,
}).catch((err: unknown) => {
  console.error(err);
  app.exit(1);
});
