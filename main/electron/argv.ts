import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isReceiptName } from '../../verifier/receipt-name.ts';

/**
 * What a command line asks of the app (its first launch, or a second launch routed to the first).
 * Chromium adds switches of its own (`--original-process-start-time=…`) and may move switches
 * before positional arguments, so paths are not read "after --verify": when `--verify` is present,
 * every positional argument is a path. Without it, only receipts are: the system opens a
 * `*.receipt.json` with the app (file association) by naming it alone, and opening a receipt shows
 * its verification. Electron and Chromium switches are ignored.
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
  // Launchers give `file://` URLs for %U (the desktop entry's main Exec), paths for %F.
  const asPath = (p: string): string => (p.startsWith('file://') ? fileURLToPathOr(p) : p);
  const given = [...inline, ...positional].map(asPath);
  const named = verify ? given : given.filter(isReceiptName);
  const paths = named.map((p) => (isAbsolute(p) ? p : resolve(context.cwd, p)));
  return { verify: [...new Set(paths)] };
}

function fileURLToPathOr(url: string): string {
  try {
    return fileURLToPath(url);
  } catch {
    return url; // not a local file URL: left as it is, and found unreadable later
  }
}
