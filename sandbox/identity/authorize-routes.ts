import type { RequestContext, Reply, Route } from '../http/router.ts';
import type { AuthorizationCodes } from './authorization-codes.ts';
import { errorPage, signInPage } from './authorize-page.ts';
import { validateAuthorizeRequest, type AuthorizeRequest } from './authorize-request.ts';
import { redirectWith } from './loopback-redirect.ts';
import { normalizeUserName } from './users.ts';

/**
 * The authorization page (not in the portal's documentation; the client makes its URL
 * configurable): GET shows the sign-in form, POST signs in or cancels. The POST re-validates the
 * whole request, since the hidden fields come back from the browser and may have been altered.
 */

export const AUTHORIZE_PATH = '/oauth2/authorize';

export function authorizeRoutes(codes: AuthorizationCodes): Route[] {
  return [
    { method: 'GET', path: AUTHORIZE_PATH, public: true, handler: (ctx) => showForm(ctx) },
    { method: 'POST', path: AUTHORIZE_PATH, public: true, handler: async (ctx) => submitForm(ctx, codes) },
  ];
}

function showForm(ctx: RequestContext): Reply {
  return withValidRequest(ctx.url.searchParams, (request) => signInPage(request));
}

async function submitForm(ctx: RequestContext, codes: AuthorizationCodes): Promise<Reply> {
  const contentType = (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (contentType !== 'application/x-www-form-urlencoded') return errorPage('The sign-in form must be sent as application/x-www-form-urlencoded.');
  const form = new URLSearchParams((await ctx.body()).toString('utf8'));
  return withValidRequest(form, (request) => {
    const action = form.get('action');
    if (action === 'cancel') return errorRedirect(request.redirectUri, request.state, 'access_denied', 'The user cancelled the sign-in.');
    if (action !== 'sign-in') return errorRedirect(request.redirectUri, request.state, 'invalid_request', 'The form carried no known action.');
    const userName = normalizeUserName(form.get('user_name') ?? '');
    if (userName === null) return signInPage(request, form.get('user_name') ?? '', 'Enter a user name of 1 to 64 characters.', 400);
    const code = codes.issue({ userName, clientId: request.clientId, redirectUri: request.redirectUri, codeChallenge: request.codeChallenge });
    return { status: 302, redirect: redirectWith(request.redirectUri, { code, state: request.state }) };
  });
}

/** Runs `next` for a valid request; otherwise shows the error page or redirects with the error. */
function withValidRequest(params: URLSearchParams, next: (request: AuthorizeRequest) => Reply): Reply {
  const validation = validateAuthorizeRequest(params);
  if (validation.kind === 'refused') return errorPage(validation.reason);
  if (validation.kind === 'redirect-error') return errorRedirect(validation.redirectUri, validation.state, validation.error, validation.description);
  return next(validation.request);
}

function errorRedirect(redirectUri: string, state: string | undefined, error: string, description: string): Reply {
  return { status: 302, redirect: redirectWith(redirectUri, { error, error_description: description, state }) };
}
