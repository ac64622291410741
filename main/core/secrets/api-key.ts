import { isNotariumError, NotariumError } from '../errors/notarium-error.ts';
import { shellQuote } from '../text/shell-quote.ts';
import { installedCommand, type SuggestedCommand } from '../text/suggested-command.ts';
import type { InTurns } from '../store/in-turns.ts';
import { sameServiceUrl, type Profile, type Profiles } from '../store/profiles.ts';
import { apiKeyAccount } from './accounts.ts';
import type { SecretStore } from './secret-store.ts';

/**
 * A profile's API key: written into the keychain and never read back to a person, and sent only to
 * the service URL it was entered for (kept beside the profile, `apiKeyUrl`). Changing a profile's
 * URL therefore never takes the key along: it must be entered again, or the app's explicit "keep
 * the key for the new address" moves it (Profiles.save). NOTARIUM_BASE_URL is no exception: a
 * stored key does not go to an overriding URL; scripts give that service's key in NOTARIUM_API_KEY.
 */

/** Overrides the keychain for scripted use (CI, cron): it applies to the profile in use (a command's --profile, else the current one). */
export const API_KEY_ENV = 'NOTARIUM_API_KEY';

export interface ResolveApiKeyDeps {
  store: SecretStore;
  /** Defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** How the sentences say a command to run (NotaryContext.command). */
  command?: SuggestedCommand;
}

/** Stores a key for the profile's current URL. While the keychain changes, no key is bound at all. */
export async function setApiKey(profiles: InTurns<Profiles>, store: SecretStore, name: string, key: string): Promise<void> {
  const profile = await profiles.require(name);
  if (profile.kind === 'sandbox' || profile.baseUrl === null)
    throw new NotariumError('SANDBOX_PROFILE_FIXED', "The Sandbox profile uses the embedded sandbox's own key: a real API key belongs to a service profile.");
  await profiles.bindApiKey(profile.name, null);
  try {
    await store.set(apiKeyAccount(profile.name), key);
  } catch (err) {
    await profiles.bindApiKey(profile.name, profile.apiKeyUrl); // the key that was there still is
    throw err;
  }
  await profiles.bindApiKey(profile.name, profile.baseUrl);
}

/** Whether the profile has a key it may send to its own service (what Settings shows as "API key set"). */
export async function hasUsableApiKey(profile: Profile, store: SecretStore): Promise<boolean> {
  if (profile.baseUrl === null || profile.apiKeyUrl === null || !sameServiceUrl(profile.apiKeyUrl, profile.baseUrl)) return false;
  return (await store.get(apiKeyAccount(profile.name))) !== null;
}

/**
 * The API key to send to `target` (the profile's URL, or NOTARIUM_BASE_URL over it): NOTARIUM_API_KEY
 * when set, else the keychain's key when it was entered for `target`, else NO_API_KEY with a sentence
 * saying why. A keychain failure is not hidden behind NO_API_KEY: it rejects with KEYCHAIN_UNAVAILABLE,
 * saying the other way too (the key in NOTARIUM_API_KEY, for a machine without a keychain).
 */
export async function resolveApiKey(
  profile: Profile,
  target: string,
  { store, env = process.env, command = installedCommand }: ResolveApiKeyDeps,
): Promise<string> {
  const fromEnv = env[API_KEY_ENV]?.trim();
  if (fromEnv) return fromEnv;
  const stored = await store.get(apiKeyAccount(profile.name)).catch((err: unknown) => {
    if (!isNotariumError(err, 'KEYCHAIN_UNAVAILABLE')) throw err;
    throw new NotariumError('KEYCHAIN_UNAVAILABLE', `${err.message} Or give that key in the ${API_KEY_ENV} environment variable, which needs no keychain.`, {
      cause: err,
    });
  });
  if (stored && profile.apiKeyUrl !== null && sameServiceUrl(profile.apiKeyUrl, target)) return stored;
  if (stored) {
    const entered = `The API key stored for the profile "${profile.name}" ${profile.apiKeyUrl === null ? 'belongs to an earlier profile of that name' : `was entered for ${profile.apiKeyUrl}`}`;
    const overridden = profile.baseUrl === null || !sameServiceUrl(profile.baseUrl, target);
    throw new NotariumError(
      'NO_API_KEY',
      overridden
        ? `${entered}, and NOTARIUM_BASE_URL sends this profile's requests to ${target}, where Notarium does not send it: give that service's key in ${API_KEY_ENV}.`
        : `${entered}, so Notarium does not send it to ${target}: enter the key for ${target} with "${command(`key set --profile ${shellQuote(profile.name)}`)}" or in the app's settings.`,
    );
  }
  throw new NotariumError(
    'NO_API_KEY',
    `The profile "${profile.name}" has no API key: set one with "${command(`key set --profile ${shellQuote(profile.name)}`)}" or in the app's settings (kept in the system keychain), or give it in the ${API_KEY_ENV} environment variable.`,
  );
}
