import type { FileManagerView } from '../../../preload/contract.ts';
import {
  fileManagerIntegrationStatus,
  installFileManagerIntegration,
  uninstallFileManagerIntegration,
  type FileManagerReport,
} from '../desktop-integration/index.ts';
import type { XdgDirs } from '../desktop-integration/index.ts';
import type { CallDeps, Calls } from './call-deps.ts';

/**
 * Settings ▸ "Add to file manager": the Linux file managers' "Verify with Notarium" entries, which
 * run the desktop app with `--verify`. Windows and macOS get theirs from the installer and the app
 * bundle; the web shell has no app to run.
 */

type FileManagerCalls = 'fileManagerIntegration' | 'setFileManagerIntegration';

interface FileManagerSetup {
  /** How the file managers start this app (argv before `--verify`); absent where this is not offered. */
  verifyCommand?: readonly string[];
  platform: NodeJS.Platform;
  shell: 'electron' | 'web';
  /** Where the entries go (tests); default from the environment. */
  dirs?: XdgDirs;
}

function unsupported(setup: FileManagerSetup): string | null {
  if (setup.shell === 'web') return 'File managers start the desktop app to verify a file: add Notarium to them from the desktop app.';
  if (setup.platform === 'win32') return 'On Windows the installer adds “Verify with Notarium” to the Explorer menu of every file and folder.';
  if (setup.platform === 'darwin') return 'On macOS, choose Open With ▸ Notarium in the Finder.';
  if (!setup.verifyCommand) return 'This copy of Notarium does not know how it was started, so it cannot add itself to file managers.';
  return null;
}

const viewOf = (r: FileManagerReport): FileManagerView['entries'][number] => ({
  fileManager: r.fileManager,
  name: r.name,
  detected: r.detected,
  state: r.state,
  problem: r.problem ?? null,
});

export function fileManagerCalls({ abilities }: CallDeps, platform: NodeJS.Platform = process.platform): Calls<FileManagerCalls> {
  const setup: FileManagerSetup = { shell: abilities.shell, platform, verifyCommand: abilities.verifyCommand, dirs: abilities.xdgDirs };
  const reason = unsupported(setup);
  const options = setup.dirs ? { dirs: setup.dirs } : {};
  const status = async (): Promise<FileManagerView> =>
    reason || !setup.verifyCommand
      ? { supported: false, reason, entries: [] }
      : { supported: true, reason: null, entries: (await fileManagerIntegrationStatus(setup.verifyCommand, options)).map(viewOf) };
  return {
    fileManagerIntegration: status,
    setFileManagerIntegration: async (enabled) => {
      if (reason || !setup.verifyCommand) return { supported: false, reason, entries: [] };
      if (enabled) await installFileManagerIntegration(setup.verifyCommand, options);
      else await uninstallFileManagerIntegration(options);
      return status();
    },
  };
}
