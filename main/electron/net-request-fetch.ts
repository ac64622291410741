import type { IncomingMessage, Net } from 'electron';
import type { FetchLike } from '../core/api/http-client.ts';

/**
 * The engine's fetch: Electron's net.request (Chromium's network stack: the system's proxy settings
 * and certificate store) in the shape of fetch that the HTTP client takes, so the client stays the
 * same over either shell's network. Not net.fetch: with redirect 'manual' it rejects ("Redirect was
 * cancelled") where fetch answers the 3xx, so a service's redirect would read as a lost connection
 * in the app (a write in doubt) and as the 3xx it is in the CLI. net.request tells the redirect as
 * an event with its status and headers; in 'manual' mode that becomes the answer, with no body.
 */
export function netRequestFetch(net: Pick<Net, 'request'>): FetchLike {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const redirect = init.redirect ?? 'follow';
      const request = net.request({ url, method: init.method ?? 'GET', redirect, headers: Object.fromEntries(new Headers(init.headers)) });
      let body: ReturnType<typeof bodyStream> | undefined;
      const fail = (err: unknown): void => {
        settled();
        reject(err);
        body?.fail(err);
      };
      const onAbort = (): void => {
        request.abort();
        fail(signal?.reason);
      };
      const settled = (): void => signal?.removeEventListener('abort', onAbort);
      signal?.addEventListener('abort', onAbort, { once: true });

      request.on('redirect', (status, _method, redirectUrl, headers) => {
        // 'follow': Chromium follows it; 'error': the request dies with its own error.
        if (redirect !== 'manual') return;
        request.abort();
        settled();
        const answer = new Headers();
        for (const [name, values] of Object.entries(headers)) for (const value of values) answer.append(name, value);
        if (!answer.has('location')) answer.set('location', redirectUrl);
        resolve(new Response(null, { status, headers: answer }));
      });
      request.on('response', (response) => {
        body = bodyStream(response, () => request.abort(), settled);
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
        }
        resolve(
          new Response(NULL_BODY_STATUS.has(response.statusCode) ? null : body.stream, {
            status: response.statusCode,
            statusText: response.statusMessage,
            headers,
          }),
        );
      });
      request.on('error', fail);
      request.end(requestBody(init.body));
    });
}

/** Statuses whose Response may have no body (the Fetch standard's null body statuses). */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

function requestBody(body: RequestInit['body']): Buffer | string | undefined {
  if (body === undefined || body === null || typeof body === 'string') return body ?? undefined;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('The engine sends a request body as text or bytes only.');
}

/** The response's body as a web stream; `fail` ends it with an error (an abort, the request's death). */
function bodyStream(response: IncomingMessage, abort: () => void, settled: () => void): { stream: ReadableStream<Uint8Array>; fail(err: unknown): void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const end = (finish: () => void): void => {
    if (!open) return;
    open = false;
    settled();
    finish();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      response.on('data', (chunk: Buffer) => {
        if (open) controller.enqueue(new Uint8Array(chunk));
      });
      response.on('end', () => end(() => controller.close()));
      response.on('error', (err: Error) => end(() => controller.error(err)));
      // Cancelled under way by anything but this body's own cancel (which has ended it already).
      response.on('aborted', () => end(() => controller.error(new Error('net::ERR_ABORTED'))));
    },
    cancel() {
      end(abort);
    },
  });
  return { stream, fail: (err) => end(() => controller.error(err)) };
}
