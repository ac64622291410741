// Electron's net.fetch (lib/browser/api/net-fetch.ts over Chromium's network stack) where it is
// stricter than Node's fetch, which it wraps here: a failure is Error("net::ERR_…") with Chromium's
// error name and no `cause` or `code`; a redirect not to be followed ('manual') rejects with
// "Redirect was cancelled" instead of answering the 3xx; 'error' rejects with Electron's sentence.
// Each request is appended to FAKE_ELECTRON_NET_LOG, so a test can see the engine used it.
import { appendFileSync } from 'node:fs';

/**
 * Node's (undici's and the system's) codes, as Chromium names the same failure (net/base's
 * MapSystemError; a name lookup that fails is ERR_NAME_NOT_RESOLVED whatever the reason).
 */
const CHROMIUM_NAMES = {
  ECONNREFUSED: 'ERR_CONNECTION_REFUSED',
  ENOTFOUND: 'ERR_NAME_NOT_RESOLVED',
  EAI_AGAIN: 'ERR_NAME_NOT_RESOLVED',
  EHOSTUNREACH: 'ERR_ADDRESS_UNREACHABLE',
  ENETUNREACH: 'ERR_ADDRESS_UNREACHABLE',
  ENETDOWN: 'ERR_INTERNET_DISCONNECTED',
  EADDRNOTAVAIL: 'ERR_ADDRESS_INVALID',
  UND_ERR_CONNECT_TIMEOUT: 'ERR_CONNECTION_TIMED_OUT',
  ERR_SOCKET_CONNECTION_TIMEOUT: 'ERR_CONNECTION_TIMED_OUT',
  ECONNRESET: 'ERR_CONNECTION_RESET',
  ETIMEDOUT: 'ERR_TIMED_OUT',
  UND_ERR_SOCKET: 'ERR_CONNECTION_CLOSED',
  // Certificates refused (net/cert's CertStatus names) and a plain HTTP port under https:// (BoringSSL's
  // "wrong version number" read as net's generic SSL failure).
  DEPTH_ZERO_SELF_SIGNED_CERT: 'ERR_CERT_AUTHORITY_INVALID',
  SELF_SIGNED_CERT_IN_CHAIN: 'ERR_CERT_AUTHORITY_INVALID',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'ERR_CERT_AUTHORITY_INVALID',
  CERT_HAS_EXPIRED: 'ERR_CERT_DATE_INVALID',
  ERR_TLS_CERT_ALTNAME_INVALID: 'ERR_CERT_COMMON_NAME_INVALID',
  ERR_SSL_WRONG_VERSION_NUMBER: 'ERR_SSL_PROTOCOL_ERROR',
};
/** A connect() that failed (MapConnectError): its own names for these, ERR_CONNECTION_FAILED for a code it does not name. */
const CONNECT_NAMES = { EACCES: 'ERR_NETWORK_ACCESS_DENIED', ETIMEDOUT: 'ERR_CONNECTION_TIMED_OUT' };

export function chromiumName(err) {
  for (let e = err; e; e = e.cause) {
    if (e.message === 'bad port') return 'ERR_UNSAFE_PORT';
    if (e.syscall === 'connect') return CONNECT_NAMES[e.code] ?? CHROMIUM_NAMES[e.code] ?? 'ERR_CONNECTION_FAILED';
    if (CHROMIUM_NAMES[e.code]) return CHROMIUM_NAMES[e.code];
  }
  return 'ERR_FAILED';
}

/** Node's fetch as the stand-in found it: what the app puts in globalThis.fetch (Electron's net, for the CLI) is not what Chromium's stack runs on. */
export const nodeFetch = globalThis.fetch;

/** One line per request in FAKE_ELECTRON_NET_LOG, when set. */
export function logRequest(method, url) {
  if (process.env.FAKE_ELECTRON_NET_LOG) appendFileSync(process.env.FAKE_ELECTRON_NET_LOG, `${method} ${url}\n`);
}

export async function netFetch(input, init = {}) {
  logRequest(init.method ?? 'GET', String(input));
  const follow = (init.redirect ?? 'follow') === 'follow';
  let res;
  try {
    res = await nodeFetch(input, { ...init, redirect: follow ? 'follow' : 'manual' });
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
