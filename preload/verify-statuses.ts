/**
 * A verified file's statuses, in the order they are counted and shown: `partially-verified` is
 * never `verified` (some step could not be checked); `unreadable` is never `mismatch` (the file or
 * its receipt could not be read, or the receipt is not one: nothing was compared). One list for
 * the core, the CLI and the page.
 */
export const VERIFY_STATUSES = ['verified', 'partially-verified', 'mismatch', 'pending', 'unknown', 'unreadable'] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];

/** A batch's counts by status, each status at 0. */
export function noVerifications(): Record<VerifyStatus, number> {
  return Object.fromEntries(VERIFY_STATUSES.map((s) => [s, 0])) as Record<VerifyStatus, number>;
}

/** Each status in one word or two, as the page (the app's Verify, the standalone verifier page) shows it. */
export const VERIFY_STATUS_WORDS: Record<VerifyStatus, string> = {
  verified: 'Verified',
  'partially-verified': 'Partially verified',
  mismatch: 'Mismatch',
  pending: 'Pending',
  unknown: 'Unknown',
  // The file or its receipt could not be read, or the receipt is not one: nothing was compared.
  unreadable: 'Unreadable',
};

/** A test chain's "verified" is its own word: its proof of work proves nothing, and it never reads as a mainnet proof. */
export const VERIFIED_ON_TEST_CHAIN_WORD = 'Verified · test chain';

/** A verification step's status in a word, as the page shows it. */
export const STEP_STATUS_WORDS = { pass: 'Pass', fail: 'Fail', skipped: 'Skipped', 'not-run': 'Not run' } as const;
