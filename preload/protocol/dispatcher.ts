import { isId, readMessage, type Answer, type AnswerMessage, type ErrorData } from './messages.ts';

/**
 * The answering side: a call is run and answered with its value or its failure as data. Which
 * calls exist and what their arguments may be is `run`'s to say (the app's calls go through the
 * contract's parseCall, which refuses an unknown name: the one place that does); what of a
 * failure may cross is `errorData`'s (the app's: main/core/errors/error-data.ts).
 */
export interface CallHandler {
  run(method: string, args: unknown[]): unknown;
  /** What of a failure the other side may see: a code and a sentence. */
  errorData(err: unknown, method: string): ErrorData;
}

/** Runs `work` and makes its answer; even a `work` that throws at once is answered. */
export async function answerOf(work: () => unknown, errorData: (err: unknown) => ErrorData): Promise<Answer> {
  try {
    return { ok: true, value: (await work()) ?? null };
  } catch (err) {
    return { ok: false, error: errorData(err) };
  }
}

export const MALFORMED_CALL = 'Notarium takes JSON messages of the form {"type": "call", "id": <integer>, "method": <call name>, "args": [<arguments>]}.';

/**
 * The answer to one message from a side that may send anything: a call is run; anything else is
 * answered with the form a call takes (under the message's id when it has a usable one).
 */
export async function dispatch(message: unknown, handler: CallHandler): Promise<AnswerMessage> {
  const call = readMessage(message);
  if (call?.type !== 'call') {
    const id = (message as { id?: unknown } | null)?.id;
    return { type: 'answer', id: isId(id) ? id : null, ok: false, error: { code: 'BAD_CALL', message: MALFORMED_CALL } };
  }
  const answer = await answerOf(
    () => handler.run(call.method, call.args),
    (err) => handler.errorData(err, call.method),
  );
  return { type: 'answer', id: call.id, ...answer };
}
