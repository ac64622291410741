import { isServiceCode, NotariumError, ServiceError } from '../errors/notarium-error.ts';
import type { CallOptions } from './http-client.ts';
import type { RecordApi } from './record-api.ts';

/**
 * Walks a chain of linked records with navigate, a page at a time. Each instance has a maximum
 * |links| that is not published and may be well below 100; above it the service answers
 * LINKS_PARAM_INVALID (service-notes.md: Timing and life-cycle rules). A large page may also be
 * more than an instance can answer in time: a timeout or a 5xx. Pages start at 10, and on either
 * answer get smaller, by halving the gap between the largest size seen to work and the smallest
 * seen refused, until they meet: the largest page that works, found in a few requests that each
 * also read a page. What a connection has learnt is kept with its RecordApi.
 */

/** The page Notarium asks for while it knows nothing smaller is needed. */
export const FIRST_PAGE = 10;

interface PageBounds {
  /** The largest |links| the service answered (0: none yet). */
  works: number;
  /** The smallest |links| it refused as too large (FIRST_PAGE + 1: none yet). */
  refused: number;
}

const learnt = new WeakMap<RecordApi, PageBounds>();

function boundsOf(api: RecordApi): PageBounds {
  let bounds = learnt.get(api);
  if (!bounds) learnt.set(api, (bounds = { works: 0, refused: FIRST_PAGE + 1 }));
  return bounds;
}

/** The page to ask for next: the largest not known to be refused, or halfway towards the largest that works. */
function nextPage({ works, refused }: PageBounds): number {
  if (works === 0 && refused === FIRST_PAGE + 1) return FIRST_PAGE;
  return works + 1 >= refused ? works : Math.ceil((works + refused) / 2);
}

/** One page of ids from `from` in `direction`, at the largest size this connection knows to work. */
async function page(api: RecordApi, from: string, direction: 1 | -1, options?: CallOptions): Promise<{ txIds: string[]; endOfLinks: boolean }> {
  const bounds = boundsOf(api);
  for (;;) {
    const size = nextPage(bounds);
    // While a smaller page may be the cure, a failure is not waited out and retried: the next page is smaller.
    const shrinkable = size > 1 && size > bounds.works;
    try {
      const answer = await api.navigate(from, direction * size, shrinkable ? { ...options, maxAttempts: 1 } : options);
      bounds.works = Math.max(bounds.works, size);
      return answer;
    } catch (err) {
      // Refused at 1, or at a size already seen to work: not a matter of size.
      if (!shrinkable || !tooLarge(err)) throw err;
      bounds.refused = Math.min(bounds.refused, size);
    }
  }
}

/** An answer a smaller page may avoid: the instance's maximum, a timeout, or the service failing (5xx). */
function tooLarge(err: unknown): boolean {
  if (isServiceCode(err, 'LINKS_PARAM_INVALID')) return true;
  if (err instanceof ServiceError) return err.status >= 500;
  return err instanceof NotariumError && err.code === 'TIMEOUT';
}

/** Every id after (`direction` 1) or before (-1) `from`, nearest first. */
export async function walkLinks(api: RecordApi, from: string, direction: 1 | -1, options?: CallOptions): Promise<string[]> {
  const ids: string[] = [];
  const seen = new Set([from]);
  let at = from;
  for (;;) {
    const { txIds, endOfLinks } = await page(api, at, direction, options);
    for (const id of txIds) {
      // A chain never returns to a record: a service that says so would be walked forever.
      if (seen.has(id))
        throw new NotariumError(
          'BAD_RESPONSE',
          `The service's answer to navigate linked records goes round in a circle: transaction ${id} came back a second time.`,
        );
      seen.add(id);
      ids.push(id);
    }
    if (endOfLinks || txIds.length === 0) return ids;
    at = txIds.at(-1)!;
  }
}
