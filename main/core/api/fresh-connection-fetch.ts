import type { FetchLike } from './http-client.ts';

/**
 * The engine's fetch in Node (the CLI, the web shell): global fetch (looked up at each call, so a
 * test's stub is honoured), each request on a connection of its own, never one kept alive.
 *
 * A server closes an idle kept-alive connection after its own timeout. A process busy meanwhile
 * sends its next request on it before Node's fetch has seen it closed: the request is cut with no
 * answer, and a write would be left in doubt although the service never read it (Node's fetch
 * sends again only idempotent requests). See docs/design/registration-life-cycle.md.
 */
export const freshConnectionFetch: FetchLike = (url, init) => {
  const headers = new Headers(init.headers);
  headers.set('connection', 'close');
  return globalThis.fetch(url, { ...init, headers });
};
