import { app } from 'electron';
import { createAppService } from '../core/app/app-service.ts';
import { Notary } from '../core/notary.ts';
import { runDesktop } from './lifecycle.ts';

/**
 * The desktop app with its real dependencies; everything else is in lifecycle.ts (which the unit
 * tests drive with a mocked electron module and a fake service). Loaded by main.ts.
 */
runDesktop({
  argv: process.argv,
  cwd: process.cwd(),
  env: process.env,
  defaultApp: process.defaultApp === true,
  platform: process.platform,
  openEngine: (dataDir, abilities) => {
    const notary = new Notary({ dataDir, env: process.env });
    const service = createAppService(notary, abilities);
    return { service, startBackground: () => notary.startBackground(), close: () => notary.close() };
  },
}).catch((err: unknown) => {
  console.error(err);
  app.exit(1);
});
