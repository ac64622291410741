/**
 * Redirect URIs the authorization page accepts: RFC 8252 §7.3 loopback URIs with a literal
 * address and an explicit port. Names such as "localhost" can be resolved elsewhere, and anything
 * that is not loopback could carry a code off the machine, so both are refused.
 */

const LOOPBACK_PREFIXES: Record<string, string> = {
  '127.0.0.1': 'http://127.0.0.1:',
  '[::1]': 'http://[::1]:',
};

/** Why a redirect URI is refused, or null when it is an acceptable loopback URI. */
export function loopbackRedirectProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The redirect_uri is not an absolute URI.';
  }
  if (url.protocol !== 'http:') return 'The redirect_uri must use http:// on a loopback address (RFC 8252 §7.3).';
  if (url.username !== '' || url.password !== '') return 'The redirect_uri must not carry a user name or password.';
  const prefix = LOOPBACK_PREFIXES[url.hostname];
  if (!prefix) return 'The redirect_uri must point to 127.0.0.1 or [::1]; other hosts are refused.';
  if (raw.includes('#')) return 'The redirect_uri must not have a fragment (RFC 6749 §3.1.2).';
  // The URL parser normalizes (127.1, empty or default ports), so the literal text is checked too.
  if (!raw.startsWith(prefix) || explicitPort(raw.slice(prefix.length)) === null) {
    return 'The redirect_uri must name the loopback address literally, with an explicit port (http://127.0.0.1:PORT/...).';
  }
  return null;
}

function explicitPort(rest: string): number | null {
  const digits = /^(\d{1,5})(?=[/?]|$)/.exec(rest)?.[1];
  const port = digits === undefined ? NaN : Number(digits);
  return port >= 1 && port <= 65535 ? port : null;
}

/** The redirect URI with response parameters added, keeping its own query as it was. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  const added = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) added.append(name, value);
  url.search = url.search ? `${url.search}&${added}` : `?${added}`;
  return url.href;
}
