import { isAbsolute, resolve } from 'node:path';

/**
 * What a command line asks of the app (its first launch, or a second launch routed to the first).
 * Chromium adds switches of its own (`--original-process-start-time=…`) and may move switches
 * before positional arguments, so paths are not read "after --verify": when `--verify` is present,
 * every positional argument is a path. Electron and Chromium switches are ignored.
 */

export interface LaunchRequest {
  /** Absolute paths to verify (files or folders); empty when the launch did not ask for it. */
  verify: string[];
}

export interface ArgvContext {
  /** Running unpackaged (`electron .`): the first positional argument is the app's folder, not a file. */
  defaultApp: boolean;
  /** The launching process's working directory, so relative paths mean what the user typed. */
  cwd: string;
}

export function parseArgv(argv: readonly string[], context: ArgvContext): LaunchRequest {
  const positional: string[] = [];
  const inline: string[] = []; // --verify=<path>, kept apart from the positional arguments
  let verify = false;
  let endOfSwitches = false;
  for (const arg of argv.slice(1)) {
    if (!endOfSwitches && arg === '--') {
      endOfSwitches = true;
    } else if (!endOfSwitches && arg.startsWith('-') && arg !== '-') {
      if (arg === '--verify') verify = true;
      else if (arg.startsWith('--verify=')) {
        verify = true;
        if (arg.length > '--verify='.length) inline.push(arg.slice('--verify='.length));
      }
      // Any other switch (Chromium's, Electron's, Node's) is not ours to act on.
    } else {
      positional.push(arg);
    }
  }
  if (context.defaultApp) positional.shift();
  if (!verify) return { verify: [] };
  const paths = [...inline, ...positional].map((p) => (isAbsolute(p) ? p : resolve(context.cwd, p)));
  return { verify: [...new Set(paths)] };
}
