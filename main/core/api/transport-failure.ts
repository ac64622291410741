import { NotariumError } from '../errors/notarium-error.ts';
import type { ErrorCode } from '../errors/catalogue.ts';

/**
 * Failures below HTTP: whether the request can have reached the service decides whether a write
 * may be sent again. Node's fetch (the CLI's) reports them as TypeError("fetch failed") with the
 * system error somewhere down the cause chain (sometimes inside an AggregateError); the app's
 * fetch over Electron's net.request (main/electron/net-request-fetch.ts, Chromium's network
 * stack) as Error("net::ERR_…"), with no cause, as Chromium names the failure. The same failure
 * is classified alike in both. Timeouts are not read here: the HTTP client knows its own.
 */

/**
 * Codes raised while connecting, before a byte of the request was sent (undici's connect timeout;
 * Node's when every address of a name timed out, tried one after another: no syscall named).
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_SOCKET_CONNECTION_TIMEOUT',
]);
/**
 * The system calls that come before the request is written: a failure of the name lookup or of
 * connect() sent nothing, whatever its code (a firewall's EACCES, EADDRNOTAVAIL, ENETDOWN, the
 * system's own connect timeout ETIMEDOUT), as Chromium says of its connect failures below.
 */
const NOT_SENT_SYSCALLS = new Set(['getaddrinfo', 'connect']);

/**
 * A secure connection that could not be set up: the service's certificate was refused (OpenSSL's
 * verification codes, Node's host name check), or the address does not speak TLS at all (an
 * https:// URL on a plain HTTP port: "wrong version number"). A certificate is checked during the
 * handshake, before a byte of the request is written, so nothing was sent. Other SSL errors can
 * come once connected (a bad record mid-stream) and stay "may have been sent".
 */
const TLS_NOT_SENT_CODES = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
]);

/** Whether a not-sent failure's code is one of a secure connection that could not be set up (its own sentence). */
export function isTlsFailure(code: string | undefined): boolean {
  return code !== undefined && (TLS_NOT_SENT_CODES.has(code) || /^ERR_CERT_|^ERR_SSL_VERSION_OR_CIPHER_MISMATCH$/.test(code));
}

export interface NetworkFailure {
  kind: 'not-sent' | 'lost';
  /** The first system or undici error code found, for logs and messages (e.g. ECONNREFUSED). */
  code: string | undefined;
}

/**
 * fetch refuses, before connecting, a port on the Fetch standard's list of "bad ports" (9, 25,
 * 6000…): its cause is Error("bad port"), with no code. Named here so it reads as not sent.
 */
export const BAD_PORT = 'BAD_PORT';

/**
 * Chromium's net errors raised before anything was sent: those Node names too under Node's names,
 * so that both shells say the same sentence, then its own (no network, a connect() that failed
 * otherwise, a proxy or tunnel that could not be reached). Chromium's connect failures are these
 * (net/socket's MapConnectError); any other (ERR_CONNECTION_RESET, ERR_EMPTY_RESPONSE,
 * ERR_CONNECTION_CLOSED, ERR_ABORTED…) may have been sent.
 */
const CHROMIUM_CODES: Readonly<Record<string, string>> = {
  ERR_CONNECTION_REFUSED: 'ECONNREFUSED',
  ERR_NAME_NOT_RESOLVED: 'ENOTFOUND',
  ERR_ADDRESS_UNREACHABLE: 'EHOSTUNREACH',
  ERR_CONNECTION_TIMED_OUT: 'UND_ERR_CONNECT_TIMEOUT',
  ERR_ADDRESS_INVALID: 'EADDRNOTAVAIL',
  ERR_NETWORK_ACCESS_DENIED: 'EACCES',
  ERR_UNSAFE_PORT: BAD_PORT,
};
const CHROMIUM_NOT_SENT = new Set([
  'ERR_INTERNET_DISCONNECTED',
  'ERR_CONNECTION_FAILED',
  'ERR_NAME_RESOLUTION_FAILED',
  'ERR_PROXY_CONNECTION_FAILED',
  'ERR_TUNNEL_CONNECTION_FAILED',
]);

export function classifyNetworkError(err: unknown): NetworkFailure {
  if (causeMessages(err).includes('bad port')) return { kind: 'not-sent', code: BAD_PORT };
  const chromium = causeMessages(err)
    .map((m) => /^net::(ERR_[A-Z_]+)$/.exec(m)?.[1])
    .find((name) => name !== undefined);
  if (chromium) {
    const code = CHROMIUM_CODES[chromium];
    return { kind: code || CHROMIUM_NOT_SENT.has(chromium) || isTlsFailure(chromium) ? 'not-sent' : 'lost', code: code ?? chromium };
  }
  const codes = errorCodes(err);
  const notSent =
    codes.find((c) => NOT_SENT_CODES.has(c) || TLS_NOT_SENT_CODES.has(c)) ??
    causeChain(err).find((e) => typeof e.syscall === 'string' && NOT_SENT_SYSCALLS.has(e.syscall) && typeof e.code === 'string')?.code;
  return typeof notSent === 'string' ? { kind: 'not-sent', code: notSent } : { kind: 'lost', code: codes[0] };
}

/** Every `code` in the cause chain and in AggregateError members, outermost first. */
export function errorCodes(err: unknown): string[] {
  return causeChain(err).flatMap((e) => (typeof e.code === 'string' ? [e.code] : []));
}

function causeMessages(err: unknown): string[] {
  return causeChain(err).flatMap((e) => (typeof e.message === 'string' ? [e.message] : []));
}

/** The error, its causes and AggregateError members, outermost first. */
function causeChain(err: unknown): { code?: unknown; message?: unknown; syscall?: unknown }[] {
  const chain: { code?: unknown; message?: unknown; syscall?: unknown }[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 8 || value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const e = value as { code?: unknown; message?: unknown; syscall?: unknown; cause?: unknown; errors?: unknown };
    chain.push(e);
    visit(e.cause, depth + 1);
    if (Array.isArray(e.errors)) for (const member of e.errors) visit(member, depth + 1);
  };
  visit(err, 0);
  return chain;
}

/**
 * A write whose answer never arrived (connection lost, or no answer in time): the service may have
 * accepted it. It is not sent again automatically; the caller must check before writing again.
 * `code` is NETWORK or TIMEOUT as for any other request, or TXID_MISSING for an answer that came
 * but did not say which transaction was written.
 */
export class OutcomeUnknownError extends NotariumError {
  readonly outcomeUnknown = true;

  constructor(code: Extract<ErrorCode, 'NETWORK' | 'TIMEOUT' | 'TXID_MISSING'>, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'OutcomeUnknownError';
  }
}

export function isOutcomeUnknown(err: unknown): err is OutcomeUnknownError {
  return err instanceof OutcomeUnknownError;
}
