import type { FetchLike } from './http-client.ts';

/**
 * The engine's fetch in Node (the CLI, the web shell): global fetch, each request on a connection
 * of its own (`Connection: close`), never one kept alive from an earlier request.
 *
 * A server closes a kept-alive connection after its own idle timeout, and is free to (the
 * sandbox's Node server after 5 s). Node's fetch drops an idle connection a little before the
 * server's announced timeout, but only when its event loop gets to it: a process busy meanwhile
 * (a loaded machine, a long synchronous step) sends its next request on a connection the server
 * has already closed. That request is cut with no byte of an answer, and nothing tells whether the
 * server read it: a write would be left in doubt although the service never saw it. Node's fetch
 * sends such a request again only when it is idempotent, and a write here is not. With no
 * connection ever reused, no request meets a closed one. Electron's network stack (the app's
 * fetch) sends a request again itself when a reused connection closes before any answer.
 */
export const freshConnectionFetch: FetchLike = (url, init) => {
  const headers = new Headers(init.headers);
  headers.set('connection', 'close');
  return globalThis.fetch(url, { ...init, headers });
};
