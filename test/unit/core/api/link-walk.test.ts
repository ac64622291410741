import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../../main/core/api/http-client.ts';
import { FIRST_PAGE, walkLinks } from '../../../../main/core/api/link-walk.ts';
import { RecordApi } from '../../../../main/core/api/record-api.ts';

// Navigate through any instance maximum (issue #12): a fake service holding one chain, refusing
// |links| above its maximum as the real one does (LINKS_PARAM_INVALID), and counting every request.

const id = (i: number) => i.toString(16).padStart(64, '0');
const CHAIN = Array.from({ length: 40 }, (_, i) => id(i + 1));

function service(max: number, chain = CHAIN): { api: RecordApi; asked: number[] } {
  const asked: number[] = [];
  const fetch: FetchLike = async (url) => {
    const u = new URL(url);
    const from = u.pathname.split('/').at(-2)!;
    const links = Number(u.searchParams.get('links'));
    asked.push(links);
    if (links === 0 || Math.abs(links) > max) {
      return new Response(JSON.stringify({ title: 'Invalid request', status: 400, errorCode: 'LINKS_PARAM_INVALID' }), { status: 400 });
    }
    const at = chain.indexOf(from);
    const ids = links > 0 ? chain.slice(at + 1, at + 1 + links) : chain.slice(Math.max(0, at + links), at).reverse();
    const end = links > 0 ? at + links >= chain.length - 1 : at + links <= 0;
    return new Response(JSON.stringify({ txIds: ids, endOfLinks: end }), { status: 200 });
  };
  return { api: new RecordApi({ baseUrl: 'https://records.example', apiKey: 'k', fetch, sleep: async () => {} }), asked };
}

describe('walkLinks', () => {
  it(`asks for ${FIRST_PAGE} at a time where the instance allows it`, async () => {
    const { api, asked } = service(100);
    expect(await walkLinks(api, CHAIN[0]!, 1)).toEqual(CHAIN.slice(1));
    expect(await walkLinks(api, CHAIN.at(-1)!, -1)).toEqual(CHAIN.slice(0, -1).reverse());
    expect(asked).toEqual([100, -100]);
  });

  it('finds the largest page a small maximum allows, reading pages as it goes, and the connection remembers it', async () => {
    const { api, asked } = service(3);
    expect(await walkLinks(api, CHAIN[0]!, 1)).toEqual(CHAIN.slice(1));
    // 100, 50, 25, 13, 7 and 4 are refused; 2 works and reads a page; 3 works: the largest, used from then on.
    expect(asked.slice(0, 8)).toEqual([100, 50, 25, 13, 7, 4, 2, 3]);
    expect(asked.slice(8).every((n) => n === 3)).toBe(true);
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
    expect(fresh.asked[0]).toBe(100);
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
