import { spawn } from 'node:child_process';

/**
 * Opens a URL, a file or a folder with the user's default application for it (the browser for a
 * web address; for a file, whatever handles its type) through the platform's opener. The target is
 * one argument (no shell), so nothing in it is interpreted. Resolves false when no opener could be
 * started; true says only that one was, not that anything was shown.
 */
export function openWithDefaultApp(target: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const [command, args] =
    platform === 'darwin' ? ['open', [target]] : platform === 'win32' ? ['rundll32', ['url.dll,FileProtocolHandler', target]] : ['xdg-open', [target]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
