import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A front on loopback that redirects as a service's gateway may: `/same/…` to `/via/…` on itself
 * (the same origin), `/other/…` to the same path on `target` (another origin); `/via/…` is passed
 * on to `target`, headers and body included. 307 keeps the method and body; `/found/…` answers 302
 * to `target` (a gateway sending everything to a new address), which a client may not re-send a POST to.
 */
export interface RedirectingFront {
  url: string;
  stop(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startRedirectingFront(target: string): Promise<RedirectingFront> {
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const [, first, ...rest] = path.split('/');
    const tail = `/${rest.join('/')}`;
    if (first === 'same') return void res.writeHead(307, { location: `/via${tail}` }).end();
    if (first === 'other') return void res.writeHead(307, { location: target + tail }).end();
    if (first === 'found') return void res.writeHead(302, { location: target + tail }).end();
    if (first !== 'via') return void res.writeHead(404).end();
    void (async () => {
      const headers: Record<string, string> = {};
      for (const name of ['x-api-key', 'content-type', 'accept']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const body = req.method === 'POST' ? await bodyOf(req) : undefined;
      const answer = await fetch(target + tail, { method: req.method, headers, body: body as BodyInit | undefined });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
