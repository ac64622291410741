import { ServiceProblem } from '../http/problem.ts';

/**
 * The update token: a URL-encoded base64 JSON structure holding a key alias, a key derivation path,
 * a locking script and an output value. It lets the service spend the previous record's
 * "fund for next" output without fetching the previous transaction.
 */

export interface UpdateToken {
  keyAlias: string;
  derivationPath: string;
  lockingScript: string;
  outputValue: number;
}

export function encodeUpdateToken(token: UpdateToken): string {
  let json = JSON.stringify(token);
  // The base64 of ASCII JSON whose length is a multiple of 3 has no '=' and seldom a '+' or '/':
  // such a token reads the same in either placement. A trailing space makes base64 pad it, so the
  // token always holds a character the query must escape, and a misplaced token is always caught.
  if (json.length % 3 === 0) json += ' ';
  return encodeURIComponent(Buffer.from(json, 'utf8').toString('base64'));
}

const PLACEMENT_HINTS: Record<TokenPlacement, string> = {
  either: '',
  'as-issued': ', in the query exactly as it was returned (not percent-encoded again)',
  'encoded-once': ', percent-encoded once more in the query',
};

function invalidToken(placement: TokenPlacement = 'either'): ServiceProblem {
  return new ServiceProblem(
    400,
    'UPDATE_TOKEN_PARAM_INVALID',
    `updateToken is not a token this service issued; pass the updateToken returned when the record was created or updated${PLACEMENT_HINTS[placement]}.`,
  );
}

/**
 * How the token must be placed in the query, which the documentation leaves open (service-notes.md):
 * - `as-issued`: put in the query as received, so that the query's own decoding leaves it
 *   decoded once (plain base64); a token percent-encoded once more is refused;
 * - `encoded-once`: percent-encoded once more, so that the query's decoding leaves it exactly as
 *   issued; a token put in as received is refused;
 * - `either`: both, and a plain base64 token too.
 * A token whose base64 holds no '+', '/' or '=' reads the same either way, and is always accepted.
 */
export const TOKEN_PLACEMENTS = ['either', 'as-issued', 'encoded-once'] as const;
export type TokenPlacement = (typeof TOKEN_PLACEMENTS)[number];

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** `value` is the query parameter after the query's own decoding. */
export function decodeUpdateToken(value: string, placement: TokenPlacement = 'either'): UpdateToken {
  const text = placement === 'as-issued' ? value : placement === 'encoded-once' ? decodedExactlyOnce(value) : decodedAtMostTwice(value);
  if (!BASE64.test(text)) throw invalidToken(placement);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    throw invalidToken();
  }
  const t = parsed as Partial<UpdateToken> | null;
  if (
    typeof t !== 'object' ||
    t === null ||
    typeof t.keyAlias !== 'string' ||
    typeof t.derivationPath !== 'string' ||
    typeof t.lockingScript !== 'string' ||
    !/^([0-9a-f]{2})+$/.test(t.lockingScript) ||
    typeof t.outputValue !== 'number'
  ) {
    throw invalidToken();
  }
  return { keyAlias: t.keyAlias, derivationPath: t.derivationPath, lockingScript: t.lockingScript, outputValue: t.outputValue };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw invalidToken();
  }
}

/** The issued form is percent-encoded: one decoding must give base64 that encodes back to it. */
function decodedExactlyOnce(value: string): string {
  const text = decode(value);
  if (encodeURIComponent(text) !== value) throw invalidToken('encoded-once');
  return text;
}

function decodedAtMostTwice(value: string): string {
  let text = value;
  for (let i = 0; i < 2 && text.includes('%'); i++) text = decode(text);
  return text;
}
