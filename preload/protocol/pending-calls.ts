import { errorFromData, unwrapAnswer, type AnswerMessage, type CallMessage, type ErrorData } from './messages.ts';

/**
 * The calling side's table of calls waiting for their answers, by id. A transport that carries
 * messages one way at a time (the engine's process port, the WebSocket) posts each call's
 * message and hands every answer back here; when the other side is gone, the transport fails
 * what is still waiting, with a sentence, instead of leaving it to hang.
 */
export class PendingCalls {
  #next = 0;
  readonly #waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();

  /** A new call: `post` sends its message; the promise settles with its answer. */
  call(method: string, args: unknown[], post: (message: CallMessage) => void): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = ++this.#next;
      this.#waiting.set(id, { resolve, reject });
      try {
        post({ type: 'call', id, method, args });
      } catch (err) {
        this.#waiting.delete(id);
        reject(err);
      }
    });
  }

  /** Settles the call an answer is for; an answer for no waiting call (one already failed) is dropped. */
  settle(answer: AnswerMessage): void {
    const waiting = answer.id === null ? undefined : this.#waiting.get(answer.id);
    if (!waiting) return;
    this.#waiting.delete(answer.id!);
    try {
      waiting.resolve(unwrapAnswer(answer));
    } catch (err) {
      waiting.reject(err as Error);
    }
  }

  /** Fails one waiting call (its answer will not come, or no longer matters). */
  fail(id: number, error: ErrorData): void {
    const waiting = this.#waiting.get(id);
    this.#waiting.delete(id);
    waiting?.reject(errorFromData(error));
  }

  /** The other side is gone: every waiting call fails with `error`. */
  failAll(error: ErrorData): void {
    for (const id of this.ids()) this.fail(id, error);
  }

  /** The ids of the calls still waiting, oldest first. */
  ids(): number[] {
    return [...this.#waiting.keys()];
  }
}
