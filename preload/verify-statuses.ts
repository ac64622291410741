import type { MessageKey } from './i18n/message-types.ts';

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

/** Each status in one word or two (its message), as the page (the app's Verify, the standalone verifier page) shows it. */
export const VERIFY_STATUS_MESSAGES = {
  verified: 'verify.status.verified',
  'partially-verified': 'verify.status.partiallyVerified',
  mismatch: 'verify.status.mismatch',
  pending: 'verify.status.pending',
  unknown: 'verify.status.unknown',
  // The file or its receipt could not be read, or the receipt is not one: nothing was compared.
  unreadable: 'verify.status.unreadable',
} as const satisfies Record<VerifyStatus, MessageKey>;

/** A test chain's "verified" is its own word: its proof of work proves nothing, and it never reads as a mainnet proof. */
export const VERIFIED_ON_TEST_CHAIN_MESSAGE = 'verify.status.verifiedOnTestChain' satisfies MessageKey;

/** A verification step's status in a word (its message), as the page shows it. */
export const STEP_STATUS_MESSAGES = {
  pass: 'verify.step.pass',
  fail: 'verify.step.fail',
  skipped: 'verify.step.skipped',
  'not-run': 'verify.step.notRun',
} as const satisfies Record<string, MessageKey>;
