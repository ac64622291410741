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
