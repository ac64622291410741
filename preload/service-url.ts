/**
 * When two service URLs are the same place: host case, a default port and trailing slashes do not
 * matter. One rule for the core (which key goes where, which profile made a receipt) and the page
 * (whether Settings must ask before a key is left behind). Portable: no Node APIs.
 */
export function sameServiceUrl(a: string, b: string): boolean {
  return normalServiceUrl(a) === normalServiceUrl(b);
}

function normalServiceUrl(given: string): string {
  const u = given.trim();
  try {
    return new URL(u).href.replace(/\/+$/, '');
  } catch {
    return u.replace(/\/+$/, '');
  }
}
