/**
 * Which claims a caller holds. The sandbox has no accounts: the group follows from the user name,
 * so tests can sign in as a read-only user by choosing a name, and the claims follow from the groups.
 *
 *   API key (X-API-KEY)             records:read records:write linkedrecords:read linkedrecords:write
 *   group notarium-users            the same four claims (every name not starting with "reader")
 *   group notarium-readers          records:read linkedrecords:read (names starting with "reader")
 */

export const USERS_GROUP = 'notarium-users';
export const READERS_GROUP = 'notarium-readers';

const READ_CLAIMS = ['records:read', 'linkedrecords:read'];
const ALL_CLAIMS = ['records:read', 'records:write', 'linkedrecords:read', 'linkedrecords:write'];

const GROUP_CLAIMS: Record<string, string[]> = {
  [USERS_GROUP]: ALL_CLAIMS,
  [READERS_GROUP]: READ_CLAIMS,
};

/** An API key acts for the whole account, like a member of notarium-users. */
export const API_KEY_CLAIMS: readonly string[] = ALL_CLAIMS;

export function groupsForUser(userName: string): string[] {
  return userName.toLowerCase().startsWith('reader') ? [READERS_GROUP] : [USERS_GROUP];
}

/** The union of the groups' claims, in a stable order; unknown groups grant nothing. */
export function claimsForGroups(groups: readonly string[]): string[] {
  const granted = new Set(groups.flatMap((group) => GROUP_CLAIMS[group] ?? []));
  return ALL_CLAIMS.filter((claim) => granted.has(claim));
}
