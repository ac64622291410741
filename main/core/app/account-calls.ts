import type { AccountView } from '../../../preload/contract.ts';
import { accountOf } from '../usecases/account.ts';
import type { CallDeps, Calls } from './call-deps.ts';
import { accountView } from './views.ts';

/** Signing in to a profile's identity service through the system browser, and who is signed in. */

type AccountCalls = 'account' | 'signIn' | 'signOut';

/** The profile's account as the page sees it (default: the current profile's). */
export const account = ({ notary, ctx }: CallDeps, name?: string): Promise<AccountView> => accountOf(ctx, (p) => notary.signIn(p), name).then(accountView);

/** The account of a profile whose sign-in may have changed, told to the page too. */
export async function accountChanged(deps: CallDeps, name: string | undefined): Promise<AccountView> {
  const view = await account(deps, name);
  deps.emit('account-changed', view);
  return view;
}

export function accountCalls(deps: CallDeps): Calls<AccountCalls> {
  const { notary, abilities } = deps;
  return {
    account: async (name) => account(deps, name),
    signIn: async (name) => {
      await notary.signIn(name).signIn({ open: (url) => abilities.openExternal(url) });
      return accountChanged(deps, name);
    },
    signOut: async (name) => {
      await notary.signIn(name).signOut();
      return accountChanged(deps, name);
    },
  };
}
