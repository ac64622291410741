import { describe, expect, it } from 'vitest';
import { ServiceProblem } from '../../../sandbox/http/problem.ts';
import { decodeUpdateToken, encodeUpdateToken, type TokenPlacement, type UpdateToken } from '../../../sandbox/records/update-token.ts';

// The update token as issued (URL-encoded base64 JSON) and the three ways the sandbox can read it
// from a query (the value after the query's own one decoding).

const token = (n: number): UpdateToken => ({
  keyAlias: 'sandbox-linked-records',
  derivationPath: `m/0/${n}`,
  lockingScript: '76a914' + '00'.repeat(20) + '88ac',
  outputValue: 1,
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return 'accepted';
  } catch (err) {
    if (err instanceof ServiceProblem) return err.errorCode;
    throw err;
  }
}

describe('update token', () => {
  it('is always issued with a character the query must escape, for any length of its JSON', () => {
    for (let n = 1; n <= 3000; n += 7) {
      const issued = encodeUpdateToken(token(n));
      expect(issued).toMatch(/%[0-9A-F]{2}/);
      expect(decodeUpdateToken(decodeURIComponent(issued))).toEqual(token(n));
    }
  });

  it.each([
    // [placement, query value when put as received, when percent-encoded once more]
    ['as-issued', 'accepted', 'UPDATE_TOKEN_PARAM_INVALID'],
    ['encoded-once', 'UPDATE_TOKEN_PARAM_INVALID', 'accepted'],
    ['either', 'accepted', 'accepted'],
  ] as const)('%s: put as received %s, percent-encoded once more %s', (placement: TokenPlacement, asReceived, encodedAgain) => {
    const issued = encodeUpdateToken(token(7));
    // Put as received, the query's decoding leaves it decoded once; encoded once more, it leaves it as issued.
    expect(codeOf(() => decodeUpdateToken(decodeURIComponent(issued), placement))).toBe(asReceived);
    expect(codeOf(() => decodeUpdateToken(issued, placement))).toBe(encodedAgain);
  });

  it.each(['not-base64!', Buffer.from('{"a":1}').toString('base64'), 'e30=', '%E0%A4%A'])('refuses %s in every placement', (value) => {
    for (const placement of ['either', 'as-issued', 'encoded-once'] as const)
      expect(codeOf(() => decodeUpdateToken(value, placement))).toBe('UPDATE_TOKEN_PARAM_INVALID');
  });
});
