import { NotariumError } from '../errors/notarium-error.ts';
import { apiKeyAccount } from './accounts.ts';
import type { SecretStore } from './secret-store.ts';

/** Overrides the keychain for scripted use (CI, cron): it applies to whichever profile is used. */
export const API_KEY_ENV = 'NOTARIUM_API_KEY';

export interface ResolveApiKeyDeps {
  store: SecretStore;
  /** Defaults to process.env. */
  env?: Record<string, string | undefined>;
}

/**
 * The API key for a profile: NOTARIUM_API_KEY when set, else the keychain, else NO_API_KEY.
 * A keychain failure is not hidden behind NO_API_KEY: it rejects with KEYCHAIN_UNAVAILABLE.
 */
export async function resolveApiKey(profile: string, { store, env = process.env }: ResolveApiKeyDeps): Promise<string> {
  const fromEnv = env[API_KEY_ENV]?.trim();
  if (fromEnv) return fromEnv;
  const stored = await store.get(apiKeyAccount(profile));
  if (stored) return stored;
  throw new NotariumError('NO_API_KEY', `The profile "${profile}" has no API key: set one with "notarium key set", in the app's settings, or in the ${API_KEY_ENV} environment variable.`);
}
