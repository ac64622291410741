import { saidOf, type Said } from '../i18n/said.ts';

/**
 * The one message format between the page and the app, and between the app's main process and
 * its engine process, whatever carries it (Electron IPC, the engine's process port, the web
 * shell's WebSocket): calls, their answers, and events. Plain data both ways: an Error's own
 * properties do not survive Electron's contextBridge or a structured clone, so a failure crosses
 * as its code and sentence (and that sentence as a message, preload/i18n/said.ts) and becomes an Error with `.code` again on the other side.
 * Portable (no Node, no DOM, no Electron): the page, the preload, the engine and the shells load it.
 */

export interface ErrorData {
  code: string;
  message: string;
  /** The sentence as a message and its parameters, for a page to say in its language; `message` is its English and the fallback. */
  said?: Said;
}

/** What a call answers: its value, or its failure as data. */
export type Answer = { ok: true; value: unknown } | { ok: false; error: ErrorData };

export interface CallMessage {
  type: 'call';
  id: number;
  method: string;
  args: unknown[];
}

/** The answer to the call with `id`; `id` is null when the message answered named no id. */
export type AnswerMessage = { type: 'answer'; id: number | null } & Answer;

export interface EventMessage {
  type: 'event';
  event: string;
  payload: unknown;
}

export type Message = CallMessage | AnswerMessage | EventMessage;

/** The receiving side's Error for a failure that crossed: `.code` and `.message`, nothing else. */
export function errorFromData(error: ErrorData): Error & { code: string; said?: Said } {
  return Object.assign(new Error(error.message), error.said ? { code: error.code, said: error.said } : { code: error.code });
}

const NOT_UNDERSTOOD: ErrorData = { code: 'INTERNAL', message: 'The app answered with something the page does not understand.' };

/**
 * An answer as received from the other side, checked: a malformed one is a failure too, and of a
 * failure only a string code and a non-empty sentence are kept.
 */
export function readAnswer(value: unknown): Answer {
  const a = value as Partial<{ ok: unknown; value: unknown; error: unknown }> | null | undefined;
  if (a?.ok === true) return { ok: true, value: a.value ?? null };
  if (a?.ok !== false) return { ok: false, error: NOT_UNDERSTOOD };
  const e = a.error as Partial<Record<string, unknown>> | null | undefined;
  const said = saidOf(e?.said);
  const error: ErrorData = {
    code: typeof e?.code === 'string' ? e.code : 'INTERNAL',
    message: typeof e?.message === 'string' && e.message ? e.message : 'Something went wrong.',
  };
  return { ok: false, error: said ? { ...error, said } : error };
}

/** The call's value, or its failure thrown as an Error with `.code`. */
export function unwrapAnswer(answer: Answer): unknown {
  if (answer.ok) return answer.value;
  throw errorFromData(answer.error);
}

/**
 * A message as received from a side that may send anything (a page, over the WebSocket): one of
 * the protocol's messages with the fields of its kind, or null.
 */
export function readMessage(value: unknown): Message | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const m = value as Partial<Record<string, unknown>>;
  switch (m.type) {
    case 'call':
      return isId(m.id) && typeof m.method === 'string' && Array.isArray(m.args) ? { type: 'call', id: m.id, method: m.method, args: m.args } : null;
    case 'answer':
      return isId(m.id) || m.id === null ? { type: 'answer', id: m.id, ...readAnswer(m) } : null;
    case 'event':
      return typeof m.event === 'string' ? { type: 'event', event: m.event, payload: m.payload ?? null } : null;
    default:
      return null;
  }
}

export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}
