import { counted } from './counted.ts';
import { said, type Said } from './said.ts';

/**
 * The `chain` step's question to a block explorer: is the receipt's block on its best chain? A
 * block lookup is a URL template with {blockHash} that answers JSON as WhatsOnChain's block by hash
 * and bitcoind's getblockheader do: `hash`, `height` and `confirmations`, -1 for a block the node
 * knows off its best chain. Its answer is read here, the same for the engine (over its HTTP client)
 * and the verifier page (over fetch): whatever it holds becomes a ChainCheck with its sentence,
 * never an exception. Portable: the page loads it.
 */

export const BLOCK_HASH_PLACEHOLDER = '{blockHash}';
/** The meta element that gives an exported verifier page its block lookup (verifier-page.ts). */
export const BLOCK_LOOKUP_META = 'notarium-block-lookup';

export type ChainCheck =
  | { status: 'pass'; blockHash: string; detail: string; said: Said; source: string; at: string; height: number; confirmations: number }
  | {
      status: 'fail';
      blockHash: string;
      code: 'block-unknown-to-explorer' | 'block-not-on-best-chain';
      detail: string;
      expected: string;
      found: string;
    }
  /** Not checked: no lookup to ask, none of its answers could be used, or it does not know the block. The verdict stands as it was. */
  | { status: 'skipped'; code: 'no-block-lookup' | 'explorer-unreachable' | 'explorer-answer-invalid' | 'block-unknown-to-lookup'; detail: string };

/** What a block lookup answered: its HTTP status and its body as text. */
export interface BlockAnswer {
  status: number;
  body: string;
}

const HASH = /^[0-9a-fA-F]{64}$/;

/**
 * Whether a template is a block lookup's: an http(s) address with the {blockHash} placeholder after
 * its origin (one origin whatever the block: the only one the verifier page may connect to).
 */
export function isBlockLookup(template: string): boolean {
  if (!/^https?:\/\//i.test(template) || !template.includes(BLOCK_HASH_PLACEHOLDER)) return false;
  try {
    return new URL(blockLookupUrl(template, '0'.repeat(64))).origin === new URL(blockLookupUrl(template, 'f'.repeat(64))).origin;
  } catch {
    return false;
  }
}

/** The address that asks about `blockHash`. */
export function blockLookupUrl(template: string, blockHash: string): string {
  return template.split(BLOCK_HASH_PLACEHOLDER).join(encodeURIComponent(blockHash.toLowerCase()));
}

/** Who is asked, as sentences name it: the lookup's host (and port). */
export function lookupSource(template: string): string {
  return new URL(blockLookupUrl(template, '0'.repeat(64))).host;
}

/** The lookup's origin: what the verifier page's policy lets it connect to, and nothing else. */
export function lookupOrigin(template: string): string {
  return new URL(blockLookupUrl(template, '0'.repeat(64))).origin;
}

/** A moment as the step's sentences give it: ISO 8601 to the second, in UTC. */
export function answeredAt(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * What `source` answered at `atMs` about `blockHash`, as the step's result. A 404 fails the step
 * only when the check was `required` (the user asked for it): a lookup also answers 404 when it
 * follows another network, or has not seen the block yet, so an optional check is skipped, saying
 * the block is unknown to this lookup.
 */
export function readBlockAnswer(blockHash: string, source: string, atMs: number, answer: BlockAnswer, required = false): ChainCheck {
  const hash = blockHash.toLowerCase();
  const at = answeredAt(atMs);
  if (answer.status === 404 && !required) {
    return {
      status: 'skipped',
      code: 'block-unknown-to-lookup',
      detail: `Skipped: block ${hash} is unknown to this lookup (${source} answered 404 at ${at}), so whether it is on the best chain was not checked. A lookup answers so for a block of another network, or one it has not seen yet: look the block up in another explorer of its network, or require the check (notarium verify --require-chain) to count a 404 as a failure.`,
    };
  }
  if (answer.status === 404) {
    return {
      status: 'fail',
      blockHash: hash,
      code: 'block-unknown-to-explorer',
      detail: `According to ${source} at ${at}, there is no block ${hash}: the explorer does not know it (it answered 404), so the block is not on the chain it follows. A block that no explorer of its network knows is not part of that network's chain.`,
      expected: 'a block the explorer knows',
      found: 'unknown (404)',
    };
  }
  if (answer.status >= 500 || answer.status === 408 || answer.status === 429)
    return lookupUnreachable(source, hash, `it answered with HTTP status ${answer.status}.`);
  if (answer.status < 200 || answer.status > 299)
    return unusableAnswer(source, hash, `it refused the request with HTTP status ${answer.status}, so its address may be wrong`);
  let value: unknown;
  try {
    value = JSON.parse(answer.body);
  } catch {
    return unusableAnswer(source, hash, 'it is not JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return unusableAnswer(source, hash, 'it is not a JSON object');
  const { hash: echoed, confirmations, height } = value as Record<string, unknown>;
  if (typeof echoed !== 'string' || !HASH.test(echoed)) return unusableAnswer(source, hash, `it names no block hash (its hash is ${shown(echoed)})`);
  if (echoed.toLowerCase() !== hash) return unusableAnswer(source, hash, `it is about block ${echoed.toLowerCase()}, not the block asked for`);
  if (typeof confirmations !== 'number' || !Number.isSafeInteger(confirmations)) {
    return unusableAnswer(source, hash, `its confirmations (${shown(confirmations)}) are not a whole number`);
  }
  const place = typeof height === 'number' && Number.isSafeInteger(height) && height >= 0 ? ` at height ${height}` : '';
  if (confirmations === -1) {
    return {
      status: 'fail',
      blockHash: hash,
      code: 'block-not-on-best-chain',
      detail: `According to ${source} at ${at}, block ${hash}${place} is not on the best chain (it answered confirmations -1): another chain with more work left it behind, so the registration's transaction may be in another block now, or in none.`,
      expected: 'on the best chain (1 confirmation or more)',
      found: 'confirmations -1 (off the best chain)',
    };
  }
  if (confirmations < 1) {
    return unusableAnswer(source, hash, `its confirmations (${confirmations}) are neither -1 (off the best chain) nor 1 or more (on it)`);
  }
  if (!place) return unusableAnswer(source, hash, `its height (${shown(height)}) is not a whole number from 0 up`);
  return {
    status: 'pass',
    blockHash: hash,
    detail: `Block ${hash} is on the best chain${place} with ${counted(confirmations, 'confirmation')}, according to ${source} at ${at}.`,
    said: place
      ? said('steps.chainPass', { block: hash, height: height as number, count: confirmations, source, at })
      : said('steps.chainPassNoHeight', { block: hash, count: confirmations, source, at }),
    source,
    at,
    height: height as number,
    confirmations,
  };
}

/** The lookup could not be asked (no connection, a timeout, an outage): `reason` is a sentence. */
export function lookupUnreachable(source: string, blockHash: string, reason: string): ChainCheck {
  return {
    status: 'skipped',
    code: 'explorer-unreachable',
    detail: `The block lookup at ${source} could not be asked whether block ${blockHash.toLowerCase()} is on the best chain, so that was not checked: ${reason.replace(/\.?$/, '.')} Ask again once it can be reached.`,
  };
}

/** The lookup answered, but nothing in it can be used: `why` says what is wrong with it. */
export function unusableAnswer(source: string, blockHash: string, why: string): ChainCheck {
  return {
    status: 'skipped',
    code: 'explorer-answer-invalid',
    detail: `The block lookup at ${source} answered, but not as a block lookup does: ${why}. Whether block ${blockHash.toLowerCase()} is on the best chain was not checked; the lookup's address must answer with the block as JSON (its hash, height and confirmations).`,
  };
}

/** A value from the answer, short, for a sentence. */
function shown(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
