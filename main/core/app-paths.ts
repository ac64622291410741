import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where Notarium keeps its data: the platform's convention for per-user app data (the same folder
 * Electron's `userData` uses), or NOTARIUM_HOME when set (tests, portable installs, scripts).
 */
export function appDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.NOTARIUM_HOME) return env.NOTARIUM_HOME;
  const home = env.HOME ?? homedir();
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Notarium');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Notarium');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Notarium');
}

/** The embedded sandbox's state, kept across launches. */
export function embeddedSandboxDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  return join(appDataDir(env, platform), 'sandbox');
}
