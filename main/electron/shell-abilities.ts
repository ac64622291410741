import { shell } from 'electron';
import type { ShellAbilities } from '../core/app/app-service.ts';
import { NotariumError } from '../core/errors/notarium-error.ts';
import { printPdf } from './print-pdf.ts';

/**
 * What only the desktop shell can do for the core. The browser is opened for one thing only, the
 * identity portal's authorization request the sign-in built, so a compromised page or a bad
 * profile URL cannot make the app launch `file:`, `smb:` or custom-protocol handlers.
 */

/** Whether a URL is an OAuth authorization request (PKCE) on http(s), the only thing we open. */
export function isAuthorizationUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.username || parsed.password) return false;
  const q = parsed.searchParams;
  return q.get('response_type') === 'code' && !!q.get('state') && !!q.get('code_challenge');
}

export function desktopAbilities(): ShellAbilities {
  return {
    shell: 'electron',
    resolveFile: (ref) => {
      if (ref.kind === 'path') return ref.path;
      throw new NotariumError('USAGE', 'The desktop app takes files by their path; uploads are for the web shell.');
    },
    openExternal: async (url) => {
      if (!isAuthorizationUrl(url)) throw new NotariumError('USAGE', 'Notarium opens only the sign-in page of an http or https identity portal in the browser.');
      await shell.openExternal(url, { activate: true });
    },
    showInFolder: (path) => shell.showItemInFolder(path),
    printPdf,
  };
}
