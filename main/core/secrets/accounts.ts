/** The keychain's service name: every Notarium secret is stored under it. */
export const KEYCHAIN_SERVICE = 'notarium';

export type SecretKind = 'api-key' | 'refresh-token';

const LABELS: Record<SecretKind, string> = { 'api-key': 'API key', 'refresh-token': 'sign-in token' };

/** `profile:<name>:<kind>`: one keychain account per profile and kind of secret (within its library: library-secrets.ts). */
export function profileAccount(profile: string, kind: SecretKind): string {
  if (profile.trim() === '') throw new TypeError('A profile name is needed to name its keychain account.');
  return `profile:${profile}:${kind}`;
}

export const apiKeyAccount = (profile: string): string => profileAccount(profile, 'api-key');
export const refreshTokenAccount = (profile: string): string => profileAccount(profile, 'refresh-token');

/** The account in words for error sentences: 'the API key of profile "work"'. */
export function describeAccount(account: string): string {
  const m = /^(?:library:[^:]+:)?profile:(.+):(api-key|refresh-token)$/.exec(account);
  return m ? `the ${LABELS[m[2] as SecretKind]} of profile "${m[1]}"` : `the secret "${account}"`;
}
