import { describe, expect, it, vi } from 'vitest';
import { errorData } from '../../../main/core/errors/error-data.ts';
import { NotariumError } from '../../../main/core/errors/notarium-error.ts';
import { sentenceFor } from '../../../main/core/errors/catalogue.ts';
import { parseCall } from '../../../preload/contract.ts';
import { dispatch, MALFORMED_CALL, type CallHandler } from '../../../preload/protocol/dispatcher.ts';
import { listenerHub } from '../../../preload/protocol/event-listeners.ts';
import { readAnswer, readMessage, type Message } from '../../../preload/protocol/messages.ts';
import { PendingCalls } from '../../../preload/protocol/pending-calls.ts';

// The protocol between two ends of a fake transport: every message goes as JSON text, one event-loop
// turn later, as over the WebSocket; the calling side has the pending-call table and the event
// listeners, the answering side the dispatcher.

function transportPair(handler: CallHandler) {
  let open = true;
  const toServer: string[] = [];
  const pending = new PendingCalls();
  const reported: unknown[] = [];
  const hub = listenerHub((err) => reported.push(err));
  const toClient = (message: Message): void => {
    const text = JSON.stringify(message);
    setImmediate(() => {
      if (!open) return;
      const received = readMessage(JSON.parse(text));
      if (received?.type === 'answer') pending.settle(received);
      else if (received?.type === 'event') hub.deliver(received.event, received.payload);
    });
  };
  const server = {
    receive: (text: string) => void dispatch(JSON.parse(text), handler).then(toClient),
    emit: (event: string, payload: unknown) => toClient({ type: 'event', event, payload }),
  };
  return {
    server,
    sent: toServer,
    call: (method: string, args: unknown[]) =>
      pending.call(method, args, (message) => {
        const text = JSON.stringify(message);
        toServer.push(text);
        setImmediate(() => open && server.receive(text));
      }),
    on: hub.listen,
    /** The transport drops: nothing more arrives, and what waits is failed with a sentence. */
    close: () => {
      open = false;
      pending.failAll({ code: 'UNAVAILABLE', message: 'The connection to Notarium was lost before it answered: try again.' });
    },
    waiting: () => pending.ids(),
    /** What listeners threw. */
    reported,
  };
}

/** The app's calls as a server runs them: through the contract's parseCall, then a handler. */
function appHandler(handlers: Partial<Record<string, (...args: unknown[]) => unknown>>, log: string[] = []): CallHandler {
  return {
    run: (method, args) => {
      const call = parseCall(method, args);
      return handlers[call.method]!(...call.args);
    },
    errorData: (err, method) => errorData(err, (detail) => log.push(`${method}: ${detail}`)),
  };
}

describe('the protocol over a transport', () => {
  it('a call gets its answer: the value, or null for nothing', async () => {
    const getRecord = vi.fn(async (id: unknown) => ({ id, name: 'deed.pdf' }));
    const end = transportPair(appHandler({ getRecord, removeProfile: async () => undefined }));
    await expect(end.call('getRecord', [3])).resolves.toEqual({ id: 3, name: 'deed.pdf' });
    expect(getRecord).toHaveBeenCalledWith(3);
    await expect(end.call('removeProfile', ['Work'])).resolves.toBeNull();
    expect(JSON.parse(end.sent[0]!)).toEqual({ type: 'call', id: 1, method: 'getRecord', args: [3] });
    expect(end.waiting()).toEqual([]);
  });

  it('answers calls by id, whatever order they finish in', async () => {
    let finishFirst: (v: unknown) => void = () => {};
    const end = transportPair(
      appHandler({ getRecord: (id) => (id === 1 ? new Promise((resolve) => (finishFirst = resolve)) : Promise.resolve(`record ${String(id)}`)) }),
    );
    const first = end.call('getRecord', [1]);
    await expect(end.call('getRecord', [2])).resolves.toBe('record 2');
    finishFirst('record 1');
    await expect(first).resolves.toBe('record 1');
  });

  it('a failure arrives as an Error with its code and sentence, and nothing else', async () => {
    const failure = Object.assign(
      new NotariumError('NOT_IN_LIBRARY', 'The library has no such registration.', { cause: new Error('SQLITE row 7 of /home/ann/.notarium') }),
      {
        apiKey: 'sk-secret',
      },
    );
    const end = transportPair(appHandler({ getRecord: () => Promise.reject(failure) }));
    const err = (await end.call('getRecord', [1]).catch((e: unknown) => e)) as Error & { code: string };
    expect(err).toBeInstanceOf(Error);
    expect({ code: err.code, message: err.message }).toEqual({ code: 'NOT_IN_LIBRARY', message: 'The library has no such registration.' });
    expect(Object.keys(err)).toEqual(['code']);
    expect(err.cause).toBeUndefined();
    expect(err.stack).not.toMatch(/SQLITE|sk-secret/);
  });

  it("a failure not of Notarium's own crosses as INTERNAL with the catalogue's sentence; what it was goes to the log only", async () => {
    const log: string[] = [];
    const end = transportPair(
      appHandler({ listDocuments: () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'secret-internals')")) }, log),
    );
    await expect(end.call('listDocuments', [])).rejects.toMatchObject({ code: 'INTERNAL', message: sentenceFor('INTERNAL') });
    expect(log).toEqual([expect.stringMatching(/^listDocuments: TypeError: .*secret-internals/)]);
  });

  it('a handler that throws at once is answered like one that rejects', async () => {
    const end = transportPair(
      appHandler({
        pendingCount: () => {
          throw new NotariumError('CANCELLED', 'Notarium is closing.');
        },
      }),
    );
    await expect(end.call('pendingCount', [])).rejects.toMatchObject({ code: 'CANCELLED', message: 'Notarium is closing.' });
  });

  it("refuses an unknown call name, or arguments the contract does not take, in the contract's words, before any handler runs", async () => {
    const getRecord = vi.fn();
    const end = transportPair(appHandler({ getRecord }));
    await expect(end.call('notAMethod', [])).rejects.toMatchObject({ code: 'BAD_CALL', message: 'There is no call named "notAMethod".' });
    await expect(end.call('__proto__', [])).rejects.toMatchObject({ code: 'BAD_CALL', message: 'There is no call named "__proto__".' });
    await expect(end.call('getRecord', ['3'])).rejects.toMatchObject({
      code: 'BAD_CALL',
      message: expect.stringMatching(/^The call getRecord was refused: argument 0/),
    });
    expect(getRecord).not.toHaveBeenCalled();
  });

  it('answers a message that is not a call with the form a call takes, under its id when it has one', async () => {
    const handler = appHandler({ appInfo: vi.fn() });
    const malformed = { ok: false, error: { code: 'BAD_CALL', message: MALFORMED_CALL } };
    expect(await dispatch({ type: 'call', id: 4, method: 'appInfo' }, handler)).toEqual({ type: 'answer', id: 4, ...malformed });
    expect(await dispatch({ type: 'answer', id: 5, ok: true, value: 1 }, handler)).toEqual({ type: 'answer', id: 5, ...malformed });
    expect(await dispatch({ id: 6, method: 'appInfo', args: [] }, handler)).toEqual({ type: 'answer', id: 6, ...malformed });
    for (const junk of [
      undefined,
      null,
      7,
      'appInfo',
      [],
      { type: 'call', id: 1.5, method: 'appInfo', args: [] },
      { type: 'call', id: '1', method: 'appInfo', args: [] },
    ]) {
      expect(await dispatch(junk, handler)).toEqual({ type: 'answer', id: null, ...malformed });
    }
  });

  it('delivers an event to the listeners of that event only, until they leave; a throwing listener stops no other', async () => {
    const end = transportPair(appHandler({}));
    const seen: unknown[] = [];
    end.on('pending-count', () => {
      throw new Error('page bug');
    });
    const off = end.on('pending-count', (n) => seen.push(['pending-count', n]));
    end.on('record-updated', (r) => seen.push(['record-updated', r]));
    end.server.emit('pending-count', 2);
    end.server.emit('record-updated', { id: 7 });
    await vi.waitFor(() =>
      expect(seen).toEqual([
        ['pending-count', 2],
        ['record-updated', { id: 7 }],
      ]),
    );
    expect(end.reported).toEqual([new Error('page bug')]);
    off();
    end.server.emit('pending-count', 3);
    end.server.emit('record-updated', { id: 8 });
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[2]).toEqual(['record-updated', { id: 8 }]);
  });

  it('a call waiting when the transport closes fails with a sentence instead of hanging', async () => {
    const pendingCount = vi.fn(() => new Promise(() => {}));
    const end = transportPair(appHandler({ pendingCount }));
    const waiting = end.call('pendingCount', []);
    await vi.waitFor(() => expect(pendingCount).toHaveBeenCalled()); // the call is with the server
    expect(end.waiting()).toEqual([1]);
    end.close();
    await expect(waiting).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'The connection to Notarium was lost before it answered: try again.' });
    expect(end.waiting()).toEqual([]);
  });

  it('an answer for no waiting call (one already failed, or never made) is dropped', async () => {
    const pending = new PendingCalls();
    const call = pending.call('pendingCount', [], () => {});
    pending.fail(1, { code: 'UNAVAILABLE', message: 'Notarium is not reachable.' });
    await expect(call).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(() => pending.settle({ type: 'answer', id: 1, ok: true, value: 4 })).not.toThrow();
    expect(() => pending.settle({ type: 'answer', id: null, ok: false, error: { code: 'BAD_CALL', message: 'No.' } })).not.toThrow();
    expect(pending.ids()).toEqual([]);
  });
});

describe('reading what the other side sent', () => {
  it('an answer that is not one is a failure of its own, and of a failure only a code and a sentence are kept', () => {
    const notUnderstood = { ok: false, error: { code: 'INTERNAL', message: 'The app answered with something the page does not understand.' } };
    expect(readAnswer(undefined)).toEqual(notUnderstood);
    expect(readAnswer({ value: 1 })).toEqual(notUnderstood);
    expect(readAnswer({ ok: true })).toEqual({ ok: true, value: null });
    expect(readAnswer({ ok: false, error: { code: 'NO_API_KEY', message: 'This profile has no API key.', stack: 'at x.ts' } })).toStrictEqual({
      ok: false,
      error: { code: 'NO_API_KEY', message: 'This profile has no API key.' },
    });
    expect(readAnswer({ ok: false, error: 'oops' })).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'Something went wrong.' } });
  });

  it('a message is one of the three kinds with the fields of its kind, or nothing', () => {
    expect(readMessage({ type: 'event', event: 'pending-count', payload: 2 })).toEqual({ type: 'event', event: 'pending-count', payload: 2 });
    expect(readMessage({ type: 'answer', id: null, ok: false, error: { code: 'BAD_CALL', message: 'No.' } })).toEqual({
      type: 'answer',
      id: null,
      ok: false,
      error: { code: 'BAD_CALL', message: 'No.' },
    });
    for (const junk of [
      null,
      [],
      'call',
      { type: 'event' },
      { type: 'answer', id: 'x', ok: true },
      { type: 'call', id: 1, method: 'x', args: {} },
      { type: 'other' },
    ]) {
      expect(readMessage(junk)).toBeNull();
    }
  });
});
