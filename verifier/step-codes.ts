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

/** What a step code means and what to do about it, in the verifier's words for people. */
export interface StepCodeHelp {
  readonly meaning: string;
  readonly action: string;
}

// The actions several codes share: said once, so the troubleshooting page says them alike.
const WRONG_PAIR = 'Check that the file and the receipt belong together; if they do, the file has changed since it was notarised.';
const DAMAGED = 'The receipt is damaged or was altered: get it again from whoever sent it, or export it again from the library (notarium receipt export).';
const NOT_THIS_BLOCK = 'Do not rely on this receipt: get it again from whoever made it, and verify again.';
const ASK_ONLINE = 'Verify online (without --offline) for this step to be checked.';
const LATER = 'Verify again later: the record may not be in a block yet (about 10 minutes on BSV).';

/**
 * Every step code's meaning and action. Typed by the code lists above, so a new code cannot go
 * without one; `npm run docs` prints them on the troubleshooting page.
 */
export const STEP_CODE_HELP: { readonly [C in StepCode]: StepCodeHelp } = {
  'file-digest-malformed': { meaning: "The receipt's file digest is not a SHA-256 digest.", action: DAMAGED },
  'file-digest-mismatch': { meaning: "The file's SHA-256 digest is not the one the receipt holds.", action: WRONG_PAIR },
  'record-not-file-digest': { meaning: "The registered record is not the file's digest.", action: DAMAGED },
  'aggregation-root-mismatch': { meaning: "The batch's Merkle path from the file does not lead to the root the receipt names.", action: DAMAGED },
  'aggregation-root-not-record': { meaning: "The batch's root is not the record that was registered.", action: DAMAGED },
  'encode-invalid': { meaning: "The receipt's encoding (how the record was turned into published bytes) cannot be read.", action: DAMAGED },
  'salt-not-in-encode': { meaning: "The receipt's salt is not the one its encoding names.", action: DAMAGED },
  'published-mismatch': { meaning: 'Encoding the record does not give the bytes the receipt says were published.', action: DAMAGED },
  'txid-mismatch': { meaning: "The receipt's raw transaction does not hash to its txId.", action: DAMAGED },
  'fingerprint-not-in-transaction': { meaning: 'The published bytes are not in the transaction the receipt names.', action: DAMAGED },
  'transaction-truncated': { meaning: "The receipt's raw transaction ends too early.", action: DAMAGED },
  'transaction-non-canonical': { meaning: "The receipt's raw transaction is written in a non-standard way no node would accept.", action: DAMAGED },
  'transaction-no-inputs': { meaning: "The receipt's raw transaction has no inputs, which no real transaction lacks.", action: DAMAGED },
  'transaction-trailing-bytes': { meaning: "The receipt's raw transaction has extra bytes after its end.", action: DAMAGED },
  'transaction-coinbase': { meaning: "The receipt's transaction is a block's coinbase, which cannot hold a record.", action: DAMAGED },
  'proof-kind-unsupported': {
    meaning: "The receipt's Merkle proof is of a kind Notarium does not read.",
    action: 'Install a newer Notarium; if it still says this, the receipt is damaged.',
  },
  'proof-target-type-unknown': { meaning: "The Merkle proof's target is neither a block hash, a header nor a Merkle root.", action: DAMAGED },
  'proof-txid-malformed': { meaning: "The Merkle proof's transaction id is not 64 hexadecimal characters.", action: DAMAGED },
  'proof-txid-mismatch': { meaning: 'The Merkle proof is for another transaction than the receipt names.', action: DAMAGED },
  'proof-index-invalid': { meaning: "The Merkle proof's position in the block is not a valid number for its path.", action: DAMAGED },
  'proof-index-coinbase': { meaning: "The Merkle proof puts the transaction first in its block, the coinbase's place.", action: DAMAGED },
  'proof-node-invalid': { meaning: 'A node of the Merkle proof is not a 32-byte hash.', action: DAMAGED },
  'proof-too-deep': { meaning: 'The Merkle proof is longer than any block could need.', action: DAMAGED },
  'merkle-root-mismatch': { meaning: "The Merkle proof does not lead to the block's Merkle root.", action: DAMAGED },
  'proof-target-not-block-hash': { meaning: "The Merkle proof's target is not the hash of the block the receipt names.", action: DAMAGED },
  'header-conflict': { meaning: 'The receipt names two different blocks: its block header and the header its proof targets differ.', action: DAMAGED },
  'header-malformed': { meaning: "The receipt's block header is not 80 bytes of hexadecimal.", action: DAMAGED },
  'block-hash-mismatch': { meaning: 'The block header does not hash to the block hash the receipt names.', action: DAMAGED },
  'header-bits-negative': { meaning: "The block header's difficulty encodes a negative target, which no block has.", action: DAMAGED },
  'header-bits-overflow': { meaning: "The block header's difficulty encodes a target too large to be real.", action: DAMAGED },
  'header-bits-zero': { meaning: "The block header's difficulty encodes a zero target, which no hash can meet.", action: DAMAGED },
  'hash-above-target': { meaning: "The block's hash does not meet its own difficulty: no one mined this header.", action: NOT_THIS_BLOCK },
  'target-above-network-limit': { meaning: "The block's difficulty is easier than its network allows.", action: NOT_THIS_BLOCK },
  'work-below-floor': {
    meaning: "The block's difficulty is far easier than any real block of its network: a header anyone could make.",
    action: NOT_THIS_BLOCK,
  },
  'block-unknown-to-explorer': { meaning: "The block lookup does not know the receipt's block.", action: NOT_THIS_BLOCK },
  'block-not-on-best-chain': { meaning: "The receipt's block is known but no longer on the chain everyone builds on.", action: NOT_THIS_BLOCK },
  'service-mismatch': { meaning: 'The service says this record does not match the transaction it wrote.', action: WRONG_PAIR },
  'unknown-to-maker': {
    meaning: 'The service that made the receipt does not know its transaction, though the receipt says it is in a block.',
    action: NOT_THIS_BLOCK,
  },
  'step-error': { meaning: 'The receipt held something this step could not process at all.', action: DAMAGED },
  'no-file': { meaning: 'No file was given, so the receipt was checked but not against a file.', action: 'Verify the receipt together with its file.' },
  'no-raw-transaction': {
    meaning: 'The receipt holds no raw transaction, so the published bytes were not found in it.',
    action: 'Complete the receipt with notarium receipt upgrade once its record is in a block.',
  },
  'not-confirmed': {
    meaning: 'The record was not in a block when the receipt was written.',
    action: `${LATER} Then complete the receipt with notarium receipt upgrade.`,
  },
  'no-block-header': {
    meaning: "The receipt holds no block header, so the block's proof of work was not checked.",
    action: 'Verify online, or complete the receipt with notarium receipt upgrade.',
  },
  'network-unknown': {
    meaning: "The receipt names a network Notarium does not know, so its block's proof of work was not judged.",
    action: "Check the receipt's network; the other steps still hold.",
  },
  offline: { meaning: 'An online step was not asked: verification was offline.', action: ASK_ONLINE },
  'no-block-lookup': {
    meaning: "No block lookup (explorer) is known for the receipt's service, so the block was not looked up.",
    action: "Give the service's profile an explorer (notarium profile add … --explorer whatsonchain, or in Settings).",
  },
  'explorer-unreachable': { meaning: 'The block lookup could not be reached.', action: 'Check the network connection, then verify again.' },
  'explorer-answer-invalid': {
    meaning: 'The block lookup answered with something no block lookup says.',
    action: 'Verify again later, or check the explorer URL in the profile.',
  },
  'block-unknown-to-lookup': {
    meaning: "The block lookup does not know the receipt's block (it may be on another network).",
    action: "Check that the profile's network matches the receipt's, then verify again.",
  },
  'no-profile-for-service': {
    meaning: 'No profile reaches the service that made the receipt, so the service was not asked.',
    action: 'Add a profile for that service (notarium profile add) to have it asked.',
  },
  'unknown-to-other-service': {
    meaning: 'The service asked does not know the transaction, but it did not make the receipt, so that says nothing.',
    action: "Verify with a profile for the receipt's own service.",
  },
  'not-known-yet': { meaning: 'The service does not know the transaction yet: it may still be publishing it.', action: LATER },
  'feature-unavailable': {
    meaning: "The service's configuration does not offer the check this step asks.",
    action: "Nothing to do: the other steps stand; ask the service's provider to enable verification if it matters.",
  },
  'service-unreachable': { meaning: 'The service could not be reached.', action: 'Check the network connection and the profile URL, then verify again.' },
};
