/**
 * Events whose views are read from the library asynchronously: they still go out one at a time, in
 * the order the engine told them, each with the library as it was when its turn came (else an
 * event whose read was quicker would overtake the one before it).
 */
export interface ToldInOrder {
  tell(send: () => void | Promise<void>): void;
  /** Nothing told after this goes out; resolves once the one going out has. */
  stop(): Promise<void>;
}

/** `failed` hears what a send threw: the sends after it still go out. */
export function toldInOrder(failed: (err: unknown) => void): ToldInOrder {
  let told = Promise.resolve();
  let stopped = false;
  return {
    tell: (send) => {
      told = told.then(() => (stopped ? undefined : send())).catch(failed);
    },
    stop: async () => {
      stopped = true;
      await told;
    },
  };
}
