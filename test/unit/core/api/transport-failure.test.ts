import { describe, expect, it } from 'vitest';
import { classifyNetworkError, errorCodes } from '../../../../main/core/api/transport-failure.ts';

const sysError = (code: string): Error => Object.assign(new Error(`${code} 127.0.0.1:9`), { code });
const fetchFailed = (cause: unknown): TypeError => new TypeError('fetch failed', { cause });

describe('network failure classification', () => {
  it('a refused connection was not sent', () => {
    expect(classifyNetworkError(fetchFailed(sysError('ECONNREFUSED')))).toEqual({ kind: 'not-sent', code: 'ECONNREFUSED' });
  });

  it('finds the code inside an AggregateError (several addresses tried)', () => {
    const aggregate = new AggregateError([sysError('ECONNREFUSED'), sysError('ECONNREFUSED')], 'all failed');
    expect(classifyNetworkError(fetchFailed(aggregate)).kind).toBe('not-sent');
  });

  it.each(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])('%s was not sent', (code) => {
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
});
