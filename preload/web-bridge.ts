import { buildBridge, isEventName } from './bridge-client.ts';
import type { CallName, FileRef, NotariumBridge } from './contract.ts';
import { listenerHub } from './protocol/event-listeners.ts';
import { errorFromData, readMessage, type CallMessage, type ErrorData } from './protocol/messages.ts';
import { PendingCalls } from './protocol/pending-calls.ts';
import { batchHead, inBatches } from './upload-batch.ts';
import { BRIDGE_PROTOCOL, openSession, SESSION_HEADER, SESSION_PROTOCOL_PREFIX, sessionRefusal, SessionEnded } from './web-session.ts';

/**
 * `window.notarium` for the web shell: the contract's calls over the page's WebSocket to
 * `/bridge`, in the protocol's messages as JSON text (protocol/: calls, their answers, events
 * pushed), and uploads for dropped files (the page cannot see paths), several to a request. Every
 * request presents the tab's session secret (web-session.ts); without one, or once the shell
 * refuses it, the connection has ended and every call fails with the sentence that says how to open
 * Notarium.
 * The socket reconnects with backoff; calls made while it is down wait for it (bounded).
 */

export interface UploadedFile {
  ref: FileRef;
  name: string;
  size: number;
}

/** `ended`: this page has no session (any more); the sentence says why and what to do. */
export type ConnectionState = 'connecting' | 'open' | 'closed' | 'ended';

export type ConnectionListener = (state: ConnectionState, sentence?: string) => void;

export type WebBridge = NotariumBridge & {
  /**
   * Streams files to the shell (POST /upload, several to a request) and answers the references the
   * calls accept, in their order. All or none: when one is refused, the others are given back.
   */
  uploadFiles(files: readonly File[]): Promise<FileRef[]>;
  /** Connection changes (for a "reconnecting" notice); a listener added after the end hears it at once. */
  onConnection(listener: ConnectionListener): () => void;
};

/** Requests under way at once for one call's files: the next one's files are sent while the shell writes the last one's. */
const BATCHES_AT_ONCE = 2;
const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 8000;
/** A call sent while the socket is down waits this long for it before failing. */
const QUEUE_TIMEOUT_MS = 30_000;

export function createWebBridge(origin: string = location.origin, session: Promise<string> = openSession(origin)): WebBridge {
  const url = origin.replace(/^http/, 'ws') + '/bridge';
  const pending = new PendingCalls();
  const queue: { message: string; id: number; timer: ReturnType<typeof setTimeout> }[] = [];
  const connectionListeners = new Set<ConnectionListener>();
  let socket: WebSocket | null = null;
  let attempt = 0;
  /** Why this page's session ended, once it has. */
  let ended: string | null = null;

  const setState = (state: ConnectionState, sentence?: string): void => {
    for (const l of [...connectionListeners]) l(state, sentence);
  };

  const endedData = (): ErrorData => ({ code: 'SESSION_ENDED', message: ended ?? '' });
  const end = (sentence: string): void => {
    if (ended !== null) return;
    ended = sentence;
    for (const item of queue.splice(0)) clearTimeout(item.timer);
    pending.failAll(endedData());
    setState('ended', sentence);
  };

  const hub = listenerHub((err) => reportError(err));

  const onMessage = (data: unknown): void => {
    let message: ReturnType<typeof readMessage>;
    try {
      message = readMessage(JSON.parse(String(data)));
    } catch {
      return;
    }
    if (message?.type === 'answer') pending.settle(message);
    else if (message?.type === 'event' && isEventName(message.event)) hub.deliver(message.event, message.payload);
  };

  const connect = (secret: string): void => {
    setState('connecting');
    const ws = new WebSocket(url, [BRIDGE_PROTOCOL, SESSION_PROTOCOL_PREFIX + secret]);
    socket = ws;
    let opened = false;
    ws.addEventListener('open', () => {
      opened = true;
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
      for (const id of pending.ids()) {
        if (queue.some((q) => q.id === id)) continue;
        pending.fail(id, { code: 'UNAVAILABLE', message: 'The connection to Notarium was lost before it answered: try again.' });
      }
      const delay = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt++);
      const retry = (): void => void setTimeout(() => connect(secret), Math.random() * delay + BACKOFF_BASE_MS);
      // Refused before it opened: a shell that no longer knows this secret ends the session.
      if (opened) return retry();
      void sessionRefusal(origin, secret).then((refusal) => (refusal === null ? retry() : end(refusal)));
    });
  };

  /** Sends a call now, or queues it (bounded) while the socket is down. */
  const post = (call: CallMessage): void => {
    const message = JSON.stringify(call);
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(message);
      return;
    }
    const timer = setTimeout(() => {
      const i = queue.findIndex((q) => q.id === call.id);
      if (i >= 0) queue.splice(i, 1);
      pending.fail(call.id, { code: 'UNAVAILABLE', message: 'Notarium is not reachable: check that the app is still running, then reload this page.' });
    }, QUEUE_TIMEOUT_MS);
    queue.push({ message, id: call.id, timer });
  };

  const invoke = (method: CallName, args: unknown[]): Promise<unknown> => {
    if (ended !== null) return Promise.reject(errorFromData(endedData()));
    // JSON has no undefined: an omitted optional argument must not arrive as null.
    const sent = args.slice();
    while (sent.length && sent[sent.length - 1] === undefined) sent.pop();
    return pending.call(method, sent, post);
  };

  const bridge = buildBridge({
    invoke,
    listen: hub.listen,
  });

  /** One request (upload-batch.ts): the references of its files, in their order. */
  const uploadBatch = async (files: readonly File[]): Promise<FileRef[]> => {
    if (ended !== null) throw errorFromData(endedData());
    const secret = await session;
    let response: Response;
    try {
      // The head, then the files themselves: the browser streams them from disk, none is read here.
      response = await fetch(`${origin}/upload`, {
        method: 'POST',
        body: new Blob([batchHead(files), ...files]),
        headers: { 'Content-Type': 'application/octet-stream', [SESSION_HEADER]: secret },
      });
    } catch {
      throw errorFromData({ code: 'UNAVAILABLE', message: `Notarium could not receive ${named(files)}: check that the app is still running.` });
    }
    if (!response.ok) throw errorFromData(await uploadRefusal(response));
    const body = (await response.json()) as { uploads?: { uploadId?: unknown }[] };
    const ids = Array.isArray(body.uploads) ? body.uploads.map((u) => u.uploadId) : [];
    if (ids.length !== files.length || !ids.every((id) => typeof id === 'string'))
      throw errorFromData({ code: 'INTERNAL', message: 'The app answered the upload with something the page does not understand.' });
    return ids.map((uploadId) => ({ kind: 'upload', uploadId }));
  };

  const uploadFiles = async (files: readonly File[]): Promise<FileRef[]> => {
    const batches = await inBatches(files);
    const refs: FileRef[][] = new Array<FileRef[]>(batches.length);
    let next = 0;
    let failed = false;
    const worker = async (): Promise<void> => {
      while (!failed && next < batches.length) {
        const i = next++;
        try {
          refs[i] = await uploadBatch(batches[i]!);
        } catch (err) {
          failed = true; // the other workers stop at their next request
          throw err;
        }
      }
    };
    // Every request under way ends before any is given back, so none is left behind.
    const settled = await Promise.allSettled(Array.from({ length: Math.min(BATCHES_AT_ONCE, batches.length) }, worker));
    const refused = settled.find((e): e is PromiseRejectedResult => e.status === 'rejected');
    if (!refused) return refs.flat();
    await Promise.all(refs.flat().map((ref) => discardUpload(ref)));
    throw refused.reason;
  };

  /** Gives back an upload no call was given (the shell deletes it). */
  const discardUpload = async (ref: FileRef): Promise<void> => {
    if (ref.kind !== 'upload' || ended !== null) return;
    const secret = await session;
    // Best effort: whatever is left is deleted when the shell closes.
    await fetch(`${origin}/upload/${encodeURIComponent(ref.uploadId)}`, { method: 'DELETE', headers: { [SESSION_HEADER]: secret } }).catch(() => undefined);
  };

  session.then(connect, (err: unknown) =>
    end(err instanceof SessionEnded ? err.message : 'Notarium could not start this page: run "notarium app" again for a new link.'),
  );
  return Object.assign(bridge, {
    uploadFiles,
    onConnection: (listener: ConnectionListener) => {
      connectionListeners.add(listener);
      if (ended !== null) listener('ended', ended);
      return () => {
        connectionListeners.delete(listener);
      };
    },
  });
}

/**
 * Why the shell refused an upload: its own refusals come with their code and sentence (the limits,
 * an interrupted upload); the gate's (a session it does not take) are FORBIDDEN; anything else is
 * a failure of the shell's own, INTERNAL.
 */
async function uploadRefusal(response: Response): Promise<ErrorData> {
  const body = (await response.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
  const { code, message } = body?.error ?? {};
  if (typeof code === 'string' && typeof message === 'string') return { code, message };
  if (response.status === 401 || response.status === 403)
    return { code: 'FORBIDDEN', message: 'Notarium did not take the dropped file from this page: reload it.' };
  return { code: 'INTERNAL', message: 'Notarium could not take the dropped file because of an error of its own: drop it again.' };
}

/** The files of a request in a sentence: the one file's name, or the first's and how many more. */
const named = (files: readonly File[]): string => (files.length === 1 ? `"${files[0]!.name}"` : `"${files[0]!.name}" and ${files.length - 1} other files`);
