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
 * Where an update token goes in the query. The token is described as URL-encoded base64 JSON, and
 * how it is to be placed is not documented (service-notes.md: Timing and life-cycle rules):
 *
 * - `as-issued` (first): the token goes in as the service returned it, its own %XX escapes left
 *   for the query parser to undo, so the service sees the base64 text underneath. Only characters
 *   that would break the query are escaped. This is what the service's guides do.
 * - `encoded-once`: the token is percent-encoded like any other value, so the query parser hands
 *   the service exactly the string it issued, '%' included.
 *
 * The record API tries the other placement once when the service calls the token invalid
 * (record-api.ts), and keeps the one that worked for its connection.
 */
export const TOKEN_PLACEMENTS = ['as-issued', 'encoded-once'] as const;
export type TokenPlacement = (typeof TOKEN_PLACEMENTS)[number];

export function updateTokenParam(token: string, placement: TokenPlacement): string {
  return placement === 'encoded-once' ? strictEncode(token) : token.replace(/[^A-Za-z0-9%._~-]/g, (c) => strictEncode(c));
}
