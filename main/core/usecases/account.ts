import type { SignIn, SignInState } from '../auth/sign-in.ts';
import type { NotaryContext } from './context.ts';

/** Who is signed in to a profile, as the app shows it. */

export interface Account {
  profile: string;
  /** The profile's service has an identity service to sign in with. */
  available: boolean;
  state: SignInState;
  /** What the identity service grants the person signed in (none when signed out, or when it cannot be asked). */
  claims: string[];
}

/**
 * The account of a profile (default: the current one). A sign-in kept in the keychain is restored
 * when there is an identity service and none is in memory yet; one that cannot be restored leaves
 * the state as it was.
 */
export async function accountOf(
  ctx: NotaryContext,
  signIns: (profile: string) => Promise<Pick<SignIn, 'state' | 'restore' | 'grantedClaims'>>,
  name?: string,
): Promise<Account> {
  const profile = (await ctx.library.profiles.require(name ?? (await ctx.library.profiles.currentName()))).name;
  const available = Boolean((await ctx.connections.forProfile(profile)).auth);
  const signIn = await signIns(profile);
  const state = signIn.state.status === 'signed-in' || !available ? signIn.state : await signIn.restore().catch(() => signIn.state);
  const claims = state.status === 'signed-in' ? await signIn.grantedClaims().catch(() => []) : [];
  return { profile, available, state, claims };
}
