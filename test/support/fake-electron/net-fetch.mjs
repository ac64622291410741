// Electron's net.fetch (lib/browser/api/net-fetch.ts over Chromium's network stack) where it is
// stricter than Node's fetch, which it wraps here: a failure is Error("net::ERR_…") with Chromium's
// error name and no `cause` or `code`; a redirect not to be followed ('manual') rejects with
// "Redirect was cancelled" instead of answering the 3xx; 'error' rejects with Electron's sentence.
// Each request is appended to FAKE_ELECTRON_NET_LOG, so a test can see the engine used it.
import { appendFileSync } from 'node:fs';

/** Node's (undici's and the system's) codes, as Chromium names the same failure. */
const CHROMIUM_NAMES = {
  ECONNREFUSED: 'ERR_CONNECTION_REFUSED',
  ENOTFOUND: 'ERR_NAME_NOT_RESOLVED',
  EAI_AGAIN: 'ERR_NAME_NOT_RESOLVED',
  EHOSTUNREACH: 'ERR_ADDRESS_UNREACHABLE',
  ENETUNREACH: 'ERR_INTERNET_DISCONNECTED',
  UND_ERR_CONNECT_TIMEOUT: 'ERR_CONNECTION_TIMED_OUT',
  ECONNRESET: 'ERR_CONNECTION_RESET',
  UND_ERR_SOCKET: 'ERR_CONNECTION_CLOSED',
};

export function chromiumName(err) {
  for (let e = err; e; e = e.cause) {
    if (e.message === 'bad port') return 'ERR_UNSAFE_PORT';
    if (CHROMIUM_NAMES[e.code]) return CHROMIUM_NAMES[e.code];
  }
  return 'ERR_FAILED';
}

/** One line per request in FAKE_ELECTRON_NET_LOG, when set. */
export function logRequest(method, url) {
  if (process.env.FAKE_ELECTRON_NET_LOG) appendFileSync(process.env.FAKE_ELECTRON_NET_LOG, `${method} ${url}\n`);
}

export async function netFetch(input, init = {}) {
  logRequest(init.method ?? 'GET', String(input));
  const follow = (init.redirect ?? 'follow') === 'follow';
  let res;
  try {
    res = await fetch(input, { ...init, redirect: follow ? 'follow' : 'manual' });
  } catch (err) {
    if (init.signal?.aborted) throw init.signal.reason ?? err;
    // eslint-disable-next-line preserve-caught-error -- as Chromium's: the error's name alone, no cause
    throw new Error(`net::${chromiumName(err)}`);
  }
  if (!follow && res.status >= 300 && res.status < 400 && res.headers.has('location')) {
    await res.body?.cancel();
    throw new Error(init.redirect === 'error' ? "Attempted to redirect, but redirect policy was 'error'" : 'Redirect was cancelled');
  }
  return res;
}
