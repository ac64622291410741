/**
 * Paths and query strings for the service. Every value is percent-encoded strictly (RFC 3986
 * unreserved characters only), so a salt's '+' arrives as '+' and not as a space, and '|', '(' and
 * ')' of an encode specification cannot be read as anything else.
 */

export function strictEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A path segment from an id: '/' or '..' in it cannot change the path. */
export const segment = strictEncode;

/** `?a=1&b=2` from the parameters that are defined (an empty string is sent: `encode=` means no encoder). */
export function queryString(params: Record<string, string | number | undefined>, raw: Record<string, string | undefined> = {}): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) if (value !== undefined) parts.push(`${name}=${strictEncode(String(value))}`);
  for (const [name, value] of Object.entries(raw)) if (value !== undefined) parts.push(`${name}=${value}`);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/**
 * How an update token goes into the query.
 *
 * - `encoded-once` (default): the token is percent-encoded like any other value, so the service's
 *   query parser hands it exactly the string it issued (a URL-encoded base64 text, '%' included).
 *   This is right whatever the token holds.
 * - `as-issued`: the token's own %XX escapes are left for the query parser to undo, so the service
 *   sees the base64 text underneath. Only characters that would break the query are escaped. For a
 *   service that does not URL-decode the token a second time.
 *
 * The sandbox accepts both (it decodes once or twice).
 */
export type UpdateTokenEncoding = 'encoded-once' | 'as-issued';

export function updateTokenParam(token: string, encoding: UpdateTokenEncoding): string {
  return encoding === 'encoded-once' ? strictEncode(token) : token.replace(/[^A-Za-z0-9%._~-]/g, (c) => strictEncode(c));
}
