/**
 * Why a verification step failed or was skipped, as a stable code (kebab-case, as Woleet's
 * verifier names its failures): the same in step reports, `--json`, the contract and the page, so
 * a program branches on the code while people read the step's sentence. Portable: the page loads it.
 */

/** A check that did not hold: each CheckFailure names one. */
export const FAILURE_CODES = [
  // file-digest
  'file-digest-malformed',
  'file-digest-mismatch',
  // record
  'record-not-file-digest',
  // aggregation
  'aggregation-root-mismatch',
  'aggregation-root-not-record',
  // fingerprint
  'encode-invalid',
  'salt-not-in-encode',
  'published-mismatch',
  // transaction
  'txid-mismatch',
  'fingerprint-not-in-transaction',
  'transaction-truncated',
  'transaction-non-canonical',
  'transaction-no-inputs',
  'transaction-trailing-bytes',
  'transaction-coinbase',
  // merkle-proof
  'proof-kind-unsupported',
  'proof-target-type-unknown',
  'proof-txid-malformed',
  'proof-txid-mismatch',
  'proof-index-invalid',
  'proof-index-coinbase',
  'proof-node-invalid',
  'proof-too-deep',
  'merkle-root-mismatch',
  'proof-target-not-block-hash',
  // block-header
  'header-conflict',
  'header-malformed',
  'block-hash-mismatch',
  'header-bits-negative',
  'header-bits-overflow',
  'header-bits-zero',
  'hash-above-target',
  'target-above-network-limit',
  'work-below-floor',
  // chain: what the block lookup said of the receipt's block
  'block-unknown-to-explorer',
  'block-not-on-best-chain',
  // service
  'service-mismatch',
  'unknown-to-maker',
  // any step: the receipt held something the step could not process at all
  'step-error',
] as const;

/** What a skipped step leaves unproven, and why it was not checked. */
export const SKIP_CODES = [
  'no-file',
  'no-raw-transaction',
  'not-confirmed',
  'no-block-header',
  'network-unknown',
  // chain and service: the online steps, not asked
  'offline',
  // chain: no block lookup to ask, or no usable answer from it
  'no-block-lookup',
  'explorer-unreachable',
  'explorer-answer-invalid',
  'block-unknown-to-lookup',
  // service
  'no-profile-for-service',
  'unknown-to-other-service',
  'not-known-yet',
  'feature-unavailable',
  'service-unreachable',
] as const;

export type FailureCode = (typeof FAILURE_CODES)[number];
export type SkipCode = (typeof SKIP_CODES)[number];
export type StepCode = FailureCode | SkipCode;
