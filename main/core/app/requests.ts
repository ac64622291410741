import { errorFromWire, wireError, type Answer, type WireError } from '../../../preload/bridge-client.ts';

/**
 * Both ends of the engine channel ask the other side things (calls one way, abilities the other):
 * the promises waiting for answers, by id, and how an answer is made.
 */
export class Requests {
  #next = 0;
  readonly #waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();

  /** A new request: `post` sends it under its id; the promise settles with its answer. */
  send(post: (id: number) => void): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = ++this.#next;
      this.#waiting.set(id, { resolve, reject });
      post(id);
    });
  }

  settle(id: number, answer: Answer): void {
    const waiting = this.#waiting.get(id);
    this.#waiting.delete(id);
    if (answer.ok) waiting?.resolve(answer.value);
    else waiting?.reject(errorFromWire(answer.error));
  }

  /** The other side is gone: every waiting request fails with `error`. */
  failAll(error: WireError): void {
    for (const waiting of this.#waiting.values()) waiting.reject(errorFromWire(error));
    this.#waiting.clear();
  }
}

/** Runs `work` and makes its answer: the value, or only the code and sentence of its failure. */
export async function answerOf(work: () => unknown): Promise<Answer> {
  try {
    return { ok: true, value: (await work()) ?? null };
  } catch (err) {
    return { ok: false, error: wireError(err) };
  }
}
