import { execFile } from 'node:child_process';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { shellQuote } from '../core/text/shell-quote.ts';

/**
 * macOS's "Install Command Line Tool…" (app menu): a link on the PATH to the script the app
 * carries in Resources/bin (build/cli/notarium), which runs the app's binary as the command, as
 * VS Code's "Install 'code' command" does. /usr/local/bin usually needs an administrator: then
 * macOS asks for one (osascript's administrator privileges).
 */

export const COMMAND_LINK = '/usr/local/bin/notarium';

export interface LinkSteps {
  link(target: string, path: string): Promise<void>;
  linkAsAdministrator(target: string, path: string): Promise<void>;
}

const run = promisify(execFile);

const SYSTEM: LinkSteps = {
  async link(target, path) {
    await mkdir(dirname(path), { recursive: true });
    await rm(path, { force: true });
    await symlink(target, path);
  },
  async linkAsAdministrator(target, path) {
    const command = `mkdir -p ${shellQuote(dirname(path))} && ln -sfn ${shellQuote(target)} ${shellQuote(path)}`;
    const appleScript = `do shell script "${command.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}" with administrator privileges`;
    await run('osascript', ['-e', appleScript]);
  },
};

/** Links COMMAND_LINK to the app's script; resolves with the link's path. */
export async function installCommandLineTool(resourcesPath: string, steps: LinkSteps = SYSTEM): Promise<string> {
  const target = join(resourcesPath, 'bin', 'notarium');
  try {
    await steps.link(target, COMMAND_LINK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw err;
    await steps.linkAsAdministrator(target, COMMAND_LINK);
  }
  return COMMAND_LINK;
}
