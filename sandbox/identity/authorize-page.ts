import type { Reply } from '../http/router.ts';
import type { AuthorizeRequest } from './authorize-request.ts';
import { USER_NAME_MAX } from './users.ts';

/**
 * The sandbox's sign-in page: a form that asks only for a user name. Every reflected value is
 * escaped, and the headers forbid scripts, framing and caching. There is no form-action
 * directive: Chromium applies it to the redirect that follows the form post.
 */

const HTML_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

export const DEFAULT_USER_NAME = 'sandbox-user';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function signInPage(request: AuthorizeRequest, userName = DEFAULT_USER_NAME, error?: string, status = 200): Reply {
  const body = `
    <h1>Sign in</h1>
    <p class="lead">to <strong>${escapeHtml(request.clientId)}</strong> on the Notarium sandbox</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/oauth2/authorize">
      ${hiddenFields(request)}
      <label for="user-name">User name</label>
      <input type="text" id="user-name" name="user_name" value="${escapeHtml(userName)}" required maxlength="${USER_NAME_MAX}" autocomplete="username" autofocus>
      <p class="hint">Any name signs in. Names starting with “reader” get read-only claims.</p>
      <!-- Sign in comes first so that Enter signs in; the row is reversed on screen. -->
      <div class="actions">
        <button type="submit" name="action" value="sign-in">Sign in</button>
        <button type="submit" name="action" value="cancel" class="secondary" formnovalidate>Cancel</button>
      </div>
    </form>`;
  return html(status, body);
}

export function errorPage(reason: string): Reply {
  const body = `
    <h1>This sign-in request cannot be used</h1>
    <p class="error" role="alert">${escapeHtml(reason)}</p>
    <p class="hint">The application that sent you here is misconfigured; you were not redirected back to it.</p>`;
  return html(400, body);
}

function hiddenFields(request: AuthorizeRequest): string {
  const fields: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: request.codeChallenge === undefined ? undefined : 'S256',
  };
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n      ');
}

function html(status: number, main: string): Reply {
  const body = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in — Notarium sandbox</title>
  <style>${STYLE}</style>
</head>
<body>
  <main>${main}
  </main>
</body>
</html>
`;
  return { status, body, contentType: 'text/html; charset=utf-8', headers: HTML_HEADERS };
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f3f4f6; color: #111827; }
  main { width: min(22rem, calc(100vw - 2rem)); padding: 2rem; border-radius: 12px; background: #fff;
         box-shadow: 0 1px 3px rgb(0 0 0 / .12), 0 8px 24px rgb(0 0 0 / .06); }
  h1 { margin: 0 0 .25rem; font-size: 1.4rem; }
  .lead { margin: 0 0 1.5rem; color: #4b5563; overflow-wrap: anywhere; }
  label { display: block; margin-bottom: .35rem; font-weight: 600; }
  input[type=text] { box-sizing: border-box; width: 100%; padding: .6rem .7rem; font: inherit;
         border: 1px solid #d1d5db; border-radius: 8px; background: inherit; color: inherit; }
  input[type=text]:focus { outline: 2px solid #2563eb; outline-offset: 1px; }
  .hint { margin: .5rem 0 0; font-size: .85rem; color: #6b7280; }
  .error { margin: 0 0 1rem; padding: .6rem .75rem; border-radius: 8px; background: #fef2f2; color: #991b1b; overflow-wrap: anywhere; }
  .actions { display: flex; flex-direction: row-reverse; justify-content: flex-start; gap: .5rem; margin-top: 1.5rem; }
  button { padding: .55rem 1.1rem; font: inherit; font-weight: 600; border-radius: 8px; border: 1px solid #2563eb;
         background: #2563eb; color: #fff; cursor: pointer; }
  button:hover { background: #1d4ed8; }
  button.secondary { background: transparent; color: inherit; border-color: #d1d5db; }
  button.secondary:hover { background: rgb(0 0 0 / .05); }
  @media (prefers-color-scheme: dark) {
    body { background: #111827; color: #f9fafb; }
    main { background: #1f2937; }
    .lead, .hint { color: #9ca3af; }
    input[type=text], button.secondary { border-color: #4b5563; }
    .error { background: #450a0a; color: #fecaca; }
  }
`;
