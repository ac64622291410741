/**
 * One run per record at a time in a process (a send, a settling): a second caller gets the run
 * under way instead of starting another, so a record is never sent twice at once.
 */
export class OnePerRecord<T> {
  private readonly runs = new WeakMap<object, Map<number, Promise<T>>>();

  /** The run for record `id` under `owner` (an engine's context), started by `start` if none is under way. */
  run(owner: object, id: number, start: () => Promise<T>): Promise<T> {
    let runs = this.runs.get(owner);
    if (!runs) this.runs.set(owner, (runs = new Map<number, Promise<T>>()));
    const running = runs.get(id);
    if (running) return running;
    const run = start().finally(() => runs.delete(id));
    runs.set(id, run);
    return run;
  }

  /** The run for record `id` under way, if one is. */
  current(owner: object, id: number): Promise<T> | undefined {
    return this.runs.get(owner)?.get(id);
  }
}
