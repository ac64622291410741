import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../../main/core/api/http-client.ts';
import { FIRST_PAGE, walkLinks } from '../../../../main/core/api/link-walk.ts';
import { RecordApi } from '../../../../main/core/api/record-api.ts';

// Navigate through any instance maximum: a fake service holding one chain, refusing
// |links| above its maximum as the real one does (LINKS_PARAM_INVALID), and counting every request.

const id = (i: number) => i.toString(16).padStart(64, '0');
const CHAIN = Array.from({ length: 40 }, (_, i) => id(i + 1));

/** How the fake service answers a page above its maximum: refused as documented, failing, or never answering. */
type TooLarge = 'refused' | 500 | 503 | 'hang';

function service(max: number, chain = CHAIN, tooLarge: TooLarge = 'refused'): { api: RecordApi; asked: number[] } {
  const asked: number[] = [];
  const fetch: FetchLike = async (url, init) => {
    const u = new URL(url);
    const from = u.pathname.split('/').at(-2)!;
    const links = Number(u.searchParams.get('links'));
    asked.push(links);
    if (links === 0 || Math.abs(links) > max) {
      if (tooLarge === 'hang' && links !== 0) {
        // Never answers: only the client's own time limit ends the request.
        return new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason as Error), { once: true }));
      }
      if (typeof tooLarge === 'number' && links !== 0) return new Response(JSON.stringify({ title: 'Internal error', status: tooLarge }), { status: tooLarge });
      return new Response(JSON.stringify({ title: 'Invalid request', status: 400, errorCode: 'LINKS_PARAM_INVALID' }), { status: 400 });
    }
    const at = chain.indexOf(from);
    const ids = links > 0 ? chain.slice(at + 1, at + 1 + links) : chain.slice(Math.max(0, at + links), at).reverse();
    const end = links > 0 ? at + links >= chain.length - 1 : at + links <= 0;
    return new Response(JSON.stringify({ txIds: ids, endOfLinks: end }), { status: 200 });
  };
  // The hanging service is left after a second; a page it answers arrives at once, in this process.
  const timeouts = tooLarge === 'hang' ? { readMs: 1000 } : undefined;
  return { api: new RecordApi({ baseUrl: 'https://records.example', apiKey: 'k', fetch, sleep: async () => {}, timeouts }), asked };
}

describe('walkLinks', () => {
  it(`asks for ${FIRST_PAGE} at a time where the instance allows it`, async () => {
    const { api, asked } = service(100);
    expect(await walkLinks(api, CHAIN[0]!, 1)).toEqual(CHAIN.slice(1));
    expect(await walkLinks(api, CHAIN.at(-1)!, -1)).toEqual(CHAIN.slice(0, -1).reverse());
    expect(asked).toEqual([10, 10, 10, 10, -10, -10, -10, -10]);
  });

  it('finds the largest page a small maximum allows, reading pages as it goes, and the connection remembers it', async () => {
    const { api, asked } = service(3);
    expect(await walkLinks(api, CHAIN[0]!, 1)).toEqual(CHAIN.slice(1));
    // 10 and 5 are refused; 3 works and reads a page; 4 is refused: 3 is the largest, used from then on.
    expect(asked.slice(0, 4)).toEqual([10, 5, 3, 4]);
    expect(asked.slice(4).every((n) => n === 3)).toBe(true);
    asked.length = 0;
    expect(await walkLinks(api, CHAIN.at(-1)!, -1)).toEqual(CHAIN.slice(0, -1).reverse());
    expect(asked).toEqual(Array.from({ length: 13 }, () => -3));
  });

  it('a maximum of 1 still walks the chain; another connection learns again', async () => {
    const { api, asked } = service(1);
    expect(await walkLinks(api, CHAIN[30]!, 1)).toEqual(CHAIN.slice(31));
    expect(asked.filter((n) => n === 1)).toHaveLength(9);
    const fresh = service(1);
    await walkLinks(fresh.api, CHAIN[38]!, 1);
    expect(fresh.asked[0]).toBe(10);
  });

  it.each([500, 503, 'hang'] as const)('a page answered %s is halved at once, not retried, until one works', async (tooLarge) => {
    const { api, asked } = service(4, CHAIN, tooLarge);
    expect(await walkLinks(api, CHAIN[0]!, 1)).toEqual(CHAIN.slice(1));
    // 10 fails once (no retry of the same size), 5 fails, 3 works, 4 works: 4 from then on.
    expect(asked.slice(0, 4)).toEqual([10, 5, 3, 4]);
    expect(asked.slice(4).every((n) => n === 4)).toBe(true);
  });

  it('a service failing at every size, 1 included, is the error, after the usual retries at 1', async () => {
    const { api, asked } = service(0, CHAIN, 500);
    await expect(walkLinks(api, CHAIN[0]!, 1)).rejects.toMatchObject({ status: 500 });
    const ones = asked.filter((n) => n === 1).length;
    expect(asked.slice(0, 4)).toEqual([10, 5, 3, 2]);
    expect(ones).toBeGreaterThan(1);
  });

  it('a refusal at 1 is not a matter of size: it is the error', async () => {
    const { api } = service(0);
    await expect(walkLinks(api, CHAIN[0]!, 1)).rejects.toMatchObject({ code: 'LINKS_PARAM_INVALID', errorCode: 'LINKS_PARAM_INVALID' });
  });

  it('a chain that comes back to a record is refused, not walked forever', async () => {
    const looping = [...CHAIN.slice(0, 5), CHAIN[1]!, ...CHAIN.slice(2, 5)];
    const { api } = service(2, looping);
    await expect(walkLinks(api, looping[0]!, 1)).rejects.toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(/goes round in a circle/) });
  });
});
