import { existsSync } from 'node:fs';
import { ELECTRON_SQLITE_ENV as ELECTRON_SQLITE, electronSqliteBuild } from '../core/electron-sqlite-build.ts';
import { NotariumError } from '../core/errors/notarium-error.ts';

export interface EngineSqliteFacts {
  isPackaged: boolean;
  appRoot: string;
  electronVersion: string;
  env: NodeJS.ProcessEnv;
}

/**
 * The engine process's environment, for the SQLite build it is to load. Packaged: its own (the
 * variable is dropped: only an unpackaged app may be told to load another). From a clone started
 * by `npm start`: the build the launcher names. From a clone started otherwise ("Verify with
 * Notarium" in a file manager runs Electron on the clone directly): the build `npm start` compiled
 * before; without one, a sentence saying what to run, since the repository's own better-sqlite3 is
 * compiled for Node and would fail on its module version.
 */
export function engineSqliteEnv(facts: EngineSqliteFacts): NodeJS.ProcessEnv {
  const env = { ...facts.env };
  if (facts.isPackaged) {
    delete env[ELECTRON_SQLITE];
    return env;
  }
  if (env[ELECTRON_SQLITE]) return env;
  const build = electronSqliteBuild(facts.appRoot, facts.electronVersion);
  if (!existsSync(build.binary)) {
    throw new NotariumError(
      'APP_UNAVAILABLE',
      `SQLite is not compiled for Electron ${facts.electronVersion} in this development copy yet: run "npm start" once in ${facts.appRoot} (it compiles it), then try again.`,
    );
  }
  return { ...env, [ELECTRON_SQLITE]: build.entry };
}
