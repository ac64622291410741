import { describe, expect, it } from 'vitest';
import { classifyNetworkError, errorCodes } from '../../../../main/core/api/transport-failure.ts';
import { chromiumName } from '../../../support/fake-electron/net-fetch.mjs';

const sysError = (code: string): Error => Object.assign(new Error(`${code} 127.0.0.1:9`), { code });
const fetchFailed = (cause: unknown): TypeError => new TypeError('fetch failed', { cause });
/** A system error as Node raises it: the call that failed named (`connect`, `getaddrinfo`, `read`…). */
const callError = (syscall: string, code: string): Error => Object.assign(new Error(`${syscall} ${code} 10.0.0.1:443`), { code, syscall });
/** The same failure as the app's fetch over Electron's net.request raises it: Chromium's name alone. */
const inChromium = (err: unknown): Error => new Error(`net::${chromiumName(err)}`);

describe('network failure classification', () => {
  it('a refused connection was not sent', () => {
    expect(classifyNetworkError(fetchFailed(sysError('ECONNREFUSED')))).toEqual({ kind: 'not-sent', code: 'ECONNREFUSED' });
  });

  it('finds the code inside an AggregateError (several addresses tried)', () => {
    const aggregate = new AggregateError([sysError('ECONNREFUSED'), sysError('ECONNREFUSED')], 'all failed');
    expect(classifyNetworkError(fetchFailed(aggregate)).kind).toBe('not-sent');
  });

  it.each(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_SOCKET_CONNECTION_TIMEOUT'])('%s was not sent', (code) => {
    expect(classifyNetworkError(fetchFailed(sysError(code))).kind).toBe('not-sent');
  });

  it('a reset or a closed socket may have been sent', () => {
    expect(classifyNetworkError(fetchFailed(sysError('ECONNRESET')))).toEqual({ kind: 'lost', code: 'ECONNRESET' });
    expect(classifyNetworkError(fetchFailed(sysError('UND_ERR_SOCKET')))).toEqual({ kind: 'lost', code: 'UND_ERR_SOCKET' });
    expect(classifyNetworkError(new TypeError('fetch failed'))).toEqual({ kind: 'lost', code: undefined });
  });

  it('survives cycles in the cause chain', () => {
    const a = sysError('EPIPE') as Error & { cause?: unknown };
    a.cause = a;
    expect(errorCodes(a)).toEqual(['EPIPE']);
  });

  it.each([
    ['EACCES', 'a firewall refused it'],
    ['EPERM', 'the system refused it'],
    ['EADDRNOTAVAIL', 'no address to connect from'],
    ['ENETDOWN', 'the network is down'],
    ['ETIMEDOUT', "the system's own connect timeout"],
  ])('a connect() that failed with %s (%s) sent nothing, whatever its code', (code) => {
    expect(classifyNetworkError(fetchFailed(callError('connect', code)))).toEqual({ kind: 'not-sent', code });
  });

  it('the same codes raised once connected may have been sent', () => {
    expect(classifyNetworkError(fetchFailed(callError('read', 'ETIMEDOUT')))).toEqual({ kind: 'lost', code: 'ETIMEDOUT' });
    expect(classifyNetworkError(fetchFailed(callError('write', 'EPIPE')))).toEqual({ kind: 'lost', code: 'EPIPE' });
  });

  it('a code of the list comes first: a refusal beside a timed-out attempt (several addresses) reads as the refusal', () => {
    const aggregate = Object.assign(new AggregateError([callError('connect', 'ETIMEDOUT'), callError('connect', 'ECONNREFUSED')], 'all failed'), {
      code: 'ETIMEDOUT',
    });
    expect(classifyNetworkError(fetchFailed(aggregate))).toEqual({ kind: 'not-sent', code: 'ECONNREFUSED' });
  });
});

describe("the same failure, read alike from Node's fetch (the CLI) and from Chromium's net errors (the app)", () => {
  const bad = new Error('bad port');
  const failures: [string, Error, 'not-sent' | 'lost'][] = [
    ['refused', callError('connect', 'ECONNREFUSED'), 'not-sent'],
    ['a bad port', bad, 'not-sent'],
    ['no such name', callError('getaddrinfo', 'ENOTFOUND'), 'not-sent'],
    ['no answer from the name servers', callError('getaddrinfo', 'EAI_AGAIN'), 'not-sent'],
    ['no route to the host', callError('connect', 'EHOSTUNREACH'), 'not-sent'],
    ['no route to the network', callError('connect', 'ENETUNREACH'), 'not-sent'],
    ['the network down', callError('connect', 'ENETDOWN'), 'not-sent'],
    ['a firewall', callError('connect', 'EACCES'), 'not-sent'],
    ['no local address', callError('connect', 'EADDRNOTAVAIL'), 'not-sent'],
    ['any other connect failure', callError('connect', 'EPERM'), 'not-sent'],
    ["the system's connect timeout", callError('connect', 'ETIMEDOUT'), 'not-sent'],
    ["undici's connect timeout", Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }), 'not-sent'],
    [
      "every address of the name timed out (Node's)",
      Object.assign(new Error('Socket connection timeout'), { code: 'ERR_SOCKET_CONNECTION_TIMEOUT' }),
      'not-sent',
    ],
    ['a self-signed certificate', sysError('DEPTH_ZERO_SELF_SIGNED_CERT'), 'not-sent'],
    ['an unknown authority', sysError('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), 'not-sent'],
    ['an expired certificate', sysError('CERT_HAS_EXPIRED'), 'not-sent'],
    ["a certificate for another name (Node's own check)", sysError('ERR_TLS_CERT_ALTNAME_INVALID'), 'not-sent'],
    ['a reset once connected', callError('read', 'ECONNRESET'), 'lost'],
    ['a timeout once connected', callError('read', 'ETIMEDOUT'), 'lost'],
    ['closed with no answer', Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }), 'lost'],
    ['anything else', new Error('unknown'), 'lost'],
  ];
  it.each(failures)('%s: %#', (_situation, error, kind) => {
    const node = classifyNetworkError(fetchFailed(error));
    const chromium = classifyNetworkError(inChromium(fetchFailed(error)));
    expect({ node: node.kind, chromium: chromium.kind }).toEqual({ node: kind, chromium: kind });
  });

  it('an https:// address on a plain HTTP port: not sent by the CLI (OpenSSL names it), in doubt in the app (Chromium names it as any SSL failure, which can come once connected)', () => {
    const wrongVersion = sysError('ERR_SSL_WRONG_VERSION_NUMBER');
    expect(classifyNetworkError(fetchFailed(wrongVersion))).toEqual({ kind: 'not-sent', code: 'ERR_SSL_WRONG_VERSION_NUMBER' });
    expect(classifyNetworkError(inChromium(fetchFailed(wrongVersion)))).toEqual({ kind: 'lost', code: 'ERR_SSL_PROTOCOL_ERROR' });
  });

  it('other SSL failures, which can come once connected, may have been sent', () => {
    expect(classifyNetworkError(fetchFailed(sysError('ERR_SSL_DECRYPTION_FAILED_OR_BAD_RECORD_MAC'))).kind).toBe('lost');
  });

  it('a refusal and a bad port carry the same code in both, for the same sentence', () => {
    for (const error of [callError('connect', 'ECONNREFUSED'), bad]) {
      expect(classifyNetworkError(inChromium(fetchFailed(error)))).toEqual(classifyNetworkError(fetchFailed(error)));
    }
  });
});
