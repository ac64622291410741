import { spawn } from 'node:child_process';

/**
 * How long the opener has to say it failed. xdg-open, open and rundll32 hand the target over and
 * exit; one still running after this has started what shows it (xdg-open without a desktop runs
 * the browser itself, until it closes), so the target is taken as shown.
 */
export const OPENER_VERDICT_MS = 3_000;

/**
 * Opens a URL, a file or a folder with the user's default application for it (the browser for a
 * web address; for a file, whatever handles its type) through the platform's opener. The target is
 * one argument (no shell), so nothing in it is interpreted. Resolves false when no opener could be
 * started or the opener failed (xdg-open exits non-zero when no browser or handler is there, as on
 * a server); true when it succeeded or is still running after OPENER_VERDICT_MS. True is no proof
 * that anything was shown (a browser that cannot read the file): callers keep their reminder.
 */
export function openWithDefaultApp(target: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const [command, args] =
    platform === 'darwin' ? ['open', [target]] : platform === 'win32' ? ['rundll32', ['url.dll,FileProtocolHandler', target]] : ['xdg-open', [target]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    const verdict = setTimeout(() => resolve(true), OPENER_VERDICT_MS);
    const settle = (opened: boolean): void => {
      clearTimeout(verdict);
      resolve(opened);
    };
    child.once('error', () => settle(false));
    child.once('exit', (code) => settle(code === 0));
    child.once('spawn', () => child.unref());
  });
}
