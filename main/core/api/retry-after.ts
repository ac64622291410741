/**
 * Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP date. Returns milliseconds from `now`,
 * at least 0, or null when the header is missing or unreadable (the caller then backs off).
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only dates that look like dates: Date.parse accepts odd strings such as "1".
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
