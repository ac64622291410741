import type { WebSocket } from 'ws';
import { dispatch } from '../../preload/protocol/dispatcher.ts';
import type { AnswerMessage, EventMessage } from '../../preload/protocol/messages.ts';
import { describeFailure, errorData } from '../core/errors/error-data.ts';

/**
 * One page's connection to the web shell's bridge: the protocol's messages (preload/protocol/) as
 * JSON text — calls in, their answers out, and the service's events pushed. Whatever a message
 * holds, it gets an answer and nothing escapes: the shell's process (with the sandbox, the poller
 * and the watcher in it) never stops because of what a page sent.
 */

export interface Bridge {
  /** Validates and runs a call (an unknown name is refused there); failures are rejections with `code` and a sentence for people. */
  call(method: string, args: unknown[]): Promise<unknown>;
  subscribe(emit: (event: string, payload: unknown) => void): () => void;
}

export function serveConnection(ws: WebSocket, bridge: Bridge, log: (line: string) => void): void {
  const send = (message: AnswerMessage | EventMessage): void => {
    if (ws.readyState !== ws.OPEN) return;
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (err) {
      log(`The web shell could not send a message to the page: ${describeFailure(err)}`);
      return;
    }
    ws.send(text, (err) => err && log(`The web shell could not send a message to the page: ${describeFailure(err)}`));
  };
  const unsubscribe = bridge.subscribe((event, payload) => send({ type: 'event', event, payload }));
  ws.on('close', unsubscribe);
  // Frames ws cannot take (too large, not UTF-8, bad opcodes) close this connection only.
  ws.on('error', (err) => log(`A page's connection was closed: ${describeFailure(err)}`));
  const calls = {
    run: (method: string, args: unknown[]) => bridge.call(method, args),
    errorData: (err: unknown, method: string) => errorData(err, (detail) => log(`The call ${method.slice(0, 64)} failed: ${detail}`)),
  };
  ws.on('message', (data, isBinary) => {
    let message: unknown;
    try {
      // A text frame arrives as one Buffer (ws's default binaryType).
      message = isBinary ? undefined : JSON.parse((data as Buffer).toString('utf8'));
    } catch {
      message = undefined;
    }
    void dispatch(message, calls).then(send);
  });
}
