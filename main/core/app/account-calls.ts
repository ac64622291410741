import type { AccountView } from '../../../preload/contract.ts';
import { accountOf } from '../usecases/account.ts';
import { profileName } from '../usecases/context.ts';
import type { CallDeps, Calls } from './call-deps.ts';
import { accountView } from './views.ts';

/** Signing in to a profile's identity service through the system browser, and who is signed in. */

type AccountCalls = 'account' | 'signIn' | 'cancelSignIn' | 'signOut';

/** The profile's account as the page sees it (default: the current profile's). */
export const account = ({ notary, ctx }: CallDeps, name?: string): Promise<AccountView> => accountOf(ctx, (p) => notary.signIn(p), name).then(accountView);

/** The account of a profile whose sign-in may have changed, told to the page too. */
export async function accountChanged(deps: CallDeps, name: string | undefined): Promise<AccountView> {
  const view = await account(deps, name);
  deps.emit('account-changed', view);
  return view;
}

export function accountCalls(deps: CallDeps): Calls<AccountCalls> {
  const { notary, ctx, abilities, emit } = deps;
  /** Sign-ins waiting for the browser, by profile: a new one, or Cancel, stops the one before. */
  const waiting = new Map<string, AbortController>();
  return {
    account: async (name) => account(deps, name),
    signIn: async (name) => {
      const profile = await profileName(ctx, name);
      waiting.get(profile)?.abort();
      const controller = new AbortController();
      waiting.set(profile, controller);
      try {
        await (
          await notary.signIn(profile)
        ).signIn({
          signal: controller.signal,
          // The portal's address goes to the page too: with no browser to open (a server, a
          // terminal session) the user opens it by hand, and in the web shell the page opens it in a
          // new tab; the sign-in goes on waiting.
          open: async (url) => {
            const opened = abilities.openExternal
              ? await abilities.openExternal(url).then(
                  () => true,
                  (err: unknown) => {
                    if ((err as { code?: unknown }).code !== 'NO_BROWSER') throw err;
                    return false;
                  },
                )
              : false;
            emit('sign-in-link', { profile, url, opened });
          },
        });
      } finally {
        if (waiting.get(profile) === controller) waiting.delete(profile);
      }
      return accountChanged(deps, profile);
    },
    cancelSignIn: async (name) => {
      waiting.get(await profileName(ctx, name))?.abort();
      return null;
    },
    signOut: async (name) => {
      await (await notary.signIn(name)).signOut();
      return accountChanged(deps, name);
    },
  };
}
