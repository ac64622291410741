import { buildBridge, errorFromWire, isEventName, listenerHub, wireError } from './bridge-client.ts';
import type { CallName, EventName, FileRef, NotariumBridge } from './contract.ts';

/**
 * `window.notarium` for the web shell: the contract's calls over the page's WebSocket to
 * `/bridge` (`{id, method, args}` → `{id, result}` | `{id, error}`), its events pushed as
 * `{event, payload}`, and uploads for dropped files (the page cannot see paths).
 * The socket reconnects with backoff; calls made while it is down wait for it (bounded).
 */

export interface UploadedFile {
  ref: FileRef;
  name: string;
  size: number;
}

export type ConnectionState = 'connecting' | 'open' | 'closed';

export type WebBridge = NotariumBridge & {
  /** Streams a file to the shell (POST /upload) and answers the reference the calls accept. */
  uploadFile(file: File): Promise<FileRef>;
  /** Connection changes (for a "reconnecting" notice). */
  onConnection(listener: (state: ConnectionState) => void): () => void;
};

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 8000;
/** A call sent while the socket is down waits this long for it before failing. */
const QUEUE_TIMEOUT_MS = 30_000;

export function createWebBridge(origin: string = location.origin): WebBridge {
  const url = origin.replace(/^http/, 'ws') + '/bridge';
  const pending = new Map<number, Pending>();
  const queue: { message: string; id: number; timer: ReturnType<typeof setTimeout> }[] = [];
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let attempt = 0;

  const setState = (state: ConnectionState): void => {
    for (const l of [...connectionListeners]) l(state);
  };

  const hub = listenerHub();
  const deliver = (event: EventName, payload: unknown): void => hub.deliver(event, payload);

  const onMessage = (data: unknown): void => {
    let message: { id?: unknown; result?: unknown; error?: unknown; event?: unknown; payload?: unknown };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return;
    }
    if (typeof message.id === 'number') {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      if (message.error !== undefined) call.reject(errorFromWire(wireError(message.error)));
      else call.resolve(message.result ?? null);
      return;
    }
    if (isEventName(message.event)) deliver(message.event, message.payload);
  };

  const connect = (): void => {
    setState('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      attempt = 0;
      setState('open');
      for (const item of queue.splice(0)) {
        clearTimeout(item.timer);
        ws.send(item.message);
      }
    });
    ws.addEventListener('message', (e) => onMessage(e.data));
    ws.addEventListener('close', () => {
      if (socket !== ws) return;
      socket = null;
      setState('closed');
      // Calls in flight on a dropped socket have no answer coming: fail them with a sentence.
      for (const [id, call] of pending) {
        if (queue.some((q) => q.id === id)) continue;
        pending.delete(id);
        call.reject(errorFromWire({ code: 'UNAVAILABLE', message: 'The connection to Notarium was lost before it answered: try again.' }));
      }
      const delay = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt++);
      setTimeout(connect, Math.random() * delay + BACKOFF_BASE_MS);
    });
  };

  const invoke = (method: CallName, args: unknown[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      // JSON has no undefined: an omitted optional argument must not arrive as null.
      const sent = args.slice();
      while (sent.length && sent[sent.length - 1] === undefined) sent.pop();
      const message = JSON.stringify({ id, method, args: sent });
      pending.set(id, { resolve, reject });
      if (socket && socket.readyState === WebSocket.OPEN) {
        socket.send(message);
        return;
      }
      const timer = setTimeout(() => {
        const i = queue.findIndex((q) => q.id === id);
        if (i >= 0) queue.splice(i, 1);
        pending.delete(id);
        reject(errorFromWire({ code: 'UNAVAILABLE', message: 'Notarium is not reachable: check that the app is still running, then reload this page.' }));
      }, QUEUE_TIMEOUT_MS);
      queue.push({ message, id, timer });
    });

  const bridge = buildBridge({
    invoke,
    listen: hub.listen,
  });

  const uploadFile = async (file: File): Promise<FileRef> => {
    let response: Response;
    try {
      response = await fetch(`${origin}/upload?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        body: file,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/octet-stream' },
      });
    } catch {
      throw errorFromWire({ code: 'UNAVAILABLE', message: `Notarium could not receive "${file.name}": check that the app is still running.` });
    }
    if (!response.ok) {
      const text = (await response.text().catch(() => '')).trim();
      throw errorFromWire({ code: 'UPLOAD', message: text && text.length < 300 ? text : `Notarium could not receive "${file.name}".` });
    }
    const body = (await response.json()) as { uploadId?: unknown };
    if (typeof body.uploadId !== 'string') throw errorFromWire({ code: 'INTERNAL', message: 'The app answered the upload with something the page does not understand.' });
    return { kind: 'upload', uploadId: body.uploadId };
  };

  connect();
  return Object.assign(bridge, {
    uploadFile,
    onConnection: (listener: (state: ConnectionState) => void) => {
      connectionListeners.add(listener);
      return () => {
        connectionListeners.delete(listener);
      };
    },
  });
}
