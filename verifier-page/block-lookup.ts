import {
  BLOCK_LOOKUP_META,
  blockLookupUrl,
  isBlockLookup,
  lookupSource,
  lookupUnreachable,
  readBlockAnswer,
  unusableAnswer,
  type ChainCheck,
} from '../verifier/best-chain.ts';
import { readBounded } from '../preload/bounded-body.ts';

/**
 * The page's one way out: the block lookup it was exported with (the meta element the export adds,
 * beside a policy that lets it connect to that origin and nowhere else), asked about the receipt's
 * block only when its reader presses the button. Its answer is read by best-chain.ts, as the app
 * reads it.
 */

export interface BundledLookup {
  template: string;
  /** Who is asked, as the page names it: the lookup's host (and port). */
  source: string;
}

/** The lookup this copy of the page carries, or null: a page exported without one offers no check. */
export function bundledLookup(): BundledLookup | null {
  const template = document.querySelector<HTMLMetaElement>(`meta[name="${BLOCK_LOOKUP_META}"]`)?.content;
  return template && isBlockLookup(template) ? { template, source: lookupSource(template) } : null;
}

/** More than any block lookup answers (WhatsOnChain's block, its first page of transactions included). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const TIMEOUT_MS = 20_000;

/** What the lookup says of `blockHash`; whatever happens (offline, refused, nonsense), a result with its sentence. */
export async function askLookup(lookup: BundledLookup, blockHash: string, now: () => number = Date.now): Promise<ChainCheck> {
  let res: Response;
  let body: string | null;
  try {
    // Nothing but the block's hash goes out: no cookie, no referrer, nothing cached.
    res = await fetch(blockLookupUrl(lookup.template, blockHash), {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const bytes = await readBounded(res, MAX_ANSWER_BYTES);
    body = bytes && new TextDecoder().decode(bytes);
  } catch (err) {
    return lookupUnreachable(lookup.source, blockHash, failure(err));
  }
  if (body === null)
    return unusableAnswer(lookup.source, blockHash, `it is longer than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, more than a block lookup answers`);
  return readBlockAnswer(blockHash, lookup.source, now(), { status: res.status, body });
}

/** Why the browser got no answer, in words (it says only "Failed to fetch"). */
function failure(err: unknown): string {
  if (err instanceof DOMException && err.name === 'TimeoutError') return `it did not answer within ${TIMEOUT_MS / 1000} seconds.`;
  return 'the browser got no answer from it: this computer may be offline, the lookup may be down, or it does not let pages read its answers (no Access-Control-Allow-Origin).';
}
