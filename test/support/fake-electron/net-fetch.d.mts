/** The stand-in's Electron net.fetch (net-fetch.mjs). */
export function netFetch(input: string, init?: RequestInit): Promise<Response>;
/** Chromium's name (ERR_…) for the failure Node's fetch reports as `err`, as the stand-in raises it. */
export function chromiumName(err: unknown): string;
export const nodeFetch: typeof fetch;
