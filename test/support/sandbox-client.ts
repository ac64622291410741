import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.ts';

/** A started sandbox plus small fetch helpers for tests that speak to it over real HTTP. */
export interface TestSandbox extends RunningSandbox {
  /** fetch relative to baseUrl with the API key (unless headers override it). */
  call(path: string, init?: RequestInit): Promise<Response>;
  json<T = Record<string, unknown>>(path: string, init?: RequestInit): Promise<T>;
  mine(blocks?: number): Promise<void>;
  write(body: Uint8Array | string, encode?: string): Promise<{ txId: string }>;
  createLinked(body: Uint8Array | string, encode?: string): Promise<{ txId: string; updateToken: string }>;
  /** The token goes in the query as the service returned it (the `as-issued` placement). */
  updateLinked(txId: string, body: Uint8Array | string, opts?: { encode?: string; token?: string }): Promise<{ txId: string; updateToken: string }>;
}

/** A linked write's answer in either spelling of the token's key (the guides print `update_token`). */
function linkedAnswer(body: { txId: string; updateToken?: string; update_token?: string }): { txId: string; updateToken: string } {
  return { ...body, updateToken: (body.updateToken ?? body.update_token)! };
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({ blockInterval: 0, ...options });
  const call = (path: string, init: RequestInit = {}) =>
    fetch(sandbox.baseUrl + path, { ...init, headers: { 'x-api-key': sandbox.apiKey, ...(init.headers as Record<string, string>) } });
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const res = await call(path, init);
    const text = await res.text();
    if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path} -> ${res.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  const post = <T>(path: string, body?: Uint8Array | string) => json<T>(path, { method: 'POST', body: body as BodyInit | undefined });
  return {
    ...sandbox,
    call,
    json,
    mine: async (blocks = 1) => void (await post('/__sandbox/mine', JSON.stringify({ blocks }))),
    write: (body, encode = '') => post(`/api/v1/records?encode=${encodeURIComponent(encode)}`, body),
    createLinked: async (body, encode = '') => linkedAnswer(await post(`/api/v1/linkedrecords?encode=${encodeURIComponent(encode)}`, body)),
    updateLinked: async (txId, body, opts = {}) => {
      const token = opts.token ? `&updateToken=${opts.token}` : '';
      return linkedAnswer(await post(`/api/v1/linkedrecords/${txId}/update?encode=${encodeURIComponent(opts.encode ?? '')}${token}`, body));
    },
  };
}

/** Reads a problem document and checks its RFC 7807 shape. */
export async function problemOf(res: Response): Promise<{ type: string; title: string; status: number; detail: string; errorCode?: string }> {
  const type = res.headers.get('content-type');
  if (type !== 'application/problem+json') throw new Error(`expected a problem document, got ${res.status} ${type}: ${await res.text()}`);
  return (await res.json()) as { type: string; title: string; status: number; detail: string; errorCode?: string };
}
