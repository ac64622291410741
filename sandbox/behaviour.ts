import type { ErrorCodeSpelling } from './http/problem.ts';
import { DEFAULT_LIFECYCLE, type Lifecycle } from './records/lifecycle.ts';
import type { Layout } from './records/record-transactions.ts';
import type { DeleteAnswer, ResponseSpelling } from './records/routes.ts';
import type { ChainIndex } from './records/record-service.ts';
import type { ProofTarget } from './chain/chain.ts';
import type { ExplorerStyle } from './records/routes.ts';
import type { TokenPlacement } from './records/update-token.ts';

/**
 * How the record service behaves where the real service's documentation allows more than one
 * reading (service-notes.md). By default the sandbox keeps its kind readings; `strict` takes, for
 * each, the least kind reading the documentation allows, so a client tested against it works on the
 * real service. Each setting can also be chosen on its own, and wins over `strict`.
 */
export interface Behaviour {
  /** An update or delete before its predecessor is in a block ("Timing and life-cycle rules"). */
  lifecycle: Lifecycle;
  /** Idempotency-Key is not documented: `ignore` registers a write sent twice twice. */
  idempotency: 'honour' | 'ignore';
  /** JSON keys as the API reference spells them, or as the guides print them. */
  responseSpelling: ResponseSpelling;
  /** Where the record sits among the service's metadata ("How the data sits on chain"). */
  layout: Layout;
  /** Largest |links| for navigate: the instance maximum is not published, and may be well below 100. */
  navigateMax: number;
  /** The API reference describes a delete's 200 with no body; the guide's sample has `{ txId }`. */
  deleteAnswer: DeleteAnswer;
  /** The troubleshooting page spells some codes differently from the API reference. */
  errorCodes: ErrorCodeSpelling;
  /** How the update token is to be placed in the query is not documented. */
  tokenPlacement: TokenPlacement;
  /**
   * What navigate and `updatable` see after a linked record: every accepted successor, or only one
   * in a block (the documentation does not say whether the index covers unmined transactions).
   */
  chainIndex: ChainIndex;
  /** CONTENT_IS_REQUIRED for a write or update without a body: a code the real service uses. */
  contentRequired: boolean;
  /**
   * ENCODER_SHA256_MISSING without a SHA256 step ("a fingerprint encoder is mandatory on some
   * instances"), and CONTENT_ENCODER_ARGUMENT_MISSING for SHA256 without a salt. Off under strict:
   * the guides' own unencoded examples must work in every mode, so the docs do not allow them as
   * the one reading; each can be turned on.
   */
  sha256Required: boolean;
  saltRequired: boolean;
  /**
   * Seconds after a write is accepted during which its status answers 404: record-service.md says
   * a 404 may mean the transaction "may still be publishing".
   */
  publishingSeconds: number;
  /** The identity portal refuses a JSON body with a field it does not document (400), such as `codeVerifier`: PKCE is not documented. */
  identityFields: 'lenient' | 'documented-only';
  /**
   * What a Merkle proof's target holds: the documentation's example has the header, the TSC
   * standard's default is the block hash (then the header must come from an explorer).
   */
  proofTarget: ProofTarget;
  /**
   * The explorer's shapes: the sandbox's own (block headers as 160 hex), or WhatsOnChain's (headers
   * only as JSON, the block lookup at /block/hash/{hash}), the public explorer real profiles use.
   */
  explorerStyle: ExplorerStyle;
  /**
   * Requests a second the explorer's API answers (0: no limit): WhatsOnChain allows about 3 without
   * a key. Beyond it, within any one second, it answers 429, and without Retry-After, which its
   * documentation does not promise. Requests carrying the sandbox's API key (tests reading the
   * explorer themselves) are not counted: a key raises the real explorer's limit too.
   */
  explorerRate: number;
  /**
   * Share of scheduled blocks followed by a reorganisation of the tip (its transactions mined again
   * with new proofs): proofs may change for about an hour. Random, so never on by `strict`.
   */
  reorgRate: number;
  /**
   * Where a reorganisation leaves the transactions of the blocks it orphans: `at-once`, mined again
   * in the new branch's first block; `mempool`, back in the mempool, published and in no block,
   * until the next block mined after it (the real network may hold them there a while).
   */
  reorgRemine: 'at-once' | 'mempool';
}

export const KIND_BEHAVIOUR: Behaviour = {
  lifecycle: DEFAULT_LIFECYCLE,
  idempotency: 'honour',
  responseSpelling: 'reference',
  layout: 'separate',
  navigateMax: 100,
  deleteAnswer: 'txid',
  errorCodes: 'reference',
  tokenPlacement: 'either',
  chainIndex: 'accepted',
  contentRequired: false,
  sha256Required: false,
  saltRequired: false,
  publishingSeconds: 0,
  identityFields: 'lenient',
  proofTarget: 'header',
  explorerStyle: 'sandbox',
  explorerRate: 0,
  reorgRate: 0,
  reorgRemine: 'at-once',
};

export const STRICT_BEHAVIOUR: Behaviour = {
  lifecycle: 'never-mine',
  idempotency: 'ignore',
  responseSpelling: 'guides',
  layout: 'shared-push',
  // The smallest maximum under which the guides' own navigate example (links=9) still works.
  navigateMax: 9,
  deleteAnswer: 'empty',
  errorCodes: 'troubleshooting',
  // The placement the client tries second (it sends the token as issued first): the least kind
  // reading for this client, so its fallback runs in every strict suite.
  tokenPlacement: 'encoded-once',
  // An accepted successor is invisible until its block: a client cannot tell a lost write that
  // landed from one that did not by reading the chain at once.
  chainIndex: 'mined',
  contentRequired: true,
  sha256Required: false,
  saltRequired: false,
  // A new transaction's status answers 404 ("may still be publishing") for a while; the docs advise
  // waiting about 10 minutes before the first status check, and a client must take the 404 as such.
  publishingSeconds: 2,
  identityFields: 'documented-only',
  // The TSC default: a receipt needs the header from an explorer, by the block hash.
  proofTarget: 'hash',
  // The explorer real profiles use serves headers only as JSON.
  explorerStyle: 'whatsonchain',
  explorerRate: 3,
  reorgRate: 0,
  // Nothing promises an orphaned transaction a place in the new branch: it waits for a later block.
  reorgRemine: 'mempool',
};

/** The behaviour for `options`: strict or kind, with each setting given explicitly winning. */
export function behaviourOf(options: Partial<Behaviour> & { strict?: boolean }): Behaviour {
  const base = options.strict ? STRICT_BEHAVIOUR : KIND_BEHAVIOUR;
  const chosen = Object.fromEntries(
    Object.keys(base).flatMap((key) => {
      const value = options[key as keyof Behaviour];
      return value === undefined ? [] : [[key, value]];
    }),
  ) as Partial<Behaviour>;
  return { ...base, ...chosen };
}
