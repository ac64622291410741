import { loopbackRedirectProblem } from './loopback-redirect.ts';
import { isPkceValue } from './pkce.ts';

/**
 * Validation of an authorization request (RFC 6749 §4.1.1), in the order §4.1.2.1 demands: while
 * the redirect URI or the client is in doubt the page shows the error itself and never redirects;
 * after that, errors go back to the client's redirect URI.
 */

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string | undefined;
}

export type AuthorizeValidation =
  | { kind: 'valid'; request: AuthorizeRequest }
  /** Shown on the page: the redirect URI or client cannot be trusted. */
  | { kind: 'refused'; reason: string }
  /** Sent back to the client as ?error=...&error_description=...&state=... */
  | { kind: 'redirect-error'; redirectUri: string; state: string | undefined; error: string; description: string };

const PARAMS = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope'];
const CLIENT_ID = /^[\x21-\x7e]{1,256}$/;

export function validateAuthorizeRequest(params: URLSearchParams): AuthorizeValidation {
  const refused = refusal(params);
  if (refused) return { kind: 'refused', reason: refused };
  const redirectUri = params.get('redirect_uri')!;
  const state = params.get('state') ?? undefined;
  const failure = redirectableError(params);
  if (failure) return { kind: 'redirect-error', redirectUri, state, ...failure };
  return {
    kind: 'valid',
    request: { clientId: params.get('client_id')!, redirectUri, state, codeChallenge: params.get('code_challenge') ?? undefined },
  };
}

function refusal(params: URLSearchParams): string | null {
  const redirectUris = params.getAll('redirect_uri');
  if (redirectUris.length === 0) return 'The request has no redirect_uri.';
  if (redirectUris.length > 1) return 'The request has more than one redirect_uri.';
  const problem = loopbackRedirectProblem(redirectUris[0]!);
  if (problem) return problem;
  const clientIds = params.getAll('client_id');
  if (clientIds.length !== 1) return clientIds.length === 0 ? 'The request has no client_id.' : 'The request has more than one client_id.';
  if (!CLIENT_ID.test(clientIds[0]!)) return 'The client_id must be 1 to 256 printable ASCII characters without spaces.';
  return null;
}

function redirectableError(params: URLSearchParams): { error: string; description: string } | null {
  const repeated = PARAMS.find((name) => params.getAll(name).length > 1);
  if (repeated) return { error: 'invalid_request', description: `The parameter ${repeated} is repeated.` };
  const responseType = params.get('response_type');
  if (responseType === null) return { error: 'invalid_request', description: 'The request has no response_type.' };
  if (responseType !== 'code') return { error: 'unsupported_response_type', description: 'Only response_type=code is supported.' };
  return pkceError(params.get('code_challenge'), params.get('code_challenge_method'));
}

/** Only S256: a challenge without a method would mean "plain" (RFC 7636 §4.3), which is refused. */
function pkceError(challenge: string | null, method: string | null): { error: string; description: string } | null {
  if (challenge === null && method === null) return null;
  if (challenge === null) return { error: 'invalid_request', description: 'code_challenge_method was sent without a code_challenge.' };
  if (method !== 'S256') return { error: 'invalid_request', description: 'code_challenge_method must be S256.' };
  if (!isPkceValue(challenge)) return { error: 'invalid_request', description: 'code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~.' };
  return null;
}
