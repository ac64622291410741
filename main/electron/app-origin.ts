/**
 * Where the UI lives: the built renderer served from our own privileged scheme, so the page has a
 * real origin (CSP 'self', no file:// powers) that no web page can share.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'notarium';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_URL = `${APP_ORIGIN}/index.html`;

/** Whether a URL is a page of ours (prefix test on the origin plus the slash, so `app://notarium.evil/` is not). */
export function isAppUrl(url: string): boolean {
  return url.startsWith(`${APP_ORIGIN}/`);
}
