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
  return encodeURIComponent(Buffer.from(JSON.stringify(token), 'utf8').toString('base64'));
}

function invalidToken(): ServiceProblem {
  return new ServiceProblem(400, 'UPDATE_TOKEN_PARAM_INVALID', 'updateToken is not a token this service issued; pass the updateToken returned when the record was created or updated.');
}

/** Parses a token whether the client sent it URL-encoded once, twice, or not at all. */
export function decodeUpdateToken(value: string): UpdateToken {
  let text = value;
  for (let i = 0; i < 2 && text.includes('%'); i++) {
    try {
      text = decodeURIComponent(text);
    } catch {
      throw invalidToken();
    }
  }
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw invalidToken();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    throw invalidToken();
  }
  const t = parsed as Partial<UpdateToken> | null;
  if (
    typeof t !== 'object' || t === null ||
    typeof t.keyAlias !== 'string' ||
    typeof t.derivationPath !== 'string' ||
    typeof t.lockingScript !== 'string' || !/^([0-9a-f]{2})+$/.test(t.lockingScript) ||
    typeof t.outputValue !== 'number'
  ) {
    throw invalidToken();
  }
  return { keyAlias: t.keyAlias, derivationPath: t.derivationPath, lockingScript: t.lockingScript, outputValue: t.outputValue };
}
