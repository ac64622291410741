/**
 * What a person does in the browser on the sandbox's sign-in page, done with real HTTP: load the
 * page, submit its form (Sign in or Cancel), follow the redirect back to the loopback listener.
 */

const ENTITY = /&(#\d+|amp|lt|gt|quot|#x[0-9a-f]+);/gi;
const decode = (s: string) =>
  s.replace(ENTITY, (_, e: string) =>
    e === 'amp'
      ? '&'
      : e === 'lt'
        ? '<'
        : e === 'gt'
          ? '>'
          : e === 'quot'
            ? '"'
            : String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
  );

export interface BrowserVisit {
  /** The sign-in page's status. */
  pageStatus: number;
  /** Where the form post redirected to (the loopback callback), if it did. */
  redirect: string | null;
  /** The loopback listener's answer to the redirected request. */
  callbackStatus: number | null;
  callbackPage: string | null;
}

export async function useAuthorizePage(authorizeUrl: string, options: { action?: 'sign-in' | 'cancel'; userName?: string } = {}): Promise<BrowserVisit> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) return { pageStatus: page.status, redirect: null, callbackStatus: null, callbackPage: null };
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.append(m[1]!, decode(m[2]!));
  form.append('user_name', options.userName ?? 'sandbox-user');
  form.append('action', options.action ?? 'sign-in');
  const action = new URL('/oauth2/authorize', authorizeUrl);
  const posted = await fetch(action, { method: 'POST', body: form, redirect: 'manual' });
  const redirect = posted.headers.get('location');
  if (!redirect) return { pageStatus: page.status, redirect: null, callbackStatus: null, callbackPage: null };
  const callback = await fetch(redirect);
  return { pageStatus: page.status, redirect, callbackStatus: callback.status, callbackPage: await callback.text() };
}
