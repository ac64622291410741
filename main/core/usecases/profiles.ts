import type { SignIn } from '../auth/sign-in.ts';
import { apiKeyAccount, refreshTokenAccount } from '../secrets/accounts.ts';
import { hasUsableApiKey } from '../secrets/api-key.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { inputOf, type Profile, type ProfileInput } from '../store/profiles.ts';
import type { NotaryContext } from './context.ts';

/**
 * Profiles changed from the app's Settings. Every change reaches the next request, since the
 * connections are made again; what a profile's sign-in and held receipts depend on follows it.
 */

/** The settings that say which identity service signs a profile in, and for which client. */
const IDENTITY_SETTINGS = ['authUrl', 'envId', 'authorizeUrl', 'clientId', 'issuer', 'audience'] as const;

/** What saving a profile asks of the engine besides the context (the Notary does both). */
export interface ProfileEngine {
  /** Receipts held for a network its blocks disproved are written once the label fits. */
  writeHeldReceipts(profile: string): Promise<unknown>;
  signIn(profile: string): Promise<Pick<SignIn, 'signOut'>>;
}

export async function useProfile(ctx: NotaryContext, name: string): Promise<Profile> {
  const profile = await ctx.library.profiles.use(name);
  ctx.connections.reset();
  return profile;
}

export interface SavedProfile {
  profile: Profile;
  /** It now signs in with another identity service (or client), so it was signed out. */
  signedOut: boolean;
}

/**
 * Saves a profile from the settings given (an undefined one is not given). A service profile keeps
 * the settings the form does not show (the issuer, the audience, the time before a rejection); a
 * new address leaves the API key behind unless `keepApiKey` (the person confirmed it, Settings asks).
 */
export async function saveProfile(ctx: NotaryContext, engine: ProfileEngine, settings: ProfileInput, options: { keepApiKey?: boolean }): Promise<SavedProfile> {
  const given = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) as unknown as ProfileInput;
  const profiles = ctx.library.profiles.sync;
  // Read, merged and saved in one step: a save of the same profile meanwhile is not undone by this one.
  const { before, profile } = await ctx.library.write(() => {
    const before = profiles.get(given.name);
    const merged = before?.kind === 'service' ? { ...inputOf(before), ...given } : given;
    return { before, profile: profiles.save(merged, { keepApiKey: options.keepApiKey }) };
  });
  ctx.connections.reset();
  await engine.writeHeldReceipts(profile.name);
  const signedOut = before !== undefined && IDENTITY_SETTINGS.some((k) => before[k] !== profile[k]);
  // Tokens belong to the identity service that issued them (secrets/refresh-token.ts): a new one starts signed out.
  if (signedOut) {
    const signIn = await engine.signIn(profile.name);
    await signIn.signOut(`The profile "${profile.name}" now signs in with another identity service, so it was signed out: sign in again.`);
  }
  return { profile, signedOut };
}

/** What removing a profile deleted from the keychain. */
export interface RemovedSecrets {
  apiKey: boolean;
  signIn: boolean;
}

/**
 * A removed profile takes its secrets with it: its API key and its sign-in leave the keychain, so
 * that a profile added later under the same name starts without them. Its records stay (a profile
 * that still has records in the library cannot be removed). A keychain that cannot answer rejects
 * (KEYCHAIN_UNAVAILABLE) after the profile is removed: the caller says what is left there.
 */
export async function removeProfile(ctx: NotaryContext, secrets: SecretStore, name: string): Promise<RemovedSecrets> {
  await ctx.library.profiles.remove(name);
  ctx.connections.reset();
  return { apiKey: await secrets.delete(apiKeyAccount(name)), signIn: await secrets.delete(refreshTokenAccount(name)) };
}

/** What Settings shows as "API key set": the sandbox needs none; a keychain that cannot answer counts as no key. */
export async function apiKeyReady(profile: Profile, secrets: SecretStore): Promise<boolean> {
  return profile.kind === 'sandbox' || (await hasUsableApiKey(profile, secrets).catch(() => false));
}
