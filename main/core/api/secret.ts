import { NotariumError } from '../errors/notarium-error.ts';

/** A secret given as a value or fetched when needed (e.g. from the keychain), so it is not kept in memory longer than a request. */
export type SecretSource = string | (() => string | Promise<string>);

export async function resolveApiKey(source: SecretSource): Promise<string> {
  const key = typeof source === 'function' ? await source() : source;
  if (!key) throw new NotariumError('NO_API_KEY');
  return key;
}
