import type { WebSocket } from 'ws';
import { isErrorCode, sentenceFor } from '../core/errors/catalogue.ts';

/**
 * One page's connection to the web shell's bridge: `{id, method, args}` in, `{id, result}` or
 * `{id, error: {code, message}}` out, and the service's events pushed as `{event, payload}`.
 * Whatever a message holds, it gets an answer and nothing escapes: the shell's process (with the
 * sandbox, the poller and the watcher in it) never stops because of what a page sent.
 */

export interface Bridge {
  methods: ReadonlySet<string>;
  /** Validates and runs a call; failures are rejections with `code` and a sentence for people. */
  call(method: string, args: unknown[]): Promise<unknown>;
  subscribe(emit: (event: string, payload: unknown) => void): () => void;
}

export interface WireAnswerError {
  code: string;
  message: string;
}

export function serveConnection(ws: WebSocket, bridge: Bridge, log: (line: string) => void): void {
  const send = (message: unknown): void => {
    if (ws.readyState !== ws.OPEN) return;
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (err) {
      log(`The web shell could not send a message to the page: ${describe(err)}`);
      return;
    }
    ws.send(text, (err) => err && log(`The web shell could not send a message to the page: ${describe(err)}`));
  };
  const unsubscribe = bridge.subscribe((event, payload) => send({ event, payload }));
  ws.on('close', unsubscribe);
  // Frames ws cannot take (too large, not UTF-8, bad opcodes) close this connection only.
  ws.on('error', (err) => log(`A page's connection was closed: ${describe(err)}`));
  ws.on('message', (data, isBinary) => {
    let message: unknown;
    try {
      message = isBinary ? undefined : JSON.parse(String(data));
    } catch {
      message = undefined;
    }
    const { id, method, args } = (typeof message === 'object' && message !== null ? message : {}) as { id?: unknown; method?: unknown; args?: unknown };
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof method !== 'string' || !Array.isArray(args)) {
      return send({ id: typeof id === 'number' && Number.isSafeInteger(id) ? id : null, error: { code: 'USAGE', message: MALFORMED } });
    }
    if (!bridge.methods.has(method)) return send({ id, error: { code: 'USAGE', message: `There is no call named "${clip(method)}".` } });
    // Started inside the chain, so even a call that throws at once becomes an answer.
    void Promise.resolve()
      .then(() => bridge.call(method, args))
      .then(
        (result) => send({ id, result: result ?? null }),
        (err: unknown) => send({ id, error: answerError(err, method, log) }),
      );
  });
}

/**
 * Only a code from the catalogue and a sentence cross to the page: no stack, no cause. A failure
 * that is not one of Notarium's own is an internal error: the page gets the catalogue's sentence,
 * the log gets what happened.
 */
export function answerError(err: unknown, method: string, log: (line: string) => void): WireAnswerError {
  const e = err as { code?: unknown; message?: unknown } | null | undefined;
  if (typeof e?.code === 'string' && isErrorCode(e.code) && typeof e.message === 'string' && e.message) return { code: e.code, message: e.message };
  log(`The call ${method} failed: ${describe(err)}`);
  return { code: 'INTERNAL', message: sentenceFor('INTERNAL') };
}

const MALFORMED = 'The bridge takes JSON messages of the form {"id": <integer>, "method": <call name>, "args": [<arguments>]}.';

const clip = (text: string, max = 64): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const describe = (err: unknown): string => clip(err instanceof Error ? `${err.name}: ${err.message}` : String(err), 300);
