/** The stand-in's Electron net.fetch (net-fetch.mjs). */
export function netFetch(input: string, init?: RequestInit): Promise<Response>;
