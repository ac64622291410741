import type { IntegrationState } from './owned-file.ts';
import type { VerifyCommand } from './verify-command.ts';
import type { XdgDirs } from './xdg-dirs.ts';

/** What each file manager's module provides: one entry in its context menu, added and removed again. */
export interface FileManagerIntegration {
  /** For people: the name the user knows it by. */
  readonly name: string;
  /** Program names on PATH that tell the file manager is installed. */
  readonly executables: readonly string[];
  status(command: VerifyCommand, dirs: XdgDirs): Promise<IntegrationState>;
  /** Idempotent: a second install with the same command changes nothing, with another it updates ours. */
  install(command: VerifyCommand, dirs: XdgDirs): Promise<void>;
  /** Idempotent: removes only what Notarium added. */
  uninstall(dirs: XdgDirs): Promise<void>;
}
