/**
 * The web shell's session as the page holds it. There is no cookie (a cookie for 127.0.0.1 goes to
 * every port of it): the page trades the one-time launch token from its address's fragment for
 * the session secret, keeps it in sessionStorage (bound to this tab and to scheme, host and port),
 * and presents it itself: as a WebSocket subprotocol on the bridge, as a header on uploads.
 * The names are shared with the server (main/web/web-security.ts).
 */

/** The fragment `#launch=<token>` of the launch address: never sent to the server, nor in a Referer. */
export const LAUNCH_FRAGMENT = 'launch';
/** POST /session with this header trades the launch token for the session secret (once). */
export const LAUNCH_HEADER = 'X-Notarium-Launch';
/** Uploads and session checks carry the secret in this header. */
export const SESSION_HEADER = 'X-Notarium-Session';
/** The bridge's subprotocol, and the prefix of the second one that carries the secret. */
export const BRIDGE_PROTOCOL = 'notarium';
export const SESSION_PROTOCOL_PREFIX = 'notarium.session.';

const STORAGE_KEY = 'notarium.session';

/** Why there is no session, in words that say how to get one (the page shows it whole). */
export class SessionEnded extends Error {
  readonly code = 'SESSION_ENDED';
}

/**
 * How to get a new link, said wherever a link or a session is refused. The browser version has no
 * launcher: it is the command that started it (`notarium app`, or `npm start` in a checkout) that
 * makes links, one per start.
 */
export const NEW_LINK =
  'For a new link, stop Notarium in the terminal where it runs (Ctrl+C) and run "notarium app" again (or "npm start", where you started it that way): it opens the browser, or prints the link.';

const NO_SESSION = `This page has no Notarium session. Each link opens Notarium once, in one tab: go back to the tab it opened. ${NEW_LINK}`;

/**
 * The session secret of this tab: traded from the launch fragment when there is one (which is
 * then taken out of the address bar and the tab's back/forward entry; the browser's global history
 * keeps the visited link, whose token is spent by then), else the one this tab kept (a reload).
 */
export async function openSession(origin: string = location.origin): Promise<string> {
  const token = new URLSearchParams(location.hash.slice(1)).get(LAUNCH_FRAGMENT);
  if (token === null) {
    const kept = sessionStorage.getItem(STORAGE_KEY);
    if (kept) return kept;
    throw new SessionEnded(NO_SESSION);
  }
  history.replaceState(history.state, '', location.pathname + location.search);
  let response: Response;
  try {
    response = await fetch(`${origin}/session`, { method: 'POST', headers: { [LAUNCH_HEADER]: token }, cache: 'no-store', referrerPolicy: 'no-referrer' });
  } catch {
    throw new SessionEnded(`Notarium did not answer this link: it is no longer running. ${NEW_LINK}`);
  }
  if (!response.ok) throw new SessionEnded(sentenceOf(await response.text().catch(() => '')) ?? NO_SESSION);
  const { session } = (await response.json()) as { session?: unknown };
  if (typeof session !== 'string' || !session) throw new SessionEnded(NO_SESSION);
  sessionStorage.setItem(STORAGE_KEY, session);
  return session;
}

/** The shell's sentence when it no longer knows this secret; null when it does, or cannot be asked. */
export async function sessionRefusal(origin: string, secret: string): Promise<string | null> {
  try {
    const response = await fetch(`${origin}/session`, { headers: { [SESSION_HEADER]: secret }, cache: 'no-store' });
    return response.status === 403 ? (sentenceOf(await response.text().catch(() => '')) ?? NO_SESSION) : null;
  } catch {
    return null;
  }
}

/** A short refusal sentence from the shell, or null for anything else. */
function sentenceOf(text: string): string | null {
  const t = text.trim();
  return t && t.length < 400 ? t : null;
}
